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
    ]
}
