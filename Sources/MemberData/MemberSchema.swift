import Store

/// The schema of each member's `DATA/users/<id>.sqlite`.
package enum MemberSchema {
    package static let migrations: [Migration] = [
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
        // Habits and their logged instances. `start_minute` is the wall-clock minute of
        // the instance's day page (0 = midnight), so it keeps its meaning if the member
        // changes the hour their day starts.
        Migration(version: 3, sql: """
            CREATE TABLE habits (
                id               INTEGER PRIMARY KEY AUTOINCREMENT,
                name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
                emoji            TEXT NOT NULL CHECK (length(CAST(emoji AS BLOB)) BETWEEN 1 AND 64),
                color            TEXT NOT NULL CHECK (length(color) = 7),
                default_duration INTEGER NOT NULL CHECK (default_duration IN (15, 30, 45, 60, 90, 120)),
                created_at       INTEGER NOT NULL,
                archived_at      INTEGER
            ) STRICT;
            CREATE TABLE habit_instances (
                id               INTEGER PRIMARY KEY AUTOINCREMENT,
                habit_id         INTEGER NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
                day              TEXT NOT NULL CHECK (length(day) = 10),
                start_minute     INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
                duration_minutes INTEGER NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
                note             TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 200),
                created_at       INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX habit_instances_by_day ON habit_instances (day, start_minute);
            CREATE INDEX habit_instances_by_habit ON habit_instances (habit_id, day);
            """),
        // Versions of entries and logged habits, so a save based on what another device
        // has since changed is refused rather than silently overwriting it. Each change
        // takes the next number of `edit_sequence`, which never goes back, so a number is
        // never reused even after a delete and a new entry on the same day. Triggers set
        // it, so every write path (pages, imports) versions alike. Rows from before have 1;
        // no row at all is version 0.
        Migration(version: 4, sql: """
            CREATE TABLE edit_sequence (
                id    INTEGER PRIMARY KEY CHECK (id = 1),
                value INTEGER NOT NULL
            ) STRICT;
            INSERT INTO edit_sequence (id, value) VALUES (1, 1);
            ALTER TABLE entries ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE habit_instances ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
            CREATE TRIGGER entries_version_on_insert AFTER INSERT ON entries BEGIN
                UPDATE edit_sequence SET value = value + 1 WHERE id = 1;
                UPDATE entries SET version = (SELECT value FROM edit_sequence WHERE id = 1) WHERE day = NEW.day;
            END;
            CREATE TRIGGER entries_version_on_update AFTER UPDATE OF body ON entries BEGIN
                UPDATE edit_sequence SET value = value + 1 WHERE id = 1;
                UPDATE entries SET version = (SELECT value FROM edit_sequence WHERE id = 1) WHERE day = NEW.day;
            END;
            CREATE TRIGGER habit_instances_version_on_insert AFTER INSERT ON habit_instances BEGIN
                UPDATE edit_sequence SET value = value + 1 WHERE id = 1;
                UPDATE habit_instances SET version = (SELECT value FROM edit_sequence WHERE id = 1) WHERE id = NEW.id;
            END;
            CREATE TRIGGER habit_instances_version_on_update
            AFTER UPDATE OF habit_id, day, start_minute, duration_minutes, note ON habit_instances BEGIN
                UPDATE edit_sequence SET value = value + 1 WHERE id = 1;
                UPDATE habit_instances SET version = (SELECT value FROM edit_sequence WHERE id = 1) WHERE id = NEW.id;
            END;
            """),
        // Habits that fit real lives: a schedule (`HabitSchedule`'s storage string), an
        // optional daily target (amounts in thousandths, so sums stay exact), a pause, a
        // group and the member's order; logs with an amount, or untimed (a check-off: its
        // `start_minute` and `duration_minutes` are kept but it is on no timeline and counts
        // no minutes); skips of one habit on one day; member-wide vacations. Editing a log's
        // amount or timing gives it a new version like any other edit.
        Migration(version: 5, sql: """
            ALTER TABLE habits ADD COLUMN schedule TEXT NOT NULL DEFAULT 'day' CHECK (length(schedule) BETWEEN 3 AND 40);
            ALTER TABLE habits ADD COLUMN target_milli INTEGER CHECK (target_milli IS NULL OR target_milli > 0);
            ALTER TABLE habits ADD COLUMN target_kind TEXT CHECK (target_kind IS NULL OR target_kind IN ('at_least', 'at_most'));
            ALTER TABLE habits ADD COLUMN target_unit TEXT NOT NULL DEFAULT '' CHECK (length(target_unit) <= 20);
            ALTER TABLE habits ADD COLUMN paused_from TEXT CHECK (paused_from IS NULL OR length(paused_from) = 10);
            ALTER TABLE habits ADD COLUMN group_name TEXT CHECK (group_name IS NULL OR length(group_name) BETWEEN 1 AND 30);
            ALTER TABLE habits ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
            UPDATE habits SET position = id;
            ALTER TABLE habit_instances ADD COLUMN amount_milli INTEGER
                CHECK (amount_milli IS NULL OR amount_milli BETWEEN 0 AND 1000000000000);
            ALTER TABLE habit_instances ADD COLUMN timed INTEGER NOT NULL DEFAULT 1 CHECK (timed IN (0, 1));
            DROP TRIGGER habit_instances_version_on_update;
            CREATE TRIGGER habit_instances_version_on_update
            AFTER UPDATE OF habit_id, day, start_minute, duration_minutes, note, amount_milli, timed ON habit_instances BEGIN
                UPDATE edit_sequence SET value = value + 1 WHERE id = 1;
                UPDATE habit_instances SET version = (SELECT value FROM edit_sequence WHERE id = 1) WHERE id = NEW.id;
            END;
            CREATE TABLE habit_skips (
                habit_id INTEGER NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
                day      TEXT NOT NULL CHECK (length(day) = 10),
                PRIMARY KEY (habit_id, day)
            ) STRICT, WITHOUT ROWID;
            CREATE TABLE vacations (
                id    INTEGER PRIMARY KEY AUTOINCREMENT,
                first TEXT NOT NULL CHECK (length(first) = 10),
                last  TEXT NOT NULL CHECK (length(last) = 10 AND last >= first)
            ) STRICT;
            CREATE UNIQUE INDEX vacations_by_first ON vacations (first);
            """),
        // Summaries of the history, so a page costs what it shows rather than how long the
        // member has used Dawn: see `SummarySchema`.
        Migration(version: 6, sql: SummarySchema.migration),
        // The search index over entries, notes and the notes of logs: see `SearchSchema`.
        Migration(version: searchVersion, sql: SearchSchema.migration),
        // A mood per day (`Mood`, 1–5), optional. Not summarised: a mood alone does not
        // make a day active, so it touches no summary table.
        Migration(version: 8, sql: """
            CREATE TABLE moods (
                day   TEXT PRIMARY KEY NOT NULL CHECK (length(day) = 10),
                value INTEGER NOT NULL CHECK (value BETWEEN 1 AND 5)
            ) STRICT, WITHOUT ROWID;
            """),
        // A revision per habit that changes with every change of its done days, so a
        // streak worked out from the whole history can be kept until it changes: see
        // `SummarySchema.revisions` and `HabitProgressCache`.
        Migration(version: 9, sql: SummarySchema.revisions),
        // A habit's reminders: its times of day as "07:30,19:00" (`ReminderTime.storage`),
        // sorted, at most 12 of them; "" for none.
        Migration(version: 10, sql: """
            ALTER TABLE habits ADD COLUMN reminders TEXT NOT NULL DEFAULT '' CHECK (length(reminders) <= 71);
            """),
        // Where reminders go: see `NotifyTargets`.
        Migration(version: 11, sql: NotifyTargets.migration),
        // Who logged it: the username of the guardian who logged or checked
        // off this habit for the member; NULL when the member did. Not a version change:
        // no trigger watches it.
        Migration(version: 12, sql: """
            ALTER TABLE habit_instances ADD COLUMN logged_by TEXT
                CHECK (logged_by IS NULL OR length(logged_by) BETWEEN 3 AND 32);
            """),
        // Deleted entries and notes, kept a few minutes so one tap can restore them: see
        // `Journal+Undo`. Not indexed for search nor summarised: what is deleted is gone
        // from both until it is restored.
        Migration(version: 13, sql: Journal.deletedMigration),
        // A habit's earlier schedules and targets, so a change applies from the day it is
        // made: see `SummarySchema.rulesMigration` and `HabitRule`.
        Migration(version: 14, sql: SummarySchema.rulesMigration),
        // Photos on a day, their files named by content hash beside the database: see `DayPhotos`.
        Migration(version: DayPhotos.schemaVersion, sql: DayPhotos.migration),
    ]

    /// The migration that added the search index (`dawn check` checks it from there on).
    package static let searchVersion = 7
}
