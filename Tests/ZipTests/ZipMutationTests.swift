import XCTest
@testable import Zip

/// Damaged zips, made by mutating valid ones at random (a fixed seed, so a failure repeats):
/// reading returns or throws, never traps, and what it returns keeps its promises.
final class ZipMutationTests: XCTestCase {
    /// Small entries, so most mutations land in headers: classic and forced ZIP64.
    private static let samples: [[UInt8]] = {
        var zips: [[UInt8]] = []
        for threshold: Int64 in [0xFFFF_FFFF, 0] {
            var writer = ZipWriter(modified: .earliest, zip64Threshold: threshold, zip64EntryThreshold: threshold == 0 ? 0 : 0xFFFF)
            writer.add(name: "dawn.json", bytes: text(lines: 8), compress: true)
            writer.add(name: "photos/a.jpg", bytes: randomBytes(40, seed: 2), compress: false)
            writer.add(name: "empty", bytes: [], compress: true)
            guard case let .bytes(bytes) = writer.finish().parts[0] else { fatalError("one part") }
            zips.append(bytes)
        }
        zips.append(HandMadeZip([.deflated("a/b.txt", text(lines: 3)), .stored("a/", [])]).bytes)
        return zips
    }()

    /// Reads everything a zip offers; checks an entry's contents are its declared size.
    private func readAll(_ bytes: [UInt8]) {
        let limits = ZipLimits(maxEntries: 50, maxEntryBytes: 1 << 20, maxTotalBytes: 4 << 20)
        guard let archive = try? ZipArchive(bytes: bytes, limits: limits) else { return }
        XCTAssertLessThanOrEqual(archive.entries.count, 50)
        for entry in archive.entries {
            XCTAssertFalse(entry.name.hasPrefix("/") || entry.name.split(separator: "/").contains(".."), entry.name)
            XCTAssertEqual(archive.entry(named: entry.name), entry)
            if let contents = try? archive.contents(of: entry) {
                XCTAssertEqual(Int64(contents.count), entry.size, entry.name)
                XCTAssertEqual(ZipCRC.crc32(contents), entry.crc32, entry.name)
            }
        }
    }

    func testSamplesAreValid() throws {
        for sample in Self.samples {
            let archive = try ZipArchive(bytes: sample)
            for entry in archive.entries { XCTAssertNoThrow(try archive.contents(of: entry)) }
        }
    }

    func testRandomByteChanges() {
        var random = SeededRandom(seed: 20_261_124)
        for iteration in 0..<4_000 {
            var bytes = Self.samples[iteration % Self.samples.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                case 2: bytes[index] = [0x00, 0xFF, 0x7F, 0x80].randomElement(using: &random)!
                default: bytes[index] = bytes[index] &+ 1
                }
            }
            readAll(bytes)
        }
    }

    func testCutsAndInsertions() {
        var random = SeededRandom(seed: 7)
        for sample in Self.samples {
            for length in 0..<sample.count { readAll(Array(sample.prefix(length))) }
            for _ in 0..<300 {
                var bytes = sample
                let index = Int.random(in: 0..<bytes.count, using: &random)
                if Bool.random(using: &random) {
                    bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...8, using: &random)))
                } else {
                    bytes.insert(contentsOf: randomBytes(Int.random(in: 1...8, using: &random), seed: random.next()), at: index)
                }
                readAll(bytes)
            }
        }
    }
}
