import Store

/// The schema of `DATA/instance.sqlite`: what the whole family shares — the accounts
/// (members, sessions, secrets, guardians, the family screen's records; read and written
/// by the `Accounts` target, which depends on this one for them), the board, family chores
/// and reminder marks. One ordered list for the whole database, whoever reads each table.
/// Append migrations; never edit one that has shipped.
package enum InstanceSchema {
    package static let migrations: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE instance_meta (
                key   TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) STRICT;
            INSERT INTO instance_meta (key, value) VALUES ('created_at', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
            """),
        Migration(version: 2, sql: accounts),
        // The family board: a row means the member opted in. It holds only a summary —
        // the last active day and the run of active days ending there — so the board
        // never opens a member's own database.
        Migration(version: 3, sql: """
            CREATE TABLE board (
                member_id      INTEGER PRIMARY KEY NOT NULL REFERENCES members (id) ON DELETE CASCADE,
                last_active    TEXT CHECK (last_active IS NULL OR length(last_active) = 10),
                run            INTEGER NOT NULL DEFAULT 0 CHECK (run >= 0),
                day_start_hour INTEGER NOT NULL DEFAULT 0 CHECK (day_start_hour BETWEEN 0 AND 6),
                updated_at     INTEGER NOT NULL
            ) STRICT;
            """),
        // The key that signs device cookies (made at first start, see `Family.deviceKey`).
        Migration(version: 4, sql: secrets),
        // The board's summary learns how far the run still counts without new activity:
        // the last day of the days right after `last_active` that the member's streak
        // bridges (their vacations, days their zone skipped); NULL (older rows) is
        // `last_active` itself.
        Migration(version: 5, sql: """
            ALTER TABLE board ADD COLUMN bridged_through TEXT
                CHECK (bridged_through IS NULL OR length(bridged_through) = 10);
            """),
        // What the reminder scheduler decided (`ReminderMarks`): per member and habit, the
        // instant through which every reminder was handed to delivery or dropped, and the
        // times it was decided for. Written before the reminders are handed over, so a
        // restart never sends one twice.
        Migration(version: 6, sql: """
            CREATE TABLE reminder_marks (
                member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
                habit_id  INTEGER NOT NULL,
                times     TEXT NOT NULL CHECK (length(times) <= 71),
                through   INTEGER NOT NULL,
                PRIMARY KEY (member_id, habit_id)
            ) STRICT, WITHOUT ROWID;
            """),
        // Guardians: a row lets `guardian_id` see and log the habits of
        // `child_id` under /members/{child}/… (`Family+Guardians.swift`). Removing either
        // member removes the grant.
        Migration(version: 7, sql: guardians),
        // Child accounts and the kitchen screen (`FamilyScreens`).
        Migration(version: 8, sql: familyScreen),
        // Family chores (`FamilyChores`), shared by the whole family (migration 9).
        Migration(version: 9, sql: chores),
        // Guardians look after child accounts only: grants over an adult (or by a child)
        // are dropped, each noted for the server to report on stderr, and a trigger holds
        // the rule from here on.
        Migration(version: 10, sql: guardiansOverChildren),
        // Wrong family-screen PINs, per member across screens (`PINFailures`).
        Migration(version: 11, sql: pinFailures),
        // The generation of a member's device cookies (`KnownDevice`): signing out
        // everywhere or a new password moves it on, and older cookies stop being trusted.
        Migration(version: 12, sql: """
            ALTER TABLE members ADD COLUMN device_generation INTEGER NOT NULL DEFAULT 0 CHECK (device_generation >= 0);
            """),
        // Members' API tokens (`APITokens`).
        Migration(version: 13, sql: apiTokens),
        // Members' calendar feed links (`FeedTokens`).
        Migration(version: 14, sql: feedTokens),
        // Members' identities at the family's OpenID provider (`Family+OpenIDLinks.swift`).
        Migration(version: 15, sql: openIDLinks),
        // Members' email addresses and their confirmation (`Family+MemberEmails.swift`).
        Migration(version: 16, sql: memberEmails),
        // Children's points: on chores and habits, the ledger and the balances (`Points`).
        Migration(version: 17, sql: points),
        // Rewards and children's requests for them (`Points`).
        Migration(version: 18, sql: rewards),
    ]

    /// Migration 16: the email address a member gave on `/account`, at most one a member.
    /// `verified_at` is set once they followed the one-time link mailed to it (or an
    /// operator vouched for it with `dawn user email`); only a verified address signs anyone
    /// in (a trusted proxy's header, an ID token's `email`). While a link is out,
    /// `token_hash` keeps SHA-256 of its secret and `token_expires_at` when it stops
    /// working. Addresses compare case-insensitively, and a verified one belongs to one
    /// member only. Removing the member removes it.
    private static let memberEmails = """
        CREATE TABLE member_emails (
            member_id        INTEGER PRIMARY KEY NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            address          TEXT NOT NULL CHECK (length(address) BETWEEN 3 AND 254),
            verified_at      INTEGER,
            token_hash       BLOB UNIQUE CHECK (token_hash IS NULL OR length(token_hash) = 32),
            token_expires_at INTEGER,
            created_at       INTEGER NOT NULL
        ) STRICT;
        CREATE UNIQUE INDEX member_emails_verified ON member_emails (address COLLATE NOCASE) WHERE verified_at IS NOT NULL;
        """

    /// Migration 17: the points a family chore is worth (0: none), the points a guardian
    /// gave a child's habit (the habit lives in the child's own database, by id), the
    /// ledger — one row per (member, item, day, kind), its amount what that item's day is
    /// worth now (0 once undone), so nothing can count twice — and each member's balance,
    /// always the sum of their ledger (`dawn check` compares them). Removing the member
    /// removes their rows.
    private static let points = """
        ALTER TABLE chores ADD COLUMN points INTEGER NOT NULL DEFAULT 0 CHECK (points BETWEEN 0 AND 1000);
        CREATE TABLE habit_points (
            member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            habit_id  INTEGER NOT NULL,
            points    INTEGER NOT NULL CHECK (points BETWEEN 1 AND 1000),
            PRIMARY KEY (member_id, habit_id)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE points_ledger (
            id        INTEGER PRIMARY KEY,
            member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            amount    INTEGER NOT NULL CHECK (amount BETWEEN -100000 AND 100000),
            reason    TEXT NOT NULL CHECK (length(reason) <= 200),
            kind      TEXT NOT NULL CHECK (kind IN ('chore', 'habit', 'reward', 'allowance')),
            item      INTEGER NOT NULL,
            day       TEXT NOT NULL CHECK (length(day) = 10),
            by_member INTEGER REFERENCES members (id) ON DELETE SET NULL,
            at        INTEGER NOT NULL,
            UNIQUE (member_id, item, day, kind)
        ) STRICT;
        CREATE TABLE points_balances (
            member_id INTEGER PRIMARY KEY NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            balance   INTEGER NOT NULL
        ) STRICT;
        """

    /// Migration 18: the rewards guardians and admins offer (taken off the list, not
    /// deleted, so requests keep their link), children's requests, each with the
    /// reward's name and price as they were when asked for, and a child's weekly allowance
    /// (credited once per week start, as a ledger row of kind `allowance`).
    private static let rewards = """
        CREATE TABLE rewards (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
            price       INTEGER NOT NULL CHECK (price BETWEEN 1 AND 100000),
            emoji       TEXT CHECK (emoji IS NULL OR length(CAST(emoji AS BLOB)) BETWEEN 1 AND 64),
            created_by  INTEGER REFERENCES members (id) ON DELETE SET NULL,
            created_at  INTEGER NOT NULL,
            archived_at INTEGER
        ) STRICT;
        CREATE TABLE reward_requests (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            reward_id    INTEGER NOT NULL REFERENCES rewards (id),
            member_id    INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
            emoji        TEXT,
            price        INTEGER NOT NULL CHECK (price BETWEEN 1 AND 100000),
            status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
            requested_at INTEGER NOT NULL,
            decided_by   INTEGER REFERENCES members (id) ON DELETE SET NULL,
            decided_at   INTEGER
        ) STRICT;
        CREATE INDEX reward_requests_by_member ON reward_requests (member_id, status);
        CREATE TABLE allowances (
            member_id INTEGER PRIMARY KEY NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            points    INTEGER NOT NULL CHECK (points BETWEEN 1 AND 1000)
        ) STRICT;
        """

    /// Migration 14: the secret of each member's calendar feed (`GET /ical/{token}.ics`),
    /// at most one a member. Only its SHA-256 is kept, as for API tokens; making a new link
    /// replaces the row, so the old address stops at once. Removing the member removes it.
    private static let feedTokens = """
        CREATE TABLE feed_tokens (
            member_id  INTEGER PRIMARY KEY NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            token_hash BLOB NOT NULL UNIQUE CHECK (length(token_hash) = 32),
            created_at INTEGER NOT NULL
        ) STRICT;
        """

    /// Migration 15: the identity a member connected on `/account` (the provider's issuer
    /// and its `sub` for them), which from then on signs them in. One per member and issuer,
    /// and one member per identity. `label` is what `/account` shows of it (a username or
    /// an address from the ID token), never what signs anyone in. Removing the member
    /// removes it.
    private static let openIDLinks = """
        CREATE TABLE openid_links (
            member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            issuer     TEXT NOT NULL CHECK (length(issuer) BETWEEN 1 AND 2048),
            subject    TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
            label      TEXT CHECK (label IS NULL OR length(label) <= 100),
            created_at INTEGER NOT NULL,
            PRIMARY KEY (member_id, issuer),
            UNIQUE (issuer, subject)
        ) STRICT, WITHOUT ROWID;
        """

    /// Migration 13: a member's API tokens for scripts and home automation. Only the SHA-256
    /// of a token is kept, so a copy of the database cannot call the API. `scope` is `read`
    /// or `write`, `journal` lets a token read entries and notes and write notes. Last use is
    /// kept in memory and written here at most once a minute per token (`APITokens`).
    /// Removing the member removes their tokens.
    private static let apiTokens = """
        CREATE TABLE api_tokens (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            token_hash   BLOB NOT NULL UNIQUE CHECK (length(token_hash) = 32),
            member_id    INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
            scope        TEXT NOT NULL CHECK (scope IN ('read', 'write')),
            journal      INTEGER NOT NULL CHECK (journal IN (0, 1)),
            created_at   INTEGER NOT NULL,
            last_used_at INTEGER,
            last_address TEXT CHECK (last_address IS NULL OR length(last_address) <= 64)
        ) STRICT;
        CREATE INDEX api_tokens_by_member ON api_tokens (member_id);
        """

    /// Migration 10. `dropped_guardianships` keeps, until the server has reported them on
    /// stderr (`Family.takeDroppedGuardianships`), the grants this migration removed.
    private static let guardiansOverChildren = """
        CREATE TABLE dropped_guardianships (
            guardian TEXT NOT NULL,
            child    TEXT NOT NULL,
            reason   TEXT NOT NULL
        ) STRICT;
        INSERT INTO dropped_guardianships (guardian, child, reason)
            SELECT g.username, c.username, CASE WHEN c.is_child = 0 THEN 'not a child account' ELSE 'the guardian is a child account' END
            FROM guardians JOIN members AS g ON g.id = guardians.guardian_id JOIN members AS c ON c.id = guardians.child_id
            WHERE c.is_child = 0 OR g.is_child = 1
            ORDER BY g.username, c.username;
        DELETE FROM guardians WHERE child_id IN (SELECT id FROM members WHERE is_child = 0)
            OR guardian_id IN (SELECT id FROM members WHERE is_child = 1);
        CREATE TRIGGER guardians_over_children BEFORE INSERT ON guardians
            WHEN (SELECT is_child FROM members WHERE id = NEW.child_id) IS NOT 1
              OR (SELECT is_child FROM members WHERE id = NEW.guardian_id) IS NOT 0
            BEGIN SELECT RAISE(ABORT, 'a guardian is an adult and looks after a child account'); END;
        """

    /// Migration 11: one row per wrong PIN on the kitchen screen, naming the screen as it
    /// was labelled then. `counted` rows make the member's lockout (a right PIN or an
    /// admin's unlock clears it); `seen` rows were shown to the member (dismissed, or a
    /// password sign-in since). A row both uncounted and seen is deleted.
    private static let pinFailures = """
        CREATE TABLE pin_failures (
            id           INTEGER PRIMARY KEY,
            member_id    INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            screen_label TEXT NOT NULL CHECK (length(screen_label) <= 240),
            failed_at    INTEGER NOT NULL,
            counted      INTEGER NOT NULL DEFAULT 1 CHECK (counted IN (0, 1)),
            seen         INTEGER NOT NULL DEFAULT 0 CHECK (seen IN (0, 1))
        ) STRICT;
        CREATE INDEX pin_failures_by_member ON pin_failures (member_id, failed_at);
        """

    /// Who is whose guardian (migration 7): a pair of members, never one member twice.
    private static let guardians = """
        CREATE TABLE guardians (
            guardian_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            child_id    INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            created_at  INTEGER NOT NULL,
            PRIMARY KEY (guardian_id, child_id),
            CHECK (guardian_id <> child_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX guardians_by_child ON guardians (child_id);
        """

    /// Child accounts and the kitchen screen (migration 8). A child is never an admin (the
    /// CHECK holds it even against a hand-edited row). `pin_hash` is a yescrypt hash of the
    /// member's 4–8 digit PIN for the family screen; `on_family_screen` is their opt-in.
    /// Enrolment codes, screens and visits store only SHA-256 of their random secrets.
    /// A screen visit is the short-lived "this member on this screen" state after a right
    /// PIN; it goes with its screen (revoked) and its member (removed).
    private static let familyScreen = """
        ALTER TABLE members ADD COLUMN is_child INTEGER NOT NULL DEFAULT 0
            CHECK (is_child IN (0, 1) AND NOT (is_child = 1 AND is_admin = 1));
        ALTER TABLE members ADD COLUMN pin_hash TEXT CHECK (pin_hash IS NULL OR length(pin_hash) < 256);
        ALTER TABLE members ADD COLUMN on_family_screen INTEGER NOT NULL DEFAULT 0 CHECK (on_family_screen IN (0, 1));

        CREATE TABLE screen_codes (
            code_hash  BLOB PRIMARY KEY NOT NULL CHECK (length(code_hash) = 32),
            label      TEXT NOT NULL CHECK (length(label) <= 240),
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;

        CREATE TABLE screens (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            token_hash   BLOB NOT NULL UNIQUE CHECK (length(token_hash) = 32),
            csrf_token   TEXT NOT NULL,
            label        TEXT NOT NULL CHECK (length(label) <= 240),
            enrolled_at  INTEGER NOT NULL,
            last_seen_at INTEGER NOT NULL
        ) STRICT;

        CREATE TABLE screen_visits (
            token_hash BLOB PRIMARY KEY NOT NULL CHECK (length(token_hash) = 32),
            screen_id  INTEGER NOT NULL REFERENCES screens (id) ON DELETE CASCADE,
            member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
            expires_at INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX screen_visits_by_screen ON screen_visits (screen_id);
        CREATE INDEX screen_visits_by_member ON screen_visits (member_id);
        """

    /// Members and their sign-in sessions (migration 2).
    ///
    /// `AUTOINCREMENT` (beyond a plain `INTEGER PRIMARY KEY`) stops SQLite from handing a
    /// removed member's id to a new member: the id names the member's database file, so
    /// a reused id could expose a stale file to the wrong person.
    ///
    /// Sessions store only SHA-256 of the token (32 bytes), so a copy of the database
    /// does not let anyone sign in.
    private static let accounts = """
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

    /// Family chores (migration 9): the chores an admin keeps, and per chore and day at most
    /// one completion, naming the member who did it (NULL once that member is removed: "a
    /// former member"). `chore_revision` counts every change that a page showing chores
    /// could show (chores, completions, a member renamed or removed), kept by triggers so
    /// no write path can forget it: the day page's ETag hashes it.
    private static let chores = """
        CREATE TABLE chores (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
            mark        TEXT NOT NULL CHECK (length(CAST(mark AS BLOB)) BETWEEN 1 AND 64),
            color       TEXT CHECK (color IS NULL OR length(color) = 7),
            schedule    TEXT NOT NULL CHECK (length(schedule) BETWEEN 3 AND 40),
            starts_on   TEXT NOT NULL CHECK (length(starts_on) = 10),
            position    INTEGER NOT NULL,
            created_at  INTEGER NOT NULL,
            archived_at INTEGER
        ) STRICT;

        CREATE TABLE chore_completions (
            chore_id  INTEGER NOT NULL REFERENCES chores (id) ON DELETE CASCADE,
            day       TEXT NOT NULL CHECK (length(day) = 10),
            member_id INTEGER REFERENCES members (id) ON DELETE SET NULL,
            done_at   INTEGER NOT NULL,
            PRIMARY KEY (chore_id, day)
        ) STRICT, WITHOUT ROWID;

        CREATE INDEX chore_completions_by_day ON chore_completions (day);
        CREATE INDEX chore_completions_by_member ON chore_completions (member_id);

        CREATE TABLE chore_revision (
            id       INTEGER PRIMARY KEY CHECK (id = 1),
            revision INTEGER NOT NULL
        ) STRICT;
        INSERT INTO chore_revision (id, revision) VALUES (1, 0);

        CREATE TRIGGER chores_added AFTER INSERT ON chores
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        CREATE TRIGGER chores_changed AFTER UPDATE ON chores
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        CREATE TRIGGER chores_removed AFTER DELETE ON chores
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        CREATE TRIGGER chore_completions_added AFTER INSERT ON chore_completions
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        CREATE TRIGGER chore_completions_changed AFTER UPDATE ON chore_completions
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        CREATE TRIGGER chore_completions_removed AFTER DELETE ON chore_completions
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        CREATE TRIGGER chore_members_renamed AFTER UPDATE OF display_name ON members
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        CREATE TRIGGER chore_members_removed AFTER DELETE ON members
            BEGIN UPDATE chore_revision SET revision = revision + 1; END;
        """

    /// Server secrets, by name: `device_key` signs the device cookies (`DeviceKey`). Kept
    /// here rather than in a file so a backup or restore keeps them with the members they
    /// name (migration 4).
    private static let secrets = """
        CREATE TABLE secrets (
            name  TEXT PRIMARY KEY NOT NULL,
            value BLOB NOT NULL CHECK (length(value) BETWEEN 16 AND 256)
        ) STRICT, WITHOUT ROWID;
        """
}
