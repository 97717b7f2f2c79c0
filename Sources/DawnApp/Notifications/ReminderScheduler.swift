import Accounts
import Domain
import HTTPServer
import Localization
import Locks
import FamilyData
import MemberData
import Store
import TimeZones

/// The one reminder scheduler of the server: its own thread, asleep until the earliest
/// next due reminder of any member (or until a member's data changes, `memberChanged`),
/// then hands what came due to the outbox.
///
/// A pass (`pass(at:)`) looks at the members whose next reminder is due and those whose
/// data changed: it reads their habits as they are at that moment (done, skipped, paused,
/// vacation: `ReminderRule`), moves each habit's mark in `instance.sqlite` past what came
/// due (`ReminderMarks`), and only then calls `ReminderOutbox.send`: a crash between the
/// two loses a reminder, never sends one twice. After a restart, a reminder that came due
/// while the server was down is sent late if it is less than `ReminderConstants.catchUpSeconds`
/// old, else dropped. A habit first seen, or whose times changed, starts from the moment
/// of the pass: a time set in the past does not ring at once.
///
/// The clock and the sleeping are apart from the pass, so tests drive `pass(at:)` with any
/// instant, and no database is read while nothing is due.
final class ReminderScheduler: Sendable {
    private struct State {
        /// Everyone must be looked at (at start): who has reminders is not known yet.
        var everyone = true
        var changed: Set<MemberID> = []
        /// Each member's next due reminder, as their data stood at the last look.
        var next: [MemberID: Int64] = [:]
        var stopping = false
    }

    /// The longest sleep without a look: what no member's next reminder says (reminders
    /// further than `ReminderConstants.lookAheadDays` away, a long vacation) is looked at again.
    static let longestSleepSeconds: Int64 = 6 * 3_600

    private let state = Lock(State())
    private let thread = Lock<PosixThread?>(nil)
    private let wakeup = Semaphore()
    private let data: DataDirectory
    private let family: Family
    private let timeZones: TimeZoneDatabase
    private let strings: Strings
    private let settings: @Sendable (MemberID, Database) throws -> MemberSettings
    let outbox: any ReminderOutbox
    private let now: @Sendable () -> Int64

    init(data: DataDirectory, family: Family, timeZones: TimeZoneDatabase, strings: Strings,
         settings: @escaping @Sendable (MemberID, Database) throws -> MemberSettings,
         outbox: any ReminderOutbox, now: @escaping @Sendable () -> Int64) {
        self.data = data
        self.family = family
        self.timeZones = timeZones
        self.strings = strings
        self.settings = settings
        self.outbox = outbox
        self.now = now
    }

    /// Starts the thread; its first pass looks at every member. Once.
    func start() {
        thread.withLock { thread in
            guard thread == nil else { return }
            thread = PosixThread(name: "dawn-reminders") { [self] in run() }
        }
    }

    /// Ends the thread (a pass under way finishes first) and waits for it. Safe to call
    /// when it never started, and more than once.
    func stop() {
        state.withLock { $0.stopping = true }
        wakeup.signal()
        let running = thread.withLock { thread -> PosixThread? in
            defer { thread = nil }
            return thread
        }
        running?.join()
    }

    /// A member's habits, settings or time zone changed (or they were removed): look at
    /// them again now.
    func memberChanged(_ id: MemberID) {
        state.withLock { _ = $0.changed.insert(id) }
        wakeup.signal()
    }

    private func run() {
        while !state.withLock({ $0.stopping }) {
            let next = pass(at: now())
            let wait = next.map { $0 - now() } ?? Self.longestSleepSeconds
            if wait > 0 { _ = wakeup.wait(milliseconds: Int(min(wait, Self.longestSleepSeconds)) * 1_000) }
        }
    }

    /// Hands over everything due at `now` for the members due or changed, and returns the
    /// earliest next due instant of any member (nil: none known).
    @discardableResult
    func pass(at now: Int64) -> Int64? {
        let (everyone, members) = state.withLock { state -> (Bool, Set<MemberID>) in
            let due = state.next.filter { $0.value <= now }.keys
            defer { state.everyone = false; state.changed = [] }
            return (state.everyone, state.changed.union(due))
        }
        var looked = members
        if everyone {
            do {
                looked.formUnion(try family.members().map(\.id))
            } catch {
                StandardError.line("reminders: cannot list the members: \(error)")
                state.withLock { $0.everyone = true }
            }
        }
        for id in looked {
            let next: Int64?
            do {
                next = try look(at: id, now: now)
            } catch {
                // Looked at again with the next change, or within the longest sleep.
                StandardError.line("reminders: member \(id.rawValue) not looked at: \(error)")
                next = now + 60
            }
            state.withLock { $0.next[id] = next }
        }
        let allowancesNext = creditAllowances(now: now)
        return [state.withLock { $0.next.values.min() }, allowancesNext].compactMap { $0 }.min()
    }

