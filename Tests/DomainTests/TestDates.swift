import TimeZones
import XCTest

/// "YYYY-MM-DD" to a date; a typo in a test fails loudly.
func day(_ iso: String, file: StaticString = #filePath, line: UInt = #line) -> LocalDate {
    guard let date = LocalDate(iso: iso) else {
        XCTFail("not a date: \(iso)", file: file, line: line)
        return LocalDate(daysSince1970: 0)
    }
    return date
}

/// UTC wall time to seconds since 1970, computed without the code under test.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int64 {
    Int64(LocalDate(year: year, month: month, day: day)!.daysSince1970) * 86_400
        + Int64(hour * 3_600 + minute * 60 + second)
}

/// System tzdata zones, loaded once.
let zones = TimeZoneDatabase()

func zone(_ identifier: String) throws -> TimeZoneRules {
    try zones.rules(for: identifier)
}
