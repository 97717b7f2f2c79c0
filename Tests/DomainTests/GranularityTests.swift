import Domain
import XCTest

final class GranularityTests: XCTestCase {
    func testRawValuesAreTheURLForms() {
        XCTAssertEqual(Granularity.allCases, [.day, .week, .month, .quarter, .year])
        XCTAssertEqual(Granularity.allCases.map(\.rawValue), ["day", "week", "month", "quarter", "year"])
        XCTAssertEqual(Granularity(rawValue: "quarter"), .quarter)
        XCTAssertNil(Granularity(rawValue: "Week"))
        XCTAssertNil(Granularity(rawValue: " week"))
        XCTAssertNil(Granularity(rawValue: ""))
    }
}
