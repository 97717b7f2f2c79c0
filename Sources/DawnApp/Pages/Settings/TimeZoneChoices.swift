import Templates
import TimeZones

/// The `<option>`s of a time zone `<select>`, with the current one selected, for a typed view.
enum TimeZoneChoices {
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
