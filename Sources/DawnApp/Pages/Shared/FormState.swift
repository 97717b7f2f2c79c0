import Templates

/// A form being shown again: what was typed (never passwords) and what was wrong,
/// field by field, for the template.
struct FormState {
    var values: [String: TemplateValue] = [:]
    var errors: [String: TemplateValue] = [:]

    var isValid: Bool { errors.isEmpty }

    mutating func fail(_ field: String, _ message: String) {
        if errors[field] == nil { errors[field] = .string(message) }
    }

    /// What was typed in `field`, for a typed view: a number as a hole prints it.
    func value(_ field: String) -> String {
        switch values[field] {
        case .string(let text)?: text
        case .int(let number)?: String(number)
        default: ""
        }
    }

    /// Why `field` was refused, for a typed view.
    func error(_ field: String) -> String? {
        if case .string(let text)? = errors[field] { return text }
        return nil
    }

    var template: TemplateValue {
        ["values": .object(values), "errors": .object(errors), "hasErrors": .bool(!errors.isEmpty)]
    }
}
