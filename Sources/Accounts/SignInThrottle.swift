import Locks
import Store

/// Slows password guessing without letting a guesser lock a member out.
///
/// - From an unknown browser, after `maxFailures` failed sign-ins within `window` seconds
///   for one username or from one address (an IPv6 client's /64, see `ThrottleAddress`),
///   further attempts are refused until the oldest of those failures leaves the window.
/// - A browser whose device cookie validly names the member (`KnownDevice`: it signed in
///   as them before) is judged by its own failures only, so it gets in with the right
///   password while the username is throttled for everyone else; its own `maxFailures`
///   wrong passwords in the window still stop it, so a stolen cookie buys few guesses.
/// - A server-wide budget: once `failureBudget` sign-ins failed within `budgetWindow`
///   seconds, unknown browsers wait, which bounds the hashing a flood of addresses costs.
/// - The current-password check of a password change counts per member, apart.
///
/// Kept in memory only (a restart forgets it). Memory is bounded: at most `maxKeys`
/// usernames, addresses, devices and members are tracked, each key cut to `maxKeyBytes`
/// and holding at most `maxFailures` timestamps. When the table is full, keys whose
/// failures are all outside the window go first; if still full, the tenth of keys with
/// the oldest latest failure is dropped, so a flood of made-up usernames costs one sort
/// per thousand new keys.
public final class SignInThrottle: Sendable {
    public static let maxFailures = 5
    /// Seconds (15 minutes).
    public static let window: Int64 = 15 * 60
    /// The server-wide budget counts the failures of the last minute.
    public static let budgetWindow: Int64 = 60
    /// Failed sign-ins per `budgetWindow`, across every username and address.
    public static let defaultFailureBudget = 60
    public static let maxKeys = 10_000
    /// Usernames are at most 32 bytes and IPv6 text at most 45; longer keys are cut so a
    /// huge form field cannot take much memory.
    static let maxKeyBytes = 64

    /// Whether a sign-in may go on to check its password.
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// Too many failures for this username or address (unknown browser), or for
        /// this known browser: 429.
        case throttled
        /// The server-wide budget of failures is spent, and the browser is unknown: 503.
        case overBudget
    }

    private enum Key: Hashable {
        case username(String)
        case address(String)
        case device(KnownDevice)
        case currentPassword(MemberID)
    }

    private struct State {
        /// Timestamps of recent failures, oldest first, at most `maxFailures`.
        var failures: [Key: [Int64]] = [:]
        /// The latest failed sign-ins anywhere, oldest first, at most `failureBudget`.
        var latestFailures: [Int64] = []
    }

    public let failureBudget: Int
    private let state = Lock(State())

    public init(failureBudget: Int = SignInThrottle.defaultFailureBudget) {
        self.failureBudget = max(1, failureBudget)
    }

    /// `device`: this browser's device cookie entry, only when it names the member the
    /// username belongs to (the caller checks); nil for an unknown browser.
    public func verdict(username: String, address: String, device: KnownDevice?, now: Int64) -> Verdict {
        state.withLock { state in
            if let device {
                return Self.isSpent(state.failures[.device(device)], now: now) ? .throttled : .allowed
            }
            let keys = [Self.key(username: username), Self.key(address: address)]
            if keys.contains(where: { Self.isSpent(state.failures[$0], now: now) }) { return .throttled }
            return isBudgetSpent(state.latestFailures, now: now) ? .overBudget : .allowed
        }
    }

    public func recordFailure(username: String, address: String, device: KnownDevice?, now: Int64) {
        let keys = device.map { [Key.device($0)] } ?? [Self.key(username: username), Self.key(address: address)]
        state.withLock { state in
            for key in keys { Self.record(key, in: &state, now: now) }
            state.latestFailures.append(now)
            if state.latestFailures.count > failureBudget { state.latestFailures.removeFirst() }
        }
    }

    /// A correct password clears the count it was judged by: the known browser's, or the
    /// username's (not the address's: one success from a shared address should not wipe
    /// out evidence of guessing at other accounts). A known browser's success leaves the
    /// username's count alone, so the member signing in does not give a guesser elsewhere
    /// a fresh set of tries.
    public func recordSuccess(username: String, device: KnownDevice?) {
        let key = device.map(Key.device) ?? Self.key(username: username)
        state.withLock { _ = $0.failures.removeValue(forKey: key) }
    }

    /// True when `member` got their current password wrong `maxFailures` times in the
    /// window (on `/account/password`).
    public func isBlocked(currentPasswordOf member: MemberID, now: Int64) -> Bool {
        state.withLock { Self.isSpent($0.failures[.currentPassword(member)], now: now) }
    }

    public func recordFailure(currentPasswordOf member: MemberID, now: Int64) {
        state.withLock { Self.record(.currentPassword(member), in: &$0, now: now) }
    }

    public func recordSuccess(currentPasswordOf member: MemberID) {
        state.withLock { _ = $0.failures.removeValue(forKey: .currentPassword(member)) }
    }

    /// How many keys are tracked (for tests and monitoring).
    public var trackedKeyCount: Int {
        state.withLock { $0.failures.count }
    }

    private func isBudgetSpent(_ latest: [Int64], now: Int64) -> Bool {
        guard latest.count >= failureBudget, let oldest = latest.first else { return false }
        return now - oldest < Self.budgetWindow
    }

    private static func record(_ key: Key, in state: inout State, now: Int64) {
        if state.failures[key] == nil, state.failures.count >= maxKeys {
            makeRoom(in: &state, now: now)
        }
        var times = (state.failures[key] ?? []).filter { isRecent($0, now: now) }
        times.append(now)
        state.failures[key] = Array(times.suffix(maxFailures))
    }

    private static func makeRoom(in state: inout State, now: Int64) {
        state.failures = state.failures.filter { _, times in times.contains { isRecent($0, now: now) } }
        guard state.failures.count >= maxKeys else { return }
        let byAge = state.failures.sorted { ($0.value.last ?? 0) < ($1.value.last ?? 0) }
        for (key, _) in byAge.prefix(max(1, maxKeys / 10)) {
            state.failures.removeValue(forKey: key)
        }
    }

    private static func isSpent(_ times: [Int64]?, now: Int64) -> Bool {
        (times ?? []).count { isRecent($0, now: now) } >= maxFailures
    }

    private static func isRecent(_ time: Int64, now: Int64) -> Bool {
        now - time < window
    }

    private static func key(username: String) -> Key {
        .username(truncated(Username.folded(username)))
    }

    private static func key(address: String) -> Key {
        .address(truncated(ThrottleAddress.key(address)))
    }

    private static func truncated(_ text: String) -> String {
        text.utf8.count <= maxKeyBytes ? text : String(decoding: text.utf8.prefix(maxKeyBytes), as: UTF8.self)
    }
}
