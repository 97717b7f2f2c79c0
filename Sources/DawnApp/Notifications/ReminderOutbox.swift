import Store

/// A habit's reminder that came due: what the reminder scheduler hands to delivery. The
/// texts are already in the member's language.
struct DueReminder: Sendable, Equatable {
    let member: MemberID
    let habitID: Int64
    /// "🏃 Run".
    let title: String
    /// "Time for Run (07:30)".
    let body: String
    /// The instant it was due, Unix seconds (a reminder sent late says so by this).
    let dueAt: Int64
}

/// Where the reminder scheduler puts what came due. `send` returns at once: delivery to
/// the member's targets (Web Push, ntfy, email), its retries and its recorded results run
/// elsewhere, never on the scheduler's thread or an event loop.
protocol ReminderOutbox: Sendable {
    func send(_ reminder: DueReminder)
}
