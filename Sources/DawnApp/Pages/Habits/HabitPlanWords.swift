import Domain
import Localization
import MemberData
import TimeZones

/// A habit's plan in the member's words: "Every day", "Mon, Wed, Fri", "3 times a week",
/// "at least 2.5 km a day". The texts live in `Views/strings/*.strings` (`habits.plan.*`);
/// counts take their language's plural forms.
enum HabitPlanWords {
    static func schedule(_ schedule: HabitSchedule, firstWeekday: Weekday, _ strings: Strings, _ language: Language) -> String {
        switch schedule {
        case .daily:
            return strings.text("habits.plan.daily", language)
        case .weekdays(let days):
            let names = HabitsPage.FormModel.week(from: firstWeekday).filter(days.contains)
                .map { LocalizedDate.weekdayShort($0, language) }
            return strings.format("habits.plan.weekdays", language, ["days": names.joined(separator: ", ")])
        case .perWeek:
            return strings.plural("habits.plan.week", count: schedule.times ?? 1, language)
        case .perMonth:
            return strings.plural("habits.plan.month", count: schedule.times ?? 1, language)
        }
    }

    /// The stored habit's schedule.
    static func schedule(_ habit: Habits.Habit, firstWeekday: Weekday, _ strings: Strings, _ language: Language) -> String {
        schedule(habit.schedule, firstWeekday: firstWeekday, strings, language)
    }

    /// "at least 20 pages a day", "at most 2 a day"; nil without a target.
    static func target(_ habit: Habits.Habit, _ strings: Strings, _ language: Language) -> String? {
        guard let milli = habit.targetMilli else { return nil }
        let amount = LocalizedNumber.decimal(thousandths: milli, language)
        let quantity = habit.targetUnit.isEmpty ? amount : amount + "\u{00A0}" + habit.targetUnit
        let key = habit.targetKind == .atMost ? "habits.plan.target.at_most" : "habits.plan.target.at_least"
        return strings.format(key, language, ["quantity": quantity])
    }
}
