import Domain
import Markdown
import MemberData
import TimeZones

extension DayPage {
    /// What the day page shows for one day, gathered from the member's data and computed:
    /// no HTML and no wording (the view, `DayPage.show` with `Views/day.html`, adds those),
    /// so every figure can be tested on its own.
    struct Model {
        struct Note: Equatable {
            let id: Int64
            let body: String
            /// When it was written, on the member's wall clock.
            let written: LocalDateTime
        }

        /// A habit in the tray or the library, with its current streak in its own units.
        struct Pill: Equatable {
            let habit: Habits.Habit
            let streak: Int
            var unit: StreakUnit = .day
        }

        /// A logged habit on the day's timeline.
        struct Block: Equatable {
            let instanceID: Int64
            let habit: Habits.Habit
            /// Timeline minutes from the day's start, as drawn.
            let startMinute: Int
            let endMinute: Int
            let slots: TimelineLayout.Placement.Slots
            /// The guardian who logged it (`HabitInstance.loggedBy`).
            var loggedBy: String? = nil
        }

        /// A habit due on the day, in the checklist (`HabitCheckOff.isDue`).
        struct CheckItem: Equatable {
            let habit: Habits.Habit
            /// Logged, and the day's total meets the target (`habit_days.done`).
            let done: Bool
            let skipped: Bool
            /// The day's check-offs (untimed logs).
            let checkOffs: Int
            /// The day's total amount in thousandths of the unit (numeric habits).
            let totalMilli: Int64
            let target: HabitCheckOff.Target?
            /// Week and month habits: the done days of the week or month holding the day.
            let unitDone: Int?
            let tap: HabitCheckOff.Tap
            /// The guardian who checked it off that day, when one did (the latest such check-off).
            var loggedBy: String? = nil
        }

        /// A day of an earlier year "on this day" recalls (`OnThisDay`).
        struct Recalled: Equatable {
            let date: LocalDate
            /// The entry's first line of text (its Markdown removed), else the first note's
            /// text (`OnThisDay.excerpt`).
            let text: String
        }

        let day: LocalDate
        let today: LocalDate
        /// The member's streak of active days (the header and the grid's badge).
        let streak: Streak
        /// Active days and entries among the row's 33 days (the header).
        let activeInWindow: Int
        let entriesInWindow: Int
        /// The grid's 84 cells when the member chose the grid, else the row's 33.
        let showsGrid: Bool
        let circles: [DayCircle]
        let entry: Journal.Entry?
        let notes: [Note]
        /// The day's photos, oldest first (the journal's: hidden from a guardian unless shared).
        let photos: [DayPhotos.Photo]
        let mood: Mood?
        /// Most recently logged (or created) first.
        let tray: [Pill]
        /// Most logged first.
        let library: [Pill]
        /// The day's due habits in the member's order.
        let checklist: [CheckItem]
        /// Timed logs only: a check-off has no place on the timeline.
        let blocks: [Block]
        let slots: TimelineSlots
        /// The compact timeline: the hours shown open, the folded ones, now on today.
        let folds: TimelineLayout.Folds
        /// The neighbouring days the arrows lead to, when within reach.
        let previous: LocalDate?
        let next: LocalDate?
        /// The same day of earlier years with an entry or notes, newest first.
        let onThisDay: [Recalled]
        /// The first day of the day's month when the calendar shows that month (the heading
        /// links to it with the day selected), else nil.
        let calendarMonth: LocalDate?
        /// The day's deleted entry and notes that one tap can still restore (`Journal+Undo`):
        /// read only when the page offers them (right after a delete) and only for the member
        /// themself, never on a guardian's view.
        let deleted: [Journal.Deleted]

