import Domain
import MemberData
import TimeZones

extension HabitListPage {
    /// What `/habits` shows: the member's active habits in their own order, grouped by
    /// group name — the groups in the order of their first habit, the habits without a
    /// group last — with which of them can move up or down within their group (the steps
    /// `Habits.move` takes), and the days a pause may start on. No HTML, no wording (the
    /// view, `HabitListPage.show` with `Views/habits.html`, adds those).
    struct Model {
        struct Row {
            let habit: Habits.Habit
            /// False for the first (up) and last (down) habit of its group.
            let canMoveUp: Bool
            let canMoveDown: Bool
        }

        struct Group {
            /// nil: the habits without a group.
            let name: String?
            let rows: [Row]
        }

        let groups: [Group]
        let today: LocalDate
        /// A pause starts on a day within the planning range (`DayNavigation.planningRange`).
        let allowed: ClosedRange<LocalDate>
        /// Whether any habit has a group (then the ungrouped ones get a heading too).
        var hasGroups: Bool { groups.contains { $0.name != nil } }
        var isEmpty: Bool { groups.isEmpty }

        init(_ member: MemberContext) throws {
            self.init(try member.habits.ordered().filter { !$0.isArchived }, today: member.today)
        }

        /// `habits` in the member's order (as `Habits.ordered`), archived ones left out.
        init(_ habits: [Habits.Habit], today: LocalDate) {
            var names: [String?] = []
            var members: [String?: [Habits.Habit]] = [:]
            for habit in habits {
                if members[habit.group] == nil { names.append(habit.group) }
                members[habit.group, default: []].append(habit)
            }
            // Named groups as they first come; the ungrouped habits after them.
            names = names.filter { $0 != nil } + names.filter { $0 == nil }
            groups = names.map { name in
                let list = members[name] ?? []
                return Group(name: name, rows: list.enumerated().map { index, habit in
                    Row(habit: habit, canMoveUp: index > 0, canMoveDown: index < list.count - 1)
                })
            }
            self.today = today
            allowed = DayNavigation.planningRange(today: today)
        }
    }

    /// The pause form's day, read strictly: "YYYY-MM-DD" (what a date input sends), or
    /// why it is not one.
    enum PauseDay: Equatable {
        case date(LocalDate)
        case missing
        case malformed

        init(_ text: String?) {
            guard let text, !text.isEmpty else {
                self = .missing
                return
            }
            self = LocalDate(iso: text).map(PauseDay.date) ?? .malformed
        }
    }
}
