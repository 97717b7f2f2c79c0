import Foundation
import XCTest
@testable import Zip

/// Reading valid zips: hand-made ones, Python's zipfile (deflate, ZIP64 local fields, the
/// ZIP64 end records past 65,535 entries) and Info-ZIP's zip (folders, Unix extra fields,
/// forced ZIP64, data descriptors).
final class ZipArchiveTests: XCTestCase {
    private var scratch: ScratchFolder!

    override func setUpWithError() throws {
        scratch = try ScratchFolder()
    }

    override func tearDown() {
        scratch.remove()
    }

    func testReadsStoredAndDeflatedEntriesAndFindsThemByName() throws {
        let bytes = HandMadeZip([.stored("a.txt", Array("hello".utf8)), .deflated("b/c.json", text(lines: 300)),
                                 .stored("b/", [])]).bytes
        let archive = try ZipArchive(bytes: bytes)
        XCTAssertEqual(archive.entries.map(\.name), ["a.txt", "b/c.json", "b/"])
        XCTAssertEqual(archive.entries.map(\.isDirectory), [false, false, true])
        XCTAssertEqual(try archive.contents(of: try XCTUnwrap(archive.entry(named: "b/c.json"))), text(lines: 300))
        XCTAssertEqual(try archive.contents(of: archive.entries[0]), Array("hello".utf8))
        XCTAssertEqual(try archive.contents(of: archive.entries[2]), [])
        XCTAssertNil(archive.entry(named: "b"))
        XCTAssertEqual(archive.entries[1].size, Int64(text(lines: 300).count))
    }

    func testAnEntryOfAnotherArchiveIsRefused() throws {
        let one = try ZipArchive(bytes: HandMadeZip([.stored("a", [1]), .stored("b", [2])]).bytes)
        let other = try ZipArchive(bytes: HandMadeZip([.stored("b", [3])]).bytes)
        XCTAssertEqual(zipError { try one.contents(of: other.entries[0]) }, .unknownEntry(name: "b"))
    }

    func testACommentAfterTheEndRecordIsAllowed() throws {
        var bytes = HandMadeZip([.stored("a.txt", [1, 2, 3])]).bytes
        let comment = Array("PK\u{5}\u{6} a comment that looks like an end record".utf8)
        patch(&bytes, at: bytes.count - 2, UInt16(comment.count))
        bytes += comment
        XCTAssertEqual(try ZipArchive(bytes: bytes).entries.map(\.name), ["a.txt"])
    }

    // MARK: Python's zipfile

