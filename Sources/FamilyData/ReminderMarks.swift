import Store

/// What the reminder scheduler has decided, in the instance database (`reminder_marks`):
/// for each member and habit with reminders, the instant through which every reminder
/// was handed to delivery or dropped, and the habit's times then (stored form,
/// "07:30,19:00"). A reminder is handed over only after its mark has moved past it, so
/// a restart never sends it twice.
package struct ReminderMarks {
    package let instance: Database

    package init(instance: Database) {
        self.instance = instance
    }

    package struct Mark: Sendable, Equatable {
        package let habitID: Int64
        package let times: String
        package let through: Int64

        package init(habitID: Int64, times: String, through: Int64) {
            self.habitID = habitID
            self.times = times
            self.through = through
        }
    }

    /// The member's marks, by habit.
    package func marks(for member: MemberID) throws -> [Int64: Mark] {
        try instance.read { connection in
            var marks: [Int64: Mark] = [:]
            for row in try connection.query("SELECT habit_id, times, through FROM reminder_marks WHERE member_id = ?",
                                            [.integer(member.rawValue)]) {
                marks[row.int64(0)] = Mark(habitID: row.int64(0), times: row.string(1), through: row.int64(2))
            }
            return marks
        }
    }

    /// Stores `marks` and forgets the habits `forgetting` (no reminders any more), in one transaction.
    package func save(_ marks: [Mark], forgetting: [Int64], for member: MemberID) throws {
        guard !marks.isEmpty || !forgetting.isEmpty else { return }
        try instance.write { connection in
            for mark in marks {
                try connection.run("""
                    INSERT INTO reminder_marks (member_id, habit_id, times, through) VALUES (?, ?, ?, ?)
                    ON CONFLICT (member_id, habit_id) DO UPDATE SET times = excluded.times, through = excluded.through
                    """, [.integer(member.rawValue), .integer(mark.habitID), .text(mark.times), .integer(mark.through)])
            }
            for habit in forgetting {
                try connection.run("DELETE FROM reminder_marks WHERE member_id = ? AND habit_id = ?",
                                   [.integer(member.rawValue), .integer(habit)])
            }
        }
    }
}
