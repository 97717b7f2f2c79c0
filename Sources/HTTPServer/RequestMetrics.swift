/// What the server counts about the responses it sent: how many per status
/// class, and how long each took, as a histogram. A plain value: each event loop
/// keeps its own and `/metrics` adds them up.
public struct RequestMetrics: Sendable, Equatable {
    /// Upper bounds of the latency buckets, in microseconds (100 µs … 10 s).
    public static let bucketBounds = [100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000,
                                      100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000]

    /// Responses by status class: index 0 is 1xx … index 4 is 5xx.
    public private(set) var byStatusClass = [Int](repeating: 0, count: 5)
    /// Timed responses per bucket (not cumulative); the last one is above every bound.
    public private(set) var buckets = [Int](repeating: 0, count: RequestMetrics.bucketBounds.count + 1)
    public private(set) var timedCount = 0
    public private(set) var totalMicroseconds = 0

    public init() {}

    /// A response that was handled: counted by class and timed.
    public mutating func record(status: Int, microseconds: Int) {
        count(status: status)
        let bucket = Self.bucketBounds.firstIndex { microseconds <= $0 } ?? Self.bucketBounds.count
        buckets[bucket] += 1
        timedCount += 1
        totalMicroseconds += microseconds
    }

    /// A response with no meaningful duration (a 408 after a timeout): counted, not timed.
    public mutating func count(status: Int) {
        let index = status / 100 - 1
        if byStatusClass.indices.contains(index) { byStatusClass[index] += 1 }
    }

    public mutating func add(_ other: RequestMetrics) {
        for i in byStatusClass.indices { byStatusClass[i] += other.byStatusClass[i] }
        for i in buckets.indices { buckets[i] += other.buckets[i] }
        timedCount += other.timedCount
        totalMicroseconds += other.totalMicroseconds
    }
}
