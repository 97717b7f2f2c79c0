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

    var template: TemplateValue {
        ["values": .object(values), "errors": .object(errors), "hasErrors": .bool(!errors.isEmpty)]
    }
}
