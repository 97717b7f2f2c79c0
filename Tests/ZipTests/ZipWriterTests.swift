import CZlib
import Foundation
import XCTest
@testable import Zip

/// The writer's plans: parts in order with an exact length, files by path, deflate only
/// when it pays, UTF-8 names, and ZIP64 records when forced or past 4 GiB.
final class ZipWriterTests: XCTestCase {
    private var scratch: ScratchFolder!
    private let modified = ZipTimestamp(year: 2026, month: 11, day: 24, hour: 8, minute: 15, second: 31)

    override func setUpWithError() throws {
        scratch = try ScratchFolder()
    }

    override func tearDown() {
        scratch.remove()
    }

    /// Entries of every kind: deflated text, stored random bytes, an empty one, a file, a
    /// non-ASCII name, and a second file after in-memory entries.
    private func sampleEntries() throws -> [(name: String, bytes: [UInt8], file: String?)] {
        let photo = randomBytes(70_000, seed: 7)
        let second = randomBytes(3_000, seed: 8)
        return [
            ("dawn.json", text(lines: 2_000), nil),
            ("random.bin", randomBytes(5_000, seed: 3), nil),
            ("empty.txt", [], nil),
            ("photos/2026-11-24/a.jpg", photo, try scratch.file("a.jpg", photo)),
            ("journal/Über den Tag — 🌅.md", Array("# Morgen\n".utf8), nil),
            ("photos/2026-11-25/b.jpg", second, try scratch.file("b.jpg", second)),
        ]
    }

    private func plan(_ writer: ZipWriter) throws -> ZipPlan {
        var writer = writer
        for entry in try sampleEntries() {
            if let file = entry.file {
                let (size, crc) = try ZipCRC.file(atPath: file)
                writer.add(name: entry.name, filePath: file, size: size, crc32: crc)
            } else {
                writer.add(name: entry.name, bytes: entry.bytes, compress: true)
            }
        }
        return writer.finish()
    }

    private var normalWriter: ZipWriter { ZipWriter(modified: modified) }
    /// Every size, offset and count written as ZIP64.
    private var zip64Writer: ZipWriter { ZipWriter(modified: modified, zip64Threshold: 0, zip64EntryThreshold: 0) }

    func testPartsAreInOrderWithFilesByPathAndAnExactLength() throws {
        let plan = try plan(normalWriter)
        let files = plan.parts.compactMap { part -> String? in
            if case let .file(path, _) = part { return path }
            return nil
        }
        XCTAssertEqual(files, [scratch.path + "/a.jpg", scratch.path + "/b.jpg"])
        XCTAssertEqual(plan.parts.count, 5, "bytes, file, bytes, file, bytes")
        for (part, next) in zip(plan.parts, plan.parts.dropFirst()) {
            if case .bytes = part, case .bytes = next { XCTFail("two byte parts in a row") }
        }
        let bytes = try materialise(plan)
        XCTAssertEqual(Int64(bytes.count), plan.length)
        XCTAssertEqual(Array(bytes.prefix(4)), [0x50, 0x4B, 3, 4])
    }

    func testReadsBackWhatWasWritten() throws {
        for writer in [normalWriter, zip64Writer] {
            let archive = try ZipArchive(bytes: try materialise(try plan(writer)))
            let expected = try sampleEntries()
            XCTAssertEqual(archive.entries.map(\.name), expected.map(\.name))
            for (entry, sample) in zip(archive.entries, expected) {
                XCTAssertEqual(try archive.contents(of: entry), sample.bytes, entry.name)
                XCTAssertEqual(entry.modified, modified)
                XCTAssertFalse(entry.isDirectory)
            }
        }
    }

    func testDeflatesOnlyWhenAskedAndSmaller() throws {
        var writer = normalWriter
        writer.add(name: "text", bytes: text(lines: 100), compress: true)
        writer.add(name: "random", bytes: randomBytes(1_000, seed: 1), compress: true)
        writer.add(name: "plain", bytes: text(lines: 100), compress: false)
        let archive = try ZipArchive(bytes: try materialise(writer.finish()))
        XCTAssertEqual(archive.entries.map(\.method), [8, 0, 0])
        XCTAssertLessThan(archive.entries[0].compressedSize, archive.entries[0].size / 5)
        XCTAssertEqual(archive.entries[1].compressedSize, 1_000)
    }

