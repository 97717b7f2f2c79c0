import TimeZones

/// Days that neither count nor break a habit's streak and leave its score unchanged: the
/// habit's skipped days, the member's vacations, the days from a pause on, the days the
/// member's zone skipped. Kept as sorted, disjoint, non-adjacent ranges of day numbers
/// (`LocalDate.daysSince1970`), since vacations and pauses are ranges: a look-up is a
/// binary search, not a walk over every bridged day.
public struct BridgedRanges: Sendable, Hashable {
    /// Sorted; each range ends at least two days before the next begins.
    let ranges: [ClosedRange<Int>]
    /// `bridgedBefore[i]`: the days of `ranges[0..<i]`.
    private let bridgedBefore: [Int]

    public static let none = BridgedRanges(ranges: [])

    /// Ranges in any order; overlapping and adjacent ones are joined.
    public init(_ spans: some Sequence<ClosedRange<LocalDate>>) {
        self.init(ranges: spans.map { $0.lowerBound.daysSince1970...$0.upperBound.daysSince1970 })
    }

    /// Single days in any order, duplicates allowed.
    public init(days: some Sequence<LocalDate>) {
        self.init(ranges: days.map { $0.daysSince1970...$0.daysSince1970 })
    }

    init(ranges unsorted: [ClosedRange<Int>]) {
        var ranges: [ClosedRange<Int>] = []
        for range in unsorted.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        self.ranges = ranges
        var total = 0
        var before = [0]
        for range in ranges {
            total += range.count
            before.append(total)
        }
        bridgedBefore = before
    }

    /// Only the days within `window`. The streak and score cut the ranges to the history
    /// they read (plus a margin wider than any unit), so a pause "until resumed" may run to
    /// any date without stepping past the calendar's supported days.
    func clamped(to window: ClosedRange<Int>) -> BridgedRanges {
        guard let first = ranges.first, let last = ranges.last,
              first.lowerBound < window.lowerBound || last.upperBound > window.upperBound else { return self }
        return BridgedRanges(ranges: ranges.filter { $0.overlaps(window) }.map { $0.clamped(to: window) })
    }

    /// These days and `other`'s.
    public func union(_ other: BridgedRanges) -> BridgedRanges {
        BridgedRanges(ranges: ranges + other.ranges)
    }

    /// The joined ranges, in order.
    public var spans: [ClosedRange<LocalDate>] {
        ranges.map { LocalDate(daysSince1970: $0.lowerBound)...LocalDate(daysSince1970: $0.upperBound) }
    }

    public func contains(_ day: LocalDate) -> Bool {
        range(containing: day.daysSince1970) != nil
    }

    /// How many days of `span` are bridged.
    public func count(in span: ClosedRange<LocalDate>) -> Int {
        count(in: span.lowerBound.daysSince1970...span.upperBound.daysSince1970)
    }

    /// The range holding day number `day`, if it is bridged.
    func range(containing day: Int) -> ClosedRange<Int>? {
        let index = firstIndex(endingOnOrAfter: day)
        guard index < ranges.count, ranges[index].lowerBound <= day else { return nil }
        return ranges[index]
    }

    /// How many days of `span` are bridged.
    func count(in span: ClosedRange<Int>) -> Int {
        let first = firstIndex(endingOnOrAfter: span.lowerBound)
        let end = firstIndex(startingAfter: span.upperBound)
        guard first < end else { return 0 }
        var total = bridgedBefore[end] - bridgedBefore[first]
        total -= max(0, span.lowerBound - ranges[first].lowerBound)
        total -= max(0, ranges[end - 1].upperBound - span.upperBound)
        return total
    }

    /// Single days and ranges together, in any order, overlapping or not.
    public init(days: some Sequence<LocalDate>, ranges spans: some Sequence<ClosedRange<LocalDate>>) {
        self.init(ranges: days.map { $0.daysSince1970...$0.daysSince1970 }
                  + spans.map { $0.lowerBound.daysSince1970...$0.upperBound.daysSince1970 })
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// The last day of the bridged stretch that starts right after `date`, or `date` itself
    /// when the next day is not bridged: how far a run ending on `date` still counts.
    public func lastBridged(after date: LocalDate) -> LocalDate {
        LocalDate(daysSince1970: unbridged(onOrAfter: date.daysSince1970 + 1) - 1)
    }

    /// The last day on or before `date` that is not bridged.
    public func lastUnbridged(onOrBefore date: LocalDate) -> LocalDate {
        LocalDate(daysSince1970: unbridged(onOrBefore: date.daysSince1970))
    }

    func contains(_ day: Int) -> Bool {
        range(containing: day) != nil
    }

    /// The last day number on or before `day` that is not bridged.
    func unbridged(onOrBefore day: Int) -> Int {
        range(containing: day).map { $0.lowerBound - 1 } ?? day
    }

    /// The first day number on or after `day` that is not bridged.
    func unbridged(onOrAfter day: Int) -> Int {
        range(containing: day).map { $0.upperBound + 1 } ?? day
    }

    /// Whether `run` holds a bridged day or borders one, so that its streak may reach
    /// past its ends or count fewer days than it spans.
    func touches(_ run: ClosedRange<Int>) -> Bool {
        let index = firstIndex(endingOnOrAfter: run.lowerBound - 1)
        return index < ranges.count && ranges[index].lowerBound <= run.upperBound + 1
    }

    /// The index of the first range whose last day is on or after `day` (`ranges.count` if none).
    private func firstIndex(endingOnOrAfter day: Int) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first range that starts after `day` (`ranges.count` if none).
    private func firstIndex(startingAfter day: Int) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= day { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
