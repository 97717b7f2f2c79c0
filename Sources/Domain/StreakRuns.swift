import TimeZones

/// Where streaks are counted from without reading a member's whole history: the maximal
/// runs of consecutive active days, as day numbers (`LocalDate.daysSince1970`), kept
/// up to date as the member writes (`MemberSchema`'s run tables). A few indexed lookups
/// answer both the current and the best streak, however many years lie behind.
public protocol ActiveRuns {
    /// The run with the latest first day on or before `day`, if any.
    func run(startingOnOrBefore day: Int) throws -> ClosedRange<Int>?
    /// Runs ending on or before `day`, longest first (ties: the later first), the
    /// `limit` after the first `offset` of them.
    func longest(endingOnOrBefore day: Int, offset: Int, limit: Int) throws -> [ClosedRange<Int>]
}

extension Streak {
    /// The same streaks as `init(activeDates:today:skipping:)`, from the runs: the current
    /// run and the best one up to today, bridging `skipped` days (they neither count nor
    /// break a run). Costs a lookup per bridged gap a run crosses, not per day of history.
    public init(runs: some ActiveRuns, today: LocalDate, skipping skipped: Set<LocalDate> = []) throws {
        try self.init(runs: runs, today: today, bridging: BridgedRanges(days: skipped))
    }

    /// The same, bridging `bridged` (days a zone skipped, vacations): see `BridgedRanges`.
    public init(runs: some ActiveRuns, today: LocalDate, bridging bridged: BridgedRanges) throws {
        let counter = RunCounter(runs: runs, bridges: bridged)
        let current = try counter.current(today: today.daysSince1970)
        self.init(current: current, best: max(current, try counter.best(today: today.daysSince1970)))
    }

    /// Just the current run, from the runs.
    public static func current(runs: some ActiveRuns, today: LocalDate, skipping skipped: Set<LocalDate> = []) throws -> Int {
        try current(runs: runs, today: today, bridging: BridgedRanges(days: skipped))
    }

    public static func current(runs: some ActiveRuns, today: LocalDate, bridging bridged: BridgedRanges) throws -> Int {
        try RunCounter(runs: runs, bridges: bridged).current(today: today.daysSince1970)
    }
}

/// Counts streaks over `ActiveRuns`: runs joined across bridged gaps make a chain, whose
/// length is its days that are not bridged.
struct RunCounter<Runs: ActiveRuns> {
    let runs: Runs
    let bridges: BridgedRanges

    /// The run holding `day`, if it is active.
    func run(containing day: Int) throws -> ClosedRange<Int>? {
        guard let run = try runs.run(startingOnOrBefore: day), run.upperBound >= day else { return nil }
        return run
    }

    /// The days of `span` that count.
    func lived(_ span: ClosedRange<Int>) -> Int {
        span.count - bridges.count(in: span)
    }

    /// The run ending yesterday (the last unbridged day before today), plus today when
    /// today is active and not bridged.
    func current(today: Int) throws -> Int {
        // One lookup answers most days: the latest run starting by today holds today, or
        // yesterday, or neither (then nothing between it and today is active).
        let latest = try runs.run(startingOnOrBefore: today)
        if !bridges.contains(today), let latest, latest.contains(today) {
            return try chain(from: latest, through: today)
        }
        let end = bridges.unbridged(onOrBefore: today - 1)
        if let latest, latest.lowerBound <= end {
            return latest.contains(end) ? try chain(from: latest, through: end) : 0
        }
        guard let run = try run(containing: end) else { return 0 }
        return try chain(from: run, through: end)
    }

    /// The longest chain that ends on or before `today` (cut at today when it runs on).
    func best(today: Int) throws -> Int {
        var best = 0
        // A run far from every bridged day is a chain of its own: the longest of those.
        var offset = 0
        let page = 16
        search: while true {
            let longest = try runs.longest(endingOnOrBefore: today, offset: offset, limit: page)
            for run in longest where !bridges.touches(run) {
                best = run.count
                break search
            }
            if longest.count < page { break }
            offset += page
        }
        // The chains that reach a bridged gap, each found from the days beside it.
        for range in bridges.ranges where range.lowerBound <= today {
            for anchor in [range.lowerBound - 1, range.upperBound + 1] where anchor <= today && !bridges.contains(anchor) {
                if try run(containing: anchor) != nil {
                    best = max(best, try chain(containing: anchor, through: today))
                }
            }
        }
        return best
    }

    /// The counted days of the chain holding active `day`, up to `end` only.
    func chain(containing day: Int, through end: Int) throws -> Int {
        guard let start = try run(containing: day) else { return 0 }
        return try chain(from: start, through: end)
    }

    /// The counted days of the chain holding the run `start`, up to `end` only. Runs are
    /// maximal, so the day beside one is inactive unless bridged: only a bridged gap needs
    /// a lookup to see whether the chain goes on past it.
    func chain(from start: ClosedRange<Int>, through end: Int) throws -> Int {
        var total = lived(start.lowerBound...min(start.upperBound, end))
        var cursor = start.upperBound + 1
        while cursor <= end, bridges.contains(cursor) {
            cursor = bridges.unbridged(onOrAfter: cursor)
            guard cursor <= end, let next = try run(containing: cursor) else { break }
            total += lived(next.lowerBound...min(next.upperBound, end))
            cursor = next.upperBound + 1
        }
        cursor = start.lowerBound - 1
        while bridges.contains(cursor) {
            cursor = bridges.unbridged(onOrBefore: cursor)
            guard let previous = try run(containing: cursor) else { break }
            total += lived(previous)
            cursor = previous.lowerBound - 1
        }
        return total
    }
}
