/// A form being shown again: what was typed (never passwords) and what was wrong,
/// field by field. Each page's typed view reads the fields its template shows through
/// `value(_:)`, `values(_:)` and `error(_:)`.
struct FormState {
    /// What was typed, by field name; a ticked box holds the value it sent ("1").
    var values: [String: String] = [:]
    /// A field sent more than once (a group of checkboxes): each value, by field name.
    var lists: [String: [String]] = [:]
    /// Why a field was refused, by field name; "general" is the form as a whole.
    var errors: [String: String] = [:]

    var isValid: Bool { errors.isEmpty }

    /// Keeps the first message a field was refused with.
    mutating func fail(_ field: String, _ message: String) {
        if errors[field] == nil { errors[field] = message }
    }

    /// What was typed in `field`; empty when nothing was.
    func value(_ field: String) -> String {
        values[field] ?? ""
    }

    /// Every value sent for `field` (the boxes ticked in its group).
    func values(_ field: String) -> [String] {
        lists[field] ?? []
    }

    /// Why `field` was refused.
    func error(_ field: String) -> String? {
        errors[field]
    }
}
