/// A page's `{{layout "name"}}`.
struct LayoutDeclaration: Sendable {
    let name: String
    let at: Int
}
