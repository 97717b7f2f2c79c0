/// Walks a page's parse tree, its partials and its layouts with the view that renders it,
/// as the renderer would look keys up, and reports with file:line:
/// - a hole, condition or loop whose first key no scope declares (a misspelt
///   `{{#if shwoNotes}}` hides its section silently at run time);
/// - a kind the tag can't use: `{{#each}}` over a non-list, a hole that prints a list or
///   an object (both render nothing), fields read inside text;
/// - a field of the view, or of a view nested in it, that no tag reads;
/// - a key declared twice.
///
/// Scopes follow `TemplateRenderer`: the root, then one per enclosing `{{#each}}`
/// element; a first key is found in the innermost element that is an object with it,
/// then outward. A partial sees the scopes of its `{{>}}`; a layout sees the root only.
/// Ambient keys (the strings, the signed-in member…) may be read but need not be; a view
/// that declares one of them is checked as its own.
struct ViewChecker {
    let outlines: [TemplateOutline]
    let view: ViewSchema
    let ambient: ViewSchema?

    private var problems: [TemplateError] = []
    private var seen: Set<String> = []
    /// "Schema.field" for every field some tag read.
    private var used: Set<String> = []

    init(outlines: [TemplateOutline], view: ViewSchema, ambient: ViewSchema?) {
        self.outlines = outlines
        self.view = view
        self.ambient = ambient
    }

    /// One enclosing scope: the root (the view and the ambient keys), or an element.
    private enum Scope {
        case root
        case element(ViewKind)
    }

    mutating func check(page: Int) -> [TemplateError] {
        let pageFile = outlines[page].file
        checkDeclarations(file: pageFile)
        var template: Int? = page
        while let index = template {
            walk(outlines[index].nodes, in: index, scopes: [.root])
            template = outlines[index].layout
        }
        reportUnused(view, file: pageFile, visited: [])
        return problems
    }

    private mutating func checkDeclarations(file: String) {
        var names: Set<String> = []
        for field in view.fields {
            if !names.insert(field.name).inserted {
                report(file: file, line: 0, column: 0, "\(view.name) declares '\(field.name)' twice")
            }
        }
    }

    private mutating func walk(_ nodes: [TemplateNode], in template: Int, scopes: [Scope]) {
        for node in nodes {
            switch node {
            case .literal, .content:
                break
            case .hole(let path, let at):
                guard let kind = resolve(path, tag: "{{\(path)}}", at: at, in: template, scopes: scopes) else { continue }
                if !kind.isPrintable {
                    report(at: at, in: template, "{{\(path)}} prints \(kind.description), which renders nothing")
                }
            case .block(let block):
                let tag = "{{#\(block.kind.rawValue) \(block.path)}}"
                let kind = resolve(block.path, tag: tag, at: block.at, in: template, scopes: scopes)
                if block.kind == .each {
                    var element = ViewKind.untyped
                    switch kind {
                    case .list(let inner)?: element = inner
                    case .untyped?, nil: break
                    case let other?: report(at: block.at, in: template, "\(tag) loops over \(other.description), not a list")
                    }
                    walk(block.body, in: template, scopes: scopes + [.element(element)])
                } else {
                    walk(block.body, in: template, scopes: scopes)
                }
                walk(block.elseBody, in: template, scopes: scopes)
            case .partial(let name, _):
                guard let index = outlines.firstIndex(where: { $0.name == name }) else { continue }
                walk(outlines[index].nodes, in: index, scopes: scopes)
            }
        }
    }

    /// The kind at `path`, nil when a problem was reported or it can't be known.
    private mutating func resolve(_ path: ValuePath, tag: String, at: Int, in template: Int, scopes: [Scope]) -> ViewKind? {
        switch path {
        case .current:
            guard case .element(let kind)? = scopes.last else {
                return .object(view)
            }
            return kind
        case .loopIndex:
            guard scopes.count > 1 else {
                report(at: at, in: template, "\(tag) is outside every {{#each}}")
                return nil
            }
            return .number
        case .name(let first):
            return find(first, tag: tag, at: at, in: template, scopes: scopes)
        case .dotted(let first, let rest):
            guard var kind = find(first, tag: tag, at: at, in: template, scopes: scopes) else { return nil }
            var walked = first
            for key in rest {
                switch kind {
                case .untyped:
                    return .untyped
                case .object(let schema):
                    guard let next = schema.kind(of: key) else {
                        report(at: at, in: template, "\(tag): \(schema.name) has no key '\(key)'")
                        return nil
                    }
                    used.insert(schema.name + "." + key)
                    kind = next
                default:
                    report(at: at, in: template, "\(tag): '\(walked)' is \(kind.description), which has no fields")
                    return nil
                }
                walked += "." + key
            }
            return kind
        }
    }

    /// The first key, from the innermost scope outward.
    private mutating func find(_ key: String, tag: String, at: Int, in template: Int, scopes: [Scope]) -> ViewKind? {
        var sawUntyped = false
        for scope in scopes.reversed() {
            switch scope {
            case .root:
                if let kind = view.kind(of: key) {
                    used.insert(view.name + "." + key)
                    return kind
                }
                if let kind = ambient?.kind(of: key) { return kind }
            case .element(.object(let schema)):
                if let kind = schema.kind(of: key) {
                    used.insert(schema.name + "." + key)
                    return kind
                }
            case .element(.untyped):
                sawUntyped = true
            case .element:
                break
            }
        }
        // An element whose fields aren't known may have held it.
        if sawUntyped { return .untyped }
        let inner = scopes.reversed().compactMap { scope -> String? in
            if case .element(.object(let schema)) = scope { return schema.name }
            return nil
        }
        let whereLooked = (inner + [view.name]).joined(separator: ", ")
        report(at: at, in: template, "\(tag): no key '\(key)' in \(whereLooked)")
        return nil
    }

    private mutating func reportUnused(_ schema: ViewSchema, file: String, visited: Set<String>) {
        guard !visited.contains(schema.name) else { return }
        let visited = visited.union([schema.name])
        for field in schema.fields {
            if !used.contains(schema.name + "." + field.name) {
                report(file: file, line: 0, column: 0, "\(schema.name).\(field.name) is never used by the template")
                continue
            }
            var kind = field.kind
            while case .list(let inner) = kind { kind = inner }
            if case .object(let nested) = kind {
                reportUnused(nested, file: file, visited: visited)
            }
        }
    }

    private mutating func report(at offset: Int, in template: Int, _ message: String) {
        let outline = outlines[template]
        let position = SourcePosition(of: offset, in: outline.source)
        report(file: outline.file, line: position.line, column: position.column, message)
    }

    private mutating func report(file: String, line: Int, column: Int, _ message: String) {
        let problem = TemplateError(file: file, line: line, column: column, message: message)
        if seen.insert(problem.description).inserted {
            problems.append(problem)
        }
    }
}