    func testNamesAreMarkedUTF8() throws {
        var writer = normalWriter
        writer.add(name: "journal/été.md", bytes: [1], compress: false)
        let bytes = try materialise(writer.finish())
        XCTAssertEqual(readLE(bytes, at: 6, as: UInt16.self) & 0x0800, 0x0800, "local header")
        let central = centralDirectoryOffset(bytes)
        XCTAssertEqual(readLE(bytes, at: central + 8, as: UInt16.self) & 0x0800, 0x0800, "central header")
        XCTAssertEqual(Array(bytes[30..<30 + "journal/été.md".utf8.count]), Array("journal/été.md".utf8))
    }

    func testAnEmptyZipIsOnlyItsEndRecord() throws {
        let plan = normalWriter.finish()
        XCTAssertEqual(plan.length, 22)
        XCTAssertEqual(try ZipArchive(bytes: try materialise(plan)).entries, [])
    }

    func testTimestampsClampToTheFormat() {
        XCTAssertEqual(ZipTimestamp(year: 1970, month: 1, day: 1), .earliest)
        XCTAssertEqual(ZipTimestamp(year: 1980, month: 1, day: 1), .earliest)
        let last = ZipTimestamp(year: 3000, month: 1, day: 1)
        XCTAssertEqual(last.date >> 9, 127)
        XCTAssertEqual(last.time, 23 << 11 | 59 << 5 | 29)
        let stamp = ZipTimestamp(year: 2026, month: 11, day: 24, hour: 8, minute: 15, second: 31)
        XCTAssertEqual(stamp.date, UInt16(46 << 9 | 11 << 5 | 24))
        XCTAssertEqual(stamp.time, UInt16(8 << 11 | 15 << 5 | 15))
    }

    // MARK: ZIP64

    func testForcedZIP64WritesTheZIP64RecordsAndSentinels() throws {
        let bytes = try materialise(try plan(zip64Writer))
        // End record: every field "see ZIP64".
        let end = bytes.count - 22
        XCTAssertEqual(readLE(bytes, at: end, as: UInt32.self), 0x0605_4B50)
        XCTAssertEqual(readLE(bytes, at: end + 8, as: UInt16.self), 0xFFFF)
        XCTAssertEqual(readLE(bytes, at: end + 10, as: UInt16.self), 0xFFFF)
        XCTAssertEqual(readLE(bytes, at: end + 12, as: UInt32.self), 0xFFFF_FFFF)
        XCTAssertEqual(readLE(bytes, at: end + 16, as: UInt32.self), 0xFFFF_FFFF)
        // Locator, then the ZIP64 end record it points at.
        let locator = end - 20
        XCTAssertEqual(readLE(bytes, at: locator, as: UInt32.self), 0x0706_4B50)
        let zip64End = Int(readLE(bytes, at: locator + 8, as: UInt64.self))
        XCTAssertEqual(zip64End, locator - 56)
        XCTAssertEqual(readLE(bytes, at: zip64End, as: UInt32.self), 0x0606_4B50)
        XCTAssertEqual(readLE(bytes, at: zip64End + 32, as: UInt64.self), 6, "entries")
        let directorySize = Int(readLE(bytes, at: zip64End + 40, as: UInt64.self))
        let directoryOffset = Int(readLE(bytes, at: zip64End + 48, as: UInt64.self))
        XCTAssertEqual(directoryOffset + directorySize, zip64End)
        // The first local header: sizes "see ZIP64", and its extra field holding both.
        XCTAssertEqual(readLE(bytes, at: 4, as: UInt16.self), 45, "version needed")
        XCTAssertEqual(readLE(bytes, at: 18, as: UInt32.self), 0xFFFF_FFFF)
        XCTAssertEqual(readLE(bytes, at: 22, as: UInt32.self), 0xFFFF_FFFF)
        let nameCount = Int(readLE(bytes, at: 26, as: UInt16.self))
        XCTAssertEqual(readLE(bytes, at: 28, as: UInt16.self), 20)
        XCTAssertEqual(readLE(bytes, at: 30 + nameCount, as: UInt16.self), 1)
        XCTAssertEqual(readLE(bytes, at: 30 + nameCount + 4, as: UInt64.self), UInt64(text(lines: 2_000).count))
        // The first central header: sizes and offset in its ZIP64 field.
        XCTAssertEqual(readLE(bytes, at: directoryOffset + 42, as: UInt32.self), 0xFFFF_FFFF)
        XCTAssertEqual(readLE(bytes, at: directoryOffset + 30, as: UInt16.self), 28)
    }

