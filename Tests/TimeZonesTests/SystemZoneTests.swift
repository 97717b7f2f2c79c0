import Foundation
import XCTest
@testable import TimeZones

/// The real TZif files in /usr/share/zoneinfo, checked against Python's
/// `zoneinfo`, which reads the same files independently.
final class SystemZoneTests: XCTestCase {
    private static let directory = "/usr/share/zoneinfo"
    private static let featuredZones = [
        "Europe/Rome", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/Sao_Paulo",
        "Africa/Casablanca", "Pacific/Apia", "Asia/Tehran", "UTC", "Asia/Jerusalem", "America/Nuuk",
        "Australia/Sydney", "Pacific/Chatham", "Europe/Dublin", "America/St_Johns", "Antarctica/Troll",
    ]

    private var database: TimeZoneDatabase!

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: SystemZoneTests.directory + "/Europe/Rome") else {
            throw XCTSkip("no tzdata in \(SystemZoneTests.directory)")
        }
        database = TimeZoneDatabase(directory: SystemZoneTests.directory)
    }

    private func requirePython() throws {
        guard PythonZoneInfo.isAvailable else { throw XCTSkip("python3 is not installed") }
    }

    /// An even spread over 1900...2100 (with an odd step, so times of day vary)
    /// plus the second before, at and after each transition in sample years.
    private func instants(for rules: TimeZoneRules, gridCount: Int, transitionYears: [Int]) -> [Int64] {
        let first = Instant.utc(1900, 1, 1)
        let last = Instant.utc(2100, 12, 31, 23, 59, 59)
        let step = (last - first) / Int64(gridCount) + 12_345
        var result = Array(stride(from: first, through: last, by: Int(step)))
        for year in transitionYears {
            var from = Instant.utc(year, 1, 1)
            for _ in 0..<2 {
                guard let transition = rules.nextTransition(after: from), transition <= last else { break }
                result += [transition - 1, transition, transition + 1]
                from = transition
            }
        }
        return result
    }

    private func compareWithPython(zones: [String], directory: String, gridCount: Int, transitionYears: [Int],
                                   rulesFor: (String) throws -> TimeZoneRules) throws {
        var queries: [String: [Int64]] = [:]
        var allRules: [String: TimeZoneRules] = [:]
        for zone in zones {
            let rules = try rulesFor(zone)
            allRules[zone] = rules
            queries[zone] = instants(for: rules, gridCount: gridCount, transitionYears: transitionYears)
        }
        let answers = try PythonZoneInfo.answers(directory: directory, queries: queries)
        var compared = 0
        for zone in zones {
            let rules = allRules[zone]!
            let expected = try XCTUnwrap(answers[zone], zone)
            XCTAssertEqual(expected.count, queries[zone]!.count)
            var failures = 0
            for (instant, answer) in zip(queries[zone]!, expected) {
                let ours = PythonZoneInfo.Answer(offset: rules.offset(at: instant), abbreviation: rules.abbreviation(at: instant))
                if ours != answer, failures < 3 {
                    failures += 1
                    XCTFail("\(zone) at \(instant) (\(rules.localDateTime(at: instant))): ours \(ours), Python \(answer)")
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, zones.count * gridCount)
    }

    func testFeaturedZonesMatchPython() throws {
        try requirePython()
        let years = [1916, 1942, 1970, 1996, 2011, 2024, 2026, 2027, 2037, 2038, 2039, 2050, 2087, 2088, 2099]
        try compareWithPython(zones: SystemZoneTests.featuredZones, directory: SystemZoneTests.directory,
                              gridCount: 150, transitionYears: years) { try database.rules(for: $0) }
    }

    func testEverySelectableZoneMatchesPython() throws {
        try requirePython()
        let zones = database.identifiers
        XCTAssertGreaterThan(zones.count, 200)
        try compareWithPython(zones: zones, directory: SystemZoneTests.directory,
                              gridCount: 40, transitionYears: [1980, 2026, 2045]) { try database.rules(for: $0) }
    }

    /// Bare POSIX strings, far in the future, against the zones whose
    /// footer they are (Python applies the footer there too).
    func testPOSIXRulesMatchTheirZonesIn2100() throws {
        try requirePython()
        let pairs = [
            "Europe/Rome": "CET-1CEST,M3.5.0,M10.5.0/3", "America/New_York": "EST5EDT,M3.2.0,M11.1.0",
            "Asia/Kathmandu": "<+0545>-5:45", "UTC": "UTC0", "America/Sao_Paulo": "<-03>3",
            "Australia/Sydney": "AEST-10AEDT,M10.1.0,M4.1.0/3", "Asia/Jerusalem": "IST-2IDT,M3.4.4/26,M10.5.0",
            "America/Nuuk": "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "Australia/Lord_Howe": "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
        ]
        var queries: [String: [Int64]] = [:]
        for (zone, posix) in pairs {
            let footer = try String(contentsOfFile: SystemZoneTests.directory + "/" + zone, encoding: .isoLatin1)
                .split(separator: "\n").last.map(String.init)
            XCTAssertEqual(footer, posix, "the premise: \(zone)'s footer")
            let rules = try TimeZoneRules(posix: posix)
            var times = Array(stride(from: Instant.utc(2099, 12, 25), through: Instant.utc(2101, 1, 5), by: 86_400 * 3 + 3_333))
            var from = Instant.utc(2100, 1, 1)
            while let next = rules.nextTransition(after: from), next < Instant.utc(2101, 1, 1) {
                times += [next - 1, next, next + 1]
                from = next
            }
            queries[zone] = times
        }
        let answers = try PythonZoneInfo.answers(directory: SystemZoneTests.directory, queries: queries)
        for (zone, posix) in pairs {
            let rules = try TimeZoneRules(posix: posix)
            for (instant, answer) in zip(queries[zone]!, answers[zone]!) {
                XCTAssertEqual(rules.offset(at: instant), answer.offset, "\(posix) at \(instant)")
                XCTAssertEqual(rules.abbreviation(at: instant), answer.abbreviation, "\(posix) at \(instant)")
            }
        }
    }

    /// Debian may ship slim files, which stop listing transitions early and
    /// rely on the footer. Compile slim files with zic and compare them with
    /// the fat system files and with Python.
    func testSlimFilesAgreeWithFatFiles() throws {
        let zic = "/usr/sbin/zic"
        let source = SystemZoneTests.directory + "/tzdata.zi"
        guard FileManager.default.isExecutableFile(atPath: zic), FileManager.default.fileExists(atPath: source) else {
            throw XCTSkip("zic or tzdata.zi missing")
        }
        let slimDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("slim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: slimDirectory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zic)
        process.arguments = ["-b", "slim", "-d", slimDirectory, source]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let slim = TimeZoneDatabase(directory: slimDirectory)
        for zone in SystemZoneTests.featuredZones where zone != "UTC" {
            let slimRules = try slim.rules(for: zone)
            let fatRules = try database.rules(for: zone)
            XCTAssertLessThanOrEqual(slimRules.transitionTimes.count, fatRules.transitionTimes.count, zone)
            for instant in instants(for: fatRules, gridCount: 300, transitionYears: [2026, 2030, 2040, 2099]) {
                XCTAssertEqual(slimRules.offset(at: instant), fatRules.offset(at: instant), "\(zone) at \(instant)")
                XCTAssertEqual(slimRules.abbreviation(at: instant), fatRules.abbreviation(at: instant), "\(zone) at \(instant)")
            }
        }
        // Really slim: Rome lists nothing after 1996, New York nothing after 2007.
        XCTAssertLessThan(try slim.rules(for: "Europe/Rome").transitionTimes.last!, Instant.utc(2000, 1, 1))
        XCTAssertLessThan(try slim.rules(for: "America/New_York").transitionTimes.last!, Instant.utc(2010, 1, 1))
        if PythonZoneInfo.isAvailable {
            try compareWithPython(zones: ["Europe/Rome", "America/New_York", "Australia/Lord_Howe", "Asia/Jerusalem"],
                                  directory: slimDirectory, gridCount: 100, transitionYears: [2026, 2050]) {
                try slim.rules(for: $0)
            }
        }
    }

    func testKnownOffsets() throws {
        let rome = try database.rules(for: "Europe/Rome")
        XCTAssertEqual(rome.offset(at: Instant.utc(2026, 7, 1)), 7_200)
        XCTAssertEqual(rome.offset(at: Instant.utc(2026, 1, 1)), 3_600)
        XCTAssertEqual(try database.rules(for: "Asia/Kathmandu").offset(at: Instant.utc(2026, 1, 1)), 20_700)
        let lordHowe = try database.rules(for: "Australia/Lord_Howe")
        XCTAssertEqual(lordHowe.offset(at: Instant.utc(2026, 1, 1)), 39_600)
        XCTAssertEqual(lordHowe.offset(at: Instant.utc(2026, 7, 1)), 37_800)
    }

    /// Samoa skipped Friday 2011-12-30 when it moved across the date line.
    func testApiaSkippedADay() throws {
        let apia = try database.rules(for: "Pacific/Apia")
        let switchInstant = Instant.utc(2011, 12, 30, 10)
        XCTAssertEqual(apia.localDateTime(at: switchInstant - 1).description, "2011-12-29T23:59:59")
        XCTAssertEqual(apia.localDateTime(at: switchInstant).description, "2011-12-31T00:00:00")
        XCTAssertEqual(apia.localDate(at: switchInstant), LocalDate(year: 2011, month: 12, day: 31))
        // Any time on the skipped day is a 24-hour gap: read with the old offset, shown a day later.
        let skipped = LocalDateTime(date: LocalDate(year: 2011, month: 12, day: 30)!, hour: 12, minute: 0)!
        let instant = apia.unixSeconds(for: skipped)
        XCTAssertEqual(instant, Instant.utc(2011, 12, 30, 22))
        XCTAssertEqual(apia.localDateTime(at: instant).description, "2011-12-31T12:00:00")
    }

    func testGapPicksTheLaterInstant() throws {
        let rome = try database.rules(for: "Europe/Rome")
        // 2026-03-29: clocks jump from 02:00 CET to 03:00 CEST; 02:30 never happens.
        let missing = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 29)!, hour: 2, minute: 30)!
        let instant = rome.unixSeconds(for: missing)
        XCTAssertEqual(instant, Instant.utc(2026, 3, 29, 1, 30))
        XCTAssertEqual(rome.localDateTime(at: instant).description, "2026-03-29T03:30:00")
        // The edges of the gap.
        let twoOClock = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 29)!, hour: 2, minute: 0)!
        XCTAssertEqual(rome.unixSeconds(for: twoOClock), Instant.utc(2026, 3, 29, 1))
        let justBefore = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 29)!, hour: 1, minute: 59, second: 59)!
        XCTAssertEqual(rome.unixSeconds(for: justBefore), Instant.utc(2026, 3, 29, 0, 59, 59))
        let threeOClock = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 29)!, hour: 3, minute: 0)!
        XCTAssertEqual(rome.unixSeconds(for: threeOClock), Instant.utc(2026, 3, 29, 1))

        // Lord Howe's half-hour gap: 02:00 → 02:30 on 2026-10-04.
        let lordHowe = try database.rules(for: "Australia/Lord_Howe")
        let quarterPast = LocalDateTime(date: LocalDate(year: 2026, month: 10, day: 4)!, hour: 2, minute: 15)!
        XCTAssertEqual(lordHowe.localDateTime(at: lordHowe.unixSeconds(for: quarterPast)).description, "2026-10-04T02:45:00")
    }

    func testOverlapPicksTheEarlierInstant() throws {
        let rome = try database.rules(for: "Europe/Rome")
        // 2026-10-25: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
        let twice = LocalDateTime(date: LocalDate(year: 2026, month: 10, day: 25)!, hour: 2, minute: 30)!
        XCTAssertEqual(rome.localDateTime(at: Instant.utc(2026, 10, 25, 0, 30)), twice)
        XCTAssertEqual(rome.localDateTime(at: Instant.utc(2026, 10, 25, 1, 30)), twice)
        XCTAssertEqual(rome.unixSeconds(for: twice), Instant.utc(2026, 10, 25, 0, 30))
        let newYork = try database.rules(for: "America/New_York")
        let oneThirty = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 1)!, hour: 1, minute: 30)!
        XCTAssertEqual(newYork.unixSeconds(for: oneThirty), Instant.utc(2026, 11, 1, 5, 30))  // EDT, not EST
    }

    /// Every quarter hour across DST weeks: an existing wall time maps to its
    /// earliest instant; a missing one to the instant read with the offset before the gap.
    func testInverseMappingProperties() throws {
        for zone in ["Europe/Rome", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Jerusalem",
                     "America/Nuuk", "Africa/Casablanca", "Antarctica/Troll"] {
            let rules = try database.rules(for: zone)
            var checked = 0
            for year in [1980, 2011, 2026, 2045] {
                var from = Instant.utc(year, 1, 1)
                for _ in 0..<2 {
                    guard let transition = rules.nextTransition(after: from) else { break }
                    from = transition
                    // Every offset in force around here: the candidates for showing a wall time.
                    let offsets = Set(stride(from: transition - 3 * 86_400, to: transition + 3 * 86_400, by: 1_800)
                        .map { rules.offset(at: $0) } + [rules.offset(at: transition - 1), rules.offset(at: transition)])
                    let firstWall = rules.localDateTime(at: transition - 2 * 86_400).localSecondsSince1970
                    for wallSeconds in stride(from: firstWall - firstWall % 900, to: firstWall + 4 * 86_400, by: 900) {
                        let wall = LocalDateTime(localSecondsSince1970: wallSeconds)
                        let instant = rules.unixSeconds(for: wall)
                        let shown = rules.localDateTime(at: instant)
                        if shown == wall {
                            // No earlier instant shows the same wall time.
                            for offset in offsets where wallSeconds - Int64(offset) < instant {
                                XCTAssertNotEqual(rules.localDateTime(at: wallSeconds - Int64(offset)), wall, "\(zone) \(wall)")
                            }
                        } else {
                            // A gap: no instant at all shows it, and the answer is shifted forward.
                            XCTAssertGreaterThan(shown, wall, "\(zone) \(wall)")
                            for offset in offsets {
                                XCTAssertNotEqual(rules.localDateTime(at: wallSeconds - Int64(offset)), wall, "\(zone) \(wall)")
                            }
                            let before = rules.offset(at: instant - (shown.localSecondsSince1970 - wall.localSecondsSince1970) - 1)
                            XCTAssertEqual(instant, wallSeconds - Int64(before), "\(zone) \(wall)")
                        }
                        checked += 1
                    }
                }
            }
            XCTAssertGreaterThan(checked, 1_000, zone)
        }
    }

    /// Instants far outside any real use clamp instead of overflowing.
    func testExtremeInstantsDoNotTrap() throws {
        for zone in SystemZoneTests.featuredZones {
            let rules = try database.rules(for: zone)
            for instant in [Int64.min, Int64.min + 1, -(1 << 50), 1 << 50, Int64.max - 1, Int64.max] {
                _ = rules.offset(at: instant)
                _ = rules.localDate(at: instant)
                let local = rules.localDateTime(at: instant)
                _ = rules.unixSeconds(for: local)
                _ = rules.nextTransition(after: instant)
            }
        }
    }
}
