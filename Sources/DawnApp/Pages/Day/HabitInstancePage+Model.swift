import Domain
import MemberData
import TimeZones

extension HabitInstancePage {
    /// What the log form and the edit form start from: the habit and the day, and the
    /// start, duration and note the form shows. For a new log, the next free slot of the
    /// day's timeline (today from now, another day from the day's start) and the habit's
    /// default duration; for a logged habit, what is stored and the version the edit is
    /// based on. Timeline minutes; no HTML, no wording (the view, `HabitInstancePage.show`
    /// with `Views/habit-instance.html`, adds those).
    struct Model {
        let day: LocalDate
        let habit: Habits.Habit
        /// The logged habit being edited; nil on the log form.
        let instance: HabitInstance?
        let slots: TimelineSlots
        /// Timeline minutes from the day's start (see `TimelineSlots`).
        let startMinute: Int
        let durationMinutes: Int
        let note: String
        /// The amount stored, in thousandths of the habit's unit; nil on the log form.
        let amountMilli: Int64?

        /// The log form for `habit` on `day`: the first free slot at or after now (today)
        /// or the day's start (another day); when the rest of today is full, the first
        /// free slot of the day; when the whole day is full, its start.
        init(_ member: MemberContext, logging habit: Habits.Habit, on day: LocalDate) throws {
            let slots = TimelineSlots(dayStartHour: member.settings.dayStartHour)
            let instances = try member.habits.instances(on: day).map {
                (startMinute: slots.minute(storedWallMinute: $0.startMinute), durationMinutes: $0.durationMinutes)
            }
            var from = 0
            if day == member.today {
                from = slots.minute(of: member.rules.localDateTime(at: member.now), memberDate: day) ?? 0
            }
            let slot = TimelineSlots.nextFreeSlot(instances: instances, notBefore: from)
                ?? TimelineSlots.nextFreeSlot(instances: instances, notBefore: 0) ?? 0
            self.day = day
            self.habit = habit
            instance = nil
            self.slots = slots
            startMinute = TimelineSlots.minute(forSlot: slot)
            durationMinutes = habit.defaultDuration
            note = ""
            amountMilli = nil
        }

        /// The edit form of `instance` (a log of `habit` on `day`): what is stored.
        init(_ member: MemberContext, editing instance: HabitInstance, of habit: Habits.Habit, on day: LocalDate) {
            let slots = TimelineSlots(dayStartHour: member.settings.dayStartHour)
            self.day = day
            self.habit = habit
            self.instance = instance
            self.slots = slots
            startMinute = slots.minute(storedWallMinute: instance.startMinute)
            durationMinutes = instance.durationMinutes
            note = instance.note
            amountMilli = instance.amountMilli
        }

        /// The version an edit is based on; nil on the log form.
        var version: Int64? { instance?.version }
    }
}
