import Foundation
@testable import Zip
import XCTest

/// The zip writer's plans read back (by this reader and by Python's zipfile), and the
/// reader's refusals of damaged and hostile zips.
final class ZipTests: XCTestCase {
    private var folder: URL!
    private let stamp = ZipWriter.Timestamp(year: 2026, month: 3, day: 12, hour: 8, minute: 30, second: 14)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ziptests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The plan's bytes, its files read.
    private func materialise(_ plan: ZipPlan) throws -> [UInt8] {
        var out: [UInt8] = []
        for part in plan.parts {
            switch part {
            case let .bytes(bytes): out += bytes
            case let .file(path, size):
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                XCTAssertEqual(Int64(data.count), size)
                out += data
            }
        }
        XCTAssertEqual(Int64(out.count), plan.length)
        return out
    }

    private func sample(zip64Threshold: Int64 = 0xFFFF_FFFF) throws -> (plan: ZipPlan, json: [UInt8], photo: [UInt8]) {
        let json = Array(String(repeating: "{\"date\": \"2026-03-12\"}\n", count: 200).utf8)
        let photo = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let path = try file("photo.jpg", photo)
        let (size, crc) = try ZipCRC.file(atPath: path)
        XCTAssertEqual(size, 5000)
        XCTAssertEqual(crc, ZipCRC.crc32(photo))
        var writer = ZipWriter(modified: stamp, zip64Threshold: zip64Threshold)
        writer.add(name: "dawn.json", bytes: json, compress: true)
        writer.add(name: "journal.md", bytes: Array("# J\n".utf8), compress: true)
        writer.add(name: "photos/ä.jpg", filePath: path, size: size, crc32: crc)
        return (writer.finish(), json, photo)
    }

    func testAPlanReadsBackWithItsFilesStoredAndItsTextDeflated() throws {
        let (plan, json, photo) = try sample()
        XCTAssertEqual(plan.parts.count, 3, "headers merge into the bytes around the one file")
        guard case .file = plan.parts[1] else { return XCTFail("the photo is sent from its file") }
        let archive = try ZipArchive(bytes: try materialise(plan))
        XCTAssertEqual(archive.entries.map(\.name), ["dawn.json", "journal.md", "photos/ä.jpg"])
        let entry = try XCTUnwrap(archive.entry(named: "dawn.json"))
        XCTAssertEqual(entry.method, 8)
        XCTAssertLessThan(entry.compressedSize, entry.size)
        XCTAssertEqual(try archive.contents(of: entry), json)
        XCTAssertEqual(archive.entry(named: "journal.md")?.method, 0, "four bytes do not deflate smaller")
        XCTAssertEqual(try archive.contents(of: XCTUnwrap(archive.entry(named: "photos/ä.jpg"))), photo)
    }

    func testForcedZip64ReadsBackHere() throws {
        let (plan, json, photo) = try sample(zip64Threshold: 100)
        let bytes = try materialise(plan)
        XCTAssertNotNil(bytes.firstRange(of: [0x50, 0x4B, 0x06, 0x06]), "a ZIP64 end record")
        let archive = try ZipArchive(bytes: bytes)
        XCTAssertEqual(try archive.contents(of: XCTUnwrap(archive.entry(named: "dawn.json"))), json)
        XCTAssertEqual(try archive.contents(of: XCTUnwrap(archive.entry(named: "photos/ä.jpg"))), photo)
    }

