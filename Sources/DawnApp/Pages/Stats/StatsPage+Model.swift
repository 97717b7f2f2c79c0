import Domain
import MemberData
import HTTP
import TimeZones

extension StatsPage {
    /// What the statistics page shows: the period the URL names (or the current one),
    /// where the picker's segments, arrows and year chips lead, the period's figures and
    /// its chart's buckets. No HTML, no wording.
    struct Model {
        let period: Period
        /// For each granularity, the period its segment leads to (around the same date).
        let segments: [(granularity: Granularity, target: Period)]
        let previous: Period?
        let next: Period?
        /// The calendar month the summary links to: the period's first month, or the
        /// calendar's first month when the period starts before it.
        let calendarMonth: LocalDate
        /// In year mode, the year chips: every reachable year's period.
        let years: [Period]
        let figures: StatsFigures
        let buckets: [StatsChartBucket]
        /// In day mode, the day's check-offs: done at no time of day, so on no hour's bar.
        let untimedCheckOffs: Int
        /// In year mode, the year day by day.
        let heatmap: ActivityHeatmap?

        /// `g` and `p` from the query: an unknown granularity or a malformed period is a
        /// 400, a period out of reach a 404.
        init(_ member: MemberContext, query: FormFields) throws {
            let firstWeekday = member.settings.firstWeekday
            let navigation = try member.periodNavigation()
            guard let granularity = Granularity(rawValue: query["g"] ?? Granularity.defaultChoice.rawValue) else {
                throw PageError(.badRequest, key: "stats.bad_period")
            }
            if let id = query["p"] {
                guard let parsed = Period(id: id, granularity: granularity, firstWeekday: firstWeekday) else {
                    throw PageError(.badRequest, key: "stats.bad_period")
                }
                guard navigation.isAllowed(parsed) else { throw PageError(.notFound, key: "stats.bad_period") }
                period = parsed
            } else {
                period = navigation.current(granularity)
            }
            let period = self.period
            let anchor = min(period.last, member.today)
            segments = Granularity.allCases.map { g in
                (g, navigation.clamped(Period(containing: anchor, granularity: g, firstWeekday: firstWeekday)))
            }
            calendarMonth = MonthNavigation(periods: navigation).clamped(period.first)
            previous = navigation.previous(from: period)
            next = navigation.next(from: period)
            years = granularity != .year ? [] : navigation.reachableYears.map { year in
                Period(containing: LocalDate(year: year, month: 1, day: 1)!, granularity: .year, firstWeekday: firstWeekday)
            }
            figures = try StatsFigures(member, from: period.first, to: period.last)
            // A day's bars place each log by its start; longer periods need only each day's totals.
            if granularity == .day {
                let slots = TimelineSlots(dayStartHour: member.settings.dayStartHour)
                let logged = try member.habits.instances(from: period.first, to: period.last)
                buckets = StatsChartBuckets.buckets(
                    for: period, firstWeekday: firstWeekday, dayStartHour: member.settings.dayStartHour,
                    instances: logged.filter(\.timed).map {
                        (day: $0.day, startMinute: slots.minute(storedWallMinute: $0.startMinute), durationMinutes: $0.durationMinutes)
                    })
                untimedCheckOffs = logged.count { !$0.timed }
                heatmap = nil
            } else if granularity == .year {
                // The year's active days, read once: the heatmap's figures and the chart's.
                let active = try member.database.read {
                    try MemberActivity.activeDayFigures($0, from: period.first, to: period.last, counting: member.activityCounting)
                }
                heatmap = ActivityHeatmap(year: period.first.year, firstWeekday: firstWeekday, active: active)
                untimedCheckOffs = 0
                // The chart's bars are the days with a log: active counting logs only.
                let logged = active.filter { ActiveDay.isActive(notes: $0.notes, logs: $0.logs, .logsOnly) }
                buckets = StatsChartBuckets.buckets(for: period, firstWeekday: firstWeekday,
                                                    days: logged.map { (day: $0.day, count: $0.logs, minutes: $0.minutes) })
            } else {
                let totals = try member.database.read { try MemberActivity.dayTotals($0, from: period.first, to: period.last) }
                buckets = StatsChartBuckets.buckets(for: period, firstWeekday: firstWeekday,
                                                    days: totals.map { (day: $0.day, count: $0.logs, minutes: $0.minutes) })
                untimedCheckOffs = 0
                heatmap = nil
            }
        }
    }
}