    /// 65,535 entries, one too many for the end record's 16-bit count: the ZIP64 end
    /// records, at the real threshold.
    func testSixtyFiveThousandEntriesGetTheZIP64EndRecords() throws {
        var writer = normalWriter
        for index in 0..<0xFFFF { writer.add(name: "n/\(index)", bytes: [UInt8(truncatingIfNeeded: index)], compress: false) }
        let bytes = try materialise(writer.finish())
        XCTAssertEqual(readLE(bytes, at: bytes.count - 22 + 10, as: UInt16.self), 0xFFFF)
        XCTAssertEqual(readLE(bytes, at: bytes.count - 22 - 20, as: UInt32.self), 0x0706_4B50, "a ZIP64 locator")
        XCTAssertNotEqual(readLE(bytes, at: bytes.count - 22 + 16, as: UInt32.self), 0xFFFF_FFFF, "the offset fits: no sentinel")
        let archive = try ZipArchive(bytes: bytes, limits: ZipLimits(maxEntries: 0xFFFF))
        XCTAssertEqual(archive.entries.count, 0xFFFF)
        XCTAssertEqual(try archive.contents(of: try XCTUnwrap(archive.entry(named: "n/65534"))), [0xFE])

        try Tool.python.requireInstalled()
        let zipPath = try scratch.file("many.zip", bytes)
        let result = try Tool.python.run(["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
                                              + "print(len(z.infolist()), z.read('n/65534').hex())", zipPath])
        XCTAssertEqual(result.output, "65535 fe\n")
    }

