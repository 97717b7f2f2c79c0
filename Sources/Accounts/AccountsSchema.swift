/// The accounts part of `DATA/instance.sqlite`: members and their sign-in sessions.
/// The app installs `sql` as one instance migration; never edit it once shipped, append
/// a new migration instead.
public enum AccountsSchema {
    /// `AUTOINCREMENT` (beyond a plain `INTEGER PRIMARY KEY`) stops SQLite from handing a
    /// removed member's id to a new member: the id names the member's database file, so
    /// a reused id could expose a stale file to the wrong person.
    ///
    /// Sessions store only SHA-256 of the token (32 bytes), so a copy of the database
    /// does not let anyone sign in.
    public static let sql = """
        CREATE TABLE members (
            id            INTEGER PRIMARY KEY AUTOINCREMENT,
            username      TEXT NOT NULL UNIQUE,
            display_name  TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            is_admin      INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
            time_zone     TEXT NOT NULL DEFAULT 'UTC',
            created_at    INTEGER NOT NULL
        ) STRICT;

        CREATE TABLE sessions (
            token_hash   BLOB PRIMARY KEY NOT NULL CHECK (length(token_hash) = 32),
            member_id    INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
            csrf_token   TEXT NOT NULL,
            created_at   INTEGER NOT NULL,
            last_seen_at INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;

        CREATE INDEX sessions_by_member ON sessions(member_id);
        """

    /// Server secrets, by name: `device_key` signs the device cookies (`DeviceKey`). Kept
    /// here rather than in a file so a backup or restore keeps them with the members they
    /// name. Installed as its own instance migration.
    public static let secretsSQL = """
        CREATE TABLE secrets (
            name  TEXT PRIMARY KEY NOT NULL,
            value BLOB NOT NULL CHECK (length(value) BETWEEN 16 AND 256)
        ) STRICT, WITHOUT ROWID;
        """
}