        init(_ member: MemberContext, day: LocalDate, offeringUndo: Bool = false) throws {
            self.day = day
            today = member.today
            let today = member.today
            let settings = member.settings
            let window = DayWindow(today: today).dates
            showsGrid = settings.showGrid
            let shown = showsGrid ? DateGrid(today: today).cells : window
            let from = min(shown.first ?? today, window.first ?? today), to = max(shown.last ?? today, window.last ?? today)
            let (streak, activity, bridged, vacationDays, recalled, earliest) = try member.database.read { connection in
                let bridged = try member.bridgedDays(connection)
                let earliest = try MemberActivity.earliestDay(connection)
                // From the year of the member's earliest data: a few primary-key lookups a year.
                // Never read for a guardian the child does not share their journal with.
                let recalled = try (member.journalVisible ? earliest : nil).map { earliest in
                    try Journal.recalled(OnThisDay.dates(for: day, since: earliest.year), connection)
                } ?? []
                let counting = member.activityCounting
                return (try MemberActivity.streak(connection, today: today, bridging: bridged, counting: counting),
                        try MemberActivity.load(connection, from: from, to: to, counting: counting), bridged,
                        try Vacations.days(connection, from: from, to: to), recalled, earliest)
            }
            // The heading links to the day's month in the calendar when the calendar shows it.
            let months = MonthNavigation(periods: PeriodNavigation(today: today, firstWeekday: settings.firstWeekday,
                                                                  earliestData: earliest))
            calendarMonth = months.isAllowed(day) ? day.firstOfMonth : nil
            // The entry is Markdown: its plain text, so "**Rain**" reads "Rain". Notes are plain already.
            onThisDay = recalled.compactMap { day in
                OnThisDay.excerpt(entry: day.entryStart.map(MarkdownRenderer.plainText), firstNote: day.firstNote)
                    .map { Recalled(date: day.day, text: $0) }
            }
            self.streak = streak
            activeInWindow = window.count { activity.activeDays.contains($0) }
            // Which days have an entry is the journal's too: hidden from a guardian unless shared.
            let entryDays = member.journalVisible ? activity.entryDays : []
            entriesInWindow = window.count { entryDays.contains($0) }
            circles = shown.map { date in
                DayCircle(date: date, today: today, selected: date == day, hasEntry: entryDays.contains(date),
                          isActive: activity.activeDays.contains(date), showDate: settings.showGridDates,
                          onVacation: vacationDays.contains(date))
            }
            if member.journalVisible {
                entry = try member.journal.entry(on: day)
                mood = try Moods(database: member.database).mood(on: day)
                notes = try member.journal.notes(on: day).map {
                    Note(id: $0.id, body: $0.body, written: member.rules.localDateTime(at: $0.createdAt))
                }
                photos = try DayPhotos(database: member.database).photos(on: day)
            } else {
                (entry, mood, notes, photos) = (nil, nil, [], [])
            }
            deleted = offeringUndo && member.journalWritable ? try member.journal.deleted(on: day, member.undoClock) : []
            previous = DayNavigation.previous(day, today: today)
            next = DayNavigation.next(day, today: today)

            let habits = member.habits
            // In the member's order (the checklist's); the tray and library sort their own.
            let all = try habits.ordered()
            let active = all.filter { !$0.isArchived }
            let firstWeekday = settings.firstWeekday
            let streaks = try member.database.read { connection in
                try Dictionary(uniqueKeysWithValues: active.map { habit in
                    let schedule = habit.schedule
                    let habitBridged = try HabitProgress.bridged(connection, habit: habit, memberBridged: bridged, today: today)
                    let streak = try HabitProgress.currentStreak(connection, habit: habit, schedule: schedule,
                                                                 bridged: habitBridged, firstWeekday: firstWeekday, today: today)
                    return (habit.id, (streak.current, streak.unit))
                })
            }
            func pill(_ habit: Habits.Habit) -> Pill {
                Pill(habit: habit, streak: streaks[habit.id]?.0 ?? 0, unit: streaks[habit.id]?.1 ?? .day)
            }
            // Most recently logged or created first; in the same second, a logged habit wins.
            tray = active.sorted {
                ($0.lastLoggedAt ?? $0.createdAt, $0.lastLoggedAt != nil ? 1 : 0, $0.id)
                    > ($1.lastLoggedAt ?? $1.createdAt, $1.lastLoggedAt != nil ? 1 : 0, $1.id)
            }.map(pill)
            let activeByID = Dictionary(uniqueKeysWithValues: active.map { ($0.id, $0) })
            library = HabitFrequency.sorted(active.map { (id: $0.id, createdAt: $0.createdAt, count: $0.count) })
                .compactMap { activeByID[$0] }.map(pill)

            let slots = TimelineSlots(dayStartHour: settings.dayStartHour)
            self.slots = slots
            let instances = try habits.instances(on: day)
            checklist = try Self.checklist(active, day: day, instances: instances, habits: habits,
                                           firstWeekday: settings.firstWeekday)
            let timed = instances.filter(\.timed)
            let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
            let byInstance = Dictionary(uniqueKeysWithValues: timed.map { ($0.id, $0) })
            let placements = TimelineLayout.place(timed.map {
                (id: $0.id, startMinute: slots.minute(storedWallMinute: $0.startMinute), durationMinutes: $0.durationMinutes)
            }, minimumMinutes: TimelineConstants.minimumBlockMinutes)
            blocks = placements.compactMap { placement in
                guard let instance = byInstance[placement.id], let habit = byID[instance.habitID] else { return nil }
                // A short block may be drawn higher than it starts (`minimumMinutes`); its times are its own.
                let start = slots.minute(storedWallMinute: instance.startMinute)
                return Block(instanceID: instance.id, habit: habit, startMinute: start,
                             endMinute: start + instance.durationMinutes, slots: placement.slots, loggedBy: instance.loggedBy)
            }
            // On today, now: where the timeline marks it, and what the shown hours are around it when nothing is logged.
            let now = day == today ? slots.minute(of: member.rules.localDateTime(at: member.now), memberDate: day) : nil
            folds = TimelineLayout.folds(placements, nowMinute: now, dayStartHour: slots.dayStartHour)
        }

