import Accounts
import Domain
import HTTP
import FamilyData
@testable import MemberData
import Store
import TimeZones
import XCTest
@testable import DawnApp

/// Reminders in process: the habit form's field (refusals beside it, nothing written), the
/// habit page, and the scheduler driven on a fixed clock with a recording outbox — once
/// only, across a restart, the catch-up hour, done days — and its thread woken and stopped.
final class ReminderSchedulerTests: XCTestCase {
    /// 10:00 in Rome on Tuesday 2026-03-10.
    private let now = PageHarness.instant("2026-03-10T09:00:00Z")

    private func addHabit(_ dawn: PageHarness, reminders: String, name: String = "Read") -> PageHarness.Page {
        _ = dawn.get("/habits/new")
        return dawn.post("/habits", [("name", name), ("emoji", "📚"), ("color", "#48DBAB"), ("duration", "30"),
                                     ("schedule", "day"), ("reminders", reminders)])
    }

    private func habits(_ dawn: PageHarness) throws -> [Habits.Habit] {
        try dawn.member().habits.all()
    }

    private func memberID(_ dawn: PageHarness) throws -> MemberID {
        try dawn.member().actor.member.id
    }

    /// A scheduler over the app's data, as a restarted server would build it.
    private func restarted(_ dawn: PageHarness, outbox: RecordingReminderOutbox) -> ReminderScheduler {
        let app = dawn.app
        return ReminderScheduler(data: app.data, family: app.family, timeZones: app.timeZones, strings: app.strings,
                                 settings: { _, database in try MemberSettings.load(from: database) },
                                 outbox: outbox, now: { 0 })
    }

    private func received(_ dawn: PageHarness) -> [DueReminder] {
        (dawn.app.reminders.outbox as? RecordingReminderOutbox)?.received ?? []
    }

    // MARK: The form and the habit's page

