import Templates
import TimeZones

/// The `<option>`s of a time zone `<select>`, with the current one selected.
enum TimeZoneChoices {
    static func options(_ database: TimeZoneDatabase, selected: String) -> TemplateValue {
        options(database.identifiers, selected: selected)
    }

    static func options(_ identifiers: [String], selected: String) -> TemplateValue {
        .list(identifiers.map { id in
            ["id": .string(id), "label": .string(id.replacingUnderscores), "selected": .bool(id == selected)]
        })
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
