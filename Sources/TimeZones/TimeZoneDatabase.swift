import Glibc
import Locks

/// The system's time zones: TZif files under a directory (tzdata), loaded
/// on first use and cached for the life of the process (restart to pick up
/// a tzdata upgrade). "UTC" is built in and works without tzdata.
public final class TimeZoneDatabase: Sendable {
    /// `$TZDIR` when set and non-empty, else /usr/share/zoneinfo.
    public static var defaultDirectory: String {
        if let value = getenv("TZDIR"), value.pointee != 0 {
            return String(cString: value)
        }
        return "/usr/share/zoneinfo"
    }

    public let directory: String
    /// Only successfully loaded zones, so unknown names from requests cannot grow it.
    private let cache = Lock<[String: TimeZoneRules]>([:])
    private let cachedIdentifiers = Lock<[String]?>(nil)

    public init(directory: String = TimeZoneDatabase.defaultDirectory) {
        self.directory = directory
    }

    /// The rules of a zone such as "Europe/Rome".
    ///
    /// The identifier is checked with `isWellFormedIdentifier` before any
    /// file is opened, so no identifier can reach outside `directory`.
    public func rules(for identifier: String) throws(TimeZoneError) -> TimeZoneRules {
        // Every member's page asks: a zone read before (so well formed) is one lookup.
        if let cached = cache.withLock({ $0[identifier] }) { return cached }
        guard TimeZoneDatabase.isWellFormedIdentifier(identifier) else { throw .invalidIdentifier(identifier) }
        if identifier == "UTC" { return .utc }

        let rules: TimeZoneRules
        switch ZoneFile.read(directory + "/" + identifier, maxBytes: TimeZoneLimits.maxFileBytes) {
        case .missing:
            throw .unknownZone(identifier)
        case .failed(let errno):
            throw .unreadable(zone: identifier, errno: errno)
        case .tooLarge:
            throw .malformedData(zone: identifier, reason: "larger than \(TimeZoneLimits.maxFileBytes) bytes")
        case .bytes(let bytes):
            do {
                rules = try TimeZoneRules(tzif: bytes)
            } catch .malformedData(_, let reason) {
                throw .malformedData(zone: identifier, reason: reason)
            } catch {
                throw error
            }
        }
        cache.withLock { $0[identifier] = rules }
        return rules
    }

    /// Whether `rules(for:)` succeeds.
    public func isValid(_ identifier: String) -> Bool {
        (try? rules(for: identifier)) != nil
    }

    /// The zones a member can pick: the third column of `zone1970.tab` (one
    /// zone per region of identical clocks since 1970) plus "UTC", sorted.
    /// Just ["UTC"] when the file is missing.
    public var identifiers: [String] {
        if let cached = cachedIdentifiers.withLock({ $0 }) { return cached }
        var names: Set<String> = ["UTC"]
        let table = ZoneFile.read(directory + "/zone1970.tab", maxBytes: TimeZoneLimits.maxFileBytes)
        if case .bytes(let bytes) = table {
            for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
                let columns = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                guard columns.count >= 3 else { continue }
                let name = String(decoding: columns[2], as: UTF8.self)
                if TimeZoneDatabase.isWellFormedIdentifier(name) { names.insert(name) }
            }
        }
        let sorted = names.sorted()
        // A read that failed (out of descriptors…) is tried again next time, not kept for good.
        if case .failed = table { return sorted }
        cachedIdentifiers.withLock { $0 = sorted }
        return sorted
    }

    /// 1...64 characters of `A-Za-z0-9_+-/`, not starting with "/", with no
    /// empty, "." or ".." segments. Such a name can only denote a path inside
    /// the zone directory.
    public static func isWellFormedIdentifier(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        guard (1...TimeZoneLimits.maxIdentifierLength).contains(bytes.count),
              bytes.allSatisfy(isIdentifierByte)
        else { return false }
        // Splitting keeps empty segments, which catches a leading, trailing or double "/".
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && !segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8)
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
