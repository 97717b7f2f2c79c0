/// Every string of every page, one file per language (`Views/strings/<lang>.strings`),
/// loaded once at start-up.
///
/// Loading refuses, with file and line: a malformed line, a duplicate key, a key
/// that is both a text and the prefix of another key (templates read them as
/// nested objects: `{{t.nav.today}}`), a key one language has and another lacks,
/// and a translation whose `{placeholders}` differ from English's.
///
/// Plural texts are `key.one`, `key.other` and, in Italian and French, optionally
/// `key.many` (CLDR categories; see `PluralRules`). A missing `many` reads `other`.
public final class Strings: Sendable {
    /// English is the reference: every other language has exactly its keys.
    public static let reference = Language.en

    private let tables: [Language: [String: String]]

    /// Loads `<directory>/en.strings`, `it.strings` and `fr.strings`.
    public init(directory: String) throws(StringsError) {
        var files: [Language: StringsFile] = [:]
        for language in Language.allCases {
            let path = directory + "/" + language.rawValue + ".strings"
            files[language] = try StringsFile(path: path, language: language,
                                              entries: StringsParser.parse(StringsFileReader.read(path), file: path))
        }
        try Self.checkSameKeys(files)
        tables = files.mapValues(\.texts)
    }

    /// All strings of `language`, by key.
    public func table(_ language: Language) -> [String: String] {
        tables[language] ?? [:]
    }

    /// The text of `key`; the key itself if there is none, so a typo shows on the page.
    public func text(_ key: String, _ language: Language) -> String {
        tables[language]?[key] ?? key
    }

    /// `text` with `{name}` placeholders filled in from `arguments`.
    public func format(_ key: String, _ language: Language, _ arguments: [String: String]) -> String {
        Placeholder.fill(text(key, language), arguments)
    }

    /// The form of plural text `key` (`key.one`, `key.many`, `key.other`) that `count`
    /// takes in `language`, with `{count}` (grouped as the language writes numbers)
    /// and `arguments` filled in.
    public func plural(_ key: String, count: Int, _ language: Language,
                       _ arguments: [String: String] = [:]) -> String {
        let table = tables[language] ?? [:]
        let category = PluralRules.category(count, language)
        let text = table[key + "." + category.rawValue] ?? table[key + ".other"] ?? key + ".other"
        var values = arguments
        values["count"] = LocalizedNumber.integer(count, language)
        return Placeholder.fill(text, values)
    }

    /// Every language has English's keys and no others (besides the `many` forms
    /// English lacks), and the same placeholders in each text.
    private static func checkSameKeys(_ files: [Language: StringsFile]) throws(StringsError) {
        guard let english = files[reference] else { return }
        for language in Language.allCases where language != reference {
            guard let file = files[language] else { continue }
            for (key, line) in english.keysInOrder where file.texts[key] == nil {
                throw StringsError(file: english.path, line: line,
                                   "\"\(key)\" has no \(language.rawValue) text: add it to \(file.name)")
            }
            for (key, line) in file.keysInOrder {
                let englishKey: String
                if english.texts[key] != nil {
                    englishKey = key
                } else if let base = PluralKey(key)?.base, PluralKey(key)?.category == .many,
                          english.texts[base + ".other"] != nil {
                    englishKey = base + ".other"
                } else {
                    throw StringsError(file: file.path, line: line,
                                       "\"\(key)\" is not in \(english.name): remove it, or add it there first")
                }
                let mine = Placeholder.names(file.texts[key]!)
                let theirs = Placeholder.names(english.texts[englishKey]!)
                guard mine == theirs else {
                    throw StringsError(file: file.path, line: line,
                                       "\"\(key)\" has placeholders \(listed(mine)) but \(english.name) has \(listed(theirs))")
                }
            }
        }
    }

    private static func listed(_ names: Set<String>) -> String {
        names.isEmpty ? "none" : names.sorted().map { "{\($0)}" }.joined(separator: " ")
    }
}

/// `base.one`, `base.many`, `base.other`: the forms of a plural text.
struct PluralKey {
    let base: String
    let category: PluralCategory

    init?(_ key: String) {
        guard let dot = key.lastIndex(of: "."),
              let category = PluralCategory(rawValue: String(key[key.index(after: dot)...])) else { return nil }
        base = String(key[..<dot])
        self.category = category
    }
}
