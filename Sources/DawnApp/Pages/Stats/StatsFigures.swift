import Domain
import MemberData
import TimeZones

/// A member's figures for a range of days, as both the statistics page and
/// `/api/stats` show them: across habits, the active days and entries in the range;
/// per habit (in the member's order), its logs, minutes and active days in the range and
/// its streaks (in its own units) and strength now; the range's average mood and, per
/// habit, the average mood on the days it was done and on the other days with a mood.
/// Computed here once, so the page and the API never disagree.
struct StatsFigures {
    struct HabitFigures {
        let habit: Habits.Habit
        let count: Int
        let minutes: Int
        let activeDays: Int
        /// Its streak in its own units and its strength, now.
        let progress: HabitProgress
        /// The moods of the range's days it was done, and of its other days with a mood.
        let moodWhenDone: MoodTally
        let moodWhenNotDone: MoodTally
    }

    let activeDays: Int
    let entries: Int
    /// In the member's order; archived habits only when logged in the range.
    let habits: [HabitFigures]
    /// The member's streak of active days now, across vacations (and days their zone skipped).
    let currentStreak: Int
    /// Every mood of the range.
    let mood: MoodTally

    /// Sums over the range from the summaries (`MemberActivity`), streaks from the runs:
    /// the cost follows the range, never the years of history behind it.
    init(_ member: MemberContext, from: LocalDate, to: LocalDate) throws {
        let ordered = try member.habits.ordered()
        let today = member.today, firstWeekday = member.settings.firstWeekday
        (activeDays, entries, habits, currentStreak, mood) = try member.database.read { connection in
            let bridged = try member.bridgedDays(connection)
            let counts = try MemberActivity.counts(connection, from: from, to: to, counting: member.activityCounting)
            let totals = try MemberActivity.habitTotals(connection, from: from, to: to)
            let moods = try Moods.tallies(connection, from: from, to: to)
            let habits = try ordered.compactMap { habit -> HabitFigures? in
                let logged = totals[habit.id]
                guard !habit.isArchived || logged != nil else { return nil }
                let done = moods.done[habit.id] ?? .none
                return HabitFigures(habit: habit, count: logged?.logs ?? 0, minutes: logged?.minutes ?? 0,
                                    activeDays: logged?.days ?? 0,
                                    progress: try HabitProgress(connection, habit: habit, memberBridged: bridged,
                                                                firstWeekday: firstWeekday, today: today),
                                    moodWhenDone: done, moodWhenNotDone: moods.all - done)
            }
            let streak = try MemberActivity.currentStreak(connection, today: today, bridging: bridged,
                                                          counting: member.activityCounting)
            return (counts.active, counts.entries, habits, streak, moods.all)
        }
    }
}
