import PlainText

/// What a member typed into the search box, read as Dawn's search syntax: words, and
/// phrases in double quotes. Nothing typed ever reaches SQLite's FTS5 as its own syntax:
/// `matchExpression` quotes every word and phrase as an FTS5 string, so `AND`, `OR`,
/// `NOT`, `NEAR`, `^`, `:`, `-`, `*` and parentheses are searched as words (or, having no
/// letter or digit, dropped).
///
/// - A bare word finds itself and every word it begins ("cit" finds "città" and "city");
///   a word of one letter finds only itself.
/// - Words in double quotes (`"`, `“ ”`, `„`, `« »`) find those words together, in that
///   order, each whole.
/// - Every word and phrase must be there (AND); accents and case never matter (the
///   index's `unicode61 remove_diacritics 2` tokenizer folds both sides alike).
package struct SearchQuery: Equatable, Sendable {
    /// The most characters (Unicode scalars, `PlainText.length`) a search may have.
    package static let maxCharacters = 200
    /// The most words and phrases a search may have (each is a lookup in the index).
    package static let maxParts = 20
    /// A bare word finds the words it begins when its last token is at least this long;
    /// the index keeps prefixes of 2 and 3 characters (`SearchSchema`), so those are
    /// single lookups, and a one-letter prefix (nearly every row) is never asked for.
    package static let minPrefixLength = 2

    package enum Part: Hashable, Sendable {
        /// A bare word: found whole or as the start of a word.
        case word(String)
        /// The words between a pair of double quotes: found together, in order, each whole.
        case phrase(String)
    }

    /// Why a search was not run. The page shows the text again with the reason.
    package enum Refusal: Error, Equatable, Sendable {
        /// More than `maxCharacters` characters (`characters` of them).
        case tooLong(characters: Int)
        /// An odd number of double quotes: a phrase never closed.
        case unbalancedQuote
        /// More than `maxParts` words and phrases (`parts` of them).
        case tooManyParts(parts: Int)
        /// Not blank, but without a letter or digit to look for ("(", "-", "***").
        case nothingToSearch
    }

    /// The words and phrases, each once, in the order typed; never empty.
    package let parts: [Part]

    package init(parts: [Part]) {
        self.parts = parts
    }

    /// The search in `text`; nil when it is blank (the page then shows just the box).
    package static func parse(_ text: String) throws(Refusal) -> SearchQuery? {
        let length = PlainText.length(text)
        guard length <= maxCharacters else { throw .tooLong(characters: length) }
        var parts: [Part] = []
        var seen: Set<Part> = []
        func add(_ part: Part) {
            if seen.insert(part).inserted { parts.append(part) }
        }
        var current = String.UnicodeScalarView()
        var inPhrase = false
        var isBlank = true
        func finish() {
            let text = String(current)
            current.removeAll()
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard hasToken(words) else { return }
            add(inPhrase ? .phrase(words) : .word(words))
        }
        for scalar in text.unicodeScalars {
            if quotes.contains(scalar) {
                finish()
                inPhrase.toggle()
                isBlank = false
            } else if PlainText.isRefusedInLine(scalar) || scalar.properties.isWhitespace {
                // Controls (a NUL would end FTS5's reading of the expression) separate words.
                if inPhrase { current.append(" ") } else { finish() }
            } else {
                current.append(scalar)
                isBlank = false
            }
        }
        guard !inPhrase else { throw .unbalancedQuote }
        finish()
        if isBlank { return nil }
        guard !parts.isEmpty else { throw .nothingToSearch }
        guard parts.count <= maxParts else { throw .tooManyParts(parts: parts.count) }
        return SearchQuery(parts: parts)
    }

    /// The FTS5 query: every part an FTS5 string (`"…"`, inner quotes doubled), a bare
    /// word followed by `*` (a prefix query) when its last token is long enough; the
    /// strings side by side, which FTS5 reads as all of them (AND).
    package var matchExpression: String {
        parts.map { part in
            switch part {
            case let .word(word):
                Self.quoted(word) + (Self.lastTokenLength(word) >= Self.minPrefixLength ? "*" : "")
            case let .phrase(phrase):
                Self.quoted(phrase)
            }
        }.joined(separator: " ")
    }

    /// The characters that open and close a phrase: straight and curly double quotes, and
    /// guillemets (what Italian and French keyboards and phones type).
    private static let quotes: Set<Unicode.Scalar> = ["\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{AB}", "\u{BB}"]

    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    /// Whether `text` holds something the index's tokenizer keeps: a letter, a digit or a
    /// private-use character (`unicode61`'s token characters, categories L*, N* and Co).
    /// Everything else separates words, so text without one would be an empty phrase.
    private static func hasToken(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isTokenCharacter)
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            true
        default:
            false
        }
    }

    /// The length, in characters, of the last run of token characters in `word` (the
    /// token FTS5 makes a prefix of): 3 for "l'amo", 4 for "e-mail".
    private static func lastTokenLength(_ word: String) -> Int {
        var length = 0
        for scalar in word.unicodeScalars.reversed() {
            if isTokenCharacter(scalar) {
                length += 1
            } else if length > 0 {
                break
            }
        }
        return length
    }
}
