/// How one time zone maps instants to wall-clock time: the transitions of a
/// TZif file, then its POSIX TZ footer rule for every later instant (Debian
/// may ship "slim" files that list few transitions and rely on the footer).
///
/// Instants are seconds since 1970-01-01T00:00:00Z without leap seconds.
/// Queries clamp them to `TimeZoneLimits.instantRange` (about ±557,000
/// years), so no input can overflow.
public struct TimeZoneRules: Sendable {
    /// The rules live in one shared object: every member's page copies its zone's rules out
    /// of the database's cache, and a copy is then one reference, not one per array and name.
    private final class Storage: Sendable {
        let transitionTimes: [Int64]
        let transitionTypes: [LocalTimeType]
        let initialType: LocalTimeType
        let footer: POSIXTimeZoneRule?
        let dayLongJumps: [Int64]

        init(transitionTimes: [Int64], transitionTypes: [LocalTimeType], initialType: LocalTimeType,
             footer: POSIXTimeZoneRule?, dayLongJumps: [Int64]) {
            self.transitionTimes = transitionTimes
            self.transitionTypes = transitionTypes
            self.initialType = initialType
            self.footer = footer
            self.dayLongJumps = dayLongJumps
        }
    }

    private let storage: Storage

    /// Strictly ascending.
    var transitionTimes: [Int64] { storage.transitionTimes }
    /// The local time type in force from the matching transition on.
    var transitionTypes: [LocalTimeType] { storage.transitionTypes }
    /// Type 0, in force before the first transition (RFC 9636 §3.2).
    var initialType: LocalTimeType { storage.initialType }
    /// In force from the last transition on; for a file without transitions, always.
    var footer: POSIXTimeZoneRule? { storage.footer }
    /// The transitions at which the wall clock jumped forward by a whole day or more, so a
    /// calendar date never happened: Samoa (2011-12-30), Kiribati's Line Islands
    /// (1994-12-31), Kwajalein (1993-08-21). Footer rules move clocks by hours, not days.
    public var dayLongJumps: [Int64] { storage.dayLongJumps }

    init(transitionTimes: [Int64], transitionTypes: [LocalTimeType], initialType: LocalTimeType, footer: POSIXTimeZoneRule?) {
        var jumps: [Int64] = []
        var offset = initialType.utOffset
        for (time, type) in zip(transitionTimes, transitionTypes) {
            if type.utOffset - offset >= 86_400 { jumps.append(time) }
            offset = type.utOffset
        }
        storage = Storage(transitionTimes: transitionTimes, transitionTypes: transitionTypes, initialType: initialType,
                          footer: footer, dayLongJumps: jumps)
    }

    /// UTC: offset 0, abbreviation "UTC", no transitions.
    public static let utc = TimeZoneRules(
        transitionTimes: [], transitionTypes: [],
        initialType: LocalTimeType(utOffset: 0, isDST: false, abbreviation: "UTC"), footer: nil)

    /// Rules from a bare POSIX TZ string, e.g. "CET-1CEST,M3.5.0,M10.5.0/3",
    /// "<+0545>-5:45" or "IST-2IDT,M3.4.4/26,M10.5.0" (TZif v3+ extensions
    /// allowed: switch times from -167 to 167 hours). A DST name without
    /// rules gets the US rules, M3.2.0,M11.1.0, as in tzcode.
    public init(posix: String) throws(TimeZoneError) {
        var parser = POSIXRuleParser(posix)
        let rule = try parser.parse()
        self.init(transitionTimes: [], transitionTypes: [], initialType: rule.standard, footer: rule)
    }

    /// Seconds east of UTC at the instant.
    public func offset(at secondsSince1970: Int64) -> Int {
        localTimeType(at: secondsSince1970).utOffset
    }

    /// e.g. "CEST", "EST", "+0545".
    public func abbreviation(at secondsSince1970: Int64) -> String {
        localTimeType(at: secondsSince1970).abbreviation
    }

