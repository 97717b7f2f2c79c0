import Templates
import TimeZones

/// The `<option>`s of a time zone `<select>`, with the current one selected.
enum TimeZoneChoices {
    static func options(_ database: TimeZoneDatabase, selected: String) -> TemplateValue {
        .list(database.identifiers.map { id in
            ["id": .string(id), "label": .string(id.replacingUnderscores), "selected": .bool(id == selected)]
        })
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
