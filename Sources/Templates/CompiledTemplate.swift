/// One template compiled into the set's program, with what linking needs to know about it.
struct CompiledTemplate: Sendable {
    let name: String
    let file: String
    /// Index of its first op in the program.
    let entry: Int
    let layout: TemplateReference?
    let partials: [TemplateReference]
    /// Position of its `{{content}}`, which makes it usable as a layout.
    let content: SourcePosition?
    let literalByteCount: Int
    /// Set when linking: this template, then its layout, then that layout's layout…
    var layoutChain: [Int] = []
    /// Set when linking: a first guess at the rendered size, to reserve the buffer once.
    var estimatedSize = 0
}
