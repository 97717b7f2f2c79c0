/// One step of a database's schema history. Versions run 1, 2, 3… with no gaps; the
/// database records the last one applied in `PRAGMA user_version`.
///
/// `sql` may hold several statements. It runs inside the transaction that also bumps
/// `user_version`, so it must not contain BEGIN/COMMIT/ROLLBACK/SAVEPOINT (they are
/// refused) and `PRAGMA foreign_keys` has no effect in it. Foreign keys are checked
/// (`PRAGMA foreign_key_check`) before the step commits.
public struct Migration: Sendable {
    public let version: Int
    public let sql: String

    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }

    /// Traps unless `migrations` are numbered 1, 2, 3… in order: a gap or a duplicate
    /// is a programming error that must never reach a user's database.
    static func validate(_ migrations: [Migration]) {
        for (index, migration) in migrations.enumerated() {
            precondition(
                migration.version == index + 1,
                "migrations must be numbered 1, 2, 3… in order; found version \(migration.version) at position \(index + 1)"
            )
        }
    }
}
