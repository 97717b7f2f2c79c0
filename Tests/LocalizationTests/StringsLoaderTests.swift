import XCTest
@testable import Localization

/// The loader refuses every malformed file, pointing at the file and line.
final class StringsLoaderTests: XCTestCase {
    private let valid = """
    /* A comment
       over two lines. */
    "nav.today" = "Today"; // trailing comment
    "greeting" = "Hello, {name}!";
    "quote" = "She said \\"hi\\" \\\\ and\\nleft.";
    "days.one" = "{count} day";
    "days.other" = "{count} days";

    """

    func testAValidSetLoadsWithEscapesAndComments() throws {
        let fixture = try StringsFixture(base: valid)
        let strings = try Strings(directory: fixture.directory)
        XCTAssertEqual(strings.text("nav.today", .fr), "Today")
        XCTAssertEqual(strings.text("quote", .en), "She said \"hi\" \\ and\nleft.")
        XCTAssertEqual(strings.format("greeting", .en, ["name": "Mum"]), "Hello, Mum!")
        XCTAssertEqual(strings.table(.it).count, 5)
        XCTAssertEqual(strings.text("missing.key", .en), "missing.key", "a typo shows on the page")
    }

    func testAByteOrderMarkAndCRLFAreAccepted() throws {
        let text = "\u{FEFF}\"a\" = \"A\";\r\n\"b\" = \"B\";\r\n"
        let fixture = try StringsFixture(base: text)
        XCTAssertEqual(try Strings(directory: fixture.directory).text("b", .it), "B")
    }

    func testSyntaxErrorsNameTheirLine() throws {
        let cases: [(String, Int, String)] = [
            ("\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"C\";\n", 2, "expected ; after the text of \"b\""),
            ("\"a\" = \"A\";\n\n\"b\" \"B\";\n", 3, "expected = after the key \"b\""),
            ("\"a\" = \"A\";\nb = \"B\";\n", 2, "expected an entry"),
            ("\"a\" = \"A\";\n\"b\" = \"B\n\";\n", 2, "never closed"),
            ("\"a\" = \"A\";\n\"b\" = \"tab\\t\";\n", 2, "unknown escape \\t"),
            ("\"a\" = \"A\";\n/* open\n\n", 2, "never closed with */"),
            ("\"a\" = \"A\";\n\"b\" = \"B\";;\n", 2, "expected an entry"),
            ("\"a\" = \"A\";\n\"b\" = ;\n", 2, "expected the quoted text"),
            ("\"a\" = \"A\";\n\"b\" = \"\";\n", 2, "is empty"),
            ("\"a\" = \"A\";\n\"Nav.Today\" = \"B\";\n", 2, "bad key"),
            ("\"a\" = \"A\";\n\"nav..today\" = \"B\";\n", 2, "bad key"),
            ("\"a\" = \"A\";\n\"b\" = \"{Name}\";\n", 2, "placeholder"),
            ("\"a\" = \"A\";\n\"b\" = \"{name\";\n", 2, "placeholder"),
            ("\"a\" = \"A\";\n\"b\" = \"name}\";\n", 2, "without its {"),
            ("\"a\" = \"A\";\n\"b\" = \"B\"", 2, "found the end of the file"),
        ]
        for (text, line, fragment) in cases {
            // Broken in Italian only: English and French are fine.
            let fixture = try StringsFixture(base: "\"a\" = \"A\";\n\"b\" = \"B\";\n", [.it: text])
            assertRefused(fixture, .it, line: line, fragment)
        }
    }

    func testInvalidUTF8IsRefused() throws {
        let fixture = try StringsFixture(base: "\"a\" = \"A\";\n")
        let bytes: [UInt8] = Array("\"a\" = \"A\";\n\"b\" = \"".utf8) + [0xC3, 0x28] + Array("\";\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.path(.fr)))
        assertRefused(fixture, .fr, line: 2, "not valid UTF-8")
    }

    func testAMissingFileIsRefused() throws {
        let fixture = try StringsFixture(base: valid)
        try FileManager.default.removeItem(atPath: fixture.path(.fr))
        XCTAssertThrowsError(try Strings(directory: fixture.directory)) { error in
            XCTAssertEqual((error as? StringsError)?.file, fixture.path(.fr))
            XCTAssertTrue("\(error)".contains("cannot open"), "\(error)")
        }
    }

    func testDuplicateKeyIsRefused() throws {
        let fixture = try StringsFixture(base: valid, [.en: valid + "\"greeting\" = \"Hi, {name}\";\n"])
        assertRefused(fixture, .en, line: 8, "duplicate key \"greeting\" (first on line 4)")
    }

    func testAKeyMissingFromALanguageIsRefusedAtTheEnglishLine() throws {
        let italian = valid.replacingOccurrences(of: "\"greeting\" = \"Hello, {name}!\";\n", with: "")
        let fixture = try StringsFixture(base: valid, [.it: italian])
        assertRefused(fixture, .en, line: 4, "\"greeting\" has no it text: add it to it.strings")
    }

    func testAnExtraKeyIsRefused() throws {
        let fixture = try StringsFixture(base: valid, [.fr: valid + "\"extra.key\" = \"En trop\";\n"])
        assertRefused(fixture, .fr, line: 8, "\"extra.key\" is not in en.strings")
    }

    func testAPlaceholderMismatchIsRefused() throws {
        let renamed = valid.replacingOccurrences(of: "Hello, {name}!", with: "Ciao, {nome}!")
        let fixture = try StringsFixture(base: valid, [.it: renamed])
        assertRefused(fixture, .it, line: 4, "\"greeting\" has placeholders {nome} but en.strings has {name}")

        let dropped = valid.replacingOccurrences(of: "\"{count} days\"", with: "\"des jours\"")
        let french = try StringsFixture(base: valid, [.fr: dropped])
        assertRefused(french, .fr, line: 7, "has placeholders none but en.strings has {count}")
    }

    func testAKeyThatIsBothATextAndAPrefixIsRefused() throws {
        let clash = valid + "\"nav\" = \"Navigation\";\n"
        let fixture = try StringsFixture(base: clash)
        assertRefused(fixture, .en, line: 8, "\"nav.today\" (line 3) is under \"nav\" (line 8), which is a text itself")
    }

    func testPluralFormsMustBeComplete() throws {
        let noOther = valid.replacingOccurrences(of: "\"days.other\" = \"{count} days\";\n", with: "")
        let fixture = try StringsFixture(base: noOther)
        assertRefused(fixture, .en, line: 6, "needs a \"days.other\" form")

        let englishMany = try StringsFixture(base: valid, [.en: valid + "\"days.many\" = \"{count} of days\";\n"])
        assertRefused(englishMany, .en, line: 8, "English has no \"many\" plural form")
    }

    func testItalianAndFrenchMayAddAManyForm() throws {
        let italian = valid + "\"days.many\" = \"{count} di giorni\";\n"
        let fixture = try StringsFixture(base: valid, [.it: italian])
        let strings = try Strings(directory: fixture.directory)
        XCTAssertEqual(strings.plural("days", count: 1_000_000, .it), "1.000.000 di giorni")
        XCTAssertEqual(strings.plural("days", count: 1_000_000, .fr), "1\u{202F}000\u{202F}000 days", "many falls back to other")

        let badMany = valid + "\"days.many\" = \"{n} di giorni\";\n"
        let mismatch = try StringsFixture(base: valid, [.it: badMany])
        assertRefused(mismatch, .it, line: 8, "\"days.many\" has placeholders {n} but en.strings has {count}")
    }
}
