/// Collects a program while templates compile. `mark`/`rollback` undo a trial compile.
struct TemplateProgramBuilder {
    private(set) var ops: [TemplateOp] = []
    private(set) var bytes: [UInt8] = []
    private(set) var keys: [String] = []
    private var keyIndex: [[String]: Int32] = [:]

    struct Mark {
        fileprivate let ops: Int
        fileprivate let bytes: Int
    }

    var nextOp: Int32 { Int32(ops.count) }

    mutating func mark() -> Mark { Mark(ops: ops.count, bytes: bytes.count) }

    mutating func rollback(to mark: Mark) {
        ops.removeSubrange(mark.ops...)
        bytes.removeSubrange(mark.bytes...)
    }

    mutating func emitLiteral(_ literal: [UInt8]) {
        guard !literal.isEmpty else { return }
        ops.append(TemplateOp(code: .literal, a: Int32(bytes.count), b: Int32(literal.count)))
        bytes.append(contentsOf: literal)
    }

    @discardableResult
    mutating func emit(_ code: TemplateOp.Code, path: ValuePath = .current, escaping: HoleEscaping = .text, a: Int32 = 0, b: Int32 = 0) -> Int {
        ops.append(TemplateOp(code: code, escaping: escaping, path: reference(path), a: a, b: b))
        return ops.count - 1
    }

    /// Points a forward jump emitted earlier at the next op.
    mutating func patchA(_ op: Int, to target: Int32) { ops[op].a = target }
    mutating func patchB(_ op: Int, to target: Int32) { ops[op].b = target }

    private mutating func reference(_ path: ValuePath) -> PathReference {
        let parts: [String]
        switch path {
        case .current: return .current
        case .loopIndex: return PathReference(kind: .loopIndex)
        case .name(let name): parts = [name]
        case .dotted(let first, let rest): parts = [first] + rest
        }
        if let first = keyIndex[parts] {
            return PathReference(kind: .keys, first: first, count: Int32(parts.count))
        }
        let first = Int32(keys.count)
        keys.append(contentsOf: parts)
        keyIndex[parts] = first
        return PathReference(kind: .keys, first: first, count: Int32(parts.count))
    }
}
