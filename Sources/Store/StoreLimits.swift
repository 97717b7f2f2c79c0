/// The Store's tunable numbers, in one place.
enum StoreLimits {
    /// How long a statement waits for another process's lock (e.g. a backup tool) before SQLITE_BUSY.
    static let busyTimeoutMilliseconds: Int32 = 5000
    /// Prepared statements kept per connection. The app's SQL is a fixed set of literals;
    /// the cap only guards against SQL built at run time filling memory.
    static let statementCacheCapacity = 256
    /// Read-only connections kept open per database between reads; more are opened while
    /// more reads run at once, and closed after.
    static let idleReadConnections = 1
    /// SQLite's page cache per connection, in KiB (SQLite's default is 2,000): enough for a
    /// year's statistics of ten years of history, whose pages the system keeps cached as
    /// well, while a family's worth of connections stays small.
    static let pageCacheKiB = 1024
    /// SQLite's lookaside pool per connection (its default: 100 slots of 1,200 bytes, 120
    /// KiB): 32 slots of 512 bytes keep small allocations fast at 16 KiB a connection.
    static let lookasideSlotBytes: Int32 = 512
    static let lookasideSlots: Int32 = 32
}
