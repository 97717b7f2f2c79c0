import Domain

/// The summaries a member's pages read instead of the whole history (member schema 5),
/// kept by triggers in the same transaction as every write to `notes`, `entries` and
/// `habit_instances` — pages, imports and anything else alike — so they can never fall
/// behind or run ahead of the rows they summarise:
///
/// - `day_summaries`: one row per day with anything on it (notes, logs and their minutes, an entry);
/// - `habit_days`: one row per habit and day it was logged (logs, minutes, the amounts'
///   total, and whether that made the day done: see `doneExpression`);
/// - `habit_summaries`: per habit, its logs and when it was last logged;
/// - `active_runs` and `habit_runs`: the maximal runs of consecutive active days (for a
///   habit: done days), as day numbers (days since 1970), from which `Streak(runs:…)`
///   counts streaks.
///
/// `MemberSummaries.problems` checks them against the raw rows (`dawn check`).
enum SummarySchema {
    /// The day number (days since 1970, `LocalDate.daysSince1970`) of a `YYYY-MM-DD` expression.
    static func dayNumber(_ day: String) -> String { "CAST(julianday(\(day)) - 2440587.5 AS INTEGER)" }

    /// A run table: member-wide (`key` nil) or per habit (`key` the habit column).
    private struct Runs {
        let table: String
        let key: String?

        /// `habit_id = X AND ` or nothing.
        func match(_ value: String) -> String { key.map { "\($0) = \(value) AND " } ?? "" }
        func columns() -> String { key.map { "\($0), " } ?? "" }
        func values(_ value: String) -> String { key == nil ? "" : "\(value), " }

        /// Statements making active `day` part of a run: a run of its own, then joined with
        /// the run starting the next day and the one ending the day before.
        func join(day: String, key value: String = "") -> String {
            let d = SummarySchema.dayNumber(day), k = match(value)
            return """
                INSERT INTO \(table) (\(columns())first, last) VALUES (\(values(value))\(d), \(d));
                UPDATE \(table) SET last = (SELECT last FROM \(table) WHERE \(k)first = \(d) + 1)
                    WHERE \(k)first = \(d) AND EXISTS (SELECT 1 FROM \(table) WHERE \(k)first = \(d) + 1);
                DELETE FROM \(table) WHERE \(k)first = \(d) + 1;
                UPDATE \(table) SET last = (SELECT last FROM \(table) WHERE \(k)first = \(d)) WHERE \(k)last = \(d) - 1;
                DELETE FROM \(table) WHERE \(k)first = \(d) AND EXISTS (
                    SELECT 1 FROM \(table) WHERE \(k)last = (SELECT last FROM \(table) WHERE \(k)first = \(d)) AND first < \(d));
                """
        }

        /// Statements taking `day`, no longer active, out of its run (splitting it in two).
        func split(day: String, key value: String = "") -> String {
            let d = SummarySchema.dayNumber(day), k = match(value)
            let holding = "(SELECT max(first) FROM \(table) WHERE \(k)first <= \(d))"
            return """
                INSERT INTO \(table) (\(columns())first, last)
                    SELECT \(values(value))\(d) + 1, last FROM \(table) WHERE \(k)first = \(holding) AND last > \(d);
                UPDATE \(table) SET last = \(d) - 1 WHERE \(k)first = \(holding) AND first < \(d) AND last >= \(d);
                DELETE FROM \(table) WHERE \(k)first = \(d);
                """
        }
    }

    private static let activeRuns = Runs(table: "active_runs", key: nil)
    private static let habitRuns = Runs(table: "habit_runs", key: "habit_id")

    /// A day's row goes when nothing is left on it.
    private static func dropEmptyDay(_ day: String) -> String {
        "DELETE FROM day_summaries WHERE day = \(day) AND notes = 0 AND logs = 0 AND has_entry = 0;"
    }

    private static func addNote(_ row: String) -> String {
        "INSERT INTO day_summaries (day, notes) VALUES (\(row).day, 1) ON CONFLICT (day) DO UPDATE SET notes = notes + 1;"
    }

    private static func removeNote(_ row: String) -> String {
        "UPDATE day_summaries SET notes = notes - 1 WHERE day = \(row).day;\n" + dropEmptyDay("\(row).day")
    }

