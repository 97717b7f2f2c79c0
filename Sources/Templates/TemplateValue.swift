/// The data a template renders: JSON-like values built by the page's model code.
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case html(TrustedHTML)
    case list([TemplateValue])
    case object([String: TemplateValue])

    public init(_ string: String?) {
        self = string.map { .string($0) } ?? .null
    }

    public init(_ int: Int?) {
        self = int.map { .int($0) } ?? .null
    }

    public init(_ bool: Bool) {
        self = .bool(bool)
    }

    public init(_ html: TrustedHTML?) {
        self = html.map { .html($0) } ?? .null
    }

    public init(_ list: [TemplateValue]) {
        self = .list(list)
    }

    public init(_ object: [String: TemplateValue]) {
        self = .object(object)
    }

    /// What `{{#if}}` tests: true, a non-zero number, a non-empty string, HTML or list, any object.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .string(let value): !value.isEmpty
        case .html(let value): !value.html.isEmpty
        case .list(let value): !value.isEmpty
        case .object: true
        }
    }
}
