import Templates
import TimeZones

/// The `<option>`s of a time zone `<select>`, with the current one selected.
enum TimeZoneChoices {
    static func options(_ database: TimeZoneDatabase, selected: String) -> TemplateValue {
        options(database.identifiers, selected: selected)
    }

    static func options(_ identifiers: [String], selected: String) -> TemplateValue {
        .list(choices(identifiers, selected: selected).map(\.templateValue))
    }

    /// The options for a typed view.
    static func choices(_ identifiers: [String], selected: String) -> [Choice] {
        identifiers.map { id in Choice(id: id, label: id.replacingUnderscores, selected: id == selected) }
    }

    /// One `<option>`: the zone's identifier, and its name with spaces for underscores.
    struct Choice: TemplateView {
        var id: String
        var label: String
        var selected: Bool
        static let fields: [ViewField<Self>] = [
            .text("id", \.id),
            .text("label", \.label),
            .bool("selected", \.selected),
        ]
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