    private static func addEntry(_ row: String) -> String {
        "INSERT INTO day_summaries (day, has_entry) VALUES (\(row).day, 1) ON CONFLICT (day) DO UPDATE SET has_entry = 1;"
    }

    private static func removeEntry(_ row: String) -> String {
        "UPDATE day_summaries SET has_entry = 0 WHERE day = \(row).day;\n" + dropEmptyDay("\(row).day")
    }

    private static func addLog(_ row: String, done: String) -> String {
        """
        INSERT INTO day_summaries (day, logs, minutes) VALUES (\(row).day, 1, \(minutes(row)))
            ON CONFLICT (day) DO UPDATE SET logs = logs + 1, minutes = minutes + excluded.minutes;
        INSERT INTO habit_days (habit_id, day, logs, minutes, amount_milli)
            VALUES (\(row).habit_id, \(row).day, 1, \(minutes(row)), coalesce(\(row).amount_milli, 0))
            ON CONFLICT (habit_id, day) DO UPDATE SET logs = logs + 1, minutes = minutes + excluded.minutes,
                amount_milli = amount_milli + excluded.amount_milli;
        \(refreshDone(habit: "\(row).habit_id", day: "\(row).day", done: done))
        INSERT INTO habit_summaries (habit_id, logs, last_logged_at) VALUES (\(row).habit_id, 1, \(row).created_at)
            ON CONFLICT (habit_id) DO UPDATE SET logs = logs + 1, last_logged_at = max(last_logged_at, excluded.last_logged_at);
        """
    }

    /// The minutes a log counts: an untimed check-off counts none.
    private static func minutes(_ row: String) -> String {
        "(CASE WHEN \(row).timed THEN \(row).duration_minutes ELSE 0 END)"
    }

    /// Whether a habit was done on a day (`habit_days.done`): logged, and the day's total
    /// meets the target in force that day if there is one — the rule of the first
    /// `habit_rules` row ending after that day (`HabitRules`), else the habit's own, which
    /// has been in force since its last change. An expression over a `habit_days` row.
    static let doneExpression = """
        (habit_days.logs > 0 AND coalesce((SELECT \(meets("habit_rules")) FROM habit_rules
            WHERE habit_rules.habit_id = habit_days.habit_id AND habit_rules.until > habit_days.day
            ORDER BY habit_rules.until LIMIT 1),
            (SELECT \(meets("habits")) FROM habits WHERE habits.id = habit_days.habit_id), 1))
        """

    /// `doneExpression` as it was before the rule history (migrations 6 to 13 ran it, and
    /// migration 6 still does: `habit_rules` does not exist yet there).
    static let doneWithoutRulesExpression = """
        (habit_days.logs > 0 AND coalesce((SELECT \(meets("habits"))
            FROM habits WHERE habits.id = habit_days.habit_id), 1))
        """

    /// Whether a `habit_days` row's total meets the target held in `table`'s columns
    /// `target_milli` and `target_kind` (no target: met).
    private static func meets(_ table: String) -> String {
        """
        \(table).target_milli IS NULL
            OR (\(table).target_kind = '\(HabitTarget.Kind.atLeast.rawValue)' AND habit_days.amount_milli >= \(table).target_milli)
            OR (\(table).target_kind = '\(HabitTarget.Kind.atMost.rawValue)' AND habit_days.amount_milli <= \(table).target_milli)
        """
    }

    /// Recomputes `done` of a habit's day (its runs follow by trigger when it flips).
    private static func refreshDone(habit: String, day: String, done: String) -> String {
        "UPDATE habit_days SET done = \(done) WHERE habit_id = \(habit) AND day = \(day);"
    }

    private static func removeLog(_ row: String, done: String) -> String {
        """
        UPDATE day_summaries SET logs = logs - 1, minutes = minutes - \(minutes(row)) WHERE day = \(row).day;
        \(dropEmptyDay("\(row).day"))
        UPDATE habit_days SET logs = logs - 1, minutes = minutes - \(minutes(row)),
            amount_milli = amount_milli - coalesce(\(row).amount_milli, 0)
            WHERE habit_id = \(row).habit_id AND day = \(row).day;
        \(refreshDone(habit: "\(row).habit_id", day: "\(row).day", done: done))
        DELETE FROM habit_days WHERE habit_id = \(row).habit_id AND day = \(row).day AND logs = 0;
        UPDATE habit_summaries SET logs = logs - 1,
            last_logged_at = (SELECT max(created_at) FROM habit_instances WHERE habit_id = \(row).habit_id)
            WHERE habit_id = \(row).habit_id;
        DELETE FROM habit_summaries WHERE habit_id = \(row).habit_id AND logs = 0;
        """
    }

