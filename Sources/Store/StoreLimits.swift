/// The Store's tunable numbers, in one place.
enum StoreLimits {
    /// How long a statement waits for another process's lock (e.g. a backup tool) before SQLITE_BUSY.
    static let busyTimeoutMilliseconds: Int32 = 5000
    /// Prepared statements kept per connection. The app's SQL is a fixed set of literals;
    /// the cap only guards against SQL built at run time filling memory.
    static let statementCacheCapacity = 256
    /// Read-only connections kept open per database between reads; more are opened while
    /// more reads run at once, and closed after.
    static let idleReadConnections = 2
}
