import Accounts
import Store

/// The schema of `DATA/instance.sqlite`: what the whole family shares.
/// Append migrations; never edit one that has shipped.
enum InstanceSchema {
    static let migrations: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE instance_meta (
                key   TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) STRICT;
            INSERT INTO instance_meta (key, value) VALUES ('created_at', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
            """),
        Migration(version: 2, sql: AccountsSchema.sql),
    ]
}

/// The schema of each member's `DATA/users/<id>.sqlite`.
enum MemberSchema {
    static let migrations: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE member_settings (
                key   TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) STRICT;
            """),
        // Days are the member's calendar days as `YYYY-MM-DD` (the day page they were
        // written on), so history never moves when the time zone or day start changes.
        Migration(version: 2, sql: """
            CREATE TABLE entries (
                day        TEXT PRIMARY KEY NOT NULL CHECK (length(day) = 10),
                body       TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            ) STRICT;
            CREATE TABLE notes (
                id         INTEGER PRIMARY KEY AUTOINCREMENT,
                day        TEXT NOT NULL CHECK (length(day) = 10),
                body       TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
                created_at INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX notes_by_day ON notes (day, created_at);
            """),
    ]
}
