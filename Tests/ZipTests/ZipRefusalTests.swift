import Foundation
import XCTest
@testable import Zip

/// Every hostile or broken zip the reader refuses, each with its own error and message.
final class ZipRefusalTests: XCTestCase {
    private let one = HandMadeZip([.stored("a.txt", Array("hello".utf8))]).bytes
    private var end: Int { one.count - 22 }
    private var central: Int { centralDirectoryOffset(one) }

    private func refused(_ bytes: [UInt8], limits: ZipLimits = ZipLimits(),
                         file: StaticString = #filePath, line: UInt = #line) -> ZipError? {
        zipError({ try ZipArchive(bytes: bytes, limits: limits) }, file: file, line: line)
    }

    private func refused(_ entries: [HandMadeZip.Entry], limits: ZipLimits = ZipLimits(),
                         file: StaticString = #filePath, line: UInt = #line) -> ZipError? {
        refused(HandMadeZip(entries).bytes, limits: limits, file: file, line: line)
    }

    /// The contents of the first entry, which the directory accepted.
    private func contentsRefused(_ entries: [HandMadeZip.Entry], file: StaticString = #filePath,
                                 line: UInt = #line) throws -> ZipError? {
        let archive = try ZipArchive(bytes: HandMadeZip(entries).bytes)
        return zipError({ try archive.contents(of: archive.entries[0]) }, file: file, line: line)
    }

    // MARK: Not a zip, broken directory

    func testNotAZip() {
        XCTAssertEqual(refused([UInt8]()), .notAZip)
        XCTAssertEqual(refused(Array("PK".utf8)), .notAZip)
        XCTAssertEqual(refused(Array("{\"habits\": []}".utf8) + [UInt8](repeating: 0, count: 40)), .notAZip)
        XCTAssertEqual(refused(Array(one.dropLast())), .notAZip, "the end record cut short")
        XCTAssertEqual(refused(Array(one.dropLast(30))), .notAZip)
        var wrongComment = one
        patch(&wrongComment, at: end + 20, UInt16(5))
        XCTAssertEqual(refused(wrongComment), .notAZip, "a comment length past the end")
        XCTAssertEqual(ZipError.notAZip.message,
                       "This is not a zip file (it has no end of central directory record), or it is cut short.")
    }

    func testATruncatedOrMisplacedCentralDirectory() {
        var outside = one
        patch(&outside, at: end + 16, UInt32(1_000_000))
        XCTAssertEqual(refused(outside), .corruptDirectory(reason: "its central directory does not end where its end record begins"))

        var tooShort = one
        patch(&tooShort, at: end + 12, UInt32(20))
        patch(&tooShort, at: end + 16, UInt32(end - 20))
        XCTAssertEqual(refused(tooShort), .corruptDirectory(reason: "its central directory's size does not fit its 1 entries"))

        // Bytes cut from the middle: the directory no longer ends where the end record begins.
        var cut = one
        cut.removeSubrange(central + 10..<central + 20)
        XCTAssertNotNil(refused(cut))

        var twoCounted = one
        patch(&twoCounted, at: end + 8, UInt16(2))
        patch(&twoCounted, at: end + 10, UInt16(2))
        XCTAssertEqual(refused(twoCounted), .corruptDirectory(reason: "its central directory's size does not fit its 2 entries"))

        var noSignature = one
        noSignature[central] = 0
        XCTAssertEqual(refused(noSignature), .corruptDirectory(reason: "entry 1 of its central directory has no central header signature"))

        var longName = one
        patch(&longName, at: central + 28, UInt16(200))
        XCTAssertEqual(refused(longName), .corruptDirectory(reason: "its central directory is cut short at entry 1"))
        XCTAssertEqual(ZipError.corruptDirectory(reason: "its central directory is cut short at entry 1").message,
                       "The zip file is damaged: its central directory is cut short at entry 1.")
    }

    func testAnEntryOutsideTheData() {
        var offset = one
        patch(&offset, at: central + 42, UInt32(5_000))
        XCTAssertEqual(refused(offset), .entryOutOfBounds(name: "a.txt"))

        var size = HandMadeZip([.stored("a.txt", Array("hello".utf8))])
        size.entries[0].compressedSize = 500
        size.entries[0].size = 500
        XCTAssertEqual(refused(size.bytes), .entryOutOfBounds(name: "a.txt"))
        XCTAssertEqual(ZipError.entryOutOfBounds(name: "a.txt").message, "The zip entry “a.txt” points outside the file.")
    }

