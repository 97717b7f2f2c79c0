import Domain
import MemberData
import Templates

/// `Views/habit-form.html`: a new habit's form, or an existing one's, shown again with why
/// it was refused (`HabitsPage`). The values are the model's (`FormModel.values`); the
/// errors' keys are the fields `HabitsPage` fails.
struct HabitFormView: PageView {
    static let template = "habit-form"

    var title: String
    var values: HabitsPage.FormModel.Values
    var errors: FormState
    var colors: [Color]
    var customSelected: Bool
    var durations: [Duration]
    var schedule: Schedule
    var weekdays: [Weekday]
    var targetKinds: [TargetKind]
    /// The group names the member already uses, for the field's suggestions.
    var groups: [String]
    var action: String
    /// The habit being edited; none for a new one.
    var habit: Habit?
    var isArchived: Bool
    /// The day page to go back to.
    var day: String
    var fromList: Bool
    /// A child's own form leaves an existing habit's schedule and target out.
    var planLocked: Bool
    var deleteURL: String?
    var back: String
    var backLabel: String
    var habitsCSS: String
    /// The habit's points, on a guardian's view of a child's habit.
    var pointsField: PointsField?
    var stylesheet: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .object("form") { view in
            let v = view.values, e = view.errors
            return Form(
                values: Values(name: v.name, emoji: v.emoji, customColor: v.customColor, weekTimes: v.weekTimes,
                               monthTimes: v.monthTimes, targetAmount: v.targetAmount, targetUnit: v.targetUnit,
                               group: v.group, reminders: v.reminders),
                errors: Errors(general: e.error("general"), name: e.error("name"), emoji: e.error("emoji"),
                               color: e.error("color"), duration: e.error("duration"), schedule: e.error("schedule"),
                               weekdays: e.error("weekdays"), weekTimes: e.error("week_times"),
                               monthTimes: e.error("month_times"), targetKind: e.error("target_kind"),
                               targetAmount: e.error("target_amount"), targetUnit: e.error("target_unit"),
                               group: e.error("group"), reminders: e.error("reminders")))
        },
        .list("colors", \.colors),
        .bool("customSelected", \.customSelected),
        .list("durations", \.durations),
        .object("schedule", \.schedule),
        .list("weekdays", \.weekdays),
        .object("weekTimes") { _ in Range(min: HabitScheduleConstants.timesPerWeek.lowerBound,
                                          max: HabitScheduleConstants.timesPerWeek.upperBound) },
        .object("monthTimes") { _ in Range(min: HabitScheduleConstants.timesPerMonth.lowerBound,
                                           max: HabitScheduleConstants.timesPerMonth.upperBound) },
        .list("targetKinds", \.targetKinds),
        .number("unitMax") { _ in HabitScheduleConstants.unitLength.upperBound },
        .number("groupMax") { _ in Habits.maxGroupCharacters },
        .texts("groups", \.groups),
        .text("action", \.action),
        .object("habit", \.habit),
        .bool("isArchived", \.isArchived),
        .text("day", \.day),
        .bool("fromList", \.fromList),
        .bool("planLocked", \.planLocked),
        .text("deleteURL", \.deleteURL),
        .text("back", \.back),
        .text("backLabel", \.backLabel),
        .text("habitsCSS", \.habitsCSS),
        .object("pointsField", \.pointsField),
        .text("stylesheet", \.stylesheet),
    ]

    /// What a child earns for the habit's done day: what is stored or was typed, and why
    /// it was refused.
    struct PointsField: TemplateView {
        var value: String
        var error: String?
        static let fields: [ViewField<Self>] = [
            .text("value", \.value),
            .text("error", \.error),
        ]
    }

    struct Color: TemplateView {
        var hex: String
        var name: String
        var `class`: String
        var selected: Bool
        static let fields: [ViewField<Self>] = [
            .text("hex", \.hex),
            .text("name", \.name),
            .text("class", \.class),
            .bool("selected", \.selected),
        ]
    }

    struct Duration: TemplateView {
        var minutes: Int
        var label: String
        var selected: Bool
        static let fields: [ViewField<Self>] = [
            .number("minutes", \.minutes),
            .text("label", \.label),
            .bool("selected", \.selected),
        ]
    }

    /// Which schedule's radio button is chosen.
    struct Schedule: TemplateView {
        var day: Bool
        var weekdays: Bool
        var week: Bool
        var month: Bool
        static let fields: [ViewField<Self>] = [
            .bool("day", \.day),
            .bool("weekdays", \.weekdays),
            .bool("week", \.week),
            .bool("month", \.month),
        ]
    }

    struct Weekday: TemplateView {
        var name: String
        var label: String
        var long: String
        var checked: Bool
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("label", \.label),
            .text("long", \.long),
            .bool("checked", \.checked),
        ]
    }

    struct TargetKind: TemplateView {
        var value: String
        var id: String
        var label: String
        var checked: Bool
        static let fields: [ViewField<Self>] = [
            .text("value", \.value),
            .text("id", \.id),
            .text("label", \.label),
            .bool("checked", \.checked),
        ]
    }

    struct Range: TemplateView {
        var min: Int
        var max: Int
        static let fields: [ViewField<Self>] = [
            .number("min", \.min),
            .number("max", \.max),
        ]
    }

    struct Habit: TemplateView {
        var archiveURL: String
        var restoreURL: String
        static let fields: [ViewField<Self>] = [
            .text("archiveURL", \.archiveURL),
            .text("restoreURL", \.restoreURL),
        ]
    }

    struct Form: TemplateView {
        var values: Values
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .object("values", \.values),
            .object("errors", \.errors),
        ]
    }

    struct Values: TemplateView {
        var name, emoji, customColor, weekTimes, monthTimes, targetAmount, targetUnit, group, reminders: String
        static let fields: [ViewField<Self>] = [
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("customColor", \.customColor),
            .text("weekTimes", \.weekTimes),
            .text("monthTimes", \.monthTimes),
            .text("targetAmount", \.targetAmount),
            .text("targetUnit", \.targetUnit),
            .text("group", \.group),
            .text("reminders", \.reminders),
        ]
    }

    struct Errors: TemplateView {
        var general, name, emoji, color, duration, schedule, weekdays, weekTimes, monthTimes: String?
        var targetKind, targetAmount, targetUnit, group, reminders: String?
        static let fields: [ViewField<Self>] = [
            .text("general", \.general),
            .text("name", \.name),
            .text("emoji", \.emoji),
            .text("color", \.color),
            .text("duration", \.duration),
            .text("schedule", \.schedule),
            .text("weekdays", \.weekdays),
            .text("week_times", \.weekTimes),
            .text("month_times", \.monthTimes),
            .text("target_kind", \.targetKind),
            .text("target_amount", \.targetAmount),
            .text("target_unit", \.targetUnit),
            .text("group", \.group),
            .text("reminders", \.reminders),
        ]
    }
}
