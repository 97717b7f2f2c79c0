import CSQLite
import Synchronization

/// How many SQL statements this process has run, on every database (transaction control
/// included): one relaxed atomic add per statement. It shows that what should be a memory
/// lookup (a cached page) runs none: tests read it before and after.
public enum StatementCounter {
    private static let count = Atomic<UInt64>(0)

    public static var total: UInt64 { count.load(ordering: .relaxed) }

    static func add() {
        count.add(1, ordering: .relaxed)
    }
}

/// What SQLite holds in memory for this process: page caches, prepared statements,
/// schemas, on every connection (`sqlite3_memory_used`), for `/metrics`.
public enum SQLiteMemory {
    public static var bytesInUse: Int { Int(sqlite3_memory_used()) }
}
