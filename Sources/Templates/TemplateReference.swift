/// A `{{> name}}` or `{{layout "name"}}` pointing at another template of the set.
struct TemplateReference: Sendable {
    let target: Int
    let name: String
    let position: SourcePosition
}
