import FuzzSupport
import Templates

// Input: 1 byte choosing the mode, then the data.
//
// Even: the template compiler. The data is up to 8 templates separated by NUL bytes, each
// "name\n" then its source. Compiling must give a TemplateSet or a TemplateError that names
// a place in one of the templates, nothing else and never a crash. A set that compiles
// renders every template with values made of the names in the input (strings, numbers,
// lists, objects), and no value's `<`, `>`, `"` or `'` ever reaches the page raw.
//
// Odd: the escaper. The data is a value, rendered in text, in double- and single-quoted
// attributes, in a URL attribute and in <textarea> and <title>: the page never holds `<`,
// `>`, `"` or `'` of the value raw, and unescaping gives the value back (or the URL is
// replaced by `#invalid-url`).

/// A value no template written by the fuzzer should contain (checked), with every special character.
let marker = "<Zq9>\"Zq9'Zq9&"
let rawMarkerPieces = ["<Zq9", "Zq9>", "\"Zq9", "Zq9'"].map { Array($0.utf8) }

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
}

/// Names used in the input: runs of name bytes, at most 16.
func names(in bytes: [UInt8]) -> [String] {
    var found: [String] = []
    var seen: Set<String> = []
    var run: [UInt8] = []
    func flush() {
        if !run.isEmpty, found.count < 16 {
            let name = String(decoding: run, as: UTF8.self)
            if seen.insert(name).inserted { found.append(name) }
        }
        run.removeAll()
    }
    for b in bytes {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            run.append(b)
        default:
            flush()
        }
    }
    flush()
    return found
}

/// Root, then objects three levels deep, each mapping every name to a value whose kind
/// depends on the name and the depth; lists hold one item, so nested `each` stays linear.
func context(for names: [String]) -> TemplateValue {
    var below = TemplateValue.object(Dictionary(names.map { ($0, TemplateValue.string(marker)) }, uniquingKeysWith: { a, _ in a }))
    for depth in (0..<3).reversed() {
        var object: [String: TemplateValue] = [:]
        for name in names {
            let kind = (name.utf8.reduce(depth) { $0 &+ Int($1) }) % 7
            switch kind {
            case 0, 1: object[name] = .string(marker)
            case 2: object[name] = below
            case 3: object[name] = .list([below])
            case 4: object[name] = .int(name.utf8.count - 3)
            case 5: object[name] = name.utf8.count % 2 == 0 ? .bool(true) : .list([])
            default: object[name] = .html(TrustedHTML(trusted: "<b>trusted</b>"))
            }
        }
        below = .object(object)
    }
    return below
}

func fuzzCompiler(_ data: [UInt8]) {
    var sources: [String: String] = [:]
    for (index, segment) in data.split(separator: 0, omittingEmptySubsequences: false).prefix(8).enumerated() {
        let newline = segment.firstIndex(of: UInt8(ascii: "\n")) ?? segment.startIndex
        var name = String(decoding: segment[segment.startIndex..<newline], as: UTF8.self)
        if name.isEmpty { name = "t\(index)" }
        let body = newline < segment.endIndex ? segment[(newline + 1)...] : segment[segment.endIndex...]
        sources[name] = String(decoding: body, as: UTF8.self)
    }
    let set: TemplateSet
    do {
        set = try TemplateSet(sources: sources)
    } catch let error as TemplateError {
        // The error names a template and a place in it (1-based line and column).
        guard let source = sources[error.file] else {
            require(false, "error in \(error.file), which is no template: \(error)")
            return
        }
        let lines = source.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        require((1...lines).contains(error.line) && error.column >= 1, "error outside its file (\(lines) lines): \(error)")
        return
    } catch {
        require(false, "compiling threw \(type(of: error)), not a TemplateError: \(error)")
        return
    }
    require(set.names == sources.keys.sorted(), "names \(set.names) of \(sources.keys.sorted())")
    let checkMarker = !contains(data, Array("Zq9".utf8))
    let root = context(for: names(in: data))
    for name in set.names {
        let page: [UInt8]
        do {
            page = try set.render(name, root)
        } catch {
            require(false, "rendering \(name) threw \(error)")
            return
        }
        if checkMarker {
            for piece in rawMarkerPieces {
                require(!contains(page, piece), "\(name) wrote a value unescaped: \(shown(page))")
            }
        }
    }
}

let escaperTemplates: TemplateSet = {
    do {
        return try TemplateSet(sources: [
            "text": "<p>{{v}}</p>",
            "double": "<a title=\"{{v}}\">x</a>",
            "single": "<a title='{{v}}'>x</a>",
            "url": "<a href=\"{{v}}\">x</a>",
            "textarea": "<textarea>{{v}}</textarea>",
            "title": "<title>{{v}}</title>",
        ])
    } catch {
        fatalError("escaper templates: \(error)")
    }
}()

let escaperFrames: [(name: String, prefix: String, suffix: String)] = [
    ("text", "<p>", "</p>"), ("double", "<a title=\"", "\">x</a>"), ("single", "<a title='", "'>x</a>"),
    ("url", "<a href=\"", "\">x</a>"), ("textarea", "<textarea>", "</textarea>"), ("title", "<title>", "</title>"),
]

/// Undoes the escaper's five entities, in one pass.
func unescape(_ text: String) -> [UInt8] {
    let entities: [(String, UInt8)] = [("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")), ("&#34;", UInt8(ascii: "\"")),
                                       ("&#39;", UInt8(ascii: "'")), ("&amp;", UInt8(ascii: "&"))]
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var i = 0
    outer: while i < bytes.count {
        if bytes[i] == UInt8(ascii: "&") {
            for (entity, byte) in entities where bytes[i...].starts(with: entity.utf8) {
                out.append(byte)
                i += entity.utf8.count
                continue outer
            }
        }
        out.append(bytes[i])
        i += 1
    }
    return out
}

func fuzzEscaper(_ data: [UInt8]) {
    let value = String(decoding: data, as: UTF8.self)
    for (name, prefix, suffix) in escaperFrames {
        for context in [TemplateValue.string(value), .html(TrustedHTML(trusted: value))] {
            let isRawHTML = name == "text" && context != .string(value)
            guard !isRawHTML else { continue }
            let page = (try? escaperTemplates.render(name, ["v": context])) ?? []
            let head = Array(prefix.utf8), tail = Array(suffix.utf8)
            require(page.count >= head.count + tail.count && page.starts(with: head) && page.suffix(tail.count).elementsEqual(tail),
                    "\(name): frame broken: \(shown(page))")
            let written = String(decoding: page.dropFirst(head.count).dropLast(tail.count), as: UTF8.self)
            require(!written.utf8.contains { "<>\"'".utf8.contains($0) }, "\(name): raw special character in \(shown(page))")
            if name == "url", written == "#invalid-url" { continue }
            require(unescape(written) == Array(value.utf8), "\(name): \(shown(written.utf8)) does not unescape to the value")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let mode = input.byte()
    let data = input.rest()
    if mode % 2 == 0 { fuzzCompiler(data) } else { fuzzEscaper(data) }
    return 0
}