    private func pythonZip(_ script: String) throws -> [UInt8] {
        try Tool.python.requireInstalled()
        let path = scratch.path + "/python.zip"
        let result = try Tool.python.run(["-c", "import sys, zipfile\n" + script, path])
        XCTAssertEqual(result.status, 0, result.output)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testReadsPythonsDeflatedZip() throws {
        let bytes = try pythonZip("""
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("dawn.json", "".join('{"day": %d}\\n' % i for i in range(5000)))
                z.writestr("notes/été.txt", "café")
                z.writestr("raw.bin", bytes(range(256)) * 10, compress_type=zipfile.ZIP_STORED)
                z.mkdir("photos") if hasattr(z, "mkdir") else z.writestr("photos/", "")
            """)
        let archive = try ZipArchive(bytes: bytes)
        XCTAssertEqual(archive.entries.map(\.name), ["dawn.json", "notes/été.txt", "raw.bin", "photos/"])
        XCTAssertEqual(archive.entries[0].method, 8)
        XCTAssertEqual(try archive.contents(of: archive.entries[0]),
                       Array((0..<5000).map { "{\"day\": \($0)}\n" }.joined().utf8))
        XCTAssertEqual(try archive.contents(of: archive.entries[1]), Array("café".utf8))
        XCTAssertEqual(try archive.contents(of: archive.entries[2]), Array(repeating: Array(0...255), count: 10).flatMap { $0 })
        XCTAssertTrue(archive.entries[3].isDirectory)
    }

    /// `force_zip64=True` gives local headers a ZIP64 field, which must agree with the central directory.
    func testReadsPythonsForcedZIP64LocalFields() throws {
        let bytes = try pythonZip("""
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for name in ["a.txt", "b.txt"]:
                    with z.open(name, "w", force_zip64=True) as f:
                        f.write(name.encode() * 1000)
            """)
        let archive = try ZipArchive(bytes: bytes)
        for entry in archive.entries {
            XCTAssertEqual(try archive.contents(of: entry), Array(repeating: Array(entry.name.utf8), count: 1000).flatMap { $0 })
        }
    }

    /// Past 65,535 entries Python writes the ZIP64 end record and locator.
    func testReadsPythonsZIP64EndRecords() throws {
        let bytes = try pythonZip("""
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                for i in range(65536):
                    z.writestr("f%05d" % i, str(i))
            """)
        XCTAssertEqual(readLE(bytes, at: bytes.count - 22 - 20, as: UInt32.self), 0x0706_4B50, "a ZIP64 locator")
        XCTAssertEqual(zipError { try ZipArchive(bytes: bytes) }, .tooManyEntries(count: 65536, limit: 10_000))
        let archive = try ZipArchive(bytes: bytes, limits: ZipLimits(maxEntries: 70_000))
        XCTAssertEqual(archive.entries.count, 65536)
        XCTAssertEqual(try archive.contents(of: try XCTUnwrap(archive.entry(named: "f65535"))), Array("65535".utf8))
    }

    // MARK: Info-ZIP's zip

    private func infoZip(_ arguments: [String], in directory: String, input: [UInt8]? = nil) throws -> [UInt8] {
        try Tool.infoZip.requireInstalled()
        let path = scratch.path + "/info-\(UUID().uuidString).zip"
        let result = try Tool.infoZip.run(arguments.map { $0 == "OUT" ? path : $0 }, in: directory, input: input)
        XCTAssertEqual(result.status, 0, result.output)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testReadsInfoZipsZips() throws {
        let folder = scratch.path + "/tree"
        try FileManager.default.createDirectory(atPath: folder + "/photos/2026", withIntermediateDirectories: true)
        let files: [String: [UInt8]] = [
            "dawn.json": text(lines: 1_000),
            "photos/2026/a.jpg": randomBytes(40_000, seed: 11),
            "empty": [],
            // Info-ZIP 3.0 writes a UTF-8 name without bit 11: read as UTF-8 all the same.
            "photos/été.txt": Array("café".utf8),
        ]
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }

        for options in [["-r", "-q"], ["-r", "-q", "-fz"], ["-r", "-q", "-0"]] {
            let archive = try ZipArchive(bytes: try infoZip(options + ["OUT", "."], in: folder))
            XCTAssertEqual(Set(archive.entries.map(\.name)),
                           ["dawn.json", "photos/", "photos/2026/", "photos/2026/a.jpg", "empty", "photos/été.txt"],
                           "\(options)")
            for (name, bytes) in files {
                XCTAssertEqual(try archive.contents(of: try XCTUnwrap(archive.entry(named: name))), bytes, "\(options) \(name)")
            }
        }
    }

    /// From standard input Info-ZIP cannot know the size first: into a file it writes
    /// ZIP64 local sizes and fills them in after, into a pipe a data descriptor follows the
    /// data. It records the pipe's mode, which is refused as not a regular file; with the
    /// mode made a file's, the entry reads.
    func testReadsInfoZipsStreamedEntry() throws {
        try Tool.infoZip.requireInstalled()
        let input = try scratch.file("input.txt", text(lines: 500))
        for (index, command) in ["cat IN | zip -q OUT -", "cat IN | zip -q -fz OUT -",
                                 "cat IN | zip -q - - | cat > OUT"].enumerated() {
            let bytes = try shell(command, input: input, output: scratch.path + "/streamed-\(index).zip")
            XCTAssertEqual(zipError { try ZipArchive(bytes: bytes) }, .notRegularFile(name: "-"), command)
            let archive = try ZipArchive(bytes: withRegularFileMode(bytes))
            XCTAssertEqual(archive.entries.map(\.name), ["-"])
            XCTAssertEqual(try archive.contents(of: archive.entries[0]), text(lines: 500), command)
        }

        // Forced ZIP64 into a pipe, Info-ZIP 3.0 puts "see ZIP64" in the end record's offset
        // but writes no ZIP64 end record: refused, not guessed at.
        let broken = try shell("cat IN | zip -q -fz - - | cat > OUT", input: input, output: scratch.path + "/broken.zip")
        XCTAssertEqual(readLE(broken, at: broken.count - 6, as: UInt32.self), 0xFFFF_FFFF)
        XCTAssertEqual(zipError { try ZipArchive(bytes: withRegularFileMode(broken)) },
                       .corruptDirectory(reason: "its central directory does not end where its end record begins"))
    }

    private func shell(_ command: String, input: String, output: String) throws -> [UInt8] {
        let result = try Tool(path: "/bin/sh").run(["-c", command.replacingOccurrences(of: "OUT", with: output)
            .replacingOccurrences(of: "IN", with: input)])
        XCTAssertEqual(result.status, 0, result.output)
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// The zip with its first central header's mode a regular file's.
    private func withRegularFileMode(_ zip: [UInt8]) throws -> [UInt8] {
        var bytes = zip
        let central = try XCTUnwrap(bytes.indices.dropLast(4).first { readLE(bytes, at: $0, as: UInt32.self) == 0x0201_4B50 })
        patch(&bytes, at: central + 38, UInt32(0o100644 << 16))
        return bytes
    }
}
