/// Splits a template's source into literal text and `{{…}}` tags and builds the block tree.
///
/// Tags: `{{path}}`, `{{#if path}}`, `{{#unless path}}`, `{{#each path}}`, `{{else}}`,
/// `{{/if}}` `{{/unless}}` `{{/each}}`, `{{> partial}}`, `{{layout "name"}}`, `{{content}}`,
/// `{{! comment }}` and `{{!-- comment that may contain }} --}}`.
struct TemplateParser {
    let file: String
    let source: [UInt8]

    struct Parsed {
        var nodes: [TemplateNode]
        var layout: LayoutDeclaration?
    }

    private struct Frame {
        var block: TemplateBlock
        var inElse = false

        mutating func append(_ node: TemplateNode) {
            if inElse { block.elseBody.append(node) } else { block.body.append(node) }
        }
    }

    func parse() throws(TemplateError) -> Parsed {
        var root: [TemplateNode] = []
        var open: [Frame] = []
        var layout: LayoutDeclaration?
        var sawTag = false
        var dropNewline = false

        func append(_ node: TemplateNode) {
            if open.isEmpty { root.append(node) } else { open[open.count - 1].append(node) }
        }

        func appendLiteral(_ range: Range<Int>) {
            var range = range
            if dropNewline {
                dropNewline = false
                if range.lowerBound < range.upperBound, source[range.lowerBound] == UInt8(ascii: "\n") {
                    range = range.lowerBound + 1 ..< range.upperBound
                } else if range.count >= 2, source[range.lowerBound] == UInt8(ascii: "\r"),
                          source[range.lowerBound + 1] == UInt8(ascii: "\n") {
                    range = range.lowerBound + 2 ..< range.upperBound
                }
            }
            if !range.isEmpty { append(.literal(range)) }
        }

        var position = 0
        var literalStart = 0
        while let tagStart = find("{{", from: position) {
            appendLiteral(literalStart ..< tagStart)
            let isLongComment = starts(with: "{{!--", at: tagStart)
            guard let closer = find(isLongComment ? "--}}" : "}}", from: tagStart + 2) else {
                throw error(at: tagStart, isLongComment
                    ? "unterminated comment: {{!-- has no closing --}}"
                    : "unterminated {{: no closing }}")
            }
            position = closer + (isLongComment ? 4 : 2)
            literalStart = position
            if isLongComment { continue }

            let inner = trimmed(tagStart + 2 ..< closer)
            let text = String(decoding: source[inner], as: UTF8.self)
            guard let first = text.utf8.first else {
                throw error(at: tagStart, "empty tag {{}}")
            }
            if first == UInt8(ascii: "!") { continue }

            switch first {
            case UInt8(ascii: "#"):
                let (keyword, argument) = splitKeyword(String(text.dropFirst()))
                guard let kind = TemplateBlock.Kind(rawValue: keyword) else {
                    throw error(at: tagStart, "unknown tag {{#\(keyword)}}: blocks are #if, #unless and #each")
                }
                guard !argument.isEmpty else {
                    throw error(at: tagStart, "{{#\(kind.rawValue)}} needs a value name, e.g. {{#\(kind.rawValue) items}}")
                }
                let path = try parsePath(argument, at: tagStart)
                open.append(Frame(block: TemplateBlock(kind: kind, path: path, at: tagStart)))

            case UInt8(ascii: "/"):
                let keyword = String(text.dropFirst()).trimmingASCIIWhitespace()
                guard let kind = TemplateBlock.Kind(rawValue: keyword) else {
                    throw error(at: tagStart, "unknown closing tag {{/\(keyword)}}: blocks are #if, #unless and #each")
                }
                guard var frame = open.popLast() else {
                    throw error(at: tagStart, "{{/\(keyword)}} has no matching {{#\(keyword)}}")
                }
                guard frame.block.kind == kind else {
                    let opener = SourcePosition(of: frame.block.at, in: source)
                    throw error(at: tagStart, "{{/\(keyword)}} doesn't match {{#\(frame.block.kind.rawValue)}} opened at \(opener)")
                }
                frame.block.closeAt = tagStart
                append(.block(frame.block))

            case UInt8(ascii: ">"):
                var name = String(text.dropFirst()).trimmingASCIIWhitespace()
                if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
                    name = String(name.dropFirst().dropLast())
                }
                guard !name.isEmpty else { throw error(at: tagStart, "{{>}} needs a template name, e.g. {{> partials/nav}}") }
                guard name.utf8.allSatisfy(Self.isTemplateNameByte) else {
                    throw error(at: tagStart, "bad template name '\(name)' in {{> \(name)}}")
                }
                append(.partial(name, at: tagStart))

            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                throw error(at: tagStart, "there is no raw output tag; pass markup as a TrustedHTML value in {{name}}")

            default:
                let (keyword, argument) = splitKeyword(text)
                switch keyword {
                case "else":
                    guard argument.isEmpty else { throw error(at: tagStart, "unexpected '\(argument)' after {{else}}") }
                    guard let index = open.indices.last else {
                        throw error(at: tagStart, "{{else}} outside a block")
                    }
                    guard open[index].block.elseAt == nil else {
                        throw error(at: tagStart, "second {{else}} in one {{#\(open[index].block.kind.rawValue)}}")
                    }
                    open[index].block.elseAt = tagStart
                    open[index].inElse = true

                case "content":
                    guard argument.isEmpty else { throw error(at: tagStart, "unknown tag {{\(text)}}") }
                    append(.content(at: tagStart))

                case "layout":
                    guard argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") else {
                        throw error(at: tagStart, "{{layout}} needs a quoted template name, e.g. {{layout \"layout\"}}")
                    }
                    let name = String(argument.dropFirst().dropLast())
                    guard !name.isEmpty, name.utf8.allSatisfy(Self.isTemplateNameByte) else {
                        throw error(at: tagStart, "bad template name '\(name)' in {{layout}}")
                    }
                    let onlyWhitespaceBefore = root.allSatisfy { node in
                        if case .literal(let range) = node { return source[range].allSatisfy(Self.isWhitespace) }
                        return false
                    }
                    guard !sawTag, open.isEmpty, onlyWhitespaceBefore else {
                        throw error(at: tagStart, "{{layout}} must be the first thing in a page (only whitespace and {{! comments }} may come before it)")
                    }
                    root.removeAll()
                    layout = LayoutDeclaration(name: name, at: tagStart)
                    dropNewline = true

                default:
                    guard argument.isEmpty else { throw error(at: tagStart, "unknown tag {{\(text)}}") }
                    append(.hole(try parsePath(text, at: tagStart), at: tagStart))
                }
            }
            sawTag = true
        }
        appendLiteral(literalStart ..< source.count)

        if let unclosed = open.last {
            throw error(at: unclosed.block.at, "{{#\(unclosed.block.kind.rawValue) \(unclosed.block.path)}} is never closed with {{/\(unclosed.block.kind.rawValue)}}")
        }
        return Parsed(nodes: root, layout: layout)
    }

    // MARK: - Scanning

    private func find(_ needle: StaticString, from start: Int) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, source.count >= count else { return nil }
        var index = start
        let first = needle.utf8Start.pointee
        while index <= source.count - count {
            if source[index] == first, starts(with: needle, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func starts(with prefix: StaticString, at offset: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= source.count else { return false }
        for index in 0..<count where source[offset + index] != prefix.utf8Start[index] {
            return false
        }
        return true
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isWhitespace(source[lower]) { lower += 1 }
        while upper > lower, Self.isWhitespace(source[upper - 1]) { upper -= 1 }
        return lower ..< upper
    }

    private func splitKeyword(_ text: String) -> (keyword: String, argument: String) {
        let bytes = Array(text.utf8)
        guard let space = bytes.firstIndex(where: Self.isWhitespace) else { return (text, "") }
        let keyword = String(decoding: bytes[..<space], as: UTF8.self)
        let argument = String(decoding: bytes[space...], as: UTF8.self).trimmingASCIIWhitespace()
        return (keyword, argument)
    }

    private func parsePath(_ text: String, at offset: Int) throws(TemplateError) -> ValuePath {
        switch ValuePath.parse(text) {
        case .success(let path): return path
        case .failure(let failure):
            if text.utf8.contains(where: Self.isWhitespace) {
                throw error(at: offset, "unknown tag {{\(text)}}")
            }
            throw error(at: offset, failure.message)
        }
    }

    private func error(at offset: Int, _ message: String) -> TemplateError {
        TemplateError(file: file, source: source, offset: offset, message: message)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    static func isTemplateNameByte(_ byte: UInt8) -> Bool {
        ValuePath.isNameByte(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")
    }
}
