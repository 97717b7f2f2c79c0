/// How a hole's value is written, chosen at compile time from its HTML context.
enum HoleEscaping: Sendable, Equatable {
    /// Text between tags: escaped, but a `.html` value is written as is.
    case text
    /// Quoted attribute values and `<textarea>`/`<title>` text: always escaped.
    case escaped
    /// A URL attribute value whose literal text hasn't settled the scheme yet (usually the
    /// start of the value): scheme-checked, then escaped.
    case url
}
