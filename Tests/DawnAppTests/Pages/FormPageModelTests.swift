import Accounts
import Domain
import HTTP
import Localization
import TimeZones
import XCTest
@testable import DawnApp

/// The form pages' models on fixed dates, without HTML: the log form's next free slot,
/// the edit forms' stored values, the habit form's choices, the settings' choices and
/// the family list.
final class FormPageModelTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    private func settings(dayStartHour: Int, extra: [(String, String)] = []) -> [(String, String)] {
        [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", String(dayStartHour)), ("view", "row"),
         ("theme", "system"), ("time_zone", "Europe/Rome")] + extra
    }

    // MARK: The log form

    /// Rome's spring-forward day: at 01:30 UTC the wall clock reads 03:30 (02:00–03:00 never
    /// happened). The timeline is wall-clock time, so a log at 03:30 for 30 minutes leaves
    /// 04:00 as the next free slot, not one counted in elapsed minutes since midnight.
    func testNextFreeSlotOnRomesSpringForwardDay() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-29T01:30:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let id = dawn.addHabit("Run", duration: "45")
        dawn.log(id, on: "2026-03-29", start: "03:30", duration: 30)
        dawn.log(id, on: "2026-03-28", start: "00:00", duration: 20)
        let member = try dawn.member()
        XCTAssertEqual(member.today, date("2026-03-29"))
        let habit = try XCTUnwrap(try member.habits.habit(Int64(id)))

        let today = try HabitInstancePage.Model(member, logging: habit, on: date("2026-03-29"))
        XCTAssertEqual(today.startMinute, 240)
        XCTAssertEqual(today.slots.label(forMinute: today.startMinute), "04:00")
        XCTAssertEqual(today.durationMinutes, 45, "the habit's default duration")
        XCTAssertEqual(today.note, "")
        XCTAssertNil(today.instance)
        XCTAssertNil(today.version)

        // Another day: from the day's start, past the log at 00:00–00:20.
        let yesterday = try HabitInstancePage.Model(member, logging: habit, on: date("2026-03-28"))
        XCTAssertEqual(yesterday.slots.label(forMinute: yesterday.startMinute), "00:30")
    }

    /// Day start 04:00: at 01:10 on 31 March (Rome) it is still the member day of 30 March,
    /// near the end of its timeline. The next free slot is after the log running to 01:30;
    /// once the rest of the day is full, the form starts at the day's first free slot.
    func testNextFreeSlotAcrossMidnightWithADayStartHour() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-30T23:10:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", settings(dayStartHour: 4)).status, .seeOther)
        let id = dawn.addHabit("Read", duration: "15")
        dawn.log(id, on: "2026-03-30", start: "01:00", duration: 30)
        var member = try dawn.member()
        XCTAssertEqual(member.today, date("2026-03-30"))
        let habit = try XCTUnwrap(try member.habits.habit(Int64(id)))

        let model = try HabitInstancePage.Model(member, logging: habit, on: date("2026-03-30"))
        XCTAssertEqual(model.startMinute, 21 * 60 + 30, "timeline minutes from 04:00")
        XCTAssertEqual(model.slots.label(forMinute: model.startMinute), "01:30")

        // Fill the rest of the day (01:30 to the day's end at 04:00): back to the start.
        dawn.log(id, on: "2026-03-30", start: "01:30", duration: 150)
        member = try dawn.member()
        let full = try HabitInstancePage.Model(member, logging: habit, on: date("2026-03-30"))
        XCTAssertEqual(full.startMinute, 0)
        XCTAssertEqual(full.slots.label(forMinute: full.startMinute), "04:00")
    }

    /// The edit form starts from what is stored: the start on the member's timeline, the
    /// duration, the note, and the version an edit is based on.
    func testEditFormHoldsTheStoredLog() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-03-30T20:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", settings(dayStartHour: 4)).status, .seeOther)
        let id = dawn.addHabit("Walk")
        let instanceID = dawn.log(id, on: "2026-03-30", start: "02:15", duration: 40, note: "night walk")
        let member = try dawn.member()
        let instance = try XCTUnwrap(try member.habits.instance(Int64(instanceID), on: date("2026-03-30")))
        let habit = try XCTUnwrap(try member.habits.habit(Int64(id)))

        let model = HabitInstancePage.Model(member, editing: instance, of: habit, on: date("2026-03-30"))
        XCTAssertEqual(model.startMinute, 22 * 60 + 15)
        XCTAssertEqual(model.slots.label(forMinute: model.startMinute), "02:15")
        XCTAssertEqual(model.durationMinutes, 40)
        XCTAssertEqual(model.note, "night walk")
        XCTAssertEqual(model.version, instance.version)
        XCTAssertEqual(model.instance?.id, Int64(instanceID))
    }

    // MARK: The habit forms

    func testHabitFormChoicesNewEditAndSent() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-05-04T09:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let preset = dawn.addHabit("Swim", color: "#54A0FF", duration: "60")
        _ = dawn.get("/habits/new")
        XCTAssertEqual(dawn.post("/habits", [("name", "Paint"), ("emoji", "🎨"), ("color", "custom"),
                                             ("custom_color", "#123abc"), ("duration", "90")]).status, .seeOther)
        let member = try dawn.member()
        let day = date("2026-05-03")

        let new = HabitsPage.FormModel(newHabitReturningTo: day)
        XCTAssertNil(new.habit)
        XCTAssertEqual(new.back, day)
        XCTAssertEqual(new.values, .init(name: "", emoji: HabitEmoji.default.value, color: "#FF6B6B",
                                         customColor: "#888888", duration: "30"))
        XCTAssertEqual(new.colors.filter(new.isChosen).map(\.name), ["Coral"])
        XCTAssertEqual(new.durations.filter(new.isChosen).map(\.minutes), [30])
        XCTAssertFalse(new.isCustomChosen)
        XCTAssertEqual(new.durations.map(\.minutes), [15, 30, 45, 60, 90, 120])
        XCTAssertEqual(new.colors.count, 8)

        let swim = HabitsPage.FormModel(editing: try XCTUnwrap(try member.habits.habit(Int64(preset))), returningTo: day)
        XCTAssertEqual(swim.colors.filter(swim.isChosen).map(\.name), ["Sky"])
        XCTAssertEqual(swim.values.customColor, "#54A0FF")
        XCTAssertEqual(swim.durations.filter(swim.isChosen).map(\.minutes), [60])

        let paintHabit = try XCTUnwrap(try member.habits.all().first { $0.name == "Paint" })
        let paint = HabitsPage.FormModel(editing: paintHabit, returningTo: day)
        XCTAssertTrue(paint.isCustomChosen)
        XCTAssertTrue(paint.colors.filter(paint.isChosen).isEmpty)
        XCTAssertEqual(paint.values.color, "custom")
        XCTAssertEqual(paint.values.customColor, "#123ABC", "stored colours come back as #RRGGBB")
        XCTAssertEqual(paint.values.emoji, "🎨")
        XCTAssertEqual(paint.values.duration, "90")

        // A refused submission comes back as sent; no custom colour sent keeps the default.
        let fields = try URLEncodedForm.parse(Array("name=&emoji=x&color=%23FECA57&duration=7".utf8), maxFields: 8)
        let sent = HabitsPage.FormModel(paintHabit, sent: fields, returningTo: day)
        XCTAssertEqual(sent.values, .init(name: "", emoji: "x", color: "#FECA57", customColor: "#888888", duration: "7"))
        XCTAssertEqual(sent.colors.filter(sent.isChosen).map(\.name), ["Sun"])
        XCTAssertTrue(sent.durations.filter(sent.isChosen).isEmpty)
        XCTAssertEqual(sent.habit?.id, paintHabit.id)
    }

    func testArchivedListAndDeleteCounts() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-05-04T09:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let run = dawn.addHabit("Run")
        let read = dawn.addHabit("Read")
        _ = dawn.addHabit("Cook")
        dawn.log(run, on: "2026-05-03", start: "07:00", duration: 30)
        dawn.log(run, on: "2026-05-04", start: "07:00", duration: 30)
        _ = dawn.get("/")
        for id in [run, read] {
            XCTAssertEqual(dawn.post("/habits/\(id)/archive", []).status, .seeOther)
        }
        let member = try dawn.member()
        let archived = try HabitsPage.ArchivedModel(member)
        XCTAssertEqual(Set(archived.habits.map(\.name)), ["Run", "Read"])
        XCTAssertEqual(archived.habits.first { $0.name == "Run" }?.count, 2)
        XCTAssertEqual(archived.today, date("2026-05-04"))

        let deletion = HabitsPage.DeleteModel(habit: try XCTUnwrap(try member.habits.habit(Int64(run))), back: date("2026-05-03"))
        XCTAssertEqual(deletion.loggedCount, 2)
    }

    // MARK: Settings

    func testSettingsChoicesStoredAndSent() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-05-04T09:00:00Z"))
        dawn.signedUp(timeZone: "Europe/Rome")
        let stored = SettingsPage.Model(dawn.app, try dawn.member())
        XCTAssertEqual(stored.timeZone, "Europe/Rome")
        XCTAssertEqual(stored.languages.map(\.id), Language.allCases.map(\.rawValue))
        XCTAssertEqual(stored.languages.filter(\.isSelected).map(\.value), [.en])
        XCTAssertEqual(stored.weekdays.map(\.id), ["monday", "sunday"])
        XCTAssertEqual(stored.weekdays.filter(\.isSelected).map(\.value), [.monday])
        XCTAssertEqual(stored.dayStartHours.map(\.value), Array(0...6))
        XCTAssertEqual(stored.dayStartHours.filter(\.isSelected).map(\.value), [0])
        XCTAssertEqual(stored.views.map(\.id), ["row", "grid"])
        XCTAssertEqual(stored.views.filter(\.isSelected).map(\.id), ["grid"], "the grid by default (seed 001)")
        XCTAssertEqual(stored.themes.map(\.id), ["system", "light", "dark"])
        XCTAssertFalse(stored.sharesOnBoard)
        XCTAssertTrue(stored.timeZones.contains("Europe/Rome"))
        XCTAssertTrue(stored.timeZones.contains("UTC"))
        XCTAssertEqual(stored.timeZones, stored.timeZones.sorted())

        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings", [("language", "it"), ("first_weekday", "sunday"), ("day_start_hour", "4"),
                                               ("view", "row"), ("grid_dates", "1"), ("theme", "dark"),
                                               ("time_zone", "America/New_York"), ("board", "1")]).status, .seeOther)
        let saved = SettingsPage.Model(dawn.app, try dawn.member())
        XCTAssertEqual(saved.timeZone, "America/New_York")
        XCTAssertEqual(saved.languages.filter(\.isSelected).map(\.id), ["it"])
        XCTAssertEqual(saved.weekdays.filter(\.isSelected).map(\.id), ["sunday"])
        XCTAssertEqual(saved.dayStartHours.filter(\.isSelected).map(\.value), [4])
        XCTAssertEqual(saved.views.filter(\.isSelected).map(\.id), ["row"])
        XCTAssertEqual(saved.themes.filter(\.isSelected).map(\.value), [.dark])
        XCTAssertTrue(saved.settings.showGridDates)
        XCTAssertTrue(saved.sharesOnBoard)

        // A refused submission shows what was sent, and the board as stored.
        var sent = saved.settings
        sent.theme = .light
        let refused = SettingsPage.Model(dawn.app, try dawn.member(), settings: sent, timeZone: "Mars/Base")
        XCTAssertEqual(refused.timeZone, "Mars/Base")
        XCTAssertEqual(refused.themes.filter(\.isSelected).map(\.value), [.light])
        XCTAssertTrue(refused.sharesOnBoard)
    }

    // MARK: Family

    func testFamilyListOrderAdminAndYou() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-05-04T09:00:00Z"))
        dawn.signedUp(username: "mum", timeZone: "Europe/Rome")
        dawn.addMember("zoe", displayName: "Zoe")
        dawn.addMember("bob", displayName: "Bob")
        let mum = try dawn.member().actor.member

        let model = try FamilyPage.Model(dawn.app, reader: mum)
        XCTAssertEqual(model.members.map(\.member.username), ["bob", "mum", "zoe"], "by username")
        XCTAssertEqual(model.members.filter(\.isAdmin).map(\.member.username), ["mum"])
        XCTAssertEqual(model.members.filter(\.isMe).map(\.member.username), ["mum"])

        let bob = try FamilyPage.RemoveModel(dawn.app, username: "bob", reader: mum)
        XCTAssertEqual(bob.member.member.displayName, "Bob")
        XCTAssertFalse(bob.member.isMe)
        XCTAssertTrue(try FamilyPage.RemoveModel(dawn.app, username: "mum", reader: mum).member.isMe)
        for unknown in ["nobody", "Not A Name!"] {
            XCTAssertThrowsError(try FamilyPage.RemoveModel(dawn.app, username: unknown, reader: mum), unknown) { error in
                XCTAssertEqual((error as? PageError)?.status, .notFound, unknown)
                XCTAssertEqual((error as? PageError)?.key, "family.no_member", unknown)
            }
        }

        // Read by another member, "you" moves with the reader.
        let zoe = try XCTUnwrap(try dawn.app.family.members().first { $0.username == "zoe" })
        XCTAssertEqual(try FamilyPage.Model(dawn.app, reader: zoe).members.filter(\.isMe).map(\.member.username), ["zoe"])
    }

    // MARK: Export

    /// What the exports hold, gathered once: the logs and habits for both, the journal only
    /// for the JSON; the time and the file name on the member's wall clock (New Year's Eve
    /// in UTC is already 2027 in Rome).
    func testExportGathersLogsAndTheJournalOnce() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T23:30:00Z"))
        dawn.signedUp(username: "mum", timeZone: "Europe/Rome")
        let id = dawn.addHabit("Run")
        dawn.log(id, on: "2026-12-31", start: "23:00", duration: 30, note: "last run")
        XCTAssertEqual(dawn.post("/day/2026-12-31/notes", [("note", "second")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-12-30/notes", [("note", "first")]).status, .seeOther)
        XCTAssertEqual(dawn.post("/day/2026-12-31/entry", [("entry", "Bye, 2026.")]).status, .seeOther)
        let member = try dawn.member()

        let logs = try ExportPage.Model(member, withJournal: false)
        XCTAssertEqual(logs.fileStem, "dawn-mum-2027-01-01")
        XCTAssertEqual(logs.exportedAt.description, LocalDateTime(date: date("2027-01-01"), secondsSinceMidnight: 1_800).description)
        XCTAssertEqual(logs.habits.map(\.name), ["Run"])
        XCTAssertEqual(logs.instances.map(\.note), ["last run"])
        XCTAssertEqual(logs.instances.first?.startMinute, 23 * 60)
        XCTAssertTrue(logs.entries.isEmpty && logs.notes.isEmpty, "the CSV holds logs only")

        let everything = try ExportPage.Model(member, withJournal: true)
        XCTAssertEqual(everything.entries, [.init(day: "2026-12-31", body: "Bye, 2026.")])
        XCTAssertEqual(everything.notes.map(\.body), ["first", "second"], "by day, then as written")
        XCTAssertEqual(everything.account.username, "mum")
        XCTAssertEqual(everything.settings, member.settings)
    }
}