        /// The active habits due on `day`, in the given order, with the day's state: done
        /// and totals from `habit_days` (one query), skips (one), week and month progress
        /// (one query per kind of unit, only when such a habit is due). The kitchen screen
        /// (`FamilyScreenPage`) shows the same list, without the rest of the day.
        static func checklist(_ active: [Habits.Habit], day: LocalDate, instances: [HabitInstance],
                                      habits: Habits, firstWeekday: Weekday) throws -> [CheckItem] {
            // Each habit with the schedule and target in force on `day`.
            let due = active.map { $0.ruled(on: day) }.filter { HabitCheckOff.isDue($0.schedule, pausedFrom: $0.pausedFrom, on: day) }
            guard !due.isEmpty else { return [] }
            let days = try habits.days(on: day)
            let skipped = try habits.skips(from: day, to: day)
            var checkOffs: [Int64: Int] = [:]
            var checkedOffBy: [Int64: String] = [:]
            for instance in instances where !instance.timed {
                checkOffs[instance.habitID, default: 0] += 1
                if let by = instance.loggedBy { checkedOffBy[instance.habitID] = by }
            }
            // Week habits share the day's week, month habits its month: one count each.
            var units: [ClosedRange<LocalDate>: [Int64]] = [:]
            for habit in due {
                if let span = HabitCheckOff.unitDays(habit.schedule, containing: day, firstWeekday: firstWeekday) {
                    units[span, default: []].append(habit.id)
                }
            }
            var unitDone: [Int64: Int] = [:]
            for (span, ids) in units {
                let counts = try habits.doneDays(ids, within: span)
                for id in ids { unitDone[id] = counts[id] ?? 0 }
            }
            return due.map { habit in
                let state = days[habit.id]
                let done = state?.done ?? false
                let target = habit.target
                let total = state?.amountMilli ?? 0
                let offs = checkOffs[habit.id] ?? 0
                return CheckItem(habit: habit, done: done, skipped: skipped[habit.id]?.contains(day) ?? false,
                                 checkOffs: offs, totalMilli: total, target: target, unitDone: unitDone[habit.id],
                                 tap: HabitCheckOff.tap(done: done, checkOffs: offs, target: target, totalMilli: total),
                                 loggedBy: checkedOffBy[habit.id])
            }
        }
    }
}
