/// Checks how compiled templates use each other and records layout chains.
///
/// A partial may not be a layout (have `{{content}}`) or declare a layout; a layout must
/// have `{{content}}`; includes and layouts together must not form a cycle.
enum TemplateLinker {
    static func link(_ templates: inout [CompiledTemplate]) throws(TemplateError) {
        for template in templates {
            for reference in template.partials {
                let target = templates[reference.target]
                if target.content != nil {
                    throw error(template, reference, "'\(reference.name)' is a layout (it has {{content}}) and can't be included with {{>}}")
                }
                if target.layout != nil {
                    throw error(template, reference, "'\(reference.name)' declares a {{layout}} and can't be included with {{>}}")
                }
            }
            if let reference = template.layout, templates[reference.target].content == nil {
                throw error(template, reference, "layout '\(reference.name)' has no {{content}}")
            }
        }

        try checkForCycles(templates)

        for index in templates.indices {
            var chain = [index]
            while let layout = templates[chain[chain.count - 1]].layout {
                chain.append(layout.target)
            }
            templates[index].layoutChain = chain
            let literalBytes = chain.reduce(0) { $0 + templates[$1].literalByteCount }
            templates[index].estimatedSize = literalBytes + literalBytes / 2 + 256
        }
    }

    private enum Mark { case unvisited, inProgress, done }

    private static func checkForCycles(_ templates: [CompiledTemplate]) throws(TemplateError) {
        var marks = Array(repeating: Mark.unvisited, count: templates.count)
        var path: [Int] = []

        func visit(_ index: Int) throws(TemplateError) {
            marks[index] = .inProgress
            path.append(index)
            let template = templates[index]
            for reference in template.partials + (template.layout.map { [$0] } ?? []) {
                switch marks[reference.target] {
                case .inProgress:
                    let cycleStart = path.firstIndex(of: reference.target) ?? 0
                    let names = path[cycleStart...].map { templates[$0].name } + [reference.name]
                    throw error(template, reference, "include cycle: \(names.joined(separator: " → "))")
                case .unvisited:
                    try visit(reference.target)
                case .done:
                    break
                }
            }
            path.removeLast()
            marks[index] = .done
        }

        for index in templates.indices where marks[index] == .unvisited {
            try visit(index)
        }
    }

    private static func error(_ template: CompiledTemplate, _ reference: TemplateReference, _ message: String) -> TemplateError {
        TemplateError(file: template.file, at: reference.position, message: message)
    }
}
