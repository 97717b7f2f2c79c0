import Files
import Foundation
import XCTest
import Zip

final class ZipCRCTests: XCTestCase {
    func testKnownValues() {
        XCTAssertEqual(ZipCRC.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(ZipCRC.crc32([UInt8]()), 0)
        XCTAssertEqual(ZipCRC.crc32("123456789".utf8), 0xCBF4_3926, "a collection without contiguous storage")
    }

    func testContinuingEqualsAtOnce() {
        let bytes = randomBytes(10_000, seed: 5)
        let first = bytes[..<3_333].withUnsafeBytes { ZipCRC.crc32($0) }
        let whole = bytes[3_333...].withUnsafeBytes { ZipCRC.crc32($0, continuing: first) }
        XCTAssertEqual(whole, ZipCRC.crc32(bytes))
    }

    /// A file larger than one read chunk: the same size and CRC-32 as its bytes in memory.
    func testAFileInChunks() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let bytes = randomBytes(700_001, seed: 9)
        let path = try scratch.file("photo.jpg", bytes)
        let (size, crc) = try ZipCRC.file(atPath: path)
        XCTAssertEqual(size, 700_001)
        XCTAssertEqual(crc, ZipCRC.crc32(bytes))
        XCTAssertThrowsError(try ZipCRC.file(atPath: scratch.path + "/missing.jpg")) { error in
            XCTAssertEqual((error as? FileError)?.errno, ENOENT)
        }
    }
}