    func testALocalHeaderThatDisagrees() {
        var name = one
        name[30] = UInt8(ascii: "b")
        XCTAssertEqual(refused(name), .localHeaderMismatch(name: "a.txt", field: "name"))

        var size = one
        patch(&size, at: 22, UInt32(4))
        XCTAssertEqual(refused(size), .localHeaderMismatch(name: "a.txt", field: "size"))

        var crc = one
        patch(&crc, at: 14, UInt32(1))
        XCTAssertEqual(refused(crc), .localHeaderMismatch(name: "a.txt", field: "CRC-32"))

        var method = one
        patch(&method, at: 8, UInt16(8))
        XCTAssertEqual(refused(method), .localHeaderMismatch(name: "a.txt", field: "compression method"))

        var signature = one
        signature[0] = 0
        XCTAssertEqual(refused(signature), .localHeaderMismatch(name: "a.txt", field: "signature"))
        XCTAssertEqual(ZipError.localHeaderMismatch(name: "a.txt", field: "name").message,
                       "The zip entry “a.txt” has a local header whose name differs from the central directory's.")
    }

    /// An entry whose local header lies inside another's data: how a small zip declares
    /// many times its size (each entry repeats the same compressed bytes).
    func testOverlappingEntries() {
        var inner = HandMadeZip.Entry.stored("b.txt", Array("hi".utf8))
        let outer = HandMadeZip.Entry.stored("a.txt", HandMadeZip.localHeader(inner) + inner.data)
        inner.localHeaderOffset = UInt32(30 + 5)  // a.txt's data
        XCTAssertEqual(refused([outer, inner]), .overlappingEntries(name: "b.txt", other: "a.txt"))

        var same = HandMadeZip.Entry.stored("b.txt", Array("hello".utf8))
        same.name = Array("a.txt".utf8)
        same.localHeaderOffset = 0
        XCTAssertEqual(refused([.stored("a.txt", Array("hello".utf8)), same]), .duplicateName(name: "a.txt"))
        XCTAssertEqual(ZipError.overlappingEntries(name: "b.txt", other: "a.txt").message,
                       "The zip entry “b.txt” overlaps the entry “a.txt”.")
    }

    func testMultiDisk() {
        var disk = one
        patch(&disk, at: end + 4, UInt16(1))
        XCTAssertEqual(refused(disk), .multiDisk)
        var counts = one
        patch(&counts, at: end + 8, UInt16(0))
        XCTAssertEqual(refused(counts), .multiDisk)
        var entryDisk = one
        patch(&entryDisk, at: central + 34, UInt16(2))
        XCTAssertEqual(refused(entryDisk), .multiDisk)
        XCTAssertEqual(ZipError.multiDisk.message, "The zip file is split over several parts; only single-file zips can be read.")
    }

    func testEncryption() {
        var entry = HandMadeZip.Entry.stored("secret.txt", [1, 2, 3])
        entry.flags |= 1
        XCTAssertEqual(refused([entry]), .encrypted(name: "secret.txt"))
        var local = HandMadeZip([.stored("secret.txt", [1, 2, 3])]).bytes
        patch(&local, at: 6, UInt16(0x0801))
        XCTAssertEqual(refused(local), .encrypted(name: "secret.txt"))
        XCTAssertEqual(ZipError.encrypted(name: "secret.txt").message,
                       "The zip entry “secret.txt” is encrypted; only unencrypted zips can be read.")
    }

    func testMethodsOtherThanStoredAndDeflate() {
        for method: UInt16 in [1, 9, 12, 14, 93, 99] {
            var entry = HandMadeZip.Entry.stored("a.bz2", [1, 2, 3])
            entry.method = method
            XCTAssertEqual(refused([entry]), .unsupportedMethod(name: "a.bz2", method: method))
        }
        XCTAssertEqual(ZipError.unsupportedMethod(name: "a", method: 12).message,
                       "The zip entry “a” uses compression method 12; only stored (0) and deflate (8) can be read.")
    }

