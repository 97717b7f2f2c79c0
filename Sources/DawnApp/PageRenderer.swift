import HTTP
import HTTPServer
import Localization
import Locks
import Templates

/// Renders a template into an HTML page, with the values every page may read
/// (`PageViews.frame`): the strings as `t`, the asset URLs, the language and, for a
/// signed-in member, `me`, `csrf`, `theme` and a guardian's `ward` banner. Owns the compiled
/// templates and what it works out once at start-up from the strings and `Public/`.
final class PageRenderer: Sendable {
    let templates: TemplateLibrary
    private let strings: Strings
    /// Each language's strings as the nested `t` object templates read (`{{t.nav.today}}`),
    /// made on the first page in that language: a family reads one or two of the five, and
    /// each tree is about 100 KiB.
    private let stringValues = Lock<[Language: TemplateValue]>([:])
    private let staticFiles: StaticFiles
    /// The fingerprinted URLs of Public/ for templates, fixed unless files may change.
    private let fixedAssets: TemplateValue?

    init(templates: TemplateLibrary, strings: Strings, staticFiles: StaticFiles, development: Bool) {
        self.templates = templates
        self.staticFiles = staticFiles
        self.strings = strings
        // (Not a ternary: `nil` there would become TemplateValue.null, which is a value.)
        if development {
            fixedAssets = Optional.none
        } else {
            fixedAssets = Self.assetValues(staticFiles)
        }
    }

    /// Renders `view` into its template as an HTML response; a render failure is a plain 500.
    /// `children` are the signed-in guardian's for the navigation, `ward` the banner of a
    /// guardian's view.
    func render<View: PageView>(_ view: View, status: HTTPStatus, language: Language, signedIn: SignedIn?,
                                children: [MemberFrame.Child], ward: GuardianBanner?) -> HTTPResponse {
        let name = View.template
        var values = view.templateFields
        values["assets"] = fixedAssets ?? Self.assetValues(staticFiles)
        values["t"] = texts(for: language)
        values["lang"] = .string(language.rawValue)
        if let signedIn {
            values["me"] = MemberFrame(displayName: signedIn.member.displayName, username: signedIn.member.username,
                                       isAdmin: signedIn.member.isAdmin, isChild: signedIn.member.isChild,
                                       children: children).templateValue
            values["csrf"] = .string(signedIn.csrfToken ?? "")
            if signedIn.settings.theme != .system {
                values["theme"] = .string(signedIn.settings.theme.rawValue)
            }
        }
        if let ward { values["ward"] = ward.templateValue }
        var body: [UInt8] = []
        body.reserveCapacity(16 * 1024)
        do {
            try templates.render(name, .object(values), into: &body)
        } catch {
            StandardError.line("template \(name) not rendered: \(error)")
            return .text(.internalServerError, "The page could not be shown.")
        }
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// `language`'s strings as templates read them, made once.
    func texts(for language: Language) -> TemplateValue {
        if let made = stringValues.withLock({ $0[language] }) { return made }
        // Made outside the lock (a millisecond or two); two first pages at once both make it.
        let made = Self.nested(strings.table(language))
        return stringValues.withLock { values in
            if let first = values[language] { return first }
            values[language] = made
            return made
        }
    }

    /// How many languages' trees have been made (for tests).
    var languagesMade: Int { stringValues.withLock { $0.count } }

    /// Dotted keys ("nav.today") as nested objects, so templates write `{{t.nav.today}}`.
    static func nested(_ table: [String: String]) -> TemplateValue {
        final class Node {
            var leaf: String?
            var children: [String: Node] = [:]
            var value: TemplateValue {
                if let leaf, children.isEmpty { return .string(leaf) }
                return .object(children.mapValues(\.value))
            }
        }
        let root = Node()
        for (key, text) in table {
            var node = root
            for part in key.split(separator: ".") {
                let name = String(part)
                if node.children[name] == nil { node.children[name] = Node() }
                node = node.children[name]!
            }
            node.leaf = text
        }
        return root.value
    }

    private static func assetValues(_ files: StaticFiles) -> TemplateValue {
        .object(files.urls.reduce(into: [:]) { values, entry in values[assetKey(entry.key)] = .string(entry.value) })
    }

    /// "app.css" → `assets.app_css`: template paths split on dots, so names use `_`.
    static func assetKey(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