    /// A real export past 4 GiB, cheaply: a sparse file of 4 GiB + 7 bytes made with
    /// `ftruncate`, never read. The plan's length and every offset past it must be right:
    /// the reader finds the entries through a source that reads only the parts it asks for,
    /// and Python's zipfile reads the entries after the file from a sparse copy of the zip.
    func testAFilePast4GiBGetsZIP64OffsetsAndSizes() throws {
        let bigSize: Int64 = (1 << 32) + 7
        let big = scratch.path + "/big.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(bigSize))
        try handle.close()

        var writer = normalWriter
        writer.add(name: "dawn.json", bytes: text(lines: 50), compress: true)
        writer.add(name: "photos/big.jpg", filePath: big, size: bigSize, crc32: zerosCRC32(count: bigSize))
        writer.add(name: "after.txt", bytes: Array("after the big one".utf8), compress: false)
        let plan = writer.finish()

        guard case let .bytes(head) = plan.parts[0], case let .bytes(tail) = plan.parts[2] else {
            return XCTFail("bytes, file, bytes: \(plan.parts.count) parts")
        }
        XCTAssertEqual(plan.parts[1], .file(path: big, size: bigSize))
        XCTAssertEqual(plan.length, Int64(head.count) + bigSize + Int64(tail.count))

        let archive = try ZipArchive(source: PlanSource(plan: plan), limits: ZipLimits(maxEntryBytes: 5 << 30))
        XCTAssertEqual(archive.entries.map(\.name), ["dawn.json", "photos/big.jpg", "after.txt"])
        let bigEntry = try XCTUnwrap(archive.entry(named: "photos/big.jpg"))
        XCTAssertEqual(bigEntry.size, bigSize)
        XCTAssertEqual(bigEntry.compressedSize, bigSize)
        XCTAssertEqual(bigEntry.dataOffset, Int64(head.count))
        let after = try XCTUnwrap(archive.entry(named: "after.txt"))
        XCTAssertGreaterThan(after.localHeaderOffset, 0xFFFF_FFFF)
        XCTAssertEqual(try archive.contents(of: after), Array("after the big one".utf8))
        XCTAssertEqual(try archive.contents(of: archive.entries[0]), text(lines: 50))

        try Tool.python.requireInstalled()
        // The zip on disk, sparse: the big file's part is a hole, as the file itself is.
        let zipPath = scratch.path + "/big.zip"
        XCTAssertTrue(FileManager.default.createFile(atPath: zipPath, contents: nil))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: zipPath))
        try out.write(contentsOf: head)
        try out.seek(toOffset: UInt64(Int64(head.count) + bigSize))
        try out.write(contentsOf: tail)
        try out.close()
        let script = """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            for i in z.infolist():
                print(i.filename, i.file_size, i.compress_size, i.header_offset, hex(i.CRC))
            print(z.read("after.txt").decode(), len(z.read("dawn.json")))
            """
        let result = try Tool.python.run(["-c", script, zipPath])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output, """
            dawn.json \(text(lines: 50).count) \(archive.entries[0].compressedSize) 0 \
            0x\(String(archive.entries[0].crc32, radix: 16))
            photos/big.jpg \(bigSize) \(bigSize) \(bigEntry.localHeaderOffset) 0x\(String(bigEntry.crc32, radix: 16))
            after.txt 17 17 \(after.localHeaderOffset) 0x\(String(after.crc32, radix: 16))
            after the big one \(text(lines: 50).count)

            """)
    }

    /// The CRC-32 of `count` zero bytes, by doubling with zlib's `crc32_combine` instead of
    /// reading them.
    private func zerosCRC32(count: Int64) -> UInt32 {
        var remaining = count
        var result: UInt32 = 0
        var block = ZipCRC.crc32([UInt8](repeating: 0, count: 1))
        var blockSize: Int64 = 1
        while remaining > 0 {
            if remaining & 1 == 1 { result = combine(result, block, blockSize) }
            block = combine(block, block, blockSize)
            blockSize *= 2
            remaining >>= 1
        }
        return result
    }

    private func combine(_ first: UInt32, _ second: UInt32, _ secondCount: Int64) -> UInt32 {
        UInt32(truncatingIfNeeded: crc32_combine(uLong(first), uLong(second), .init(secondCount)))
    }

    // MARK: Python's zipfile

    func testPythonAcceptsAndReadsTheSameBytes() throws {
        try Tool.python.requireInstalled()
        for (label, writer) in [("classic", normalWriter), ("ZIP64", zip64Writer)] {
            let zipPath = try scratch.file("\(label).zip", try materialise(try plan(writer)))
            let test = try Tool.python.run(["-m", "zipfile", "-t", zipPath])
            XCTAssertEqual(test.status, 0, "\(label): \(test.output)")
            XCTAssertTrue(test.output.contains("Done testing"), "\(label): \(test.output)")

            let out = scratch.path + "/\(label)-out"
            let script = """
                import os, sys, zipfile
                z = zipfile.ZipFile(sys.argv[1])
                os.mkdir(sys.argv[2])
                for n, info in enumerate(z.infolist()):
                    assert info.flag_bits & 0x800, info.filename
                    with open(os.path.join(sys.argv[2], str(n)), "wb") as f:
                        f.write(z.read(info))
                    print(info.filename)
                """
            let read = try Tool.python.run(["-c", script, zipPath, out])
            XCTAssertEqual(read.status, 0, "\(label): \(read.output)")
            let expected = try sampleEntries()
            XCTAssertEqual(read.output, expected.map { $0.name + "\n" }.joined(), label)
            for (index, entry) in expected.enumerated() {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: out + "/\(index)"))
                XCTAssertEqual(Array(bytes), entry.bytes, "\(label): \(entry.name)")
            }
        }
    }

    func testUnzipAcceptsBoth() throws {
        let unzip = Tool(path: "/usr/bin/unzip")
        try unzip.requireInstalled()
        for (label, writer) in [("classic", normalWriter), ("ZIP64", zip64Writer)] {
            let zipPath = try scratch.file("\(label).zip", try materialise(try plan(writer)))
            let result = try unzip.run(["-t", zipPath])
            XCTAssertEqual(result.status, 0, "\(label): \(result.output)")
            XCTAssertTrue(result.output.contains("No errors detected"), "\(label): \(result.output)")
        }
    }
}
