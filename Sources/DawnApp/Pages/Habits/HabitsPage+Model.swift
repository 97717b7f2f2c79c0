import Domain
import HTTP
import Localization
import MemberData
import TimeZones

extension HabitsPage {
    /// What the habit form (new or edit) shows: the colour presets and default durations
    /// it offers and which are chosen, the custom colour, the plan (schedule, daily target,
    /// group), the weekdays in the member's order, and the field values — a new habit's
    /// defaults, a habit's stored values, or what a refused submission sent. No HTML, no
    /// wording (the view, `HabitsPage.show` with `Views/habit-form.html`, adds those).
    struct FormModel {
        /// The fields as the form holds them: text, because a refused submission is shown
        /// back exactly as it was sent.
        struct Values: Equatable {
            var name: String
            var emoji: String
            /// A preset's `#RRGGBB`, or "custom" for `customColor`.
            var color: String
            var customColor: String
            /// Minutes.
            var duration: String
            /// The chosen schedule radio: "day", "weekdays", "week", "month" (as sent).
            var schedule = HabitScheduleConstants.everyDay
            /// The checked weekday boxes ("mon" … "sun", as sent).
            var weekdays: [String] = []
            /// "N times a week" and "N times a month": each radio's own number input.
            var weekTimes = String(FormModel.defaultWeekTimes)
            var monthTimes = String(FormModel.defaultMonthTimes)
            /// The daily target: an empty amount (and unit) is no target.
            var targetAmount = ""
            var targetUnit = ""
            var targetKind = HabitTarget.Kind.atLeast.rawValue
            /// Empty: no group.
            var group = ""
            /// The reminders' times as one text field, "07:30, 19:00"; empty: none.
            var reminders = ""
        }

        /// What the colour picker holds until the member picks a custom colour.
        static let defaultCustomColor = "#888888"
        /// The value of `color` that means "the custom colour".
        static let custom = "custom"

        /// The colour the form asks for: a preset's `#RRGGBB` or `custom`. A colour picked
        /// in the colour input means the custom colour even when its swatch was not ticked
        /// (the picker then differs from `custom_color_shown`, what the form was sent with);
        /// before, that choice was silently dropped for the ticked preset.
        static func colorChoice(_ form: FormFields) -> String {
            let picked = (form["custom_color"] ?? "").lowercased()
            let shown = (form["custom_color_shown"] ?? picked).lowercased()
            return picked != shown && HabitColor.parse(picked) != nil ? custom : form["color"] ?? ""
        }
        /// What the "times a week / a month" inputs hold until the member changes them.
        static let defaultWeekTimes = 3
        static let defaultMonthTimes = 10

        /// The habit being edited; nil on the new-habit form.
        let habit: Habits.Habit?
        /// The day page to go back to…
        let back: LocalDate
        /// …unless the form was opened from `/habits` (`from=habits`): then back there.
        let returnsToList: Bool
        let values: Values
        /// The swatches, in the order of the row.
        let colors = HabitColor.presets
        /// The default durations the select offers, in order.
        let durations = HabitDuration.presets
        /// The weekday boxes, from the member's first weekday.
        let weekdays: [Weekday]

        /// A new habit: no name, the default emoji, the first preset, the standard duration,
        /// every day, no target, no group.
        init(newHabitReturningTo back: LocalDate, toList: Bool = false, firstWeekday: Weekday = .monday) {
            habit = nil
            self.back = back
            returnsToList = toList
            weekdays = Self.week(from: firstWeekday)
            values = Values(name: "", emoji: HabitEmoji.default.value, color: HabitColor.presets[0].hex,
                            customColor: Self.defaultCustomColor, duration: String(HabitDuration.standard.minutes))
        }

        /// `habit` as stored: its preset's swatch chosen, else "custom" with its colour; its plan.
        init(editing habit: Habits.Habit, returningTo back: LocalDate, toList: Bool = false, firstWeekday: Weekday = .monday,
             language: Language = .en) {
            self.habit = habit
            self.back = back
            returnsToList = toList
            weekdays = Self.week(from: firstWeekday)
            values = Self.stored(habit, language)
        }

