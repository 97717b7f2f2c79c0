import Locks

/// Slows password guessing: after `maxFailures` failed sign-ins within `window` seconds,
/// for one username or from one address, further attempts are refused until the oldest
/// of those failures leaves the window.
///
/// Kept in memory only (a restart forgets it). Memory is bounded: at most `maxKeys`
/// usernames plus addresses are tracked, each key cut to `maxKeyBytes` and holding at most
/// `maxFailures` timestamps. When the table is full, keys whose failures are all outside
/// the window go first; if still full, the tenth of keys with the oldest latest failure
/// is dropped, so a flood of made-up usernames costs one sort per thousand new keys.
public final class SignInThrottle: Sendable {
    public static let maxFailures = 5
    /// Seconds (15 minutes).
    public static let window: Int64 = 15 * 60
    public static let maxKeys = 10_000
    /// Usernames are at most 32 bytes and IPv6 text at most 45; longer keys are cut so a
    /// huge form field cannot take much memory.
    static let maxKeyBytes = 64

    private enum Key: Hashable {
        case username(String)
        case address(String)
    }

    private struct State {
        /// Timestamps of recent failures, oldest first, at most `maxFailures`.
        var failures: [Key: [Int64]] = [:]
    }

    private let state = Lock(State())

    public init() {}

    /// True when the username or the address has `maxFailures` failures in the window.
    public func isBlocked(username: String, address: String, now: Int64) -> Bool {
        let keys = [Self.key(username: username), Self.key(address: address)]
        return state.withLock { state in
            keys.contains { key in
                Self.recentCount(state.failures[key] ?? [], now: now) >= Self.maxFailures
            }
        }
    }

    public func recordFailure(username: String, address: String, now: Int64) {
        let keys = [Self.key(username: username), Self.key(address: address)]
        state.withLock { state in
            for key in keys {
                if state.failures[key] == nil, state.failures.count >= Self.maxKeys {
                    Self.makeRoom(in: &state, now: now)
                }
                var times = (state.failures[key] ?? []).filter { Self.isRecent($0, now: now) }
                times.append(now)
                state.failures[key] = Array(times.suffix(Self.maxFailures))
            }
        }
    }

    /// A correct password clears the username's count (not the address's: one success
    /// from a shared address should not wipe out evidence of guessing at other accounts).
    public func recordSuccess(username: String) {
        let key = Self.key(username: username)
        state.withLock { state in
            _ = state.failures.removeValue(forKey: key)
        }
    }

    /// How many usernames and addresses are tracked (for tests and monitoring).
    public var trackedKeyCount: Int {
        state.withLock { $0.failures.count }
    }

    private static func makeRoom(in state: inout State, now: Int64) {
        state.failures = state.failures.filter { _, times in times.contains { isRecent($0, now: now) } }
        guard state.failures.count >= maxKeys else { return }
        let byAge = state.failures.sorted { ($0.value.last ?? 0) < ($1.value.last ?? 0) }
        for (key, _) in byAge.prefix(max(1, maxKeys / 10)) {
            state.failures.removeValue(forKey: key)
        }
    }

    private static func recentCount(_ times: [Int64], now: Int64) -> Int {
        times.count { isRecent($0, now: now) }
    }

    private static func isRecent(_ time: Int64, now: Int64) -> Bool {
        now - time < window
    }

    private static func key(username: String) -> Key {
        .username(truncated(Username.folded(username)))
    }

    private static func key(address: String) -> Key {
        .address(truncated(address))
    }

    private static func truncated(_ text: String) -> String {
        text.utf8.count <= maxKeyBytes ? text : String(decoding: text.utf8.prefix(maxKeyBytes), as: UTF8.self)
    }
}
