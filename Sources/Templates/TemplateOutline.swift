/// A template's parse tree and source, kept after compiling so that `ViewChecker` can
/// walk the tags with their positions. Rendering never reads it.
struct TemplateOutline: Sendable {
    let name: String
    let file: String
    let source: [UInt8]
    let nodes: [TemplateNode]
    /// The template's layout, by index in the set.
    let layout: Int?
    /// Where the `{{layout}}` tag is.
    let layoutAt: Int?
}
