import Store
import Locks

/// Slows guessing of enrolment codes at the kitchen screen, apart from password sign-in
/// (`SignInThrottle` never sees an enrolment code, and this never sees a password). Wrong
/// PINs are counted per member in `instance.sqlite` instead (`PINFailures`).
///
/// `maxFailures` wrong codes from one address (an IPv6 client's /64) lock that address out
/// of enrolment for `lockSeconds`; `maxCodeFailuresAnywhere` wrong codes from all addresses
/// together within `window` lock enrolment for everyone (a code is 60 random bits and lives
/// 15 minutes: this only bounds the work).
///
/// Kept in memory (a restart forgets it: a code lives 15 minutes anyway), at most `maxKeys`
/// keys, each holding at most `maxCodeFailuresAnywhere` timestamps; when full, keys neither
/// locked nor recent go first, then the tenth with the oldest last failure.
public final class ScreenThrottle: Sendable {
    public static let maxFailures = 5
    /// Seconds in which failures add up (15 minutes).
    public static let window: Int64 = 15 * 60
    /// How long a lock lasts after the failure that set it (15 minutes).
    public static let lockSeconds: Int64 = 15 * 60
    public static let maxCodeFailuresAnywhere = 50
    public static let maxKeys = 10_000

    private enum Key: Hashable {
        case codeAddress(String)
        case codeAnywhere
    }

    private struct Entry {
        /// Recent failures, oldest first.
        var failures: [Int64] = []
        var lockedUntil: Int64 = 0
    }

    private let entries = Lock([Key: Entry]())

    public init() {}

    // MARK: Enrolment codes

    public func isCodeLocked(address: String, now: Int64) -> Bool {
        isLocked(.codeAddress(Self.addressKey(address)), now: now) || isLocked(.codeAnywhere, now: now)
    }

    public func recordWrongCode(address: String, now: Int64) {
        record(.codeAddress(Self.addressKey(address)), limit: Self.maxFailures, now: now)
        record(.codeAnywhere, limit: Self.maxCodeFailuresAnywhere, now: now)
    }

    /// How many keys are tracked (for tests).
    public var trackedKeyCount: Int {
        entries.withLock { $0.count }
    }

    // MARK: -

    private func isLocked(_ key: Key, now: Int64) -> Bool {
        entries.withLock { ($0[key]?.lockedUntil ?? 0) > now }
    }

    private func record(_ key: Key, limit: Int, now: Int64) {
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= Self.maxKeys { Self.makeRoom(&entries, now: now) }
            var entry = entries[key] ?? Entry()
            entry.failures = entry.failures.filter { now - $0 < Self.window && $0 <= now }
            entry.failures.append(now)
            if entry.failures.count >= limit {
                entry.lockedUntil = now + Self.lockSeconds
                entry.failures.removeAll()
            }
            entries[key] = entry
        }
    }

    private static func makeRoom(_ entries: inout [Key: Entry], now: Int64) {
        entries = entries.filter { _, entry in entry.lockedUntil > now || entry.failures.contains { now - $0 < window } }
        guard entries.count >= maxKeys else { return }
        let byAge = entries.sorted { ($0.value.failures.last ?? $0.value.lockedUntil) < ($1.value.failures.last ?? $1.value.lockedUntil) }
        for (key, _) in byAge.prefix(max(1, maxKeys / 10)) { entries.removeValue(forKey: key) }
    }

    private static func addressKey(_ address: String) -> String {
        let key = ThrottleAddress.key(address)
        return key.utf8.count <= 64 ? key : String(decoding: key.utf8.prefix(64), as: UTF8.self)
    }
}
