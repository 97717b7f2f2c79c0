import Foundation
import XCTest
@testable import Localization

/// The real Views/strings files: they load, and every page's keys are in them.
final class StringsFilesTests: XCTestCase {
    private var strings: Strings!
    private var views = ""

    override func setUpWithError() throws {
        views = URL(fileURLWithPath: try viewsDirectory()).resolvingSymlinksInPath().path
        strings = try Strings(directory: views + "/strings")
    }

    func testEveryLanguageHasEnglishsKeys() {
        let english = Set(strings.table(.en).keys)
        for language in Language.allCases {
            let keys = Set(strings.table(language).keys.filter { !$0.hasSuffix(".many") })
            XCTAssertEqual(keys, english, "\(language)")
        }
        XCTAssertGreaterThan(english.count, 150)
    }

    func testTheKeysOtherPagesNeedExist() {
        let needed = """
        error.bad_address error.not_found error.method error.internal error.session_ended error.admin_only
        error.csrf error.form_type error.form_unreadable error.back error.setup_done error.bad_date error.date_range
        nav.today nav.family nav.settings nav.account nav.sign_out nav.skip nav.label
        day.stats.streak.one day.stats.streak.other day.stats.active.one day.stats.active.other
        day.stats.entries.one day.stats.entries.other day.best.one day.best.other day.today day.previous day.next
        day.row_label day.grid_label day.circle.today day.circle.selected day.circle.entry day.circle.active
        day.circle.future entry.heading entry.placeholder entry.save entry.delete entry.saved entry.deleted
        entry.too_long entry.label notes.heading notes.placeholder notes.add notes.delete notes.delete_label
        notes.empty notes.too_long notes.blank notes.added notes.deleted notes.not_found
        entry.deleted_undo entry.restore entry.restored entry.restore_gone entry.restore_conflict
        notes.deleted_undo notes.restore notes.restore_label notes.restored notes.restore_gone
        settings.title settings.saved settings.language settings.time_zone settings.time_zone_hint
        settings.first_weekday settings.monday settings.sunday settings.day_start settings.day_start_hint
        settings.hour settings.view settings.view_row settings.view_grid settings.grid_dates settings.theme
        settings.theme_system settings.theme_light settings.theme_dark settings.save settings.invalid
        """.split(whereSeparator: \.isWhitespace).map(String.init)
        let english = strings.table(.en)
        for key in needed {
            XCTAssertNotNil(english[key], key)
        }
        XCTAssertEqual(strings.format("error.method", .en, ["method": "PUT"]), "This page does not accept PUT.")
        XCTAssertEqual(strings.format("entry.label", .it, ["date": "22 novembre"]), "Voce del diario: 22 novembre")
        XCTAssertEqual(strings.format("settings.hour", .fr, ["hour": "7"]), "7\u{00A0}h")
        XCTAssertEqual(strings.text("nav.today", .it), "Oggi")
        XCTAssertEqual(strings.text("nav.today", .fr), "Aujourd'hui")
    }

    /// `{{t.a.b}}` in any template must be a text, and one without placeholders
    /// (a template cannot fill them).
    func testEveryTemplateKeyIsATextWithoutPlaceholders() throws {
        let english = strings.table(.en)
        var seen = 0
        for (file, source) in try templates() {
            for key in matches(#"\{\{\s*[#/]?(?:if |unless )?\s*t\.([a-z0-9_.]+)\s*\}\}"#, in: source) {
                seen += 1
                guard let text = english[key] else {
                    XCTFail("\(file): {{t.\(key)}} is not in en.strings")
                    continue
                }
                XCTAssertFalse(text.contains("{"), "\(file): {{t.\(key)}} has placeholders no template can fill")
            }
        }
        XCTAssertGreaterThan(seen, 50)
    }

    /// `app.t("key", …)` and `plural("key", …)` in the app's Swift name keys that exist.
    func testEveryKeyTheAppNamesExists() throws {
        let root = URL(fileURLWithPath: views).deletingLastPathComponent()
        let app = root.appendingPathComponent("Sources/DawnApp")
        guard let files = FileManager.default.enumerator(atPath: app.path) else { throw XCTSkip("no Sources/DawnApp") }
        let english = strings.table(.en)
        var seen = 0
        for case let path as String in files where path.hasSuffix(".swift") {
            let source = try String(contentsOf: app.appendingPathComponent(path), encoding: .utf8)
            for key in matches(#"\bt\("([a-z0-9_.]+)""#, in: source) {
                seen += 1
                XCTAssertNotNil(english[key], "\(path): \"\(key)\" is not in en.strings")
            }
            for key in matches(#"plural\("([a-z0-9_.]+)""#, in: source) {
                seen += 1
                XCTAssertNotNil(english[key + ".other"], "\(path): plural \"\(key)\" has no .other in en.strings")
            }
            for key in matches(#""(account_error\.[a-z0-9_]+)""#, in: source) {
                XCTAssertNotNil(english[key], "\(path): \"\(key)\" is not in en.strings")
            }
        }
        XCTAssertGreaterThan(seen, 10)
    }

    func testFrenchPunctuationHasItsNoBreakSpaces() {
        for (key, text) in strings.table(.fr) {
            for mark in [":", ";", "?", "!"] {
                XCTAssertFalse(text.contains(" " + mark), "fr \(key): a plain space before \(mark)")
            }
        }
    }

    func testTemplatesSeeStringsAsNestedPaths() {
        // Dawn nests keys at dots; a key that is a text is never also a prefix.
        let keys = Set(strings.table(.en).keys)
        for key in keys {
            XCTAssertFalse(keys.contains { $0.hasPrefix(key + ".") }, key)
        }
    }

    private func templates() throws -> [(String, String)] {
        guard let files = FileManager.default.enumerator(atPath: views) else { return [] }
        var result: [(String, String)] = []
        for case let path as String in files where path.hasSuffix(".html") {
            result.append((path, try String(contentsOfFile: views + "/" + path, encoding: .utf8)))
        }
        return result
    }

    private func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
