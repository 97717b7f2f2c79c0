import Foundation
import XCTest
@testable import TimeZones

final class TimeZoneDatabaseTests: XCTestCase {
    private static let systemDirectory = "/usr/share/zoneinfo"
    private var temporary: String!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tzdb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: temporary + "/zoneinfo/Europe", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: temporary)
    }

    private func systemFile(_ zone: String) throws -> [UInt8] {
        let path = TimeZoneDatabaseTests.systemDirectory + "/" + zone
        guard let data = FileManager.default.contents(atPath: path) else { throw XCTSkip("no \(path)") }
        return [UInt8](data)
    }

    private func write(_ bytes: [UInt8], to relativePath: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: temporary + "/" + relativePath))
    }

    private let validFile = TZifBuilder(types: [.init(utOffset: 3_600, isDST: false, abbreviation: "CET")], footer: "CET-1").bytes()

    func testIdentifierShapes() {
        for good in ["Europe/Rome", "UTC", "Etc/GMT+5", "Etc/GMT-14", "America/Port-au-Prince", "America/Argentina/Buenos_Aires",
                     String(repeating: "a", count: 64), "a"] {
            XCTAssertTrue(TimeZoneDatabase.isWellFormedIdentifier(good), good)
        }
        for bad in ["../etc/passwd", "/etc/passwd", "Europe/../../x", "", String(repeating: "a", count: 65), "Europe//Rome",
                    "Europe/Rome\0", "Europe/Rome/", ".", "..", "Europe/./Rome", "Europe/Rome ", "Europe\\Rome",
                    "Éurope/Rome", "zone1970.tab", "Europe/Rome\n", "../x", "~root", "Europe/Ro%6De"] {
            XCTAssertFalse(TimeZoneDatabase.isWellFormedIdentifier(bad), bad.debugDescription)
        }
    }

    /// A TZif file sits just outside the database directory; no identifier may reach it,
    /// and the refusal comes before any file is opened (the error is not "unknown zone").
    func testInvalidIdentifiersAreRefusedBeforeTouchingTheDisk() throws {
        try write(validFile, to: "x")
        try write(validFile, to: "zoneinfo/Europe/Inside")
        let database = TimeZoneDatabase(directory: temporary + "/zoneinfo")
        XCTAssertNoThrow(try database.rules(for: "Europe/Inside"))
        for bad in ["../x", "Europe/../../x", temporary + "/x", "/etc/passwd", "../etc/passwd", "",
                    String(repeating: "a", count: 65), "Europe//Inside", "Europe/Inside\0", "Europe/./Inside", "./Europe/Inside"] {
            XCTAssertThrowsError(try database.rules(for: bad), bad.debugDescription) { error in
                XCTAssertEqual(error as? TimeZoneError, .invalidIdentifier(bad))
            }
            XCTAssertFalse(database.isValid(bad))
        }
        // Same answers when the directory does not even exist: nothing was read.
        let nowhere = TimeZoneDatabase(directory: temporary + "/missing")
        XCTAssertThrowsError(try nowhere.rules(for: "../x")) { XCTAssertEqual($0 as? TimeZoneError, .invalidIdentifier("../x")) }
        XCTAssertThrowsError(try nowhere.rules(for: "Europe/Rome")) { XCTAssertEqual($0 as? TimeZoneError, .unknownZone("Europe/Rome")) }
    }

    func testUnknownZonesAndDirectories() throws {
        let database = TimeZoneDatabase(directory: temporary + "/zoneinfo")
        XCTAssertThrowsError(try database.rules(for: "Europe/Atlantis")) {
            XCTAssertEqual($0 as? TimeZoneError, .unknownZone("Europe/Atlantis"))
            XCTAssertEqual("\($0)", "unknown time zone \"Europe/Atlantis\"")
        }
        XCTAssertThrowsError(try database.rules(for: "Europe")) { XCTAssertEqual($0 as? TimeZoneError, .unknownZone("Europe")) }
        XCTAssertThrowsError(try database.rules(for: "Europe/Atlantis/Deep")) {
            XCTAssertEqual($0 as? TimeZoneError, .unknownZone("Europe/Atlantis/Deep"))
        }
        XCTAssertFalse(database.isValid("Europe/Atlantis"))
    }

    func testUTCIsBuiltIn() throws {
        let database = TimeZoneDatabase(directory: temporary + "/missing")
        let utc = try database.rules(for: "UTC")
        XCTAssertEqual(utc.offset(at: Instant.utc(2026, 7, 1)), 0)
        XCTAssertEqual(utc.abbreviation(at: 0), "UTC")
        XCTAssertEqual(utc.localDateTime(at: Instant.utc(2026, 7, 1, 13, 14, 15)).description, "2026-07-01T13:14:15")
        XCTAssertTrue(database.isValid("UTC"))
        XCTAssertEqual(database.identifiers, ["UTC"])
    }

    func testNonTZifFileIsMalformed() throws {
        try write(Array("# not a zone\n".utf8), to: "zoneinfo/Europe/Text")
        try write([], to: "zoneinfo/Europe/Empty")
        let database = TimeZoneDatabase(directory: temporary + "/zoneinfo")
        XCTAssertThrowsError(try database.rules(for: "Europe/Text")) { error in
            guard case .malformedData(let zone, let reason)? = error as? TimeZoneError else { return XCTFail("\(error)") }
            XCTAssertEqual(zone, "Europe/Text")
            XCTAssertEqual(reason, "does not start with \"TZif\"")
            XCTAssertEqual("\(error)", "time zone data for \"Europe/Text\" is malformed: does not start with \"TZif\"")
        }
        XCTAssertThrowsError(try database.rules(for: "Europe/Empty"))
        if FileManager.default.fileExists(atPath: TimeZoneDatabaseTests.systemDirectory + "/leapseconds") {
            XCTAssertThrowsError(try TimeZoneDatabase(directory: TimeZoneDatabaseTests.systemDirectory).rules(for: "leapseconds")) {
                guard case .malformedData? = $0 as? TimeZoneError else { return XCTFail("\($0)") }
            }
        }
    }

    func testOversizedFileIsRefused() throws {
        try write(validFile + [UInt8](repeating: 0, count: 1 << 20), to: "zoneinfo/Europe/Huge")
        XCTAssertThrowsError(try TimeZoneDatabase(directory: temporary + "/zoneinfo").rules(for: "Europe/Huge")) {
            guard case .malformedData("Europe/Huge", let reason)? = $0 as? TimeZoneError else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("larger than"))
        }
    }

    func testRulesAreCached() throws {
        try write(validFile, to: "zoneinfo/Europe/Cached")
        let database = TimeZoneDatabase(directory: temporary + "/zoneinfo")
        XCTAssertEqual(try database.rules(for: "Europe/Cached").offset(at: 0), 3_600)
        try FileManager.default.removeItem(atPath: temporary + "/zoneinfo/Europe/Cached")
        XCTAssertEqual(try database.rules(for: "Europe/Cached").offset(at: 0), 3_600)
        XCTAssertThrowsError(try TimeZoneDatabase(directory: temporary + "/zoneinfo").rules(for: "Europe/Cached"))
    }

    func testConcurrentLookups() throws {
        let database = TimeZoneDatabase(directory: TimeZoneDatabaseTests.systemDirectory)
        guard FileManager.default.fileExists(atPath: TimeZoneDatabaseTests.systemDirectory + "/Europe/Rome") else {
            throw XCTSkip("no tzdata")
        }
        let zones = ["Europe/Rome", "America/New_York", "Asia/Tokyo", "UTC", "Europe/Atlantis"]
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let zone = zones[index % zones.count]
            XCTAssertEqual(database.isValid(zone), zone != "Europe/Atlantis")
        }
    }

    func testIdentifiersFromZone1970Tab() throws {
        guard FileManager.default.fileExists(atPath: TimeZoneDatabaseTests.systemDirectory + "/zone1970.tab") else {
            throw XCTSkip("no zone1970.tab")
        }
        let database = TimeZoneDatabase(directory: TimeZoneDatabaseTests.systemDirectory)
        let identifiers = database.identifiers
        XCTAssertTrue(identifiers.contains("Europe/Rome"))
        XCTAssertTrue(identifiers.contains("UTC"))
        XCTAssertTrue(identifiers.contains("America/Argentina/Buenos_Aires"))
        XCTAssertEqual(identifiers, identifiers.sorted())
        XCTAssertEqual(Set(identifiers).count, identifiers.count)
        XCTAssertFalse(identifiers.contains("US/Eastern"))  // backward-compatible links are not offered
        for identifier in identifiers {
            XCTAssertTrue(database.isValid(identifier), identifier)
        }
    }

    func testIdentifiersParseTheThirdColumn() throws {
        try write(Array("""
            # comment\tline\tIgnored/Zone
            IT,SM,VA\t+4154+01229\tEurope/Rome
            NP\t+2743+08519\tAsia/Kathmandu\tcomment column

            XX\tbroken
            YY\t+0000+00000\t../escape
            """.utf8), to: "zoneinfo/zone1970.tab")
        XCTAssertEqual(TimeZoneDatabase(directory: temporary + "/zoneinfo").identifiers, ["Asia/Kathmandu", "Europe/Rome", "UTC"])
    }

    func testOutOfDescriptorsIsTransientAndNotRemembered() throws {
        try write(validFile, to: "zoneinfo/Europe/Rome")
        try write(Array("IT\t+4154+01229\tEurope/Rome\n".utf8), to: "zoneinfo/zone1970.tab")
        let database = TimeZoneDatabase(directory: temporary + "/zoneinfo")
        let (identifiers, failure) = withDescriptorsExhausted { () -> ([String], TimeZoneError?) in
            do {
                _ = try database.rules(for: "Europe/Rome")
                return (database.identifiers, nil)
            } catch let error as TimeZoneError {
                return (database.identifiers, error)
            } catch {
                return ([], nil)
            }
        }
        XCTAssertEqual(failure, .unreadable(zone: "Europe/Rome", errno: EMFILE))
        XCTAssertEqual(failure?.isTransient, true)
        XCTAssertEqual(identifiers, ["UTC"], "the list could not be read just then")
        // Descriptors back: the zone loads and the whole list shows, not the UTC-only one of the shortage.
        XCTAssertEqual(try database.rules(for: "Europe/Rome").localDateTime(at: 0).description, "1970-01-01T01:00:00")
        XCTAssertEqual(database.identifiers, ["Europe/Rome", "UTC"])
        XCTAssertFalse(TimeZoneError.unknownZone("Europe/Nowhere").isTransient)
        XCTAssertFalse(TimeZoneError.unreadable(zone: "Europe/Rome", errno: EACCES).isTransient)
    }

    func testDefaultDirectoryFollowsTZDIR() {
        let saved = getenv("TZDIR").map { String(cString: $0) }
        defer {
            if let saved { setenv("TZDIR", saved, 1) } else { unsetenv("TZDIR") }
        }
        unsetenv("TZDIR")
        XCTAssertEqual(TimeZoneDatabase.defaultDirectory, "/usr/share/zoneinfo")
        setenv("TZDIR", "", 1)
        XCTAssertEqual(TimeZoneDatabase.defaultDirectory, "/usr/share/zoneinfo")
        setenv("TZDIR", temporary, 1)
        XCTAssertEqual(TimeZoneDatabase().directory, temporary)
    }

    func testErrorDescriptions() {
        XCTAssertEqual(TimeZoneError.invalidIdentifier("a\0b").description,
                       "invalid time zone identifier \"a\\0b\": expected a name such as \"Europe/Rome\"")
        XCTAssertTrue(TimeZoneError.invalidIdentifier(String(repeating: "x", count: 1_000)).description.count < 200)
        XCTAssertEqual(TimeZoneError.malformedData(zone: nil, reason: "why").description, "time zone data is malformed: why")
        XCTAssertEqual(TimeZoneError.unreadable(zone: "Europe/Rome", errno: 13).description,
                       "time zone \"Europe/Rome\" could not be read (errno 13)")
    }

    // MARK: - Hostile files

    /// Every proper prefix of a real file is an error, never a crash.
    func testEveryTruncationIsAnError() throws {
        for zone in ["Europe/Rome", "America/Sao_Paulo"] {
            let bytes = try systemFile(zone)
            XCTAssertNoThrow(try TimeZoneRules(tzif: bytes))
            for length in 0..<bytes.count {
                XCTAssertThrowsError(try TimeZoneRules(tzif: Array(bytes[0..<length])), "\(zone) cut at \(length)") { error in
                    guard case .malformedData(nil, _)? = error as? TimeZoneError else { return XCTFail("\(error)") }
                }
            }
        }
        // Through the database too, which names the zone.
        let rome = try systemFile("Europe/Rome")
        try write(Array(rome[0..<1_000]), to: "zoneinfo/Europe/Cut")
        XCTAssertThrowsError(try TimeZoneDatabase(directory: temporary + "/zoneinfo").rules(for: "Europe/Cut")) {
            guard case .malformedData("Europe/Cut", _)? = $0 as? TimeZoneError else { return XCTFail("\($0)") }
        }
    }

    /// Seeded random mutations of real files: each parses or throws; whatever
    /// parses answers every query without trapping.
    func testRandomMutationsNeverCrash() throws {
        var generator = SplitMix64(state: 0xDA_77_2026)
        var parsed = 0
        var refused = 0
        let probes: [Int64] = [Int64.min, -5_000_000_000, -1, 0, 1_000_000_000, Instant.utc(2026, 3, 29, 1),
                               Instant.utc(2040, 7, 1), Instant.utc(2100, 10, 31, 1), 1 << 40, Int64.max]
        for zone in ["Europe/Rome", "Australia/Lord_Howe", "Asia/Kathmandu"] {
            let original = try systemFile(zone)
            for round in 0..<1_200 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    switch round % 4 {
                    case 0: bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)  // bit flip
                    case 1: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                    case 2: bytes[index] = [0, 1, 0x7F, 0x80, 0xFF, UInt8(ascii: "\n")].randomElement(using: &generator)!
                    default:
                        // Concentrate on the two headers' counts and the footer, where lies are likeliest to hurt.
                        let second = 44 + TimeZoneDatabaseTests.v1BlockSize(original)
                        let hot = [20..<44, second + 20..<second + 44, (bytes.count - 40)..<bytes.count].randomElement(using: &generator)!
                        bytes[Int.random(in: hot, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                    }
                }
                do {
                    let rules = try TimeZoneRules(tzif: bytes)
                    parsed += 1
                    for probe in probes {
                        _ = rules.offset(at: probe)
                        _ = rules.abbreviation(at: probe)
                        _ = rules.unixSeconds(for: rules.localDateTime(at: probe))
                        _ = rules.nextTransition(after: probe)
                    }
                } catch {
                    refused += 1
                }
            }
        }
        XCTAssertEqual(parsed + refused, 3_600)
        // Both outcomes occur: mutations of abbreviations or times can still be valid files.
        XCTAssertGreaterThan(parsed, 0)
        XCTAssertGreaterThan(refused, 0)
    }

    /// Random bytes behind a valid-looking header.
    func testRandomGarbageNeverCrashes() {
        var generator = SplitMix64(state: 42)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...300, using: &generator)
            var bytes = Array("TZif".utf8) + [[0, UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4")].randomElement(using: &generator)!]
            bytes += (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Small counts make it past the header checks.
            if bytes.count >= 44 {
                for offset in stride(from: 20, to: 44, by: 4) {
                    bytes[offset] = 0
                    bytes[offset + 1] = 0
                    bytes[offset + 2] = 0
                    bytes[offset + 3] %= 8
                }
            }
            if let rules = try? TimeZoneRules(tzif: bytes) {
                _ = rules.localDateTime(at: 0)
                _ = rules.unixSeconds(for: rules.localDateTime(at: 1_000_000_000))
            }
        }
    }

    /// The size of the version 1 data block, from its header.
    private static func v1BlockSize(_ bytes: [UInt8]) -> Int {
        func count(_ index: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(bytes[20 + 4 * index + $1]) }
        }
        return count(3) * 5 + count(4) * 6 + count(5) + count(2) * 8 + count(1) + count(0)
    }
}
