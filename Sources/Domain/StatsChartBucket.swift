/// One bar of the statistics chart: the habit instances that fall in it and their
/// total minutes.
public struct StatsChartBucket: Sendable, Hashable {
    /// What the bar's axis label names.
    public let key: Key
    public let count: Int
    public let minutes: Int

    public init(key: Key, count: Int = 0, minutes: Int = 0) {
        self.key = key
        self.count = count
        self.minutes = minutes
    }
}
