import HTTP
import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// Two devices editing one entry or one log: a save based on an older version than the
/// stored one is refused with what is stored, never applied.
final class EditVersionTests: XCTestCase {
    private var folder = ""
    private let day = LocalDate(iso: "2026-03-29")!

    override func tearDown() {
        if !folder.isEmpty { _ = try? FileManager.default.removeItem(atPath: folder) }
    }

    private func database() throws -> Database {
        folder = NSTemporaryDirectory() + "dawn-versions-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try Database.open(path: folder + "/member.sqlite", migrations: MemberSchema.migrations)
    }

    func testAnEntryIsVersionedAndAStaleSaveIsRefused() throws {
        let journal = Journal(database: try database())
        XCTAssertNil(try journal.entry(on: day))
        // Both devices open the empty day (version 0); the phone saves first.
        XCTAssertEqual(try journal.saveEntry("From the phone", on: day, basedOn: 0, now: 100, today: day), .saved)
        let first = try XCTUnwrap(journal.entry(on: day))
        XCTAssertGreaterThan(first.version, 1)
        // The laptop, still on version 0, is refused and told what is stored.
        XCTAssertEqual(try journal.saveEntry("From the laptop", on: day, basedOn: 0, now: 101, today: day), .conflict(stored: first))
        XCTAssertEqual(try journal.entry(on: day), first, "nothing written")
        // Saving again from the stored version (after merging) goes through, with a new version.
        XCTAssertEqual(try journal.saveEntry("From the phone\nFrom the laptop", on: day, basedOn: first.version, now: 102, today: day), .saved)
        let second = try XCTUnwrap(journal.entry(on: day))
        XCTAssertGreaterThan(second.version, first.version)
        XCTAssertEqual(second.body, "From the phone\nFrom the laptop")
        // A stale delete is refused too.
        XCTAssertEqual(try journal.saveEntry("", on: day, basedOn: first.version, now: 103, today: day), .conflict(stored: second))
        XCTAssertEqual(try journal.entry(on: day), second)
    }

    func testAStaleSaveThatChangesNothingIsNotAConflict() throws {
        let journal = Journal(database: try database())
        XCTAssertEqual(try journal.saveEntry("Same", on: day, basedOn: 0, now: 100, today: day), .saved)
        XCTAssertEqual(try journal.saveEntry("Same", on: day, basedOn: 0, now: 101, today: day), .saved)
        XCTAssertEqual(try journal.entry(on: day)?.body, "Same")
    }

    /// Deleting and writing again never brings a version number back (no A-B-A).
    func testVersionsAreNeverReused() throws {
        let journal = Journal(database: try database())
        XCTAssertEqual(try journal.saveEntry("One", on: day, basedOn: 0, now: 100, today: day), .saved)
        let one = try XCTUnwrap(journal.entry(on: day))
        XCTAssertEqual(try journal.saveEntry(" ", on: day, basedOn: one.version, now: 101, today: day), .deleted)
        XCTAssertNil(try journal.entry(on: day))
        XCTAssertEqual(try journal.saveEntry("Two", on: day, basedOn: 0, now: 102, today: day), .saved)
        let two = try XCTUnwrap(journal.entry(on: day))
        XCTAssertNotEqual(two.version, one.version)
        XCTAssertEqual(try journal.saveEntry("Stale", on: day, basedOn: one.version, now: 103, today: day), .conflict(stored: two))
        // Without a version (a client that sends none) the save applies as before.
        XCTAssertEqual(try journal.saveEntry("Blind", on: day, basedOn: nil, now: 104, today: day), .saved)
        XCTAssertEqual(try journal.entry(on: day)?.body, "Blind")
    }

    func testALogIsVersionedAndAStaleEditIsRefused() throws {
        let habits = Habits(database: try database())
        let habit = try habits.add(name: "Run", emoji: "🏃", color: "#FF6B6B", defaultDuration: 30, now: 1)
        XCTAssertTrue(try habits.log(habit: habit, on: day, startMinute: 420, durationMinutes: 30, note: "", now: 2).isLogged)
        let logged = try XCTUnwrap(habits.instances(on: day).first)
        XCTAssertEqual(try habits.updateInstance(logged.id, on: day, startMinute: 420, durationMinutes: 30,
                                                 note: "5 km", basedOn: logged.version), .updated)
        let noted = try XCTUnwrap(habits.instance(logged.id, on: day))
        XCTAssertGreaterThan(noted.version, logged.version)
        // The other device, still on the first version, moves it: refused, nothing written.
        XCTAssertEqual(try habits.updateInstance(logged.id, on: day, startMinute: 480, durationMinutes: 30,
                                                 note: "", basedOn: logged.version), .conflict(stored: noted))
        XCTAssertEqual(try habits.instance(logged.id, on: day), noted)
        XCTAssertEqual(try habits.updateInstance(logged.id + 1, on: day, startMinute: 480, durationMinutes: 30,
                                                 note: "", basedOn: nil), .notFound)
    }

    func testTheVersionField() throws {
        func form(_ value: String?) throws -> FormFields {
            try URLEncodedForm.parse(Array((value.map { "version=" + $0 } ?? "a=b").utf8), maxFields: 4)
        }
        XCTAssertNil(try EditVersion.read(try form(nil)))
        XCTAssertEqual(try EditVersion.read(try form("0")), 0)
        XCTAssertEqual(try EditVersion.read(try form("42")), 42)
        for bad in ["", "-1", "+1", "1.5", "x", "99999999999999999999", "%EF%BC%91"] {
            XCTAssertThrowsError(try EditVersion.read(try form(bad)), bad) { error in
                XCTAssertEqual((error as? PageError)?.status, .badRequest)
            }
        }
    }

    /// Validators built on the in-memory revision must differ across restarts.
    func testValidatorsChangeWithEveryWriteAndEveryProcess() {
        let first = MemberCache(), second = MemberCache()
        let id = MemberID(2)
        XCTAssertEqual(first.revision(id), second.revision(id))
        XCTAssertNotEqual(first.validator(id), second.validator(id), "a new process, a new epoch")
        let before = first.validator(id)
        first.changed(id)
        XCTAssertNotEqual(first.validator(id), before)
        XCTAssertEqual(first.validator(id), first.validator(id))
    }
}
