import Foundation
import TimeZones
import XCTest
@testable import Localization

/// Deutsch and Español: chosen from `Accept-Language`, their CLDR plural
/// rules, dates and numbers as each writes them, and strings files that are complete
/// and translated. Also the one capitals rule every language's labels follow.
final class GermanSpanishTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    // MARK: Accept-Language

    func testNegotiateFindsGermanAndSpanishWithTheirRegions() {
        XCTAssertEqual(Language.negotiate("de"), .de)
        XCTAssertEqual(Language.negotiate("de-CH"), .de, "Swiss German is German")
        XCTAssertEqual(Language.negotiate("de-AT,de;q=0.9,en;q=0.5"), .de)
        XCTAssertEqual(Language.negotiate("es"), .es)
        XCTAssertEqual(Language.negotiate("es-419,es;q=0.9"), .es, "Latin American Spanish is Spanish")
        XCTAssertEqual(Language.negotiate("es-MX, en;q=0.8"), .es)
        XCTAssertEqual(Language.negotiate("en;q=0.4, ES;q=0.6"), .es, "tags are case-insensitive")
        XCTAssertEqual(Language.negotiate("de;q=0.2, es;q=0.7, fr;q=0.5"), .es, "the highest q wins")
        XCTAssertEqual(Language.negotiate("es;q=0, de;q=0"), .en, "q=0 means not acceptable")
        XCTAssertEqual(Language(rawValue: "de"), .de)
        XCTAssertEqual(Language(rawValue: "es"), .es)
        XCTAssertNil(Language(rawValue: "de-CH"), "a stored or posted value is exact")
    }

    // MARK: Plurals

    func testPluralCategoriesFollowCLDR() {
        let numbers = [0, 1, 2, 5, 21, 1_000_000, 2_000_000, 1_500_000]
        XCTAssertEqual(numbers.map { PluralRules.category($0, .de) },
                       [.other, .one, .other, .other, .other, .other, .other, .other], "German: one, other")
        XCTAssertEqual(numbers.map { PluralRules.category($0, .es) },
                       [.other, .one, .other, .other, .other, .many, .many, .other], "Spanish (CLDR 42+): one, many, other")
        XCTAssertEqual(PluralRules.categories(.de), [.one, .other])
        XCTAssertEqual(PluralRules.categories(.es), [.one, .many, .other])
    }

    func testPluralTexts() throws {
        let strings = try Strings(directory: viewsDirectory() + "/strings")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 1, .de), "1 Tag in Folge")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 0, .de), "0 Tage in Folge", "German 0 is plural")
        XCTAssertEqual(strings.plural("day.stats.entries", count: 12_345, .de), "12.345 Einträge")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 1_000_000, .de), "1.000.000 Tage in Folge")
        XCTAssertEqual(strings.plural("day.stats.streak", count: 1, .es), "Racha de 1 día")
        XCTAssertEqual(strings.plural("day.stats.active", count: 0, .es), "0 días activos")
        XCTAssertEqual(strings.plural("day.stats.active", count: 2, .es), "2 días activos")
        XCTAssertEqual(strings.plural("day.stats.entries", count: 1_000_000, .es), "1.000.000 de entradas",
                       "Spanish says “un millón de”")
        XCTAssertEqual(strings.plural("day.stats.entries", count: 1_000_001, .es), "1.000.001 entradas")
    }

    // MARK: Numbers

    func testNumbers() {
        XCTAssertEqual(LocalizedNumber.integer(999, .de), "999")
        XCTAssertEqual(LocalizedNumber.integer(1_234, .de), "1.234")
        XCTAssertEqual(LocalizedNumber.integer(20_000, .de), "20.000")
        XCTAssertEqual(LocalizedNumber.integer(-1_234_567, .de), "-1.234.567")
        XCTAssertEqual(LocalizedNumber.integer(1_234, .es), "1234", "Spanish groups from five digits (CLDR)")
        XCTAssertEqual(LocalizedNumber.integer(12_345, .es), "12.345")
        XCTAssertEqual(LocalizedNumber.integer(1_234_567, .es), "1.234.567")
        XCTAssertEqual(LocalizedNumber.decimal(72.44, fractionDigits: 1, .de), "72,4")
        XCTAssertEqual(LocalizedNumber.decimal(3.25, fractionDigits: 1, .es), "3,3")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 2_500, .de), "2,5")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1_250_750, .de), "1.250,75")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 1_250_750, .es), "1250,75")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 12_345_500, .es), "12.345,5")
        XCTAssertEqual(LocalizedNumber.decimal(thousandths: 12_345_500, .es, grouped: false), "12345,5")
    }

    // MARK: Dates

    func testLongDates() {
        XCTAssertEqual(LocalizedDate.long(date("2026-11-22"), .de), "Sonntag, 22. November 2026")
        XCTAssertEqual(LocalizedDate.long(date("2027-01-01"), .de), "Freitag, 1. Januar 2027")
        XCTAssertEqual(LocalizedDate.long(date("2026-03-04"), .de), "Mittwoch, 4. März 2026")
        XCTAssertEqual(LocalizedDate.long(date("2026-11-22"), .es), "Domingo, 22 de noviembre de 2026")
        XCTAssertEqual(LocalizedDate.long(date("2027-01-01"), .es), "Viernes, 1 de enero de 2027")
        XCTAssertEqual(LocalizedDate.long(date("2026-03-04"), .es), "Miércoles, 4 de marzo de 2026")
        XCTAssertEqual(LocalizedDate.long(date("2026-08-29"), .es), "Sábado, 29 de agosto de 2026")
    }

    func testPeriodLabels() {
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-11-22"), .de), "22. November 2026")
        XCTAssertEqual(LocalizedDate.dayLabel(date("2026-11-22"), .es), "22 de noviembre de 2026")
        let week = (date("2026-11-17"), date("2026-11-23"))
        XCTAssertEqual(LocalizedDate.weekLabel(week.0, week.1, .de), "17. Nov. - 23. Nov.")
        XCTAssertEqual(LocalizedDate.weekLabel(week.0, week.1, .es), "17 nov - 23 nov")
        let spring = (date("2026-02-23"), date("2026-03-01"))
        XCTAssertEqual(LocalizedDate.weekLabel(spring.0, spring.1, .de), "23. Feb. - 1. März")
        XCTAssertEqual(LocalizedDate.weekLabel(spring.0, spring.1, .es), "23 feb - 1 mar")
        XCTAssertEqual(LocalizedDate.dayMonthShort(date("2026-09-07"), .de), "7. Sept.")
        XCTAssertEqual(LocalizedDate.dayMonthShort(date("2026-09-07"), .es), "7 sept")
        XCTAssertEqual(LocalizedDate.dayMonthShort(date("2026-03-01"), .fr), "1 mars", "no “1er” in short labels")
        XCTAssertEqual(LocalizedDate.monthLabel(date("2026-11-22"), .de), "November 2026")
        XCTAssertEqual(LocalizedDate.monthLabel(date("2026-11-22"), .es), "Noviembre de 2026")
        XCTAssertEqual(LocalizedDate.quarterLabel(4, 2026, .de), "Q4 2026")
        XCTAssertEqual(LocalizedDate.quarterLabel(4, 2026, .es), "T4 2026")
        XCTAssertEqual(LocalizedDate.yearLabel(2026, .de), "2026")
    }

    func testNames() {
        let week = Weekday.allCases
        XCTAssertEqual(week.map { LocalizedDate.weekday($0, .de) },
                       ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"])
        XCTAssertEqual(week.map { LocalizedDate.weekdayShort($0, .de) }, ["Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."])
        XCTAssertEqual(week.map { LocalizedDate.weekdayNarrow($0, .de) }.joined(), "MDMDFSS")
        XCTAssertEqual(week.map { LocalizedDate.weekday($0, .es) },
                       ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"])
        XCTAssertEqual(week.map { LocalizedDate.weekdayShort($0, .es) }, ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"])
        XCTAssertEqual(week.map { LocalizedDate.weekdayNarrow($0, .es) }.joined(), "LMXJVSD", "X is miércoles")
        XCTAssertEqual((1...12).map { LocalizedDate.monthShort($0, .de) },
                       ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."])
        XCTAssertEqual((1...12).map { LocalizedDate.month($0, .es) },
                       ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
                        "septiembre", "octubre", "noviembre", "diciembre"])
    }

    /// The one capitals rule: German names are always capitalized (nouns); elsewhere a
    /// label starts with a capital and a month name inside it is written as in a sentence
    /// (lowercase in French and Spanish). So the French day heading, day label and month
    /// label agree: "Dimanche 22 novembre 2026", "22 novembre 2026", "Novembre 2026".
    func testEveryLabelFollowsTheCapitalsRule() {
        var day = date("2026-01-01")
        while day.year == 2026 {
            for language in Language.allCases {
                let month = LocalizedDate.month(day.month, language)
                let long = LocalizedDate.long(day, language)
                let monthLabel = LocalizedDate.monthLabel(day, language)
                XCTAssertTrue(long.first!.isUppercase, "\(language) \(long)")
                XCTAssertTrue(monthLabel.first!.isUppercase, "\(language) \(monthLabel)")
                XCTAssertTrue(long.contains(" " + month + " "), "\(language) \(long): the month as written in a sentence")
                if language == .fr || language == .es {
                    XCTAssertEqual(month, month.lowercased())
                    XCTAssertTrue(LocalizedDate.dayLabel(day, language).contains(" " + month + " "))
                }
                if language == .de {
                    XCTAssertTrue(month.first!.isUppercase)
                    XCTAssertTrue(LocalizedDate.weekday(day.weekday, language).first!.isUppercase)
                }
            }
            day = day.adding(days: 1)
        }
    }

    // MARK: Strings files

    /// Every English key (and no other) in de and es, and no text left in English but the
    /// listed ones that read the same in the language ("Name", "Emoji", "{hour}:00"…).
    func testStringsAreCompleteAndTranslated() throws {
        let strings = try Strings(directory: viewsDirectory() + "/strings")
        let english = strings.table(.en)
        let sameAsEnglish: [Language: Set<String>] = [
            .de: ["account.name.heading", "family.add.display_name", "habit.page.plan", "habits.emoji", "habits.name",
                  "habits.swatch.rose", "heatmap.day", "stats.short.month", "stats.short.quarter", "stats.short.week",
                  "vacations.range", "chores.stats.count", "webhook.heading"],
            .es: ["family.badge_admin", "habit.page.plan", "habits.emoji", "habits.minutes", "habits.swatch.coral",
                  "heatmap.day", "settings.hour", "stats.short.day", "stats.short.month", "vacations.range",
                  "chores.stats.count", "webhook.heading"],
        ]
        for language in [Language.de, .es] {
            let table = strings.table(language)
            XCTAssertEqual(Set(table.keys.filter { !$0.hasSuffix(".many") }), Set(english.keys), "\(language)")
            let untranslated = english.keys.filter { table[$0] == english[$0] }
            let allowed = sameAsEnglish[language]!
            XCTAssertEqual(Set(untranslated), allowed, "\(language): only words that read the same may equal English")
        }
        XCTAssertEqual(strings.text("stats.short.year", .de), "J")
        XCTAssertEqual(strings.text("stats.short.day", .de), "T")
        XCTAssertEqual(["day", "week", "month", "quarter", "year"].map { strings.text("stats.short.\($0)", .es) },
                       ["D", "S", "M", "T", "A"])
        XCTAssertEqual(strings.text("habits.swatch.sun", .de), "Sonne")
        XCTAssertEqual(strings.text("habits.swatch.sun", .es), "Sol")
    }

    /// German and Spanish texts quote with their own marks, never with straight quotes.
    func testQuotationMarks() throws {
        let strings = try Strings(directory: viewsDirectory() + "/strings")
        for language in [Language.de, .es] {
            for (key, text) in strings.table(language) {
                XCTAssertFalse(text.contains("\""), "\(language) \(key): a straight quote")
                XCTAssertFalse(text.contains("“") && language == .es, "es \(key): Spanish quotes with «»")
            }
        }
    }
}
