/// One language's strings file, checked on its own: no duplicate keys, no key
/// that is both a text and a prefix of another, plural forms complete.
struct StringsFile {
    let path: String
    let language: Language
    private(set) var texts: [String: String] = [:]
    private(set) var lines: [String: Int] = [:]

    /// The file name alone, for messages that point from one file to another.
    var name: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    var keysInOrder: [(key: String, line: Int)] {
        lines.map { (key: $0.key, line: $0.value) }.sorted { ($0.line, $0.key) < ($1.line, $1.key) }
    }

    init(path: String, language: Language, entries: [StringsEntry]) throws(StringsError) {
        self.path = path
        self.language = language
        for entry in entries {
            if let first = lines[entry.key] {
                throw StringsError(file: path, line: entry.line, "duplicate key \"\(entry.key)\" (first on line \(first))")
            }
            texts[entry.key] = entry.value
            lines[entry.key] = entry.line
        }
        for (key, line) in keysInOrder {
            try checkNotUnderAText(key, line)
            try checkPluralForm(key, line)
        }
    }

    /// "nav" and "nav.today" cannot both be texts: `{{t.nav}}` would have to be a
    /// string and an object at once.
    private func checkNotUnderAText(_ key: String, _ line: Int) throws(StringsError) {
        var prefix = ""
        for part in key.split(separator: ".").dropLast() {
            prefix += prefix.isEmpty ? String(part) : "." + part
            if let prefixLine = lines[prefix] {
                throw StringsError(file: path, line: max(line, prefixLine),
                                   "\"\(key)\" (line \(line)) is under \"\(prefix)\" (line \(prefixLine)), which is a text itself; rename one of them")
            }
        }
    }

    private func checkPluralForm(_ key: String, _ line: Int) throws(StringsError) {
        guard let plural = PluralKey(key) else { return }
        guard PluralRules.categories(language).contains(plural.category) else {
            throw StringsError(file: path, line: line,
                               "\"\(key)\": \(language.nativeName) has no \"\(plural.category.rawValue)\" plural form")
        }
        guard lines[plural.base + ".other"] != nil else {
            throw StringsError(file: path, line: line, "plural text \"\(key)\" needs a \"\(plural.base).other\" form")
        }
    }
}
