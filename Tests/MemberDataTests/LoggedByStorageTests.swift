import Domain
import Foundation
import JSON
import PlainText
import Store
import TimeZones
import XCTest
@testable import MemberData

/// `logged_by` (member migration 12): logs and check-offs a guardian made carry their
/// username; the JSON export writes it as `loggedBy` only when set (older files stay the
/// same); the importer reads it back, and refuses a file whose `loggedBy` is no username.
final class LoggedByStorageTests: XCTestCase {
    private var folder = ""

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database() throws -> Database {
        folder = NSTemporaryDirectory() + "dawn-logged-by-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try Database.open(path: folder + "/member.sqlite", migrations: MemberSchema.migrations)
    }

    private let day = LocalDate(iso: "2026-03-11")!

    func testLogsAndCheckOffsRecordTheGuardian() throws {
        let habits = Habits(database: try database())
        let id = try habits.add(name: "Piano", emoji: "🎹", color: "#54A0FF", defaultDuration: 30, now: 1)
        XCTAssertTrue(try habits.log(habit: id, on: day, startMinute: 480, durationMinutes: 30, note: "", now: 2).isLogged)
        XCTAssertTrue(try habits.log(habit: id, on: day, startMinute: 600, durationMinutes: 30, note: "", loggedBy: "dad", now: 3).isLogged)
        XCTAssertEqual(try habits.checkOff(habit: id, on: day, amountMilli: nil, loggedBy: "mum", now: 4), .logged)
        XCTAssertEqual(try habits.instances(on: day).map(\.loggedBy), ["mum", nil, "dad"])
        // The schema holds a username's length, nothing longer.
        XCTAssertThrowsError(try habits.log(habit: id, on: day, startMinute: 700, durationMinutes: 30, note: "",
                                            loggedBy: String(repeating: "a", count: 33), now: 5))
    }

    /// A log says what it did: the new log's id, or that the habit is unknown or archived
    /// (then nothing is written).
    func testALogSaysWhatItDid() throws {
        let habits = Habits(database: try database())
        let id = try habits.add(name: "Piano", emoji: "🎹", color: "#54A0FF", defaultDuration: 30, now: 1)
        let logged = try habits.log(habit: id, on: day, startMinute: 480, durationMinutes: 30, note: "", now: 2)
        XCTAssertEqual(logged, .logged(instance: try XCTUnwrap(habits.instances(on: day).first?.id)))
        XCTAssertEqual(try habits.log(habit: id + 1, on: day, startMinute: 500, durationMinutes: 30, note: "", now: 3),
                       .unavailable)
        XCTAssertTrue(try habits.setArchived(id, true, now: 4))
        XCTAssertEqual(try habits.log(habit: id, on: day, startMinute: 540, durationMinutes: 30, note: "", now: 5),
                       .unavailable)
        XCTAssertEqual(try habits.instances(on: day).count, 1)
    }

    func testTheExportWritesLoggedByOnlyWhenSet() throws {
        let own = JSONWriter.string(DawnExportFormat.Instance(habitId: 1, date: "2026-03-11", start: "08:00",
                                                              durationMinutes: 30, note: "").json, options: .sortedKeys)
        XCTAssertEqual(own, #"{"date":"2026-03-11","durationMinutes":30,"habitId":1,"note":"","start":"08:00"}"#)
        let theirs = JSONWriter.string(DawnExportFormat.Instance(habitId: 1, date: "2026-03-11", start: nil,
                                                                 durationMinutes: 30, note: "", loggedBy: "dad").json,
                                       options: .sortedKeys)
        XCTAssertTrue(theirs.contains(#""loggedBy":"dad""#), theirs)
    }

    private func file(loggedBy: String?) -> [UInt8] {
        let by = loggedBy.map { #", "loggedBy": "\#($0)""# } ?? ""
        return Array("""
            {"format": "dawn-export", "version": 2, "exportedAt": "2026-03-11T08:00:00",
             "member": {"username": "mia", "displayName": "Mia", "timeZone": "UTC"},
             "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": true,
                          "showGridDates": false, "theme": "system"},
             "habits": [{"id": 1, "name": "Piano", "emoji": "🎹", "colour": "#54A0FF", "defaultDurationMinutes": 30,
                         "createdAt": 1, "group": null}],
             "instances": [{"habitId": 1, "date": "2026-03-11", "start": null, "durationMinutes": 30, "note": ""\(by)}],
             "entries": [], "notes": []}
            """.utf8)
    }

    func testTheImporterReadsLoggedByBackAndRefusesOneThatIsNoUsername() throws {
        let database = try database()
        var plan = Importer.Plan()
        try Importer.read(file(loggedBy: "dad"), filename: "dawn.json", into: &plan, now: 10)
        _ = try Importer.write(plan, mode: .merge, to: database, now: 10)
        XCTAssertEqual(try Habits(database: database).instances(on: day).map(\.loggedBy), ["dad"])

        for bad in ["Dad", "a", "dad!", String(repeating: "d", count: 33), "d a d"] {
            var refused = Importer.Plan()
            XCTAssertThrowsError(try Importer.read(file(loggedBy: bad), filename: "dawn.json", into: &refused, now: 10), bad) {
                XCTAssertEqual(($0 as? Importer.Problem)?.key, "import.problem.logged_by", bad)
                XCTAssertEqual(($0 as? Importer.Problem)?.place, .record("instances[0].loggedBy"), bad)
            }
        }
        var none = Importer.Plan()
        try Importer.read(file(loggedBy: nil), filename: "dawn.json", into: &none, now: 10)
        _ = try Importer.write(none, mode: .merge, to: database, now: 10)
        XCTAssertEqual(try Habits(database: database).instances(on: day).count, 1, "merged: the same log once")
    }

    func testUsernameShape() {
        for good in ["dad", "mia.rossi", "a_b-c", String(repeating: "x", count: 32)] { XCTAssertTrue(UsernameShape.matches(good), good) }
        for bad in ["", "ab", "Dad", "dad ", "dàd", String(repeating: "x", count: 33)] { XCTAssertFalse(UsernameShape.matches(bad), bad) }
    }
}
