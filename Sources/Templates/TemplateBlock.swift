/// An `{{#if}}`, `{{#unless}}` or `{{#each}}` block and its branches.
struct TemplateBlock: Sendable {
    enum Kind: String, Sendable {
        case `if`, unless, each
    }

    let kind: Kind
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
