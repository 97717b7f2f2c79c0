import Domain
import HTTP
import MemberData
import TimeZones

extension HabitsPage {
    /// What the habit form (new or edit) shows: the colour presets and default durations
    /// it offers and which are chosen, the custom colour, and the field values — a new
    /// habit's defaults, a habit's stored values, or what a refused submission sent.
    /// No HTML, no wording (the view, `HabitsPage.show` with `Views/habit-form.html`,
    /// adds those).
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
        }

        /// What the colour picker holds until the member picks a custom colour.
        static let defaultCustomColor = "#888888"
        /// The value of `color` that means "the custom colour".
        static let custom = "custom"

        /// The habit being edited; nil on the new-habit form.
        let habit: Habits.Habit?
        /// The day page to go back to.
        let back: LocalDate
        let values: Values
        /// The swatches, in the order of the row.
        let colors = HabitColor.presets
        /// The default durations the select offers, in order.
        let durations = HabitDuration.presets

        /// A new habit: no name, the default emoji, the first preset, the standard duration.
        init(newHabitReturningTo back: LocalDate) {
            habit = nil
            self.back = back
            values = Values(name: "", emoji: HabitEmoji.default.value, color: HabitColor.presets[0].hex,
                            customColor: Self.defaultCustomColor, duration: String(HabitDuration.standard.minutes))
        }

        /// `habit` as stored: its preset's swatch chosen, else "custom" with its colour.
        init(editing habit: Habits.Habit, returningTo back: LocalDate) {
            self.habit = habit
            self.back = back
            let rgb = HabitColor.resolve(habit.color)
            values = Values(name: habit.name, emoji: habit.emoji, color: HabitColor.preset(for: rgb)?.hex ?? Self.custom,
                            customColor: rgb.hex, duration: String(habit.defaultDuration))
        }

        /// What a refused submission sent, shown back.
        init(_ habit: Habits.Habit?, sent form: FormFields, returningTo back: LocalDate) {
            self.habit = habit
            self.back = back
            values = Values(name: form["name"] ?? "", emoji: form["emoji"] ?? "", color: form["color"] ?? "",
                            customColor: form["custom_color"] ?? Self.defaultCustomColor, duration: form["duration"] ?? "")
        }

        func isChosen(_ color: HabitColor) -> Bool { color.hex == values.color }
        var isCustomChosen: Bool { values.color == Self.custom }
        func isChosen(_ duration: HabitDuration) -> Bool { String(duration.minutes) == values.duration }
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
