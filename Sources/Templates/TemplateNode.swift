/// The parse tree of one template, before HTML contexts are known. Offsets are byte
/// offsets into the template's source, kept for error positions.
enum TemplateNode: Sendable {
    case literal(Range<Int>)
    case hole(ValuePath, at: Int)
    case block(TemplateBlock)
    case partial(String, at: Int)
    case content(at: Int)
}

enum BlockKind: String, Sendable {
    case `if`, unless, each
}

struct TemplateBlock: Sendable {
    let kind: BlockKind
    let path: ValuePath
    /// Offset of the opening `{{#…}}`.
    let at: Int
    var body: [TemplateNode] = []
    var elseBody: [TemplateNode] = []
    /// Offset of `{{else}}`, if there is one.
    var elseAt: Int?
    /// Offset of the closing `{{/…}}`.
    var closeAt = 0
}

/// A page's `{{layout "name"}}`.
struct LayoutDeclaration: Sendable {
    let name: String
    let at: Int
}
