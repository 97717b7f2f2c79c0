import MemberData
import XCTest

/// The search syntax (`SearchQuery`): words and quoted phrases, and that what reaches
/// FTS5 is only ever quoted strings, whatever was typed.
final class SearchQueryTests: XCTestCase {
    private func parts(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [SearchQuery.Part]? {
        do {
            return try SearchQuery.parse(text)?.parts
        } catch {
            XCTFail("\(text) refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func expression(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            return try SearchQuery.parse(text)?.matchExpression
        } catch {
            XCTFail("\(text) refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func refusal(_ text: String) -> SearchQuery.Refusal? {
        do {
            _ = try SearchQuery.parse(text)
            return nil
        } catch {
            return error
        }
    }

    func testWordsAreSplitOnWhitespaceAndEachIsAPrefix() {
        XCTAssertEqual(parts("  città  walk\tpark\n"), [.word("città"), .word("walk"), .word("park")])
        XCTAssertEqual(expression("città walk"), #""città"* "walk"*"#)
        XCTAssertEqual(expression("cit"), #""cit"*"#, "a bare word finds the words it begins")
    }

    func testAOneLetterWordIsFoundOnlyWhole() {
        XCTAssertEqual(expression("a b7 é"), #""a" "b7"* "é""#)
        // The prefix is the last token's: "l'a" ends in the one-letter "a".
        XCTAssertEqual(expression("l'a l'amo"), #""l'a" "l'amo"*"#)
    }

    func testPhrasesInDoubleQuotes() {
        XCTAssertEqual(parts(#"walk "big   city" park"#), [.word("walk"), .phrase("big city"), .word("park")])
        XCTAssertEqual(expression(#""big city" walk"#), #""big city" "walk"*"#, "a phrase is never a prefix")
        XCTAssertEqual(expression(#""cit""#), #""cit""#, "a quoted word is found only whole")
        // Curly quotes and guillemets, as phones and Italian or French keyboards type them.
        XCTAssertEqual(parts("“big city” « la ville » „Stadt“"), [.phrase("big city"), .phrase("la ville"), .phrase("Stadt")])
        // A quote in the middle of a word starts a phrase there.
        XCTAssertEqual(parts(#"big"city lights""#), [.word("big"), .phrase("city lights")])
    }

    func testUnbalancedQuotesAreRefused() {
        XCTAssertEqual(refusal(#""big city"#), .unbalancedQuote)
        XCTAssertEqual(refusal(#"walk "big" city""#), .unbalancedQuote)
        XCTAssertEqual(refusal("“big city"), .unbalancedQuote)
        XCTAssertEqual(refusal(#"""#), .unbalancedQuote)
    }

    func testOperatorsAreSearchedAsWordsOrDropped() {
        // FTS5's operators are words like any other once quoted.
        XCTAssertEqual(expression("cats AND dogs OR NOT NEAR"), #""cats"* "AND"* "dogs"* "OR"* "NOT"* "NEAR"*"#)
        XCTAssertEqual(expression("NEAR(a b, 2)"), #""NEAR(a" "b," "2)""#, "each ends in a one-character token")
        XCTAssertEqual(expression("body:walk -rain ^start col*"), #""body:walk"* "-rain"* "^start"* "col*"*"#)
        // Without a letter or digit a word is no word (FTS5 would read an empty phrase).
        XCTAssertEqual(parts("walk ( ) - ^ * : -- \"\" park"), [.word("walk"), .word("park")])
        XCTAssertEqual(refusal("( ) - ^ * :"), .nothingToSearch)
        XCTAssertEqual(refusal(#""" " - ""#), .nothingToSearch)
    }

    func testQuotesInsideTermsAreDoubled() throws {
        // A part cannot hold a straight quote (it would end the phrase), but the quoting holds anyway.
        XCTAssertEqual(SearchQuery(parts: [.word(#"say"hi"#)]).matchExpression, #""say""hi"*"#)
        XCTAssertEqual(SearchQuery(parts: [.phrase(#"a "b" c"#)]).matchExpression, #""a ""b"" c""#)
    }

    func testControlCharactersSeparateWords() {
        // A NUL would end FTS5's reading of the expression inside a string: never let one through.
        XCTAssertEqual(parts("walk\u{0}park\u{1B}rain\u{85}sun"), [.word("walk"), .word("park"), .word("rain"), .word("sun")])
        XCTAssertEqual(parts("\"big\u{0}city\""), [.phrase("big city")])
        XCTAssertFalse(expression("a\u{0}b")?.unicodeScalars.contains("\u{0}") ?? true)
    }

    func testRepeatsCountOnce() {
        XCTAssertEqual(parts(#"walk walk "walk" walk"#), [.word("walk"), .phrase("walk")])
    }

    func testEmptyAndBlankQueriesAreNoSearch() {
        XCTAssertNil(try SearchQuery.parse(""))
        XCTAssertNil(try SearchQuery.parse("   \t\n "))
        XCTAssertNil(try SearchQuery.parse("\u{0}\u{1}"))
    }

    func testLengthLimit() {
        let longest = String(repeating: "a", count: SearchQuery.maxCharacters)
        XCTAssertEqual(parts(longest), [.word(longest)])
        XCTAssertEqual(refusal(longest + "b"), .tooLong(characters: SearchQuery.maxCharacters + 1))
        // Counted in Unicode scalars, as every limit in Dawn is.
        XCTAssertEqual(refusal(String(repeating: "é", count: 1_000)), .tooLong(characters: 1_000))
        XCTAssertEqual(refusal(String(repeating: #"AND ("x" OR "#, count: 100)), .tooLong(characters: 1_200))
    }

    func testWordCountLimit() {
        let words = (1...SearchQuery.maxParts).map { "w\($0)" }
        XCTAssertEqual(parts(words.joined(separator: " "))?.count, SearchQuery.maxParts)
        XCTAssertEqual(refusal((words + ["more"]).joined(separator: " ")), .tooManyParts(parts: SearchQuery.maxParts + 1))
        XCTAssertEqual(refusal((words + [#""one more""#]).joined(separator: " ")), .tooManyParts(parts: SearchQuery.maxParts + 1))
    }

    func testExpressionsAreOnlyQuotedStrings() {
        // Whatever is typed, the expression is a run of "…" strings, each maybe followed by *,
        // with every quote inside doubled: FTS5 can read no operator, column or group in it.
        let alphabet = Array(#"ab é"“”«»()-^*:+NEARORANDNOT,.{}[]\'"#) + ["\u{0}", "\n"]
        var random = SeededRandom(seed: 16)
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0..<40, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            guard let query = try? SearchQuery.parse(text) else { continue }
            XCTAssertTrue(Self.isQuotedStrings(query.matchExpression), "\(text) → \(query.matchExpression)")
        }
    }

    /// `"…"[*]` strings separated by single spaces, inner quotes doubled.
    private static func isQuotedStrings(_ expression: String) -> Bool {
        var characters = Array(expression)[...]
        while !characters.isEmpty {
            guard characters.popFirst() == "\"" else { return false }
            var closed = false
            while let character = characters.popFirst() {
                if character == "\"" {
                    if characters.first == "\"" { characters.removeFirst(); continue }
                    closed = true
                    break
                }
            }
            guard closed else { return false }
            if characters.first == "*" { characters.removeFirst() }
            if characters.isEmpty { return true }
            guard characters.popFirst() == " " else { return false }
        }
        return false
    }
}
