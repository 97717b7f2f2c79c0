import Locks
import Store

/// The digits typed so far on a kitchen screen's keypad without JavaScript, kept on the
/// server and bound to the screen and the member whose PIN it is, so no typed digit is ever
/// written into a page (where the tablet's history would keep it for Back and resubmit).
/// Each key is a POST the server answers with a redirect to the PIN page, which shows only
/// how many digits there are.
///
/// One entry per screen (a screen shows one keypad at a time), gone `lifetime` seconds
/// after its last key, when its PIN is submitted, or when another member's keypad is used
/// on that screen. In memory (a restart forgets a half-typed PIN), at most `maxEntries`:
/// when full, expired entries go first, then the oldest.
public final class ScreenKeypad: Sendable {
    public static let lifetime: Int64 = 60
    public static let maxEntries = 4 * FamilyScreens.maxScreens

    public enum Key: Equatable, Sendable {
        case digit(UInt8)
        case back
        case clear

        /// A keypad button's value: "0"…"9", "back" or "clear"; nil for anything else.
        public init?(_ value: String) {
            switch value {
            case "back": self = .back
            case "clear": self = .clear
            default:
                guard value.utf8.count == 1, let byte = value.utf8.first,
                      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                self = .digit(byte)
            }
        }
    }

    private struct Entry {
        var member: MemberID
        var digits: [UInt8]
        var expiresAt: Int64
    }

    private let entries = Lock([Int64: Entry]())

    public init() {}

    /// How many digits are typed for `member` on `screen` (0 when none, expired, or another
    /// member's).
    public func count(screen: Int64, member: MemberID, now: Int64) -> Int {
        entries.withLock { entries in
            guard let entry = entries[screen], entry.member == member, entry.expiresAt > now else { return 0 }
            return entry.digits.count
        }
    }

    /// One key for `member` on `screen`; at most `PIN.lengths.upperBound` digits are kept.
    public func press(_ key: Key, screen: Int64, member: MemberID, now: Int64) {
        entries.withLock { entries in
            var entry = entries[screen].flatMap { $0.member == member && $0.expiresAt > now ? $0 : nil }
                ?? Entry(member: member, digits: [], expiresAt: 0)
            switch key {
            case let .digit(byte): if entry.digits.count < PIN.lengths.upperBound { entry.digits.append(byte) }
            case .back: if !entry.digits.isEmpty { entry.digits.removeLast() }
            case .clear: entry.digits.removeAll()
            }
            entry.expiresAt = now + Self.lifetime
            if entries[screen] == nil, entries.count >= Self.maxEntries { Self.makeRoom(&entries, now: now) }
            entries[screen] = entry
        }
    }

    /// The digits typed for `member` on `screen`, if any and not expired; the screen's entry
    /// is gone afterwards either way.
    public func take(screen: Int64, member: MemberID, now: Int64) -> String? {
        entries.withLock { entries in
            guard let entry = entries.removeValue(forKey: screen), entry.member == member, entry.expiresAt > now,
                  !entry.digits.isEmpty else { return nil }
            return String(decoding: entry.digits, as: UTF8.self)
        }
    }

    /// How many screens have an entry (for tests).
    public var entryCount: Int {
        entries.withLock { $0.count }
    }

    private static func makeRoom(_ entries: inout [Int64: Entry], now: Int64) {
        entries = entries.filter { $0.value.expiresAt > now }
        while entries.count >= maxEntries, let oldest = entries.min(by: { $0.value.expiresAt < $1.value.expiresAt }) {
            entries.removeValue(forKey: oldest.key)
        }
    }
}
