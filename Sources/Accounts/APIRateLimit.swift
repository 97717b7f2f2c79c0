import Locks

/// How many API requests one token may make: `requestsPerWindow` in each `window` seconds,
/// counted from the first request of the window, in memory. A request over the limit is
/// refused with how long to wait (the API's 429 and `Retry-After`). Per token, so one
/// runaway script never slows another member's, nor the pages. The calendar feed counts
/// its links with one of its own, at `FeedTokens.requestsPerMinute`.
public final class APIRateLimit: Sendable {
    public static let requestsPerWindow = 600
    public static let window: Int64 = 60
    /// Windows kept before the old ones are swept (each is a few bytes).
    static let sweepAbove = 10_000

    private struct Window {
        var start: Int64
        var count: Int
    }

    private let windows = Lock([Int64: Window]())
    /// This counter's limit per window (`requestsPerWindow` for the API).
    private let limit: Int

    public init(requestsPerWindow: Int = APIRateLimit.requestsPerWindow) {
        limit = requestsPerWindow
    }

    /// Counts a request of token `id` at `now`: nil when it may go on, else the seconds until
    /// its window ends (at least 1).
    public func admit(_ id: Int64, now: Int64) -> Int64? {
        windows.withLock { windows in
            if windows.count > Self.sweepAbove {
                windows = windows.filter { now - $0.value.start < Self.window && now >= $0.value.start }
            }
            var window = windows[id] ?? Window(start: now, count: 0)
            if now - window.start >= Self.window || now < window.start { window = Window(start: now, count: 0) }
            guard window.count < limit else { return max(1, window.start + Self.window - now) }
            window.count += 1
            windows[id] = window
            return nil
        }
    }
}
