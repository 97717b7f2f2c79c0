/// The fields of one view, by name, in declaration order: what the checker compares a
/// template with.
public struct ViewSchema: Sendable {
    /// The view type's name, for messages.
    public let name: String
    public let fields: [(name: String, kind: ViewKind)]

    public init(name: String, fields: [(name: String, kind: ViewKind)]) {
        self.name = name
        self.fields = fields
    }

    func kind(of field: String) -> ViewKind? {
        fields.first { $0.name == field }?.kind
    }

    /// Dotted keys ("nav.today") as nested objects of text, the shape `{{t.nav.today}}` reads.
    public static func nestedText(name: String, keys: [String]) -> ViewSchema {
        final class Node {
            var isLeaf = false
            var children: [String: Node] = [:]
            var order: [String] = []
        }
        let root = Node()
        for key in keys {
            var node = root
            for part in key.split(separator: ".") {
                let part = String(part)
                if node.children[part] == nil {
                    node.children[part] = Node()
                    node.order.append(part)
                }
                node = node.children[part]!
            }
            node.isLeaf = true
        }
        func schema(_ node: Node, _ name: String) -> ViewSchema {
            ViewSchema(name: name, fields: node.order.sorted().map { part in
                let child = node.children[part]!
                let kind: ViewKind = child.children.isEmpty ? .text : .object(schema(child, name + "." + part))
                return (part, kind)
            })
        }
        return schema(root, name)
    }
}
