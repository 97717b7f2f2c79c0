/// Moods added up over some days: their sum and how many days had one, as SQL returns
/// them, so the average is worked out in exact integers and rounded once.
public struct MoodTally: Equatable, Sendable {
    public var sum: Int
    public var count: Int

    public static let none = MoodTally(sum: 0, count: 0)

    public init(sum: Int, count: Int) {
        self.sum = sum
        self.count = count
    }

    /// The average in tenths, rounded half up (3.25 → 33, 47/20 = 2.35 → 24); nil with no moods.
    public var averageTenths: Int? {
        guard count > 0 else { return nil }
        // round(10 · sum / count) = floor((20 · sum + count) / (2 · count)) for sum ≥ 0.
        return (20 * sum + count) / (2 * count)
    }

    /// The average with one decimal (3.4), as `/stats` and `/api/stats` show it; nil with no moods.
    public var average: Double? {
        averageTenths.map { Double($0) / 10 }
    }

    /// The face nearest the average (3.5 → 4, "good"); nil with no moods.
    public var nearest: Mood? {
        averageTenths.flatMap { try? Mood(($0 + 5) / 10) }
    }

    /// The days of `self` not in `part` (a tally of some of the same days).
    public static func - (whole: MoodTally, part: MoodTally) -> MoodTally {
        MoodTally(sum: whole.sum - part.sum, count: whole.count - part.count)
    }
}
