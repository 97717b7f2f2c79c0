/// Compiles a template's parse tree into the set's program, running the HTML tokenizer
/// over its literal text so that each hole's escaping is fixed, or the hole refused, at
/// compile time.
struct TemplateCompiler {
    let name: String
    let file: String
    let source: [UInt8]
    /// Every template name in the set, so `{{> x}}` and `{{layout "x"}}` resolve now.
    let templateIndex: [String: Int]

    private var partials: [TemplateReference] = []
    private var contentAt: Int?
    private var literalByteCount = 0

    init(name: String, file: String, source: [UInt8], templateIndex: [String: Int]) {
        self.name = name
        self.file = file
        self.source = source
        self.templateIndex = templateIndex
    }

    mutating func compile(into program: inout TemplateProgramBuilder) throws(TemplateError) -> (CompiledTemplate, TemplateOutline) {
        let parsed = try TemplateParser(file: file, source: source).parse()
        var layout: TemplateReference?
        if let declaration = parsed.layout {
            layout = try reference(to: declaration.name, at: declaration.at, kind: "layout")
        }
        let entry = Int(program.nextOp)
        var context = HTMLContext()
        try compile(parsed.nodes, context: &context, inBlock: false, into: &program)
        guard context.state == .text else {
            throw error(at: context.constructStart, "the template ends inside \(context.description) started here; close it in the same template")
        }
        program.emit(.end)
        let compiled = CompiledTemplate(
            name: name, file: file, entry: entry, layout: layout, partials: partials,
            content: contentAt.map { SourcePosition(of: $0, in: source) },
            literalByteCount: literalByteCount)
        let outline = TemplateOutline(name: name, file: file, source: source, nodes: parsed.nodes,
                                      layout: layout?.target, layoutAt: parsed.layout?.at)
        return (compiled, outline)
    }

    private mutating func compile(_ nodes: [TemplateNode], context: inout HTMLContext, inBlock: Bool, into program: inout TemplateProgramBuilder) throws(TemplateError) {
        var pending: [UInt8] = []
        func flush() {
            program.emitLiteral(pending)
            pending.removeAll(keepingCapacity: true)
        }

        for node in nodes {
            switch node {
            case .literal(let range):
                for offset in range {
                    if let refusal = context.consume(source[offset], at: offset) {
                        throw error(at: offset, refusal)
                    }
                }
                pending.append(contentsOf: source[range])
                literalByteCount += range.count

            case .hole(let path, let at):
                switch context.holeEscaping() {
                case .success(let escaping):
                    flush()
                    program.emit(.hole, path: path, escaping: escaping)
                    context.noteHole()
                case .failure(let refusal):
                    throw error(at: at, "{{\(path)}}: \(refusal.message)")
                }

            case .block(let block):
                flush()
                try compile(block, context: &context, into: &program)

            case .partial(let partialName, let at):
                guard context.acceptsFragment else {
                    throw error(at: at, "{{> \(partialName)}} must be in text, not inside \(context.description)")
                }
                let target = try reference(to: partialName, at: at, kind: "partial")
                partials.append(target)
                flush()
                program.emit(.partial, a: Int32(target.target))

            case .content(let at):
                guard context.acceptsFragment else {
                    throw error(at: at, "{{content}} must be in text, not inside \(context.description)")
                }
                guard !inBlock else {
                    throw error(at: at, "{{content}} can't be inside a block; a layout writes its page exactly once")
                }
                if let first = contentAt {
                    throw error(at: at, "a layout has exactly one {{content}}; the first is at \(SourcePosition(of: first, in: source))")
                }
                contentAt = at
                flush()
                program.emit(.content)
            }
        }
        flush()
    }

    /// `{{#if}}`:   jumpIfFalsy → else; body; jump → end; else: …; end:
    /// `{{#each}}`: eachStart → else; body: …; eachNext → body / end; else: …; end:
    private mutating func compile(_ block: TemplateBlock, context: inout HTMLContext, into program: inout TemplateProgramBuilder) throws(TemplateError) {
        let start = context
        let tag = "{{#\(block.kind.rawValue) \(block.path)}}"
        let opener: Int
        switch block.kind {
        case .if: opener = program.emit(.jumpIfFalsy, path: block.path)
        case .unless: opener = program.emit(.jumpIfTruthy, path: block.path)
        case .each: opener = program.emit(.eachStart, path: block.path)
        }
        let bodyStart = program.nextOp

        let partialsBefore = partials
        let literalBytesBefore = literalByteCount
        let programBefore = program.mark()
        var bodyEnd = start
        try compile(block.body, context: &bodyEnd, inBlock: true, into: &program)
        let bodyEndAt = block.elseAt ?? block.closeAt
        try check(start: start, end: bodyEnd, at: bodyEndAt, what: "the body of \(tag)")
        if block.kind == .each, !bodyEnd.isSameContext(as: start) {
            // A later iteration starts where the previous one ended, so compile the body
            // again from the context that covers both.
            let loopStart = start.joined(with: [bodyEnd])
            partials = partialsBefore
            literalByteCount = literalBytesBefore
            program.rollback(to: programBefore)
            var secondEnd = loopStart
            try compile(block.body, context: &secondEnd, inBlock: true, into: &program)
            try check(start: loopStart, end: secondEnd, at: bodyEndAt, what: "the body of \(tag)")
            bodyEnd = secondEnd
        }

        let bodyExit: Int?
        if block.kind == .each {
            bodyExit = program.emit(.eachNext, a: bodyStart)
        } else {
            bodyExit = block.elseBody.isEmpty ? nil : program.emit(.jump)
        }
        program.patchA(opener, to: program.nextOp)

        var elseEnd = start
        try compile(block.elseBody, context: &elseEnd, inBlock: true, into: &program)
        try check(start: start, end: elseEnd, at: block.closeAt, what: "the {{else}} branch of \(tag)")

        if let bodyExit {
            if block.kind == .each {
                program.patchB(bodyExit, to: program.nextOp)
            } else {
                program.patchA(bodyExit, to: program.nextOp)
            }
        }
        context = start.joined(with: [bodyEnd, elseEnd])
    }

    private func check(start: HTMLContext, end: HTMLContext, at offset: Int, what: String) throws(TemplateError) {
        guard start.accepts(end: end) else {
            throw error(at: offset, "\(what) ends inside \(end.description) but starts in \(start.description); a block must end in the HTML context it starts in")
        }
    }

    private func reference(to target: String, at offset: Int, kind: String) throws(TemplateError) -> TemplateReference {
        guard let index = templateIndex[target] else {
            throw error(at: offset, "unknown \(kind) '\(target)': no template \(target).html")
        }
        return TemplateReference(target: index, name: target, position: SourcePosition(of: offset, in: source))
    }

    private func error(at offset: Int, _ message: String) -> TemplateError {
        TemplateError(file: file, source: source, offset: offset, message: message)
    }
}