    func testTheFormStoresSortedFoldedTimesAndTheHabitPageShowsThem() throws {
        let dawn = try PageHarness(now: now).signedUp()
        XCTAssertEqual(addHabit(dawn, reminders: "19:00, 07:30,7:30").status, .seeOther)
        let habit = try XCTUnwrap(habits(dawn).first)
        XCTAssertEqual(habit.reminders.map(\.description), ["07:30", "19:00"])
        XCTAssertTrue(dawn.get("/habits/\(habit.id)").text.contains("Reminders: 07:30, 19:00"))
        XCTAssertTrue(dawn.get("/habits/\(habit.id)/edit").text.contains(#"value="07:30, 19:00""#))
        // Emptying the field removes them.
        let page = dawn.post("/habits/\(habit.id)", [("name", "Read"), ("emoji", "📚"), ("color", "#48DBAB"),
                                                     ("duration", "30"), ("schedule", "day"), ("reminders", "")])
        XCTAssertEqual(page.status, .seeOther)
        XCTAssertEqual(try habits(dawn).first?.reminders, [])
    }

    func testBadTimesAndMoreThanTwelveAreRefusedBesideTheFieldWithNothingWritten() throws {
        let dawn = try PageHarness(now: now).signedUp()
        let thirteen = (6..<19).map { "\($0):00" }.joined(separator: ", ")
        for (sent, message) in [("7.30", "24-hour clock"), ("25:00", "24-hour clock"), ("abc", "24-hour clock"),
                                (thirteen, "at most 12 reminders")] {
            let page = addHabit(dawn, reminders: sent)
            XCTAssertEqual(page.status, .badRequest, sent)
            let error = PageHarness.firstMatch(#"<p class="field-error" id="reminders-hint">([^<]*)</p>"#, in: page.text)
            XCTAssertTrue(error?.contains(message) == true, "\(sent): \(error ?? "no message")")
            XCTAssertTrue(page.text.contains(#"id="reminders" name="reminders""#))
            XCTAssertEqual(try habits(dawn).count, 0, "nothing written for \(sent)")
        }
        // In the member's language.
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("time_zone", "Europe/Rome"), ("first_weekday", "monday"),
                                               ("day_start_hour", "0"), ("view", "grid"), ("theme", "system")]).status, .seeOther)
        let italian = addHabit(dawn, reminders: "25:00")
        XCTAssertTrue(italian.text.contains("I promemoria sono orari nel formato 24 ore"))
        // An edit refused keeps what was stored.
        XCTAssertEqual(addHabit(dawn, reminders: "08:00").status, .seeOther)
        let habit = try XCTUnwrap(habits(dawn).first)
        let page = dawn.post("/habits/\(habit.id)", [("name", "Read more"), ("emoji", "📚"), ("color", "#48DBAB"),
                                                     ("duration", "30"), ("schedule", "day"), ("reminders", "08:00, 7.30")])
        XCTAssertEqual(page.status, .badRequest)
        XCTAssertEqual(try habits(dawn).first?.name, "Read")
        XCTAssertEqual(try habits(dawn).first?.reminders.map(\.description), ["08:00"])
    }

    // MARK: The scheduler on a fixed clock

    func testAReminderIsHandedOverOnceAtItsTimeInTheMembersZoneAndLanguage() throws {
        let dawn = try PageHarness(now: now).signedUp()
        XCTAssertEqual(addHabit(dawn, reminders: "10:30").status, .seeOther)
        let id = try memberID(dawn)
        let habit = try XCTUnwrap(habits(dawn).first)
        let due = PageHarness.instant("2026-03-10T09:30:00Z")  // 10:30 in Rome (CET)
        XCTAssertEqual(dawn.app.reminders.pass(at: now), due, "asleep until 10:30 Rome time")
        XCTAssertEqual(received(dawn), [])
        XCTAssertEqual(dawn.app.reminders.pass(at: due - 1), due)
        XCTAssertEqual(received(dawn), [])
        XCTAssertEqual(dawn.app.reminders.pass(at: due), PageHarness.instant("2026-03-11T09:30:00Z"))
        XCTAssertEqual(received(dawn), [DueReminder(member: id, habitID: habit.id, title: "📚 Read",
                                                    body: "Time for Read (10:30)", dueAt: due)])
        // Once: later passes, a change of the member's data, and a restarted scheduler send nothing more.
        dawn.app.reminders.pass(at: due + 30)
        dawn.app.reminders.memberChanged(id)
        dawn.app.reminders.pass(at: due + 40)
        XCTAssertEqual(received(dawn).count, 1)
        let again = RecordingReminderOutbox()
        restarted(dawn, outbox: again).pass(at: due + 50)
        XCTAssertEqual(again.received, [])
    }

    func testAfterARestartARemindersLessThanAnHourOldIsSentLateOlderOnesAreDropped() throws {
        let dawn = try PageHarness(now: now).signedUp()
        XCTAssertEqual(addHabit(dawn, reminders: "10:30, 11:00").status, .seeOther)
        dawn.app.reminders.pass(at: now)  // the server saw the habit at 10:00, then stopped
        // Back at 11:45 Rome time: 10:30 is 75 minutes old (dropped), 11:00 45 minutes (sent late).
        let outbox = RecordingReminderOutbox()
        let back = PageHarness.instant("2026-03-10T10:45:00Z")
        restarted(dawn, outbox: outbox).pass(at: back)
        XCTAssertEqual(outbox.received.map(\.dueAt), [PageHarness.instant("2026-03-10T10:00:00Z")])
        XCTAssertEqual(outbox.received.map(\.body), ["Time for Read (11:00)"])
        // A second restart does not send it again.
        let third = RecordingReminderOutbox()
        restarted(dawn, outbox: third).pass(at: back + 5)
        XCTAssertEqual(third.received, [])
        XCTAssertEqual(received(dawn), [])
    }

    /// After a restart, a member without reminders has their file glanced at and closed
    /// again (not kept open for nothing); one with reminders has it opened and kept.
    func testARestartedSchedulerKeepsOpenOnlyTheFilesOfMembersWithReminders() throws {
        let dawn = try PageHarness(now: now).signedUp()
        dawn.addMember("kid", displayName: "Kid")
        XCTAssertEqual(addHabit(dawn, reminders: "10:30").status, .seeOther)
        let mum = try memberID(dawn)
        let kid = try XCTUnwrap(dawn.app.family.member(username: Username("kid"))).id
        dawn.app.reminders.pass(at: now)
        // A second process over the same files, as after a restart.
        let data = try DataDirectory(root: dawn.app.configuration.dataDirectory, instanceMigrations: InstanceSchema.migrations,
                                     memberMigrations: MemberSchema.migrations)
        defer { data.closeAll() }
        let app = dawn.app
        let outbox = RecordingReminderOutbox()
        let scheduler = ReminderScheduler(data: data, family: app.family, timeZones: app.timeZones, strings: app.strings,
                                          settings: { _, database in try MemberSettings.load(from: database) },
                                          outbox: outbox, now: { 0 })
        XCTAssertEqual(scheduler.pass(at: now + 60), PageHarness.instant("2026-03-10T09:30:00Z"))
        XCTAssertTrue(data.isOpen(mum))
        XCTAssertFalse(data.isOpen(kid), "no reminders: the file was only glanced at")
        XCTAssertEqual(outbox.received, [])
    }

    func testATimeSetInThePastDoesNotRingAtOnceAndADoneHabitStaysSilent() throws {
        let dawn = try PageHarness(now: now).signedUp()
        XCTAssertEqual(addHabit(dawn, reminders: "09:45, 10:30").status, .seeOther)
        let habit = try XCTUnwrap(habits(dawn).first)
        dawn.app.reminders.pass(at: now)
        XCTAssertEqual(received(dawn), [], "09:45 was before the habit had reminders")
        dawn.log(Int(habit.id), on: "2026-03-10", start: "09:50", duration: 30)
        dawn.app.reminders.pass(at: PageHarness.instant("2026-03-10T09:30:00Z"))
        XCTAssertEqual(received(dawn), [], "done today")
        dawn.app.reminders.pass(at: PageHarness.instant("2026-03-11T08:45:00Z"))
        XCTAssertEqual(received(dawn).map(\.body), ["Time for Read (09:45)"], "not done tomorrow")
    }

    // MARK: The thread

    func testTheThreadWakesOnAChangeHandsOverAndStops() throws {
        let dawn = try PageHarness(now: now).signedUp()
        dawn.app.startReminders()
        XCTAssertEqual(addHabit(dawn, reminders: "10:30").status, .seeOther)
        // The write woke the thread, which marked the new habit as seen at 10:00.
        let id = try memberID(dawn)
        let marks = ReminderMarks(instance: dawn.app.data.instance)
        var deadline = Date().addingTimeInterval(10)
        while try marks.marks(for: id).isEmpty && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(try marks.marks(for: id).first?.value.through, now)
        // The clock jumps to the reminder's time; a change wakes the thread at once.
        dawn.setNow(PageHarness.instant("2026-03-10T09:30:00Z"))
        dawn.app.reminders.memberChanged(id)
        deadline = Date().addingTimeInterval(10)
        while received(dawn).isEmpty && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(received(dawn).map(\.body), ["Time for Read (10:30)"])
        let stopping = Date()
        dawn.app.reminders.stop()
        XCTAssertLessThan(Date().timeIntervalSince(stopping), 5, "stop does not wait for the next reminder")
        XCTAssertEqual(received(dawn).count, 1)
    }
}