    /// The tables and their indexes.
    static let tables = """
        CREATE TABLE day_summaries (
            day       TEXT PRIMARY KEY NOT NULL CHECK (length(day) = 10),
            notes     INTEGER NOT NULL DEFAULT 0 CHECK (notes >= 0),
            logs      INTEGER NOT NULL DEFAULT 0 CHECK (logs >= 0),
            minutes   INTEGER NOT NULL DEFAULT 0 CHECK (minutes >= 0),
            has_entry INTEGER NOT NULL DEFAULT 0 CHECK (has_entry IN (0, 1))
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX day_summaries_active ON day_summaries (day) WHERE \(ActiveDay.sql());
        CREATE TABLE habit_days (
            habit_id INTEGER NOT NULL,
            day      TEXT NOT NULL CHECK (length(day) = 10),
            logs     INTEGER NOT NULL CHECK (logs >= 0),
            minutes  INTEGER NOT NULL CHECK (minutes >= 0),
            amount_milli INTEGER NOT NULL DEFAULT 0,
            done     INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
            PRIMARY KEY (habit_id, day)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE habit_summaries (
            habit_id       INTEGER PRIMARY KEY NOT NULL,
            logs           INTEGER NOT NULL CHECK (logs >= 0),
            last_logged_at INTEGER
        ) STRICT;
        CREATE INDEX habit_instances_by_habit_created ON habit_instances (habit_id, created_at);
        CREATE TABLE active_runs (
            first INTEGER PRIMARY KEY NOT NULL,
            last  INTEGER NOT NULL CHECK (last >= first),
            days  INTEGER GENERATED ALWAYS AS (last - first + 1) STORED
        ) STRICT;
        CREATE INDEX active_runs_by_last ON active_runs (last);
        CREATE INDEX active_runs_by_length ON active_runs (days, first);
        CREATE TABLE habit_runs (
            habit_id INTEGER NOT NULL,
            first    INTEGER NOT NULL,
            last     INTEGER NOT NULL CHECK (last >= first),
            days     INTEGER GENERATED ALWAYS AS (last - first + 1) STORED,
            PRIMARY KEY (habit_id, first)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX habit_runs_by_last ON habit_runs (habit_id, last);
        CREATE INDEX habit_runs_by_length ON habit_runs (habit_id, days, first);
        """

    /// The triggers that keep the runs from the day tables (present while those are filled).
    static let runTriggers = """
        CREATE TRIGGER day_summaries_active_on_insert AFTER INSERT ON day_summaries
        WHEN \(ActiveDay.sql(row: "NEW")) BEGIN
            \(activeRuns.join(day: "NEW.day"))
        END;
        CREATE TRIGGER day_summaries_became_active AFTER UPDATE OF notes, logs ON day_summaries
        WHEN \(ActiveDay.inactiveSQL(row: "OLD")) AND \(ActiveDay.sql(row: "NEW")) BEGIN
            \(activeRuns.join(day: "NEW.day"))
        END;
        CREATE TRIGGER day_summaries_became_inactive AFTER UPDATE OF notes, logs ON day_summaries
        WHEN \(ActiveDay.sql(row: "OLD")) AND \(ActiveDay.inactiveSQL(row: "NEW")) BEGIN
            \(activeRuns.split(day: "NEW.day"))
        END;
        CREATE TRIGGER day_summaries_active_on_delete AFTER DELETE ON day_summaries
        WHEN \(ActiveDay.sql(row: "OLD")) BEGIN
            \(activeRuns.split(day: "OLD.day"))
        END;
        CREATE TRIGGER habit_days_done_on_insert AFTER INSERT ON habit_days WHEN NEW.done = 1 BEGIN
            \(habitRuns.join(day: "NEW.day", key: "NEW.habit_id"))
        END;
        CREATE TRIGGER habit_days_became_done AFTER UPDATE OF done ON habit_days
        WHEN OLD.done = 0 AND NEW.done = 1 BEGIN
            \(habitRuns.join(day: "NEW.day", key: "NEW.habit_id"))
        END;
        CREATE TRIGGER habit_days_became_undone AFTER UPDATE OF done ON habit_days
        WHEN OLD.done = 1 AND NEW.done = 0 BEGIN
            \(habitRuns.split(day: "NEW.day", key: "NEW.habit_id"))
        END;
        CREATE TRIGGER habit_days_done_on_delete AFTER DELETE ON habit_days WHEN OLD.done = 1 BEGIN
            \(habitRuns.split(day: "OLD.day", key: "OLD.habit_id"))
        END;
        """

