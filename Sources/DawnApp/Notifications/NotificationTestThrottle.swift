import Locks
import Store

/// How often a member may press "Send a test" (`POST /notifications/test`): `maxTests`
/// within `window` seconds, counted per member whatever the outcome. Without it the
/// button, and the result it shows beside each target, would be a tool for probing the
/// addresses a target may have. Kept in memory (a restart forgets it); a family has a few
/// members, and a member's old presses are dropped as new ones come.
final class NotificationTestThrottle: Sendable {
    static let maxTests = 5
    /// Ten minutes.
    static let window: Int64 = 10 * 60

    private let presses = Lock([MemberID: [Int64]]())

    /// Counts a press by `member` at `now` and says whether it may go ahead; a refused
    /// press is not counted (waiting out the window is enough).
    func allow(_ member: MemberID, now: Int64) -> Bool {
        presses.withLock { presses in
            let recent = (presses[member] ?? []).filter { $0 <= now && now - $0 < Self.window }
            guard recent.count < Self.maxTests else {
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
            let recent = (presses[member] ?? []).filter { $0 <= now && now - $0 < Self.window }
            guard recent.count >= Self.maxTests, let oldest = recent.min() else { return 0 }
            return oldest + Self.window - now
        }
    }
}
