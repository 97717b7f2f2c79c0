import Imaging
import XCTest

/// Telling a bare JPEG (as Dawn stores photos) from one carrying metadata, from its segments.
final class JPEGSegmentsTests: XCTestCase {
    private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    private var jfif: [UInt8] { segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]) }
    private var tables: [UInt8] { segment(0xDB, [0] + [UInt8](repeating: 1, count: 64)) + segment(0xC0, [8, 0, 4, 0, 4, 1, 1, 0x11, 0]) }
    private var scan: [UInt8] { segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0xD9] }

    func testABareJPEGIsBare() {
        XCTAssertTrue(JPEGSegments.isBare([0xFF, 0xD8] + jfif + tables + scan))
        XCTAssertTrue(JPEGSegments.isBare([0xFF, 0xD8, 0xFF] + jfif + tables + scan), "a fill byte before a marker")
    }

    func testMetadataMakesItNotBare() {
        let exif = segment(0xE1, Array("Exif\0\0".utf8) + [0x4D, 0x4D])
        let icc = segment(0xE2, Array("ICC_PROFILE\0".utf8))
        let comment = segment(0xFE, Array("taken at home".utf8))
        for extra in [exif, icc, comment] {
            XCTAssertFalse(JPEGSegments.isBare([0xFF, 0xD8] + jfif + extra + tables + scan))
        }
    }

    func testWhatIsNoWellFormedJPEGIsNotBare() {
        XCTAssertFalse(JPEGSegments.isBare([]))
        XCTAssertFalse(JPEGSegments.isBare(Array("\u{89}PNG\r\n".utf8)))
        XCTAssertFalse(JPEGSegments.isBare([0xFF, 0xD8] + jfif + tables), "no scan")
        XCTAssertFalse(JPEGSegments.isBare(Array(([0xFF, 0xD8] + jfif + tables + scan).prefix(30))), "cut short")
        XCTAssertFalse(JPEGSegments.isBare([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x01] + tables + scan), "a length under 2")
        XCTAssertFalse(JPEGSegments.isBare([0xFF, 0xD8, 0x00] + jfif + scan), "junk between segments")
    }
}
