import Locks
import Store

/// How often a member may press a button that sends something out: `limit` presses within
/// `window` seconds, counted per member whatever the outcome. "Send a test" on
/// `/notifications` (`notificationTests`) would otherwise be a tool for probing the
/// addresses a target may have, and "Send the link" on `/account` (`emailConfirmations`) a
/// way to mail anyone again and again. Kept in memory (a restart forgets it); a family has
/// a few members, and a member's old presses are dropped as new ones come.
final class MemberPressThrottle: Sendable {
    /// Five tests in ten minutes.
    static func notificationTests() -> MemberPressThrottle { MemberPressThrottle(limit: 5, window: 10 * 60) }
    /// Five confirmation mails an hour.
    static func emailConfirmations() -> MemberPressThrottle { MemberPressThrottle(limit: 5, window: 60 * 60) }

    let limit: Int
    let window: Int64
    private let presses = Lock([MemberID: [Int64]]())

    init(limit: Int, window: Int64) {
        self.limit = limit
        self.window = window
    }

    /// Counts a press by `member` at `now` and says whether it may go ahead; a refused
    /// press is not counted (waiting out the window is enough).
    func allow(_ member: MemberID, now: Int64) -> Bool {
        presses.withLock { presses in
            let recent = (presses[member] ?? []).filter { $0 <= now && now - $0 < window }
            guard recent.count < limit else {
                presses[member] = recent
                return false
            }
            presses[member] = recent + [now]
            return true
        }
    }

    /// Seconds until `member` may press again (0: now).
    func secondsUntilAllowed(_ member: MemberID, now: Int64) -> Int64 {
        presses.withLock { presses in
            let recent = (presses[member] ?? []).filter { $0 <= now && now - $0 < window }
            guard recent.count >= limit, let oldest = recent.min() else { return 0 }
            return oldest + window - now
        }
    }
}
