import Domain
import XCTest

/// Fails unless `body` throws exactly `expected`.
func assertHabitError<T>(
    _ expected: HabitError, _ body: () throws(HabitError) -> T, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let value = try body()
        XCTFail("expected \(expected), got \(value) \(message)", file: file, line: line)
    } catch {
        XCTAssertEqual(error, expected, message, file: file, line: line)
    }
}
