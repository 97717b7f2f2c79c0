import Foundation
import XCTest
import Gzip

final class GzipTests: XCTestCase {
    private static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    private static let text: [UInt8] = {
        var lines = ""
        var i = 0
        while lines.utf8.count < 1024 * 1024 {
            lines += "<li class=\"habit\">Habit \(i): drink water, stretch, read \(i % 17) pages</li>\n"
            i += 1
        }
        return Array(lines.utf8.prefix(1024 * 1024))
    }()

    func testRoundTrips() throws {
        let inputs: [[UInt8]] = [[], [0x42], Array("hello, gzip".utf8), Self.randomBytes(1024 * 1024, seed: 1), Self.text]
        for input in inputs {
            let compressed = Gzip.compress(input)
            XCTAssertEqual(Array(compressed.prefix(3)), [0x1F, 0x8B, 0x08], "gzip magic and deflate method")
            XCTAssertEqual(try Gzip.decompress(compressed, maxOutputBytes: input.count), input)
        }
    }

    func testTextShrinks() {
        XCTAssertLessThan(Gzip.compress(Self.text).count, Self.text.count / 10)
    }

    func testLevels() throws {
        for level: Int32 in [0, 1, 9] {
            XCTAssertEqual(try Gzip.decompress(Gzip.compress(Self.text, level: level), maxOutputBytes: Self.text.count), Self.text)
        }
    }

    /// The output must be what the `gzip` tool itself accepts.
    func testGzipToolDecompressesOutput() throws {
        let tool = URL(fileURLWithPath: "/usr/bin/gzip")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw XCTSkip("no gzip tool") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dawn-gzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("text.gz")
        try Data(Gzip.compress(Self.text)).write(to: file)

        let process = Process()
        process.executableURL = tool
        process.arguments = ["-d", "-c", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual([UInt8](data), Self.text)
    }

    func testCompressorReuseGivesIdenticalOutput() throws {
        let compressor = GzipCompressor()
        let inputs: [[UInt8]] = [Self.text, [], Self.randomBytes(10_000, seed: 2), Self.text, Array("short".utf8)]
        for input in inputs {
            let first = compressor.compress(input)
            let again = compressor.compress(input)
            XCTAssertEqual(first, again)
            XCTAssertEqual(first, Gzip.compress(input), "same bytes as a fresh stream")
            XCTAssertEqual(try Gzip.decompress(first, maxOutputBytes: input.count), input)
        }
    }

    func testCompressorAppendsIntoBuffer() throws {
        let compressor = GzipCompressor(level: 9)
        var buffer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
        let prefixCount = buffer.count
        compressor.compress(Self.text, into: &buffer)
        XCTAssertEqual(Array(buffer[..<prefixCount]), Array("HTTP/1.1 200 OK\r\n\r\n".utf8))
        XCTAssertEqual(try Gzip.decompress(Array(buffer[prefixCount...]), maxOutputBytes: Self.text.count), Self.text)
    }

    func testMaxOutputBytesIsEnforced() throws {
        let compressed = Gzip.compress(Self.text)
        XCTAssertEqual(try Gzip.decompress(compressed, maxOutputBytes: Self.text.count).count, Self.text.count)
        XCTAssertThrowsError(try Gzip.decompress(compressed, maxOutputBytes: Self.text.count - 1)) {
            XCTAssertEqual($0 as? GzipError, .tooLarge(maxOutputBytes: Self.text.count - 1))
        }
        // A small bomb: 100 MiB of zeros compresses to ~100 KiB, and must stop at the limit.
        let bomb = Gzip.compress([UInt8](repeating: 0, count: 100 * 1024 * 1024), level: 9)
        XCTAssertThrowsError(try Gzip.decompress(bomb, maxOutputBytes: 1024 * 1024)) {
            XCTAssertEqual($0 as? GzipError, .tooLarge(maxOutputBytes: 1024 * 1024))
        }
        XCTAssertThrowsError(try Gzip.decompress(Gzip.compress([1]), maxOutputBytes: 0))
        XCTAssertEqual(try Gzip.decompress(Gzip.compress([]), maxOutputBytes: 0), [])
    }

    func testTruncatedInputFails() {
        let compressed = Gzip.compress(Self.text)
        for length in [0, 1, 5, 10, compressed.count / 2, compressed.count - 1] {
            XCTAssertThrowsError(try Gzip.decompress(Array(compressed.prefix(length)), maxOutputBytes: Self.text.count), "\(length)") {
                XCTAssertEqual($0 as? GzipError, .truncated, "\(length)")
            }
        }
    }

    func testCorruptInputFails() {
        var compressed = Gzip.compress(Self.text)
        XCTAssertThrowsError(try Gzip.decompress(Array("not gzip at all".utf8), maxOutputBytes: 1000)) {
            guard case .corrupt = $0 as? GzipError else { return XCTFail("\($0)") }
        }
        // A flipped byte in the trailer's CRC.
        compressed[compressed.count - 6] ^= 0xFF
        XCTAssertThrowsError(try Gzip.decompress(compressed, maxOutputBytes: Self.text.count)) {
            guard case .corrupt = $0 as? GzipError else { return XCTFail("\($0)") }
        }
        // Garbage after a complete member.
        XCTAssertThrowsError(try Gzip.decompress(Gzip.compress([1, 2, 3]) + [0xDE, 0xAD, 0xBE, 0xEF], maxOutputBytes: 100))
    }

    func testConcatenatedMembersDecompressLikeGunzip() throws {
        let joined = Gzip.compress(Array("one ".utf8)) + Gzip.compress(Array("two".utf8))
        XCTAssertEqual(try Gzip.decompress(joined, maxOutputBytes: 100), Array("one two".utf8))
    }

    func testErrorMessages() {
        XCTAssertEqual(GzipError.truncated.message, "Truncated gzip data")
        XCTAssertEqual(GzipError.tooLarge(maxOutputBytes: 10).message, "Decompressed data larger than 10 bytes")
    }
}
