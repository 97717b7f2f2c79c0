/// What a template may do with one field of a view: print it, test it, loop over it, or
/// read fields inside it. The checker compares each `{{…}}` against these.
public indirect enum ViewKind: Sendable {
    /// A string: printed escaped; a condition tests for non-empty.
    case text
    /// An integer, printed in decimal.
    case number
    /// `TrustedHTML`: raw in text, escaped in attributes.
    case html
    /// A flag for `{{#if}}` and `{{#unless}}`.
    case bool
    /// A list for `{{#each}}`, each element of this kind.
    case list(ViewKind)
    /// Named fields, read as `{{a.b}}` or as the scope of an `{{#each}}` element. An
    /// optional object is the same kind: absent, it is null, which tests false.
    case object(ViewSchema)
    /// Anything: paths under it are not checked. What the checker assumes for the elements
    /// of a loop whose list it could not resolve; Dawn's views declare none.
    case untyped

    /// Whether a hole can print it: lists and objects render nothing.
    var isPrintable: Bool {
        switch self {
        case .text, .number, .html, .bool, .untyped: true
        case .list, .object: false
        }
    }

    var description: String {
        switch self {
        case .text: "text"
        case .number: "a number"
        case .html: "HTML"
        case .bool: "a bool"
        case .list: "a list"
        case .object(let schema): "an object (\(schema.name))"
        case .untyped: "a value"
        }
    }
}