    // MARK: Names

    func testUnsafeNames() {
        let cases: [(String, ZipError)] = [
            ("/etc/passwd", .absoluteName(name: "/etc/passwd")),
            ("/", .absoluteName(name: "/")),
            ("../evil", .parentSegmentInName(name: "../evil")),
            ("photos/../../evil", .parentSegmentInName(name: "photos/../../evil")),
            ("photos/..", .parentSegmentInName(name: "photos/..")),
            ("..", .parentSegmentInName(name: "..")),
            ("photos\\..\\evil", .backslashInName(name: "photos\\..\\evil")),
            ("a\u{0}.txt", .controlCharacterInName(name: "a\u{0}.txt")),
            ("a\u{1B}[31m.txt", .controlCharacterInName(name: "a\u{1B}[31m.txt")),
            ("a\n.txt", .controlCharacterInName(name: "a\n.txt")),
            ("a\u{7F}", .controlCharacterInName(name: "a\u{7F}")),
            ("a\u{85}", .controlCharacterInName(name: "a\u{85}")),
            ("C:/Windows/evil", .driveLetterName(name: "C:/Windows/evil")),
            ("c:evil", .driveLetterName(name: "c:evil")),
            ("./a.txt", .redundantSegmentInName(name: "./a.txt")),
            ("a//b.txt", .redundantSegmentInName(name: "a//b.txt")),
            ("a/./b.txt", .redundantSegmentInName(name: "a/./b.txt")),
            ("a//", .redundantSegmentInName(name: "a//")),
        ]
        for (name, error) in cases {
            XCTAssertEqual(refused([.stored(name, [1])]), error, name)
        }
        XCTAssertEqual(refused([.stored("", [1])]), .emptyName)
        var latin1 = HandMadeZip.Entry.stored("x", [1])
        latin1.name = [0x63, 0x61, 0x66, 0xE9]  // "café" in Latin-1
        XCTAssertEqual(refused([latin1]), .nameNotUTF8(name: "caf\u{FFFD}"))

        // Allowed: a colon later on, dots inside names, non-ASCII letters.
        let archive = try? ZipArchive(bytes: HandMadeZip([.stored("notes/10:30.txt", [1]), .stored("a..b/.hidden", [2]),
                                                          .stored("été/🌅.md", [3])]).bytes)
        XCTAssertEqual(archive?.entries.count, 3)

        XCTAssertEqual(ZipError.controlCharacterInName(name: "a\u{0}.txt").message,
                       "The zip entry name “a\\u{0}.txt” contains a control character.")
        XCTAssertEqual(ZipError.parentSegmentInName(name: "../evil").message,
                       "The zip entry name “../evil” contains a “..” segment.")
        XCTAssertEqual(ZipError.absoluteName(name: "/x").message, "The zip entry name “/x” is an absolute path.")
        XCTAssertEqual(ZipError.driveLetterName(name: "C:x").message, "The zip entry name “C:x” starts with a drive letter.")
        XCTAssertEqual(ZipError.backslashInName(name: "a\\b").message, "The zip entry name “a\\b” contains a backslash.")
    }

    func testSymbolicLinksAndOtherFiles() {
        var link = HandMadeZip.Entry.stored("photos", Array("/etc".utf8))
        link.externalAttributes = 0o120777 << 16
        XCTAssertEqual(refused([link]), .symbolicLink(name: "photos"))
        link.madeBy = 0x0014  // MS-DOS: the mode is read all the same
        XCTAssertEqual(refused([link]), .symbolicLink(name: "photos"))

        for mode: UInt32 in [0o010644, 0o020644, 0o060644, 0o140644] {  // FIFO, character and block device, socket
            var special = HandMadeZip.Entry.stored("dev", [])
            special.externalAttributes = mode << 16
            XCTAssertEqual(refused([special]), .notRegularFile(name: "dev"), String(mode, radix: 8))
        }
        var folderWithoutSlash = HandMadeZip.Entry.stored("photos", [])
        folderWithoutSlash.externalAttributes = 0o040755 << 16
        XCTAssertEqual(refused([folderWithoutSlash]), .notRegularFile(name: "photos"))
        var folder = HandMadeZip.Entry.stored("photos/", [])
        folder.externalAttributes = 0o040755 << 16 | 0x10
        XCTAssertEqual((try? ZipArchive(bytes: HandMadeZip([folder]).bytes))?.entries.first?.isDirectory, true)

        XCTAssertEqual(refused([.stored("photos/", [1, 2])]), .corruptEntry(name: "photos/", reason: "it is a folder but holds 2 bytes"))
        XCTAssertEqual(ZipError.symbolicLink(name: "photos").message,
                       "The zip entry “photos” is a symbolic link; only files and folders are allowed.")
    }

