import CCmarkGFM
import Glibc
import Locks

/// A journal entry's Markdown as HTML, and as plain text, through cmark-gfm: CommonMark
/// with GitHub's tables, strikethrough, task lists and autolinks. Never a parser of our own.
///
/// The HTML is safe to insert into a page as is: cmark renders in its safe mode (raw
/// HTML left out, `javascript:`, `vbscript:`, `file:` and `data:` links emptied), and
/// every link and image address is checked again here, keeping only `http:`, `https:`,
/// `mailto:` and addresses without a scheme. Headings are demoted two levels (`#` is an
/// `<h3>`), so an entry's headings sit under the page's own `<h2>`. Pure and thread-safe:
/// each call has its own parser, and calls take turns (`cmark`).
public enum MarkdownRenderer {
    /// The most of a source read, in Unicode scalars: an entry holds at most 20,000
    /// (`Journal.maxEntryCharacters`); more is cut, which bounds cmark's time and memory.
    public static let maxCharacters = 20_000
    /// How many levels an entry's headings go down: the day page's cards use `<h2>`.
    public static let headingDemotion = 2
    /// The schemes a link or image may have; an address without a scheme is relative.
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]
    /// The GitHub extensions attached to every parser (not `tagfilter`: raw HTML is dropped anyway).
    static let extensionNames = ["table", "strikethrough", "tasklist", "autolink"]
    /// What starts a task item (`- [ ]`, `- [x]`) instead of the extension's disabled
    /// checkbox, an input without a label that a screen reader announces as a form field.
    static let taskMarks = (open: "☐ ", done: "☑ ")
    /// Safe mode (no `CMARK_OPT_UNSAFE`), and a typed line break kept as a line break, as
    /// a diary is written.
    static let options = CMARK_OPT_DEFAULT | CMARK_OPT_HARDBREAKS

    /// Held for each parse and render, and true once the extensions' registry is filled.
    /// cmark-gfm 0.29.0.gfm.6 is not re-entrant: its registry is a process-wide list, and
    /// while a parser finishes it adds its extensions' characters (`~`, `w`, `:`…) to one
    /// table shared by every parser and takes them out after, so two parses at once lose
    /// strikethrough and autolinks at random (`testConcurrentRendersAgree` caught it). An
    /// entry takes well under a millisecond.
    private static let cmark = Lock(false)

    /// `source` as HTML, safe to insert into a page's text.
    public static func html(_ source: String) -> String {
        render(source) { document, parser in
            taken(cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)))
        }
    }

    /// `source` with its markup removed, for snippets: the words of its text and code,
    /// one line per block (paragraph, heading, list item, table row) and per typed line
    /// break, a table's cells apart by a space. A link or image keeps its text, not its address.
    public static func plainText(_ source: String) -> String {
        render(source) { document, _ in words(of: document) }
    }

    /// Parses `source` with the extensions attached, makes the tree safe (`sanitize`),
    /// and hands it to `output`.
    private static func render(_ source: String, _ output: (OpaquePointer, OpaquePointer) -> String) -> String {
        cmark.withLock { registered in
            if !registered {
                cmark_gfm_core_extensions_ensure_registered()
                registered = true
            }
            return renderAlone(source, output)
        }
    }

    /// `render` while holding `cmark`.
    private static func renderAlone(_ source: String, _ output: (OpaquePointer, OpaquePointer) -> String) -> String {
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var bounded = bounded(source)
        bounded.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        sanitize(document)
        return output(document, parser)
    }

    /// `source` cut to its first `maxCharacters` scalars: as it is when its UTF-8 is no
    /// longer (a scalar is at least a byte), else one copy of the prefix's bytes, not a
    /// scalar appended at a time (an "on this day" card reads a dozen entries a page).
    static func bounded(_ source: String) -> String {
        guard source.utf8.count > maxCharacters else { return source }
        let scalars = source.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: maxCharacters, limitedBy: scalars.endIndex)
        else { return source }
        return String(scalars[..<end])
    }

    /// A string cmark allocated, copied and freed.
    private static func taken(_ rendered: UnsafeMutablePointer<CChar>?) -> String {
        guard let rendered else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The text of `document`'s nodes, blocks on lines of their own (see `plainText`).
    private static func words(of document: OpaquePointer) -> String {
        var text = ""
        func endLine() {
            while text.last == " " { text.removeLast() }
            if !text.isEmpty && text.last != "\n" { text.append("\n") }
        }
        guard let iterator = cmark_iter_new(document) else { return "" }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER
            let literal = { cmark_node_get_literal(node).map { String(cString: $0) } ?? "" }
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                text += literal()
            } else if type == CMARK_NODE_CODE_BLOCK {
                endLine()
                text += literal()
                endLine()
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                endLine()
            } else if !entering {
                switch cmark_node_get_type_string(node).map({ String(cString: $0) }) {
                case "table_cell": text.append(" ")
                case "paragraph", "heading", "item", "table_header", "table_row": endLine()
                default: break
                }
            }
        }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }

    /// Removes raw HTML (cmark's safe mode would leave a comment in its place), empties
    /// every link and image address whose scheme is not allowed, demotes headings, and
    /// turns task items into plain items starting with a ballot box (`taskMarks`).
    private static func sanitize(_ document: OpaquePointer) {
        var rawHTML: [OpaquePointer] = []
        var tasks: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
                  let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
                rawHTML.append(node)
            } else if type == CMARK_NODE_HEADING {
                cmark_node_set_heading_level(node, min(cmark_node_get_heading_level(node) + Int32(headingDemotion), 6))
            } else if type == CMARK_NODE_ITEM,
                      cmark_node_get_type_string(node).map({ String(cString: $0) }) == "tasklist" {
                tasks.append(node)
            } else if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if !isAllowed(url) { cmark_node_set_url(node, "") }
            }
        }
        cmark_iter_free(iterator)
        for node in rawHTML {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        for item in tasks {
            let checked = cmark_gfm_extensions_get_tasklist_item_checked(item)
            cmark_node_set_syntax_extension(item, nil)
            guard let mark = cmark_node_new(CMARK_NODE_TEXT) else { continue }
            cmark_node_set_literal(mark, checked ? taskMarks.done : taskMarks.open)
            let first = cmark_node_first_child(item)
            if let first, cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH {
                cmark_node_prepend_child(first, mark)
            } else {
                cmark_node_prepend_child(item, mark)
            }
        }
    }

    /// Whether a link may point at `url`: it has no scheme (the part before a `:` that
    /// comes before any `/`, `?` or `#`), or an allowed one. Anything else, however
    /// spelt (`JaVaScRiPt:`, `java\tscript:`, which a browser reads as `javascript:`), is not.
    static func isAllowed(_ url: String) -> Bool {
        guard let end = url.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }),
              url[end] == ":" else { return true }
        return allowedSchemes.contains(url[..<end].lowercased())
    }
}