    /// `habit_summaries.revision`: a random 64-bit number drawn anew, in the write's own
    /// transaction, whenever one of the habit's `habit_days` rows comes, changes or goes
    /// (a log, a move, an amount, a target deciding its days again) and for a new summary
    /// row. Equal revisions of one habit mean the same days (a chance of 2⁻⁶⁴ otherwise), so
    /// `HabitProgressCache` may keep what it worked out from them, under the member's file.
    static let revisions = """
        ALTER TABLE habit_summaries ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
        UPDATE habit_summaries SET revision = random();
        CREATE TRIGGER habit_summaries_revision_on_insert AFTER INSERT ON habit_summaries BEGIN
            UPDATE habit_summaries SET revision = random() WHERE habit_id = NEW.habit_id;
        END;
        CREATE TRIGGER habit_days_revision_on_insert AFTER INSERT ON habit_days BEGIN
            UPDATE habit_summaries SET revision = random() WHERE habit_id = NEW.habit_id;
        END;
        CREATE TRIGGER habit_days_revision_on_update AFTER UPDATE ON habit_days BEGIN
            UPDATE habit_summaries SET revision = random() WHERE habit_id IN (OLD.habit_id, NEW.habit_id);
        END;
        CREATE TRIGGER habit_days_revision_on_delete AFTER DELETE ON habit_days BEGIN
            UPDATE habit_summaries SET revision = random() WHERE habit_id = OLD.habit_id;
        END;
        """

    /// Fills the day tables from the raw rows (the runs follow by their triggers, a day at
    /// a time in order) and the habit totals. On empty tables only.
    static let fill = """
        INSERT INTO day_summaries (day, notes, logs, minutes, has_entry) \(expectedDays) ORDER BY day;
        CREATE TEMP TABLE habit_days_filled AS \(expectedHabitDays(done: doneWithoutRulesExpression));
        INSERT INTO habit_days (habit_id, day, logs, minutes, amount_milli, done)
            SELECT * FROM habit_days_filled ORDER BY habit_id, day;
        DROP TABLE temp.habit_days_filled;
        INSERT INTO habit_summaries (habit_id, logs, last_logged_at)
            SELECT habit_id, count(*), max(created_at) FROM habit_instances GROUP BY habit_id;
        """

    /// What `day_summaries` should hold, from the rows.
    static let expectedDays = """
        SELECT day, sum(notes), sum(logs), sum(minutes), max(has_entry) FROM (
            SELECT day, count(*) AS notes, 0 AS logs, 0 AS minutes, 0 AS has_entry FROM notes GROUP BY day
            UNION ALL SELECT day, 0, count(*), sum(CASE WHEN timed THEN duration_minutes ELSE 0 END), 0
                FROM habit_instances GROUP BY day
            UNION ALL SELECT day, 0, 0, 0, 1 FROM entries
        ) GROUP BY day
        """

    /// What `habit_days` should hold, from the rows (`done` by `doneExpression`'s rule).
    static let expectedHabitDays = expectedHabitDays(done: doneExpression)

    private static func expectedHabitDays(done: String) -> String {
        """
        SELECT habit_id, day, logs, minutes, amount_milli, \(done) FROM (
            SELECT habit_id, day, count(*) AS logs, sum(CASE WHEN timed THEN duration_minutes ELSE 0 END) AS minutes,
                coalesce(sum(amount_milli), 0) AS amount_milli
            FROM habit_instances GROUP BY habit_id, day
        ) AS habit_days
        """
    }