    func testDuplicateNames() {
        XCTAssertEqual(refused([.stored("a.txt", [1]), .stored("b.txt", [2]), .stored("a.txt", [3])]), .duplicateName(name: "a.txt"))
        // The same text in two Unicode forms is the same name.
        XCTAssertEqual(refused([.stored("caf\u{E9}", [1]), .stored("cafe\u{301}", [2])]), .duplicateName(name: "cafe\u{301}"))
        XCTAssertEqual(ZipError.duplicateName(name: "a.txt").message, "The zip file holds the name “a.txt” twice.")
    }

    // MARK: Limits

    func testTooManyEntries() {
        let four = (0..<4).map { HandMadeZip.Entry.stored("\($0).txt", [UInt8($0)]) }
        XCTAssertEqual(refused(four, limits: ZipLimits(maxEntries: 3)), .tooManyEntries(count: 4, limit: 3))
        XCTAssertNoThrow(try ZipArchive(bytes: HandMadeZip(four).bytes, limits: ZipLimits(maxEntries: 4)))
        XCTAssertEqual(ZipError.tooManyEntries(count: 4, limit: 3).message, "The zip file has 4 entries; at most 3 are allowed.")
    }

    func testDeclaredSizesPastTheLimits() {
        let big = HandMadeZip.Entry.stored("big.bin", [UInt8](repeating: 1, count: 1_001))
        XCTAssertEqual(refused([big], limits: ZipLimits(maxEntryBytes: 1_000)),
                       .entryTooLarge(name: "big.bin", size: 1_001, limit: 1_000))

        let halves = [HandMadeZip.Entry.stored("a", [UInt8](repeating: 1, count: 600)),
                      .stored("b", [UInt8](repeating: 2, count: 600))]
        XCTAssertEqual(refused(halves, limits: ZipLimits(maxTotalBytes: 1_000)), .totalTooLarge(limit: 1_000))

        // A deflated entry declaring 1,001 times its compressed size.
        var ratio = HandMadeZip.Entry.deflated("zeros", [UInt8](repeating: 0, count: 100))
        ratio.size = ratio.compressedSize * 1_001
        XCTAssertEqual(refused([ratio]), .ratioTooHigh(name: "zeros", size: Int64(ratio.size),
                                                       compressedSize: Int64(ratio.compressedSize), limit: 1_000))
        ratio.size = ratio.compressedSize * 1_000
        XCTAssertNotNil(try? ZipArchive(bytes: HandMadeZip([ratio]).bytes), "1000:1 is allowed")

        XCTAssertEqual(ZipError.entryTooLarge(name: "big.bin", size: 1_001, limit: 1_000).message,
                       "The zip entry “big.bin” is 1001 bytes uncompressed; at most 1000 are allowed.")
        XCTAssertEqual(ZipError.ratioTooHigh(name: "z", size: 10_010, compressedSize: 10, limit: 1_000).message,
                       "The zip entry “z” claims to expand from 10 to 10010 bytes, more than 1000 times.")
    }

