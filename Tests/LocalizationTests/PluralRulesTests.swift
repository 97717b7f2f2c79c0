import XCTest
@testable import Localization

final class PluralRulesTests: XCTestCase {
    func testCategoriesFollowCLDR() {
        let numbers = [0, 1, 2, 1_000_000, 2_000_000]
        let expected: [Language: [PluralCategory]] = [
            .en: [.other, .one, .other, .other, .other],
            .it: [.other, .one, .other, .many, .many],
            .fr: [.one, .one, .other, .many, .many],
        ]
        for (language, categories) in expected {
            XCTAssertEqual(numbers.map { PluralRules.category($0, language) }, categories, "\(language)")
        }
    }

    func testMoreNumbers() {
        XCTAssertEqual(PluralRules.category(1_000_001, .it), .other, "not a whole million")
        XCTAssertEqual(PluralRules.category(1_500_000, .fr), .other)
        XCTAssertEqual(PluralRules.category(11, .en), .other)
        XCTAssertEqual(PluralRules.category(-1, .en), .one, "CLDR's n is the absolute value")
        XCTAssertEqual(PluralRules.category(-2_000_000, .fr), .many)
        XCTAssertEqual(PluralRules.category(Int.min, .it), .other, "no overflow")
    }

    func testPluralPicksTheFormAndFillsCount() throws {
        let strings = try Strings(directory: viewsDirectory() + "/strings")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 1, .en), "1 Day Streak")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 3, .en), "3 Days Streak")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 0, .en), "0 Days Streak")
        XCTAssertEqual(strings.plural("day.stats.active", count: 0, .fr), "0 jour actif", "French 0 is singular")
        XCTAssertEqual(strings.plural("day.stats.active", count: 2, .fr), "2 jours actifs")
        XCTAssertEqual(strings.plural("day.stats.entries", count: 1, .it), "1 voce")
        XCTAssertEqual(strings.plural("day.stats.entries", count: 0, .it), "0 voci")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 2_000_000, .it), "2.000.000 di giorni di fila")
        XCTAssertEqual(strings.plural("day.stats.entries", count: 1_000_000, .fr), "1\u{202F}000\u{202F}000 d'entrées")
        XCTAssertEqual(strings.plural("day.best", count: 1_000_000, .en), "Best streak: 1,000,000 days")
        XCTAssertEqual(strings.plural("day.best", count: 12_345, .en), "Best streak: 12,345 days")
    }

    func testPluralFillsOtherArgumentsToo() throws {
        let fixture = try StringsFixture(base: """
        "late.one" = "{name} is {count} day late";
        "late.other" = "{name} is {count} days late";
        """)
        let strings = try Strings(directory: fixture.directory)
        XCTAssertEqual(strings.plural("late", count: 1, .en, ["name": "Kid"]), "Kid is 1 day late")
        XCTAssertEqual(strings.plural("late", count: 4, .en, ["name": "{count}"]), "{count} is 4 days late",
                       "a value is never filled in again")
        XCTAssertEqual(strings.plural("nope", count: 4, .en), "nope.other", "a missing key shows itself")
    }

    /// Known names are filled wherever they stand; an unknown name, a malformed hole and a
    /// lone brace stay as they are, and text around them (accents, emoji) is kept whole.
    func testFillReplacesKnownNamesOnly() {
        let values = ["name": "Zoë", "count": "3", "n2": "🌅"]
        XCTAssertEqual(Placeholder.fill("{name}", values), "Zoë")
        XCTAssertEqual(Placeholder.fill("{name}{count}", values), "Zoë3")
        XCTAssertEqual(Placeholder.fill("Già {count} volte, {name}!", values), "Già 3 volte, Zoë!")
        XCTAssertEqual(Placeholder.fill("{n2} {other} {Name} {name", values), "🌅 {other} {Name} {name")
        XCTAssertEqual(Placeholder.fill("{ {name} }", values), "{ Zoë }")
        XCTAssertEqual(Placeholder.fill("no holes", values), "no holes")
        XCTAssertEqual(Placeholder.fill("{name}", [:]), "{name}")
        XCTAssertEqual(Placeholder.fill("{nam}", values), "{nam}", "a name matches whole, not by its prefix")
        XCTAssertEqual(Placeholder.names("{a} and {b_2} and {a}"), ["a", "b_2"])
    }

    func testNumbersAreGroupedAsEachLanguageWritesThem() {
        XCTAssertEqual(LocalizedNumber.integer(0, .en), "0")
        XCTAssertEqual(LocalizedNumber.integer(999, .it), "999")
        XCTAssertEqual(LocalizedNumber.integer(1_000, .en), "1,000")
        XCTAssertEqual(LocalizedNumber.integer(20_000, .it), "20.000")
        XCTAssertEqual(LocalizedNumber.integer(20_000, .fr), "20\u{202F}000")
        XCTAssertEqual(LocalizedNumber.integer(-1_234_567, .en), "-1,234,567")
    }
}