    /// The triggers on the raw rows.
    static let rowTriggers = """
        CREATE TRIGGER notes_summary_on_insert AFTER INSERT ON notes BEGIN
            \(addNote("NEW"))
        END;
        CREATE TRIGGER notes_summary_on_delete AFTER DELETE ON notes BEGIN
            \(removeNote("OLD"))
        END;
        CREATE TRIGGER notes_summary_on_move AFTER UPDATE OF day ON notes BEGIN
            \(removeNote("OLD"))
            \(addNote("NEW"))
        END;
        CREATE TRIGGER entries_summary_on_insert AFTER INSERT ON entries BEGIN
            \(addEntry("NEW"))
        END;
        CREATE TRIGGER entries_summary_on_delete AFTER DELETE ON entries BEGIN
            \(removeEntry("OLD"))
        END;
        CREATE TRIGGER entries_summary_on_move AFTER UPDATE OF day ON entries BEGIN
            \(removeEntry("OLD"))
            \(addEntry("NEW"))
        END;
        \(habitTriggers(done: doneWithoutRulesExpression))
        CREATE TRIGGER habits_summary_on_delete AFTER DELETE ON habits BEGIN
            DELETE FROM habit_runs WHERE habit_id = OLD.id;
            DELETE FROM habit_days WHERE habit_id = OLD.id;
            DELETE FROM habit_summaries WHERE habit_id = OLD.id;
        END;
        """

    /// The triggers deciding a habit's days as its logs and its target change, `done`
    /// being the expression they decide with.
    private static func habitTriggers(done: String) -> String {
        """
        CREATE TRIGGER habit_instances_summary_on_insert AFTER INSERT ON habit_instances BEGIN
            \(addLog("NEW", done: done))
        END;
        CREATE TRIGGER habit_instances_summary_on_delete AFTER DELETE ON habit_instances BEGIN
            \(removeLog("OLD", done: done))
        END;
        CREATE TRIGGER habit_instances_summary_on_change
        AFTER UPDATE OF habit_id, day, duration_minutes, created_at, amount_milli, timed ON habit_instances
        WHEN OLD.habit_id IS NOT NEW.habit_id OR OLD.day IS NOT NEW.day
            OR OLD.duration_minutes IS NOT NEW.duration_minutes OR OLD.created_at IS NOT NEW.created_at
            OR OLD.amount_milli IS NOT NEW.amount_milli OR OLD.timed IS NOT NEW.timed BEGIN
            \(removeLog("OLD", done: done))
            \(addLog("NEW", done: done))
        END;
        CREATE TRIGGER habits_summary_on_target AFTER UPDATE OF target_milli, target_kind ON habits BEGIN
            UPDATE habit_days SET done = \(done) WHERE habit_id = NEW.id;
        END;
        """
    }

    /// Migration 5: the tables, filled from what is there, and the triggers that keep them.
    static let migration = tables + runTriggers + fill + rowTriggers

    /// The rule history (`HabitRules`): its table, and the habit triggers deciding each day
    /// by the rule in force that day. Every habit keeps its current rule, in force since
    /// the beginning (no earlier rule), so no day changes.
    static let rulesMigration = """
        CREATE TABLE habit_rules (
            habit_id     INTEGER NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            until        TEXT NOT NULL CHECK (length(until) = 10),
            schedule     TEXT NOT NULL CHECK (length(schedule) BETWEEN 3 AND 40),
            target_milli INTEGER CHECK (target_milli IS NULL OR target_milli > 0),
            target_kind  TEXT CHECK (target_kind IS NULL OR target_kind IN ('at_least', 'at_most')),
            target_unit  TEXT NOT NULL DEFAULT '' CHECK (length(target_unit) <= 20),
            PRIMARY KEY (habit_id, until)
        ) STRICT, WITHOUT ROWID;
        DROP TRIGGER habit_instances_summary_on_insert;
        DROP TRIGGER habit_instances_summary_on_delete;
        DROP TRIGGER habit_instances_summary_on_change;
        DROP TRIGGER habits_summary_on_target;
        \(habitTriggers(done: doneExpression))
        CREATE TRIGGER habit_rules_summary_on_insert AFTER INSERT ON habit_rules BEGIN
            UPDATE habit_days SET done = \(doneExpression) WHERE habit_id = NEW.habit_id;
        END;
        CREATE TRIGGER habit_rules_summary_on_delete AFTER DELETE ON habit_rules BEGIN
            UPDATE habit_days SET done = \(doneExpression) WHERE habit_id = OLD.habit_id;
        END;
        """
}