    /// The bomb that lies: its headers say 100 bytes, its data inflates to 10 MB. Refused
    /// after the 101st byte, with memory for 100.
    func testAnEntryThatInflatesToMoreThanDeclared() throws {
        var bomb = HandMadeZip.Entry.deflated("bomb.txt", [UInt8](repeating: 0x41, count: 10_000_000))
        XCTAssertLessThan(bomb.compressedSize, 20_000)
        bomb.size = 100
        bomb.crc32 = ZipCRC.crc32([UInt8](repeating: 0x41, count: 100))
        let archive = try ZipArchive(bytes: HandMadeZip([bomb]).bytes)

        let peakBefore = PeakMemory.reset()
        let start = Date()
        XCTAssertEqual(zipError { try archive.contents(of: archive.entries[0]) },
                       .largerThanDeclared(name: "bomb.txt", declared: 100))
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        if let peakBefore, let peakAfter = PeakMemory.current() {
            XCTAssertLessThan(peakAfter - peakBefore, 2 << 20, "peak resident memory grew by \(peakAfter - peakBefore) bytes")
        }
        XCTAssertEqual(ZipError.largerThanDeclared(name: "bomb.txt", declared: 100).message,
                       "The zip entry “bomb.txt” expands to more than its declared 100 bytes.")
    }

    func testAnEntryThatInflatesToFewerThanDeclared() throws {
        var short = HandMadeZip.Entry.deflated("short.txt", text(lines: 10))
        short.size += 1
        XCTAssertEqual(try contentsRefused([short]),
                       .smallerThanDeclared(name: "short.txt", declared: Int64(short.size), actual: Int64(short.size) - 1))
    }

    func testCRCMismatch() throws {
        var stored = HandMadeZip.Entry.stored("a.txt", Array("hello".utf8))
        stored.crc32 ^= 1
        XCTAssertEqual(try contentsRefused([stored]), .crcMismatch(name: "a.txt"))
        var deflated = HandMadeZip.Entry.deflated("b.json", text(lines: 20))
        deflated.crc32 ^= 0x8000_0000
        XCTAssertEqual(try contentsRefused([deflated]), .crcMismatch(name: "b.json"))
        XCTAssertEqual(ZipError.crcMismatch(name: "a.txt").message,
                       "The zip entry “a.txt” is damaged: its CRC-32 does not match its contents.")
    }

    func testCorruptDeflateData() throws {
        var garbage = HandMadeZip.Entry.deflated("a.json", text(lines: 20))
        garbage.data = [0xFF, 0xFF, 0xFF, 0xFF] + garbage.data.dropFirst(4)
        guard case .corruptData(name: "a.json", _)? = try contentsRefused([garbage]) else { return XCTFail("not corrupt data") }

        var cut = HandMadeZip.Entry.deflated("a.json", text(lines: 20))
        cut.data.removeLast(10)
        cut.compressedSize -= 10
        XCTAssertEqual(try contentsRefused([cut]), .corruptData(name: "a.json", reason: "its data ends before its deflate stream does"))

        var trailing = HandMadeZip.Entry.deflated("a.json", text(lines: 20))
        trailing.data += [0, 0, 0]
        trailing.compressedSize += 3
        XCTAssertEqual(try contentsRefused([trailing]), .corruptData(name: "a.json", reason: "bytes follow the end of its deflate stream"))

        var storedSizes = HandMadeZip.Entry.stored("a.txt", [1, 2, 3])
        storedSizes.size = 2
        XCTAssertEqual(refused([storedSizes]), .corruptEntry(name: "a.txt", reason: "it is stored, but its sizes differ (3 and 2)"))
    }

    func testAZIP64FieldMissingOrShort() {
        var missing = HandMadeZip.Entry.stored("a.txt", [1, 2, 3])
        missing.size = 0xFFFF_FFFF
        missing.compressedSize = 0xFFFF_FFFF
        XCTAssertEqual(refused([missing]), .corruptEntry(name: "a.txt", reason: "its ZIP64 extra field is missing"))

        // The writer's forced ZIP64, its end record's sentinels left without the locator.
        var writer = ZipWriter(modified: .earliest, zip64Threshold: 0, zip64EntryThreshold: 0)
        writer.add(name: "a.txt", bytes: [1, 2, 3], compress: false)
        guard case var .bytes(bytes) = writer.finish().parts[0] else { return XCTFail("one part") }
        let locator = bytes.count - 22 - 20
        bytes[locator] = 0
        XCTAssertNotNil(refused(bytes))
        bytes[locator] = 0x50
        patch(&bytes, at: locator + 8, UInt64(1 << 40))
        XCTAssertEqual(refused(bytes), .corruptDirectory(reason: "its ZIP64 end of central directory record lies outside the file"))
    }
}
