/// Every string of every page, one file per language (`Views/strings/<lang>.strings`).
/// STUB: the loader, validation and plural handling are being written.
public final class Strings: Sendable {
    private let tables: [Language: [String: String]]

    public init(directory: String) throws {
        tables = [:]
    }

    /// All strings of `language`, by key.
    public func table(_ language: Language) -> [String: String] {
        tables[language] ?? [:]
    }

    public func text(_ key: String, _ language: Language) -> String {
        tables[language]?[key] ?? key
    }

    /// `text` with `{name}` placeholders filled in.
    public func format(_ key: String, _ language: Language, _ arguments: [String: String]) -> String {
        var result = text(key, language)
        for (name, value) in arguments { result = result.replacing("{\(name)}", with: value) }
        return result
    }
}
