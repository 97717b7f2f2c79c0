/// Runs the compiled program against a context, appending to a byte buffer.
///
/// Lookups walk a stack of scopes: the root context, then one entry per enclosing
/// `each` item. Values that can't be written (lists, objects) write nothing.
///
/// A hole whose key no object in its path has (a misspelt key, a value the page forgot)
/// writes nothing too, and is reported: the first such hole is returned, so a strict
/// caller (tests, development) can refuse the page like Go's `missingkey=error`. A key
/// present with `.null`, and conditions and loops over missing keys, are not reported:
/// "absent means false" is how templates test for optional values.
struct TemplateRenderer {
    private let ops: UnsafeBufferPointer<TemplateOp>
    private let bytes: UnsafeBufferPointer<UInt8>
    private let keys: UnsafeBufferPointer<String>
    private let templates: [CompiledTemplate]
    private let root: TemplateValue
    /// The page, then its layout, then that layout's layout…
    private let layoutChain: [Int]
    private var scopes: [TemplateValue]
    private var loops: [Loop] = []
    /// The first hole whose key was missing: `template: {{path}}`.
    private var missing: String?

    private struct Loop {
        let items: [TemplateValue]
        var index: Int
    }

    /// Renders `page` inside its layouts. The outermost layout runs first; each
    /// `{{content}}` runs the next template inward.
    /// Returns the first hole whose key was missing, if any (see above).
    @discardableResult
    static func render(_ program: TemplateProgram, _ templates: [CompiledTemplate], page: Int, root: TemplateValue,
                       into buffer: inout [UInt8]) -> String? {
        program.ops.withUnsafeBufferPointer { ops in
            program.bytes.withUnsafeBufferPointer { bytes in
                program.keys.withUnsafeBufferPointer { keys in
                    var renderer = TemplateRenderer(ops: ops, bytes: bytes, keys: keys, templates: templates, page: page, root: root)
                    let level = renderer.layoutChain.count - 1
                    renderer.run(template: renderer.layoutChain[level], level: level, into: &buffer)
                    return renderer.missing
                }
            }
        }
    }

    private init(ops: UnsafeBufferPointer<TemplateOp>, bytes: UnsafeBufferPointer<UInt8>, keys: UnsafeBufferPointer<String>, templates: [CompiledTemplate], page: Int, root: TemplateValue) {
        self.ops = ops
        self.bytes = bytes
        self.keys = keys
        self.templates = templates
        self.root = root
        self.layoutChain = templates[page].layoutChain
        self.scopes = [root]
        scopes.reserveCapacity(8)
        loops.reserveCapacity(4)
    }

    private mutating func run(template: Int, level: Int, into buffer: inout [UInt8]) {
        var pc = templates[template].entry
        while true {
            let op = ops[pc]
            pc += 1
            switch op.code {
            case .literal:
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(op.a) ..< Int(op.a) + Int(op.b)]))

            case .hole:
                if let value = lookupIfPresent(op.path) {
                    write(value, op.escaping, into: &buffer)
                } else if missing == nil {
                    missing = "\(templates[template].name): {{\(name(op.path))}}"
                }

            case .jumpIfFalsy:
                if !lookup(op.path).isTruthy { pc = Int(op.a) }

            case .jumpIfTruthy:
                if lookup(op.path).isTruthy { pc = Int(op.a) }

            case .jump:
                pc = Int(op.a)

            case .eachStart:
                guard case .list(let items) = lookup(op.path), !items.isEmpty else {
                    pc = Int(op.a)
                    continue
                }
                scopes.append(items[0])
                loops.append(Loop(items: items, index: 0))

            case .eachNext:
                let last = loops.count - 1
                let next = loops[last].index + 1
                if next < loops[last].items.count {
                    loops[last].index = next
                    scopes[scopes.count - 1] = loops[last].items[next]
                    pc = Int(op.a)
                } else {
                    loops.removeLast()
                    scopes.removeLast()
                    pc = Int(op.b)
                }

            case .partial:
                run(template: Int(op.a), level: level, into: &buffer)

            case .content:
                // Rendered directly (not as a layout), a layout's {{content}} writes nothing.
                guard level > 0 else { continue }
                // The wrapped page sees only the root context, whatever loop we are in.
                let savedScopes = scopes
                let savedLoops = loops
                scopes = [root]
                loops = []
                run(template: layoutChain[level - 1], level: level - 1, into: &buffer)
                scopes = savedScopes
                loops = savedLoops

            case .end:
                return
            }
        }
    }

    private func lookup(_ path: PathReference) -> TemplateValue {
        lookupIfPresent(path) ?? .null
    }

    /// nil when an object on the path lacks the key; a value that is not an object
    /// (`.null`, say) part-way ends the walk with `.null`, as the page meant nothing there.
    private func lookupIfPresent(_ path: PathReference) -> TemplateValue? {
        switch path.kind {
        case .current:
            return scopes[scopes.count - 1]
        case .loopIndex:
            return loops.last.map { .int($0.index) } ?? .null
        case .keys:
            let first = Int(path.first)
            guard var value = find(keys[first]) else { return nil }
            var index = first + 1
            let end = first + Int(path.count)
            while index < end {
                guard case .object(let fields) = value else { return .null }
                guard let next = fields[keys[index]] else { return nil }
                value = next
                index += 1
            }
            return value
        }
    }

    private func name(_ path: PathReference) -> String {
        switch path.kind {
        case .current: "."
        case .loopIndex: "@index"
        case .keys: keys[Int(path.first) ..< Int(path.first + path.count)].joined(separator: ".")
        }
    }

    /// The innermost scope that is an object with this key wins; nil when none has it.
    private func find(_ name: String) -> TemplateValue? {
        scopes.withUnsafeBufferPointer { scopes in
            var index = scopes.count - 1
            while index >= 0 {
                if case .object(let fields) = scopes[index], let value = fields[name] {
                    return value
                }
                index -= 1
            }
            return nil
        }
    }

    private func write(_ value: TemplateValue, _ escaping: HoleEscaping, into buffer: inout [UInt8]) {
        switch value {
        case .null, .list, .object:
            break
        case .bool(let flag):
            HTMLEscaper.appendASCII(flag ? "true" : "false", to: &buffer)
        case .int(let number):
            HTMLEscaper.appendDecimal(number, to: &buffer)
        case .string(let text):
            write(text, escaping, into: &buffer)
        case .html(let trusted):
            if escaping == .text {
                HTMLEscaper.appendRaw(trusted.html, to: &buffer)
            } else {
                write(trusted.html, escaping, into: &buffer)
            }
        }
    }

    private func write(_ text: String, _ escaping: HoleEscaping, into buffer: inout [UInt8]) {
        if escaping == .url {
            HTMLEscaper.appendURL(text, to: &buffer)
        } else {
            HTMLEscaper.appendEscaped(text, to: &buffer)
        }
    }
}
