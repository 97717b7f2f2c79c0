/// Every template of a directory, compiled and linked once; immutable and shared freely.
///
/// Syntax:
/// - `{{name}}`, `{{a.b.c}}`, `{{.}}` (the current item), `{{@index}}` (0-based, in `each`).
///   The first name is looked up in the innermost `each` item that is an object, then
///   outward to the root; the rest inside what was found. Missing values render empty.
/// - `{{#if path}}…{{else}}…{{/if}}`, `{{#unless path}}…{{else}}…{{/unless}}`,
///   `{{#each path}}…{{else}}…{{/each}}` (the else runs for anything but a non-empty list).
/// - `{{> name}}` includes a template with the current scopes; `{{layout "name"}}`, first in
///   a page, wraps the page in a layout at its single top-level `{{content}}`. Layouts may
///   have layouts. `{{! … }}` and `{{!-- … --}}` are comments.
/// - Ints render in decimal, bools as true/false; null, lists and objects render empty.
///
/// Escaping is chosen at compile time from the HTML context of each hole (see
/// `HTMLContext`): text and quoted attribute values are escaped; `.html` values are raw in
/// text only; URL attributes whose scheme the literal text hasn't fixed pass only relative,
/// http(s) and mailto URLs, else `#invalid-url`. Holes anywhere else (tag or attribute
/// names, unquoted values, `<script>`, `<style>`, `on*=`, `style=`, `srcset=`, comments)
/// are compile errors, as are blocks that leave the HTML in another context than they found.
public struct TemplateSet: Sendable {
    private let templates: [CompiledTemplate]
    private let program: TemplateProgram
    private let indexByName: [String: Int]
    private let outlines: [TemplateOutline]

    /// Loads every `*.html` under `directory`, recursively (skipping names that start with
    /// "."). A template's name is its relative path without ".html", e.g. "partials/nav".
    /// Throws the first `TemplateError`, by template name; `file` is the file's path.
    public init(directory: String) throws {
        let sources = try TemplateDirectory.load(directory)
        try self.init(loaded: sources)
    }

    /// Templates given as name → source, as if loaded from a directory; error `file`s are
    /// the names.
    public init(sources: [String: String]) throws {
        try self.init(loaded: sources.map { name, text in
            TemplateDirectory.Source(name: name, file: name, bytes: Array(text.utf8))
        })
    }

    private init(loaded: [TemplateDirectory.Source]) throws(TemplateError) {
        let sources = loaded.sorted { $0.name < $1.name }
        var indexByName: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            indexByName[source.name] = index
        }
        var templates: [CompiledTemplate] = []
        templates.reserveCapacity(sources.count)
        var outlines: [TemplateOutline] = []
        outlines.reserveCapacity(sources.count)
        var program = TemplateProgramBuilder()
        for source in sources {
            var compiler = TemplateCompiler(name: source.name, file: source.file, source: source.bytes, templateIndex: indexByName)
            let (compiled, outline) = try compiler.compile(into: &program)
            templates.append(compiled)
            outlines.append(outline)
        }
        try TemplateLinker.link(&templates)
        self.templates = templates
        self.program = TemplateProgram(program)
        self.indexByName = indexByName
        self.outlines = outlines
    }

    /// Compares the page `name`, with its partials and layouts, against the view that
    /// renders it (see `ViewChecker`); `ambient` holds the keys every render adds. Every
    /// problem, in template order; none when they agree.
    public func check(_ name: String, against view: ViewSchema, ambient: ViewSchema? = nil) -> [TemplateError] {
        guard let page = indexByName[name] else {
            return [TemplateError(file: name, line: 0, column: 0, message: "no template named '\(name)' for \(view.name)")]
        }
        var checker = ViewChecker(outlines: outlines, view: view, ambient: ambient)
        return checker.check(page: page)
    }

    /// Template names, sorted.
    public var names: [String] { templates.map(\.name) }

    public func contains(_ name: String) -> Bool { indexByName[name] != nil }

    /// Appends the page `name`, wrapped in its layouts, to `buffer`. Throws for an unknown
    /// name. A hole whose key the context lacks writes nothing; with `strict` it is an
    /// error naming the template and the key (for development and tests: a misspelt key
    /// must not pass as an empty value).
    public func render(_ name: String, _ context: TemplateValue, into buffer: inout [UInt8], strict: Bool = false) throws {
        guard let page = indexByName[name] else {
            throw TemplateError(file: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        let missing = TemplateRenderer.render(program, templates, page: page, root: context, into: &buffer)
        if strict, let missing {
            throw TemplateError(file: name, line: 0, column: 0, message: "a hole names a key the page did not give: \(missing)")
        }
    }

    public func render(_ name: String, _ context: TemplateValue, strict: Bool = false) throws -> [UInt8] {
        var buffer: [UInt8] = []
        if let page = indexByName[name] {
            buffer.reserveCapacity(templates[page].estimatedSize)
        }
        try render(name, context, into: &buffer, strict: strict)
        return buffer
    }
}