    public func isDaylightSavingTime(at secondsSince1970: Int64) -> Bool {
        localTimeType(at: secondsSince1970).isDST
    }

    /// The wall-clock date and time at the instant.
    public func localDateTime(at unixSeconds: Int64) -> LocalDateTime {
        let instant = TimeZoneRules.clamped(unixSeconds)
        return LocalDateTime(localSecondsSince1970: instant + Int64(localTimeType(at: instant).utOffset))
    }

    /// The calendar day at the instant: a member's "today".
    public func localDate(at unixSeconds: Int64) -> LocalDate {
        localDateTime(at: unixSeconds).date
    }

    /// The instant at which the wall clock shows `local`.
    ///
    /// - In a gap (clocks jump forward: Europe/Rome 2026-03-29 02:30 never
    ///   happens) the time is read with the offset in force before the jump,
    ///   which gives the later instant: 02:30 becomes 01:30Z, shown as 03:30 CEST.
    ///   The wall time moves forward by the length of the gap, as in java.time.
    /// - In an overlap (clocks fall back: 2026-10-25 02:30 happens twice) the
    ///   earlier instant wins, 00:30Z (CEST), not 01:30Z (CET).
    public func unixSeconds(for local: LocalDateTime) -> Int64 {
        let wall = TimeZoneRules.clamped(local.localSecondsSince1970)
        // UT offsets are under 26 hours, so every instant showing `wall` lies
        // within a day of it; two days each side also covers the gaps' edges.
        let windowEnd = wall + 2 * 86_400
        var periodStart = wall - 2 * 86_400
        var type = localTimeType(at: periodStart)
        var gapAnswer: Int64?
        while true {
            var next = nextTransition(after: periodStart).map { min($0, windowEnd) } ?? windowEnd
            if next <= periodStart { next = windowEnd }  // only possible past the clamped range
            let candidate = wall - Int64(type.utOffset)
            if candidate >= periodStart && candidate < next {
                return candidate  // periods are walked in order: the first match is the earliest
            }
            guard next < windowEnd else { break }
            let nextType = localTimeType(at: next)
            if gapAnswer == nil, next + Int64(type.utOffset) <= wall, wall < next + Int64(nextType.utOffset) {
                gapAnswer = candidate
            }
            periodStart = next
            type = nextType
        }
        return gapAnswer ?? wall - Int64(localTimeType(at: wall).utOffset)
    }

    func localTimeType(at secondsSince1970: Int64) -> LocalTimeType {
        let instant = TimeZoneRules.clamped(secondsSince1970)
        guard let index = lastTransitionIndex(atOrBefore: instant) else {
            if transitionTimes.isEmpty, let footer { return footer.localTimeType(at: instant) }
            return initialType
        }
        if index == transitionTimes.count - 1, let footer {
            return footer.localTimeType(at: instant)
        }
        return transitionTypes[index]
    }

    /// The first instant after `secondsSince1970` at which the local time type
    /// may change (from the table, then from the footer rule).
    func nextTransition(after secondsSince1970: Int64) -> Int64? {
        let instant = TimeZoneRules.clamped(secondsSince1970)
        let nextIndex = (lastTransitionIndex(atOrBefore: instant) ?? -1) + 1
        if nextIndex < transitionTimes.count {
            return transitionTimes[nextIndex]
        }
        return footer?.nextTransition(after: instant)
    }

    /// Binary search: the last transition at or before the instant.
    private func lastTransitionIndex(atOrBefore instant: Int64) -> Int? {
        let times = storage.transitionTimes
        var low = 0
        var high = times.count  // answer + 1 lies in low...high
        while low < high {
            let middle = low + (high - low) / 2
            if times[middle] <= instant {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == 0 ? nil : low - 1
    }

    private static func clamped(_ instant: Int64) -> Int64 {
        min(max(instant, TimeZoneLimits.instantRange.lowerBound), TimeZoneLimits.instantRange.upperBound)
    }
}
