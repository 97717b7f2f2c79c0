import Domain
import Foundation
import XCTest

/// The schedule, target and amount errors: stable keys, each with a text in every language.
final class HabitErrorScheduleKeysTests: XCTestCase {
    private let keys: [HabitError: String] = [
        .scheduleKind: "habit.error.schedule_kind",
        .scheduleWeekdays: "habit.error.schedule_weekdays",
        .scheduleWeekTimes: "habit.error.schedule_week_times",
        .scheduleMonthTimes: "habit.error.schedule_month_times",
        .targetAmount: "habit.error.target_amount",
        .targetUnit: "habit.error.target_unit",
        .targetKind: "habit.error.target_kind",
        .amountFormat: "habit.error.amount_format",
    ]

    func testKeysAreStable() {
        for (error, key) in keys {
            XCTAssertEqual(error.key, key)
            XCTAssertEqual(error.description, key)
        }
        XCTAssertEqual(Set(HabitError.allCases.map(\.key)).count, HabitError.allCases.count)
    }

    /// Views/strings/{en,it,fr}.strings each hold every key once, with a non-empty text.
    func testEveryLanguageHasATextForEachKey() throws {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Views/strings/en.strings").path) {
            guard directory.path != "/" else { throw XCTSkip("Views/strings not found above \(#filePath)") }
            directory.deleteLastPathComponent()
        }
        for language in ["en", "it", "fr"] {
            let text = try String(contentsOf: directory.appendingPathComponent("Views/strings/\(language).strings"), encoding: .utf8)
            let lines = text.split(separator: "\n")
            for key in keys.values {
                let entries = lines.filter { $0.hasPrefix("\"\(key)\" = \"") && $0.hasSuffix("\";") && $0.count > key.count + 8 }
                XCTAssertEqual(entries.count, 1, "\(key) in \(language).strings")
            }
        }
    }
}
