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

    /// Sums over the range from the summaries (`MemberActivity`), streaks from the runs:
    /// the cost follows the range, never the years of history behind it.
    init(_ member: MemberContext, from: LocalDate, to: LocalDate) throws {
        let all = try member.habits.all()
        let today = member.today
        let listed = HabitFrequency.sorted(all.map { (id: $0.id, createdAt: $0.createdAt, count: $0.count) })
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        (activeDays, entries, habits) = try member.database.read { connection in
            let bridged = try member.bridgedDays(connection)
            let counts = try MemberActivity.counts(connection, from: from, to: to)
            let totals = try MemberActivity.habitTotals(connection, from: from, to: to)
            let habits = try listed.compactMap { id -> HabitFigures? in
                guard let habit = byID[id] else { return nil }
                let logged = totals[id]
                guard !habit.isArchived || logged != nil else { return nil }
                return HabitFigures(habit: habit, count: logged?.logs ?? 0, minutes: logged?.minutes ?? 0,
                                    activeDays: logged?.days ?? 0,
                                    streak: try MemberActivity.habitStreak(connection, habit: id, today: today, bridging: bridged))
            }
            return (counts.active, counts.entries, habits)
        }
    }
}
