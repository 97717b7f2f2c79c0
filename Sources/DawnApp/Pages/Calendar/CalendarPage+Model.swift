import Domain
import MemberData
import TimeZones

extension CalendarPage {
    /// What the month calendar shows: the month's weeks from the member's first weekday
    /// with each day's states (`MonthCalendar`), and the neighbouring months the arrows
    /// lead to while they are within reach, and which days are within a vacation. No HTML, no wording.
    struct Model {
        let calendar: MonthCalendar
        let month: LocalDate
        let previous: LocalDate?
        let next: LocalDate?
        /// A day of the month is within a vacation (the legend then explains their ring).
        let hasVacation: Bool

        /// `month` is "YYYY-MM" from the URL: malformed is a 400, a month out of reach
        /// (`MonthNavigation`: from two years back, or the month of the member's earliest
        /// data, to two years ahead) a 404. `selected` is the `?day=` as sent, nil when
        /// absent (then no day is ringed): anything but one "YYYY-MM-DD" day of the month
        /// shown is a 400.
        init(_ member: MemberContext, month text: String, selected day: [String]) throws {
            guard text.utf8.count == 7, let first = LocalDate(iso: text + "-01") else {
                throw PageError(.badRequest, key: "calendar.bad_month")
            }
            let selected = try Self.selectedDay(day, month: first)
            let months = MonthNavigation(periods: try member.periodNavigation())
            guard months.isAllowed(first) else { throw PageError(.notFound, key: "calendar.out_of_range") }
            // The month and the neighbouring days its whole weeks show.
            let from = first.adding(days: -7), to = first.adding(days: first.daysInMonth + 6)
            let (activity, vacations) = try member.database.read { connection in
                (try MemberActivity.load(connection, from: from, to: to, counting: member.activityCounting),
                 try Vacations.days(connection, from: from, to: to))
            }
            month = first
            calendar = MonthCalendar(month: first, firstWeekday: member.settings.firstWeekday, today: member.today,
                                     selected: selected, highlighted: activity.activeDays,
                                     // Which days have an entry is the journal's: hidden from a guardian unless shared.
                                     entries: member.journalVisible ? activity.entryDays : [], vacations: vacations)
            hasVacation = calendar.weeks.contains { $0.contains { $0.isOnVacation && !$0.isOutsideMonth } }
            previous = months.previous(first)
            next = months.next(first)
        }

        /// The `?day=` values: none is no selection; exactly one, a "YYYY-MM-DD" day within
        /// the month starting `first`, is the selected day; anything else is a 400.
        static func selectedDay(_ values: [String], month first: LocalDate) throws -> LocalDate? {
            guard !values.isEmpty else { return nil }
            guard values.count == 1, values[0].utf8.count == 10, let day = LocalDate(iso: values[0]),
                  day.firstOfMonth == first else {
                throw PageError(.badRequest, key: "calendar.bad_day")
            }
            return day
        }
    }
}
