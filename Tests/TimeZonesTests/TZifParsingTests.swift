import XCTest
@testable import TimeZones

/// The parser against hand-built files: each version, slim files that rely
/// on the footer, and one test per malformation.
final class TZifParsingTests: XCTestCase {
    private let cet = TZifBuilder.TimeType(utOffset: 3_600, isDST: false, abbreviation: "CET")
    private let cest = TZifBuilder.TimeType(utOffset: 7_200, isDST: true, abbreviation: "CEST")
    private let lmt = TZifBuilder.TimeType(utOffset: 2_996, isDST: false, abbreviation: "LMT")

    private func parse(_ builder: TZifBuilder, file: StaticString = #filePath, line: UInt = #line) throws -> TimeZoneRules {
        do {
            return try TimeZoneRules(tzif: builder.bytes())
        } catch {
            XCTFail("\(error)", file: file, line: line)
            throw error
        }
    }

    private func assertMalformed(_ bytes: [UInt8], _ reasonFragment: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try TimeZoneRules(tzif: bytes), file: file, line: line) { error in
            guard case TimeZoneError.malformedData(nil, let reason) = error else {
                return XCTFail("unexpected \(error)", file: file, line: line)
            }
            XCTAssertTrue(reason.contains(reasonFragment), "\"\(reason)\" lacks \"\(reasonFragment)\"", file: file, line: line)
        }
    }

    func testVersion1UsesTheLastTypeForever() throws {
        let builder = TZifBuilder(versionByte: 0, transitions: [(1_000, 1), (2_000, 2)], types: [lmt, cet, cest])
        let rules = try parse(builder)
        XCTAssertEqual(rules.offset(at: 999), 2_996)  // before the first transition: type 0
        XCTAssertEqual(rules.offset(at: 1_000), 3_600)
        XCTAssertEqual(rules.offset(at: 1_999), 3_600)
        XCTAssertEqual(rules.offset(at: 2_000), 7_200)
        XCTAssertEqual(rules.offset(at: Instant.utc(2100, 1, 1)), 7_200)
        XCTAssertEqual(rules.abbreviation(at: 500), "LMT")
        XCTAssertEqual(rules.offset(at: Int64.min), 2_996)
        XCTAssertEqual(rules.offset(at: Int64.max), 7_200)
    }

    func testVersion2FooterTakesOverAfterTheLastTransition() throws {
        let lastTransition = Instant.utc(2000, 10, 29, 1)
        let builder = TZifBuilder(transitions: [(-3_000_000_000, 1), (lastTransition, 1)], types: [lmt, cet, cest],
                                  footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        let rules = try parse(builder)
        XCTAssertEqual(rules.offset(at: -3_000_000_001), 2_996)  // 64-bit time, before 1901
        XCTAssertEqual(rules.offset(at: -3_000_000_000), 3_600)
        XCTAssertEqual(rules.offset(at: Instant.utc(2026, 7, 1)), 7_200)
        XCTAssertEqual(rules.offset(at: Instant.utc(2026, 12, 1)), 3_600)
        XCTAssertEqual(rules.abbreviation(at: Instant.utc(2026, 7, 1)), "CEST")
    }

    /// A slim file: no transitions at all, everything comes from the footer.
    func testSlimFileWithOnlyAFooter() throws {
        for version in ["2", "3", "4"] {
            let builder = TZifBuilder(versionByte: UInt8(ascii: Unicode.Scalar(version)!), types: [cet],
                                      footer: "CET-1CEST,M3.5.0,M10.5.0/3")
            let rules = try parse(builder)
            XCTAssertEqual(rules.offset(at: Instant.utc(1980, 7, 1)), 7_200)
            XCTAssertEqual(rules.offset(at: Instant.utc(2026, 1, 1)), 3_600)
            XCTAssertEqual(rules.offset(at: Instant.utc(2026, 7, 1)), 7_200)
        }
    }

    func testEmptyFooterKeepsTheLastType() throws {
        let rules = try parse(TZifBuilder(transitions: [(0, 1)], types: [lmt, cet], footer: nil))
        XCTAssertEqual(rules.offset(at: Instant.utc(2100, 7, 1)), 3_600)
    }

    func testVersion3FooterExtensions() throws {
        let ist = TZifBuilder.TimeType(utOffset: 7_200, isDST: false, abbreviation: "IST")
        let rules = try parse(TZifBuilder(versionByte: UInt8(ascii: "3"), types: [ist], footer: "IST-2IDT,M3.4.4/26,M10.5.0"))
        XCTAssertEqual(rules.offset(at: Instant.utc(2026, 3, 27, 0)), 10_800)
        XCTAssertEqual(rules.offset(at: Instant.utc(2026, 3, 26, 23, 59, 59)), 7_200)
    }

    func testHeaderErrors() {
        let good = TZifBuilder(transitions: [(0, 1)], types: [lmt, cet], footer: "CET-1").bytes()
        var bytes = good
        bytes[0] = UInt8(ascii: "X")
        assertMalformed(bytes, "TZif")
        bytes = good
        bytes[4] = UInt8(ascii: "5")
        assertMalformed(bytes, "version")
        assertMalformed([], "truncated")
        assertMalformed(Array("TZif2".utf8), "truncated")
        // Second header disagreeing on the version.
        bytes = good
        let secondHeader = 44 + 1 * 5 + 2 * 6 + 8
        XCTAssertEqual(Array(bytes[secondHeader..<secondHeader + 4]), Array("TZif".utf8))
        bytes[secondHeader + 4] = UInt8(ascii: "3")
        assertMalformed(bytes, "disagree")
    }

    func testCountErrors() {
        let good = TZifBuilder(transitions: [(0, 1)], types: [lmt, cet], footer: "CET-1").bytes()
        func withCount(_ index: Int, _ value: UInt32) -> [UInt8] {
            var bytes = good
            let offset = 20 + 4 * index  // isut, isstd, leap, time, type, char
            for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(3 - i))) }
            return bytes
        }
        assertMalformed(withCount(3, 10_001), "timecnt 10001 exceeds")
        assertMalformed(withCount(3, .max), "timecnt")
        assertMalformed(withCount(4, 0), "typecnt is zero")
        assertMalformed(withCount(4, 257), "typecnt")
        assertMalformed(withCount(5, 0), "charcnt is zero")
        assertMalformed(withCount(0, 1), "isutcnt")
        assertMalformed(withCount(1, 1), "isstdcnt")
        assertMalformed(withCount(2, 10_001), "leapcnt")
        assertMalformed(withCount(3, 9_000), "truncated")
    }

    func testDataErrors() {
        // Transitions out of order.
        assertMalformed(TZifBuilder(versionByte: 0, transitions: [(10, 1), (10, 0)], types: [lmt, cet]).bytes(), "not after")
        assertMalformed(TZifBuilder(versionByte: 0, transitions: [(10, 1), (5, 0)], types: [lmt, cet]).bytes(), "not after")
        // Type index beyond typecnt.
        assertMalformed(TZifBuilder(versionByte: 0, transitions: [(10, 2)], types: [lmt, cet]).bytes(), "type index 2")
        // Offsets outside -25 h...+26 h, and Int32.min.
        for utOffset: Int32 in [93_600, -90_000, .min, .max] {
            let odd = TZifBuilder.TimeType(utOffset: utOffset, isDST: false, abbreviation: "ODD")
            assertMalformed(TZifBuilder(versionByte: 0, types: [odd]).bytes(), "UT offset")
        }
        var bytes = TZifBuilder(versionByte: 0, types: [cet]).bytes()
        // ttinfo starts right after the header when there are no transitions.
        bytes[44 + 4] = 2
        assertMalformed(bytes, "isdst 2")
        bytes = TZifBuilder(versionByte: 0, types: [cet]).bytes()
        bytes[44 + 5] = 4  // abbreviation index == charcnt
        assertMalformed(bytes, "beyond charcnt")
        bytes = TZifBuilder(versionByte: 0, types: [cet]).bytes()
        bytes[bytes.count - 1] = UInt8(ascii: "X")  // the NUL after "CET"
        assertMalformed(bytes, "NUL")
        bytes = TZifBuilder(versionByte: 0, types: [cet]).bytes()
        bytes[44 + 6] = 0xC3
        assertMalformed(bytes, "ASCII")
        // Trailing garbage after a version 1 file.
        assertMalformed(TZifBuilder(versionByte: 0, types: [cet]).bytes() + [0], "unexpected bytes")
    }

    func testFooterErrors() {
        let good = TZifBuilder(types: [cet], footer: "CET-1CEST,M3.5.0,M10.5.0/3").bytes()
        assertMalformed(Array(good.dropLast()), "newline")
        assertMalformed(good + [0], "unexpected bytes after the footer")
        assertMalformed(good + Array("x\n".utf8), "unexpected bytes after the footer")
        assertMalformed(TZifBuilder(types: [cet], footer: "CET-1CEST,M13.5.0,M10.5.0").bytes(), "footer: invalid POSIX")
        assertMalformed(TZifBuilder(types: [cet], footer: "CET\u{7}-1").bytes(), "printable")
        var bytes = good
        let newlineBeforeFooter = bytes.count - "CET-1CEST,M3.5.0,M10.5.0/3".utf8.count - 2
        XCTAssertEqual(bytes[newlineBeforeFooter], UInt8(ascii: "\n"))
        bytes[newlineBeforeFooter] = UInt8(ascii: "x")
        assertMalformed(bytes, "missing the footer")
    }

    func testIndicatorsAndLeapSecondsAreCheckedAndSkipped() throws {
        // Hand-written version 1 file: one type, one leap second record, isstd and isut indicators.
        func file(isStandard: UInt8, isUT: UInt8) -> [UInt8] {
            var bytes = Array("TZif".utf8) + [0] + [UInt8](repeating: 0, count: 15)
            for count: UInt8 in [1, 1, 1, 0, 1, 4] { bytes += [0, 0, 0, count] }  // isut isstd leap time type char
            bytes += [0, 0, 0x0E, 0x10, 0, 0]  // +3600, not DST, abbreviation 0
            bytes += Array("CET".utf8) + [0]
            bytes += [0x04, 0x00, 0x00, 0x00, 0, 0, 0, 1]  // leap second record
            return bytes + [isStandard, isUT]
        }
        XCTAssertEqual(try TimeZoneRules(tzif: file(isStandard: 1, isUT: 1)).offset(at: 0), 3_600)
        XCTAssertEqual(try TimeZoneRules(tzif: file(isStandard: 1, isUT: 0)).offset(at: 0), 3_600)
        assertMalformed(file(isStandard: 2, isUT: 0), "indicator")
        assertMalformed(file(isStandard: 0, isUT: 1), "UT indicator is set")
    }

    func testOversizedInput() {
        assertMalformed([UInt8](repeating: 0, count: (1 << 20) + 1), "larger than")
    }
}
