import HTTPServer

/// Until delivery to the members' targets exists, each due reminder is one line on
/// standard error: member, habit, when it was due, its text.
struct LogReminderOutbox: ReminderOutbox {
    func send(_ reminder: DueReminder) {
        StandardError.line("reminder due: member \(reminder.member.rawValue) habit \(reminder.habitID) at \(reminder.dueAt): "
                           + "\(reminder.title) — \(reminder.body)")
    }
}
