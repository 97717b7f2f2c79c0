import Domain
import MemberData
import Store
import TimeZones

extension CalendarFeedPage {
    /// What a member's calendar feed holds: for each active habit, one all-day event per day
    /// it is due from `daysBack` days ago to `daysAhead` days ahead, by the checklist's rule
    /// (`HabitCheckOff.isDue`: the schedule in force that day, not paused), with the day's
    /// state. A habit done N times a week or a month is one event on the first day of each
    /// week (the member's first weekday) or month within the window, with its done days
    /// counted over the whole week or month. Never the journal: only habits are read.
    /// Typed values only; `CalendarFeedPage.ics` words them.
    struct Model: Equatable {
        static let daysBack = 7
        static let daysAhead = 60

        enum State: String, Equatable {
            case open = "OPEN"
            case done = "DONE"
            case skipped = "SKIPPED"
        }

        /// A week or month habit's unit: how many of its days are done, of how many asked.
        struct Progress: Equatable {
            let unit: StreakUnit
            let done: Int
            let times: Int
        }

        struct Event: Equatable {
            let habitID: Int64
            let name: String
            let emoji: String
            /// The day, or the first day of the week or month.
            let day: LocalDate
            let state: State
            /// Set for a week or month habit.
            let progress: Progress?
        }

        let today: LocalDate
        /// By day, then in the member's order.
        let events: [Event]

        /// The window around `today`.
        static func window(today: LocalDate) -> ClosedRange<LocalDate> {
            today.adding(days: -daysBack)...today.adding(days: daysAhead)
        }

        /// The member's habits and their days in the window: three queries (the habits, the
        /// done days, the skips), whatever the number of habits.
        init(database: Database, today: LocalDate, firstWeekday: Weekday) throws {
            let habits = Habits(database: database)
            let active = try habits.ordered().filter { !$0.isArchived }
            let window = Self.window(today: today)
            // A week or month starting in the window counts its days after the window too
            // (none are done yet beyond today).
            let done = try habits.doneDates(active.map(\.id), within: window.lowerBound...max(window.lowerBound, today))
            let skips = try habits.skips(from: window.lowerBound, to: window.upperBound)
            self.init(habits: active, today: today, firstWeekday: firstWeekday, done: done, skips: skips)
        }

        /// The events of `habits` (active, in the member's order) given each one's done and
        /// skipped days: the rule, apart from the database.
        init(habits: [Habits.Habit], today: LocalDate, firstWeekday: Weekday, done: [Int64: Set<LocalDate>],
             skips: [Int64: Set<LocalDate>]) {
            self.today = today
            let window = Self.window(today: today)
            var events: [Event] = []
            var day = window.lowerBound
            while day <= window.upperBound {
                for habit in habits {
                    let ruled = habit.ruled(on: day)
                    guard HabitCheckOff.isDue(ruled.schedule, pausedFrom: habit.pausedFrom, on: day) else { continue }
                    let doneDays = done[habit.id] ?? []
                    if let unit = HabitCheckOff.unitDays(ruled.schedule, containing: day, firstWeekday: firstWeekday) {
                        guard unit.lowerBound == day, let times = ruled.schedule.times else { continue }
                        let count = doneDays.filter(unit.contains).count
                        events.append(Event(habitID: habit.id, name: habit.name, emoji: habit.emoji, day: day,
                                            state: count >= times ? .done : .open,
                                            progress: Progress(unit: ruled.schedule.streakUnit, done: count, times: times)))
                    } else {
                        let state: State = doneDays.contains(day) ? .done : skips[habit.id]?.contains(day) == true ? .skipped : .open
                        events.append(Event(habitID: habit.id, name: habit.name, emoji: habit.emoji, day: day, state: state,
                                            progress: nil))
                    }
                }
                day = day.adding(days: 1)
            }
            self.events = events
        }
    }
}