    /// How often the children's weekly allowances are looked at while any child has one.
    static let allowanceLookSeconds: Int64 = 3_600

    /// Children's weekly allowances (`Points`): each credited once for the week the child is
    /// in (their zone, day start and first weekday), so within `allowanceLookSeconds` of
    /// their week start, and at once for the current week when first set. The next look, or
    /// nil when no child has an allowance.
    private func creditAllowances(now: Int64) -> Int64? {
        let points = Points(instance: data.instance)
        let allowances: [MemberID: Int]
        do {
            allowances = try points.allowances()
        } catch {
            StandardError.line("allowances: cannot read them: \(error)")
            return now + Self.allowanceLookSeconds
        }
        guard !allowances.isEmpty else { return nil }
        for id in allowances.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            do {
                guard let member = try family.member(id: id), member.isChild else { continue }
                let database = try data.member(id)
                let settings = try settings(id, database)
                let today = try MemberClock(timeZone: member.timeZone, dayStartHour: settings.dayStartHour,
                                            zones: timeZones).today(at: now)
                try points.creditAllowance(id, weekStart: Period.weekStart(of: today, firstWeekday: settings.firstWeekday),
                                           now: now)
            } catch {
                StandardError.line("allowances: member \(id.rawValue) not credited: \(error)")
            }
        }
        return now + Self.allowanceLookSeconds
    }

    /// Decides what came due for one member, records it, hands it over; their next due instant.
    private func look(at id: MemberID, now: Int64) throws -> Int64? {
        guard let member = try family.member(id: id) else { return nil }
        let marks = ReminderMarks(instance: data.instance)
        let stored = try marks.marks(for: id)
        // A member who had no reminders at the last look: one query says whether they have
        // any now (every write of theirs wakes this thread, most members have none). When
        // their file is not open (nobody signed in since the start), through a connection
        // of its own, so it is not kept open for nothing. Anything the query cannot tell
        // (an older schema) is a full look.
        if stored.isEmpty {
            let anyReminder = "SELECT 1 FROM habits WHERE reminders <> '' LIMIT 1"
            let hasReminders = data.isOpen(id)
                ? (try? data.member(id).read { try $0.queryOne(anyReminder) != nil }) ?? true
                : (try? data.glance(id) { try $0.queryOne(anyReminder) != nil }) ?? true
            if !hasReminders { return nil }
        }
        let database: Database
        do {
            database = try data.member(id)
        } catch StoreError.missing {
            return nil
        }
        let settings = try settings(id, database)
        let clock = try MemberClock(timeZone: member.timeZone, dayStartHour: settings.dayStartHour, zones: timeZones)
        let rule = ReminderRule(rules: clock.rules, dayStartHour: settings.dayStartHour, firstWeekday: settings.firstWeekday)
        let today = clock.today(at: now)
        // A month unit back (a "N a month" habit), the day before for a reminder after
        // midnight, and the days `nextDue` looks ahead.
        let habits = try HabitReminders.load(database, days: today.adding(days: -32)...today.adding(days: ReminderConstants.lookAheadDays + 2))
        var decided: [ReminderMarks.Mark] = []
        var due: [DueReminder] = []
        for (habit, reminding) in habits {
            let times = ReminderTime.storage(habit.reminders)
            guard let mark = stored[habit.id], mark.times == times else {
                decided.append(ReminderMarks.Mark(habitID: habit.id, times: times, through: now))
                continue
            }
            let oldest = now - ReminderConstants.catchUpSeconds
            let came = rule.occurrences(of: reminding.times, after: max(mark.through, oldest), through: now)
            guard !came.isEmpty || mark.through < oldest else { continue }
            decided.append(ReminderMarks.Mark(habitID: habit.id, times: times, through: now))
            for occurrence in came where rule.rings(reminding, on: occurrence.day) {
                due.append(DueReminder(member: id, habitID: habit.id, title: habit.emoji + " " + habit.name,
                                       body: strings.format("reminder.body", settings.language,
                                                            ["name": habit.name, "time": occurrence.time.description]),
                                       dueAt: occurrence.instant))
            }
        }
        let current = Set(habits.map(\.habit.id))
        try marks.save(decided, forgetting: stored.keys.filter { !current.contains($0) }, for: id)
        for reminder in due { outbox.send(reminder) }
        return habits.compactMap { rule.nextDue($0.rule, after: now) }.min()
    }
}