    /// Python's zipfile tests every CRC and reads the names and bytes back.
    func testPythonReadsThePlainAndTheZip64Zip() throws {
        for threshold: Int64 in [0xFFFF_FFFF, 100] {
            let (plan, json, photo) = try sample(zip64Threshold: threshold)
            let path = try file("made-\(threshold).zip", try materialise(plan))
            let script = """
                import sys, zipfile, hashlib
                z = zipfile.ZipFile(sys.argv[1])
                assert z.testzip() is None
                print(",".join(z.namelist()))
                print(hashlib.sha256(z.read("dawn.json")).hexdigest(), hashlib.sha256(z.read("photos/ä.jpg")).hexdigest())
                print(z.getinfo("dawn.json").date_time)
                """
            guard let output = try python(script, path) else { throw XCTSkip("python3 is not installed") }
            let lines = output.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines[0], "dawn.json,journal.md,photos/ä.jpg")
            XCTAssertEqual(lines[1], sha256(json) + " " + sha256(photo))
            XCTAssertEqual(lines[2], "(2026, 3, 12, 8, 30, 14)")
        }
    }

    /// A zip Python made with deflate and forced ZIP64 reads here.
    func testAZipFromPythonReadsHere() throws {
        let path = folder.appendingPathComponent("python.zip").path
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("a.txt", "hello " * 1000)
                with z.open("photos/b.jpg", "w", force_zip64=True) as f:
                    f.write(bytes(range(256)) * 40)
            """
        guard try python(script, path) != nil else { throw XCTSkip("python3 is not installed") }
        let archive = try ZipArchive(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(try archive.contents(of: XCTUnwrap(archive.entry(named: "a.txt"))),
                       Array(String(repeating: "hello ", count: 1000).utf8))
        XCTAssertEqual(try archive.contents(of: XCTUnwrap(archive.entry(named: "photos/b.jpg"))),
                       Array((0..<40).flatMap { _ in (0...255).map(UInt8.init) }))
    }

    /// A file past 4 GiB (sparse: nothing is read) gets ZIP64 sizes and offsets, and the
    /// reader finds the entry after it, past 4 GiB, through them.
    func testAFilePastFourGibibytesMakesTheZipZip64() throws {
        let path = folder.appendingPathComponent("big.bin").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 5_000_000_000)
        try handle.close()
        var writer = ZipWriter(modified: stamp)
        writer.add(name: "big.bin", filePath: path, size: 5_000_000_000, crc32: 0)
        writer.add(name: "after.txt", bytes: Array("after".utf8), compress: false)
        let plan = writer.finish()
        XCTAssertGreaterThan(plan.length, 5_000_000_000)
        let archive = try ZipArchive(source: PlanSource(plan: plan), limits: ZipLimits(maxEntryBytes: 6_000_000_000))
        XCTAssertEqual(archive.entries.map(\.name), ["big.bin", "after.txt"])
        XCTAssertEqual(archive.entry(named: "big.bin")?.size, 5_000_000_000)
        let after = try XCTUnwrap(archive.entry(named: "after.txt"))
        XCTAssertGreaterThan(after.dataOffset, 0xFFFF_FFFF)
        XCTAssertEqual(try archive.contents(of: after), Array("after".utf8))
    }

    // MARK: refusals

    private func zip(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        var writer = ZipWriter(modified: stamp)
        for (name, bytes) in entries { writer.add(name: name, bytes: bytes, compress: true) }
        return try materialise(writer.finish())
    }

    private func assertRefused(_ bytes: [UInt8], limits: ZipLimits = ZipLimits(), _ expected: ZipError,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try {
            let archive = try ZipArchive(bytes: bytes, limits: limits)
            for entry in archive.entries { _ = try archive.contents(of: entry) }
        }(), file: file, line: line) { error in
            XCTAssertEqual(error as? ZipError, expected, file: file, line: line)
            XCTAssertFalse((error as? ZipError)?.message.isEmpty ?? true)
        }
    }

    func testUnsafeNamesAreRefused() throws {
        for name in ["/etc/passwd", "../up.txt", "a/../../b", "a\\b", "C:/x", "a//b", "./a", "nul\u{0}x", "tab\u{9}", ""] {
            assertRefused(try zip([(name, [1])]), .unsafeName(name))
        }
        XCTAssertTrue(ZipArchive.isSafe("photos/abc.jpg"))
        XCTAssertTrue(ZipArchive.isSafe("folder/"))
        XCTAssertTrue(ZipArchive.isSafe("x..y/z"))
    }

    func testLinksAndDuplicatesAreRefused() throws {
        var bytes = try zip([("link", Array("/etc/passwd".utf8))])
        let central = bytes.firstRange(of: [0x50, 0x4B, 0x01, 0x02])!.lowerBound
        // External attributes: a symbolic link, lrwxrwxrwx.
        let mode = UInt32(0o120777) << 16
        for i in 0..<4 { bytes[central + 38 + i] = UInt8(truncatingIfNeeded: mode >> (8 * UInt32(i))) }
        assertRefused(bytes, .notARegularFile("link"))
        assertRefused(try zip([("a.txt", [1]), ("a.txt", [2])]), .duplicateName("a.txt"))
    }

    func testLimitsAreRefused() throws {
        let three = try zip([("a", [1]), ("b", [2]), ("c", [3])])
        assertRefused(three, limits: ZipLimits(maxEntries: 2), .tooManyEntries(max: 2))
        let big = try zip([("big", [UInt8](repeating: 65, count: 1000))])
        assertRefused(big, limits: ZipLimits(maxEntryBytes: 999), .entryTooLarge("big", max: 999))
        assertRefused(try zip([("a", [UInt8](repeating: 1, count: 600)), ("b", [UInt8](repeating: 2, count: 600))]),
                      limits: ZipLimits(maxTotalBytes: 1000), .totalTooLarge(max: 1000))
        assertRefused(big, limits: ZipLimits(maxRatio: 2), .suspiciousRatio("big"))
    }

    /// A deflated entry whose headers claim 100 bytes but which inflates to 10 MB.
    func testABombThatLiesAboutItsSizeStopsAtTheDeclaredSize() throws {
        let content = [UInt8](repeating: 0, count: 10_000_000)
        let deflated = try XCTUnwrap(ZipWriter.deflate(content))
        var writer = ZipWriter(modified: stamp)
        writer.add(name: "bomb", bytes: content, compress: true)
        var bytes = try materialise(writer.finish())
        XCTAssertLessThan(bytes.count, deflated.count + 200)
        for start in [bytes.firstRange(of: [0x50, 0x4B, 0x03, 0x04])!.lowerBound + 22,
                      bytes.firstRange(of: [0x50, 0x4B, 0x01, 0x02])!.lowerBound + 24] {
            bytes.replaceSubrange(start..<start + 4, with: [100, 0, 0, 0])
        }
        let clock = ContinuousClock()
        let started = clock.now
        assertRefused(bytes, .sizeMismatch("bomb"))
        XCTAssertLessThan(clock.now - started, .seconds(1))
    }

    func testDamageIsRefused() throws {
        let good = try zip([("a.txt", Array(String(repeating: "hello ", count: 100).utf8))])
        assertRefused(Array("not a zip at all, just some text".utf8), .notAZip)
        assertRefused(Array(good.prefix(good.count - 10)), .truncated)
        var crc = good
        let central = crc.firstRange(of: [0x50, 0x4B, 0x01, 0x02])!.lowerBound
        crc[central + 16] ^= 0xFF
        assertRefused(crc, .crcMismatch("a.txt"))
        var method = good
        method[central + 10] = 12   // bzip2
        assertRefused(method, .unsupportedMethod("a.txt", method: 12))
        var encrypted = good
        encrypted[central + 8] |= 1
        assertRefused(encrypted, .encrypted("a.txt"))
        var data = good
        data[40] ^= 0xFF   // inside the deflated data
        XCTAssertThrowsError(try {
            let archive = try ZipArchive(bytes: data)
            _ = try archive.contents(of: archive.entries[0])
        }())
    }

    /// Random damage to a valid zip: every mutation reads or throws, none crashes.
    func testRandomDamageNeverCrashes() throws {
        let good = try zip([("dawn.json", Array(String(repeating: "{\"a\": 1}\n", count: 50).utf8)),
                            ("photos/x.jpg", (0..<300).map { UInt8(truncatingIfNeeded: $0 * 13) })])
        var random = SplitMix(seed: 20261128)
        for _ in 0..<3000 {
            var bytes = good
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let i = Int(random.next() % UInt64(bytes.count))
                bytes[i] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.next() % 5 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
            if let archive = try? ZipArchive(bytes: bytes, limits: ZipLimits(maxEntryBytes: 1 << 20)) {
                for entry in archive.entries { _ = try? archive.contents(of: entry) }
            }
        }
    }

    // MARK: helpers

    private func python(_ script: String, _ argument: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, argument]
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        let problems = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(decoding: problems, as: UTF8.self))
        return String(decoding: output, as: UTF8.self)
    }

    private func sha256(_ bytes: [UInt8]) -> String {
        let path = folder.appendingPathComponent("h-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return ((try? python("import sys, hashlib; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest(), end='')", path)) ?? nil) ?? ""
    }
}

/// A plan read in place, its files through seeks: a zip of gigabytes without writing it out.
struct PlanSource: ZipSource {
    let plan: ZipPlan
    var count: Int64 { plan.length }

    func bytes(at offset: Int64, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        var start: Int64 = 0
        for part in plan.parts {
            let end = start + part.count
            let from = max(offset, start), to = min(offset + Int64(count), end)
            if from < to {
                switch part {
                case let .bytes(bytes): out += bytes[Int(from - start)..<Int(to - start)]
                case let .file(path, _):
                    let handle = FileHandle(forReadingAtPath: path)!
                    try? handle.seek(toOffset: UInt64(from - start))
                    out += handle.readData(ofLength: Int(to - from))
                    try? handle.close()
                }
            }
            start = end
        }
        return out
    }
}

/// A small seeded generator, so the damage is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
