import Locks

/// An outbox that keeps what it is handed (for the tests: `/_test/reminders-sent` under
/// `DAWN_TEST_HOOKS=1`, and the unit tests), then passes it on.
final class RecordingReminderOutbox: ReminderOutbox {
    private let sent = Lock<[DueReminder]>([])
    private let next: (any ReminderOutbox)?

    init(passingTo next: (any ReminderOutbox)? = nil) {
        self.next = next
    }

    func send(_ reminder: DueReminder) {
        sent.withLock { $0.append(reminder) }
        next?.send(reminder)
    }

    /// Everything handed over so far, in order.
    var received: [DueReminder] {
        sent.withLock { $0 }
    }
}
