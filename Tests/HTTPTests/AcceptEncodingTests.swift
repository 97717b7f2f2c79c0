import XCTest
import HTTP

final class AcceptEncodingTests: XCTestCase {
    func testQValueTable() {
        let table: [(String?, Bool)] = [
            ("gzip", true),
            ("gzip;q=0", false),
            ("*", true),
            ("*;q=0", false),
            ("gzip;q=0, *", false),
            ("*, gzip;q=0", false),
            ("identity", false),
            ("GZIP;Q=0.5", true),
            ("br, gzip;q=0.001", true),
            ("br, gzip;q=0.000", false),
            ("", false),
            (nil, false),
            ("garbage", false),
            (";;;,,,==", false),
            ("x-gzip", true),
            ("deflate, gzip", true),
            ("  gzip  ;  q=1.0  ,br", true),
            ("gzip;q=1.000", true),
            ("gzip;q=1.001", false),
            ("gzip;q=2", false),
            ("gzip;q=0.5000", false),
            ("gzip;q=", false),
            ("gzip;q=.5", false),
            ("gzip;q=abc", false),
            ("gzip;level=1", false),
            ("gzip;q=0, *;q=1", false),
            ("br;q=1, *;q=0.1", true),
            ("gzipx", false),
            ("gzip\t;\tq=0.9", true),
        ]
        for (header, expected) in table {
            XCTAssertEqual(AcceptEncoding.prefersGzip(header), expected, header ?? "nil")
        }
    }

    func testLongHeaderIsLinear() {
        let header = String(repeating: "br;q=0.5, ", count: 1600) + "gzip"
        XCTAssertGreaterThan(header.utf8.count, 16_000)
        XCTAssertTrue(AcceptEncoding.prefersGzip(header))
        XCTAssertFalse(AcceptEncoding.prefersGzip(String(repeating: ";", count: 16 * 1024)))
        XCTAssertFalse(AcceptEncoding.prefersGzip(String(repeating: ",", count: 16 * 1024)))
    }
}