        /// What a refused submission sent, shown back. Plan fields a client did not send at
        /// all (no `schedule`; neither target field; no `group`) keep the stored values (a
        /// new habit's defaults), as they would be saved.
        init(_ habit: Habits.Habit?, sent form: FormFields, returningTo back: LocalDate, toList: Bool = false,
             firstWeekday: Weekday = .monday, language: Language = .en) {
            self.habit = habit
            self.back = back
            returnsToList = toList
            weekdays = Self.week(from: firstWeekday)
            var values = habit.map { Self.stored($0, language) }
                ?? Values(name: "", emoji: "", color: "", customColor: "", duration: "")
            values.name = form["name"] ?? ""
            values.emoji = form["emoji"] ?? ""
            values.color = Self.colorChoice(form)
            values.customColor = form["custom_color"] ?? Self.defaultCustomColor
            values.duration = form["duration"] ?? ""
            if let schedule = form["schedule"] {
                values.schedule = schedule
                values.weekdays = form.values("weekdays")
                values.weekTimes = form["week_times"] ?? ""
                values.monthTimes = form["month_times"] ?? ""
            }
            if form["target_amount"] != nil || form["target_unit"] != nil {
                values.targetAmount = form["target_amount"] ?? ""
                values.targetUnit = form["target_unit"] ?? ""
                values.targetKind = form["target_kind"] ?? ""
            }
            if let group = form["group"] { values.group = group }
            if let reminders = form["reminders"] { values.reminders = reminders }
            self.values = values
        }

        func isChosen(_ color: HabitColor) -> Bool { color.hex == values.color }
        var isCustomChosen: Bool { values.color == Self.custom }
        func isChosen(_ duration: HabitDuration) -> Bool { String(duration.minutes) == values.duration }
        func isChosen(schedule kind: String) -> Bool { values.schedule == kind }
        func isChecked(_ weekday: Weekday) -> Bool { values.weekdays.contains(HabitSchedule.name(of: weekday)) }
        func isChosen(_ kind: HabitTarget.Kind) -> Bool { values.targetKind == kind.rawValue }

        /// Monday…Sunday, or Sunday…Saturday.
        static func week(from first: Weekday) -> [Weekday] {
            (0..<7).compactMap { Weekday(isoNumber: (first.isoNumber - 1 + $0) % 7 + 1) }
        }

        /// The stored habit as the form's text; a stored schedule that does not parse (which
        /// no write path stores) shows as every day.
        private static func stored(_ habit: Habits.Habit, _ language: Language) -> Values {
            let rgb = habit.color
            var values = Values(name: habit.name, emoji: habit.emoji, color: HabitColor.preset(for: rgb)?.hex ?? Self.custom,
                                customColor: rgb.hex, duration: String(habit.defaultDuration))
            let schedule = habit.schedule
            values.schedule = schedule.every ?? HabitScheduleConstants.weekdaysPrefix
            values.weekdays = schedule.weekdayNames ?? []
            if case .perWeek = schedule, let times = schedule.times { values.weekTimes = String(times) }
            if case .perMonth = schedule, let times = schedule.times { values.monthTimes = String(times) }
            if let milli = habit.targetMilli {
                values.targetAmount = LocalizedNumber.decimal(thousandths: milli, language, grouped: false)
                values.targetUnit = habit.targetUnit
                values.targetKind = habit.targetKind.rawValue
            }
            values.group = habit.group ?? ""
            values.reminders = habit.reminders.map(\.description).joined(separator: ", ")
            return values
        }
    }

    /// `/habits/archived`: the archived habits, each with how often it was logged.
    struct ArchivedModel {
        let habits: [Habits.Habit]
        let today: LocalDate

        init(_ member: MemberContext) throws {
            habits = try member.habits.all().filter(\.isArchived)
            today = member.today
        }
    }

    /// The confirmation before deleting a habit: the habit (with how often it was logged,
    /// all of which goes with it) and the day page to go back to.
    struct DeleteModel {
        let habit: Habits.Habit
        let back: LocalDate
        var loggedCount: Int { habit.count }
    }
}
