#if canImport(Glibc)
import Glibc
#endif

/// Why a time zone could not be loaded or parsed.
public enum TimeZoneError: Error, Equatable, CustomStringConvertible {
    /// Not of the form `Area/Location` in `A-Za-z0-9_+-/`, 1...64 characters
    /// with no empty, "." or ".." segments; refused before touching the disk.
    case invalidIdentifier(String)
    /// Well-formed, but there is no such file in the time zone directory.
    case unknownZone(String)
    /// The zone file exists but could not be read (`errno`).
    case unreadable(zone: String, errno: Int32)
    /// TZif data that breaks the format (RFC 9636) or this library's limits.
    /// `zone` is nil when the bytes did not come from the database.
    case malformedData(zone: String?, reason: String)
    /// A POSIX TZ string such as "CET-1CEST,M3.5.0,M10.5.0/3" that does not parse.
    case invalidPOSIXRule(String, reason: String)

    /// A shortage that passes (out of file descriptors or memory), not a bad zone:
    /// the same call may succeed in a moment.
    public var isTransient: Bool {
        guard case .unreadable(_, let errno) = self else { return false }
        return errno == EMFILE || errno == ENFILE || errno == ENOMEM
    }

    public var description: String {
        switch self {
        case .invalidIdentifier(let identifier):
            return "invalid time zone identifier \(TimeZoneError.quoted(identifier)): expected a name such as \"Europe/Rome\""
        case .unknownZone(let identifier):
            return "unknown time zone \(TimeZoneError.quoted(identifier))"
        case .unreadable(let zone, let errno):
            return "time zone \(TimeZoneError.quoted(zone)) could not be read (errno \(errno))"
        case .malformedData(let zone?, let reason):
            return "time zone data for \(TimeZoneError.quoted(zone)) is malformed: \(reason)"
        case .malformedData(nil, let reason):
            return "time zone data is malformed: \(reason)"
        case .invalidPOSIXRule(let rule, let reason):
            return "invalid POSIX time zone rule \(TimeZoneError.quoted(rule)): \(reason)"
        }
    }

    /// Quoted with control characters escaped and cut to a readable length,
    /// since the text may come straight from a request.
    private static func quoted(_ text: String) -> String {
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return String(reflecting: shown)
    }
}
