/// A POSIX TZ rule such as "CET-1CEST,M3.5.0,M10.5.0/3": a standard time
/// and, optionally, a DST time with the yearly rules that switch between them.
/// TZif footers use it for every instant after the last listed transition.
struct POSIXTimeZoneRule: Sendable, Hashable {
    struct DaylightSaving: Sendable, Hashable {
        var type: LocalTimeType
        /// Given in standard local time.
        var start: POSIXTransitionRule
        /// Given in DST local time.
        var end: POSIXTransitionRule
    }

    var standard: LocalTimeType
    var daylightSaving: DaylightSaving?

    /// Callers pass instants within `TimeZoneLimits.instantRange`.
    func localTimeType(at instant: Int64) -> LocalTimeType {
        guard let daylightSaving else { return standard }
        // The latest switch at or before the instant decides; looking at the
        // neighbouring years too copes with rules whose times spill over a
        // year boundary ("/26", "J365/25", "/-1").
        var inDST: Bool?
        for (switchInstant, toDST) in switches(around: instant) where switchInstant <= instant {
            inDST = toDST
        }
        return inDST == true ? daylightSaving.type : standard
    }

    /// The first switch strictly after `instant`, if the rule has DST.
    func nextTransition(after instant: Int64) -> Int64? {
        switches(around: instant).first { $0.instant > instant }?.instant
    }

    /// The DST switches of the instant's year and its neighbours, in time
    /// order (on a tie, earlier years first, a year's start before its end).
    private func switches(around instant: Int64) -> [(instant: Int64, toDST: Bool)] {
        guard let daylightSaving else { return [] }
        let localDays = (instant + Int64(standard.utOffset)).floorDivision(86_400)
        let year = LocalDate(daysSince1970: Int(localDays)).year
        var result: [(instant: Int64, toDST: Bool)] = []
        for y in (year - 1)...(year + 2) {
            result.append((daylightSaving.start.localSeconds(inYear: y) - Int64(standard.utOffset), true))
            result.append((daylightSaving.end.localSeconds(inYear: y) - Int64(daylightSaving.type.utOffset), false))
        }
        // Stable: equal instants keep the year-then-start-end order above.
        return result.enumerated()
            .sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }
            .map(\.element)
    }
}
