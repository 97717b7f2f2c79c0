/// A template's context as a type: the view declares each field once, with its kind and
/// how to read it, and that one list gives both the `TemplateValue` a render uses and the
/// `ViewSchema` the checker compares the template with, so the two cannot drift.
///
///     struct SignInView: TemplateView {
///         var username: String
///         var error: String?
///         static let fields: [ViewField<Self>] = [
///             .text("username", \.username),
///             .text("error", \.error),
///         ]
///     }
///
/// Encoding walks `fields` once per render: one closure call and one dictionary insert a
/// field, what a dictionary literal costs.
public protocol TemplateView: Sendable {
    static var fields: [ViewField<Self>] { get }
}

extension TemplateView {
    public static var schema: ViewSchema {
        ViewSchema(name: Self.viewName, fields: fields.map { ($0.name, $0.kind) })
    }

    /// The fields as the dictionary a render takes.
    public var templateFields: [String: TemplateValue] {
        let fields = Self.fields
        var values = [String: TemplateValue](minimumCapacity: fields.count)
        // Borrowed, not copied: no retain and release of each field's closure.
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                values[fields[index].name] = fields[index].encode(self)
            }
        }
        return values
    }

    public var templateValue: TemplateValue {
        .object(templateFields)
    }
}

/// One field of a view: its key in the template, its kind, and how its value is read.
/// Each constructor ties the kind to the Swift type it reads, so a `bool` field can only
/// hold a `Bool`.
public struct ViewField<View>: Sendable {
    public let name: String
    public let kind: ViewKind
    let encode: @Sendable (View) -> TemplateValue

    private init(_ name: String, _ kind: ViewKind, _ encode: @escaping @Sendable (View) -> TemplateValue) {
        self.name = name
        self.kind = kind
        self.encode = encode
    }

    public static func text(_ name: String, _ read: @escaping @Sendable (View) -> String?) -> Self {
        Self(name, .text) { TemplateValue(read($0)) }
    }

    public static func number(_ name: String, _ read: @escaping @Sendable (View) -> Int?) -> Self {
        Self(name, .number) { TemplateValue(read($0)) }
    }

    public static func html(_ name: String, _ read: @escaping @Sendable (View) -> TrustedHTML?) -> Self {
        Self(name, .html) { TemplateValue(read($0)) }
    }

    public static func bool(_ name: String, _ read: @escaping @Sendable (View) -> Bool) -> Self {
        Self(name, .bool) { .bool(read($0)) }
    }

    /// A list of strings, printed as `{{.}}` inside the `{{#each}}`.
    public static func texts(_ name: String, _ read: @escaping @Sendable (View) -> [String]) -> Self {
        Self(name, .list(.text)) { .list(read($0).map { .string($0) }) }
    }

    public static func list<Element: TemplateView>(_ name: String, _ read: @escaping @Sendable (View) -> [Element]) -> Self {
        Self(name, .list(.object(Element.schema))) { .list(read($0).map { $0.templateValue }) }
    }

    /// A list of lists (a month's weeks of days), looped as `{{#each xs}}{{#each .}}`.
    public static func nestedList<Element: TemplateView>(_ name: String, _ read: @escaping @Sendable (View) -> [[Element]]) -> Self {
        Self(name, .list(.list(.object(Element.schema)))) { view in
            .list(read(view).map { .list($0.map { $0.templateValue }) })
        }
    }

    /// A nested view; nil renders as null, which conditions read as false.
    public static func object<Nested: TemplateView>(_ name: String, _ read: @escaping @Sendable (View) -> Nested?) -> Self {
        Self(name, .object(Nested.schema)) { read($0)?.templateValue ?? .null }
    }
}

extension TemplateView {
    /// The type's name without its module ("HabitListView.Row"), unique within the app.
    static var viewName: String {
        String(reflecting: Self.self).split(separator: ".").dropFirst()
            .filter { !$0.hasPrefix("(unknown context") }
            .joined(separator: ".")
    }
}
