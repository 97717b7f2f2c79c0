import Domain
import MemberData
import TimeZones

/// A member's figures for a range of days, as both the statistics page and
/// `/api/stats` show them: across habits, the active days and entries in the range;
/// per habit, its logs, minutes and active days in the range and its streaks now.
/// Computed here once, so the page and the API never disagree.
struct StatsFigures {
    struct HabitFigures {
        let habit: Habits.Habit
        let count: Int
        let minutes: Int
        let activeDays: Int
        let streak: Streak
    }

    let activeDays: Int
    let entries: Int
    /// In the library's order (most logged first); archived habits only when logged in the range.
    let habits: [HabitFigures]
    /// The range's logs, for the chart.
    let instances: [HabitInstance]

    init(_ member: MemberContext, from: LocalDate, to: LocalDate) throws {
        let activity = try MemberActivity.load(member.database)
        let all = try member.habits.all()
        instances = try member.habits.instances(from: from, to: to)
        let inRange = { (day: LocalDate) in from <= day && day <= to }
        activeDays = activity.activeDays.count(where: inRange)
        entries = activity.entryDays.count(where: inRange)
        let byHabit = Dictionary(grouping: instances, by: \.habitID)
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        habits = HabitFrequency.sorted(all.map { (id: $0.id, createdAt: $0.createdAt, count: $0.count) })
            .compactMap { id -> HabitFigures? in
                guard let habit = byID[id] else { return nil }
                let logged = byHabit[id] ?? []
                guard !habit.isArchived || !logged.isEmpty else { return nil }
                return HabitFigures(habit: habit, count: logged.count, minutes: logged.reduce(0) { $0 + $1.durationMinutes },
                                    activeDays: Set(logged.map(\.day)).count,
                                    streak: Streak(activeDates: activity.daysByHabit[id] ?? [], today: member.today,
                                                   skipping: member.skippedDates))
            }
    }
}
