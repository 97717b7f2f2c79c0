"""The member summaries (schema 6) against the real binary: a database from before them
gets them built when the server opens it, and `dawn check` finds a summary that no
longer says what the rows say, changing nothing."""
import datetime
import hashlib
import sqlite3
import subprocess

from conftest import Dawn, dawn_binary
from test_accounts import ADMIN_PASSWORD, setup_admin, sign_in
from test_day import today_in

SUMMARY_TABLES = ["day_summaries", "habit_days", "habit_summaries", "active_runs", "habit_runs"]


def downgrade_to_schema_4(path):
    """What a member database looked like before schedules and summaries (the schema the
    last release wrote): the objects of migrations 5 and later gone."""
    con = sqlite3.connect(path)
    try:
        drop_search_index(con)
        triggers = [name for (name,) in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%summary%'")]
        for name in triggers:
            con.execute(f"DROP TRIGGER {name}")
        for table in SUMMARY_TABLES + ["habit_skips", "vacations"]:
            con.execute(f"DROP TABLE {table}")
        # Later migrations' objects too (8: moods), so every migration from 5 on runs again.
        con.execute("DROP TABLE IF EXISTS moods")
        con.execute("DROP TABLE IF EXISTS push_subscriptions")  # 11: where reminders go
        con.execute("DROP TABLE IF EXISTS notify_results")
        con.execute("DROP TABLE IF EXISTS deleted_journal")  # 13: deleted texts kept for undo
        con.execute("DROP TABLE IF EXISTS habit_rules")  # 14: a habit's earlier rules
        con.execute("DROP TABLE IF EXISTS photos")  # 15: a day's photos
        con.execute("DROP INDEX habit_instances_by_habit_created")
        con.execute("DROP TRIGGER habit_instances_version_on_update")
        con.execute("""CREATE TRIGGER habit_instances_version_on_update
            AFTER UPDATE OF habit_id, day, start_minute, duration_minutes, note ON habit_instances BEGIN
                UPDATE edit_sequence SET value = value + 1 WHERE id = 1;
                UPDATE habit_instances SET version = (SELECT value FROM edit_sequence WHERE id = 1) WHERE id = NEW.id;
            END""")
        for table, column in [("habits", "schedule"), ("habits", "target_milli"), ("habits", "target_kind"),
                              ("habits", "target_unit"), ("habits", "paused_from"), ("habits", "group_name"),
                              ("habits", "position"), ("habits", "reminders"),  # 10: reminders
                              ("habit_instances", "amount_milli"), ("habit_instances", "timed"),
                              ("habit_instances", "logged_by")]:  # 12: who logged it
            con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        con.execute("PRAGMA user_version = 4")
        con.commit()
        left = con.execute("SELECT name FROM sqlite_master WHERE name LIKE '%summar%' OR name LIKE '%runs%'").fetchall()
        assert left == [], left
    finally:
        con.close()


def drop_search_index(con):
    """The search index of member schema 7 (see test_search.py), which came after the summaries."""
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%search%'").fetchall():
        con.execute(f"DROP TRIGGER {name}")
    con.execute("DROP TABLE search_index")


def test_a_database_from_before_the_summaries_gets_them_built(tmp_path):
    data = str(tmp_path / "data")
    dawn = Dawn(data=data)
    admin = setup_admin(dawn)
    assert admin.get("/").status == 200
    assert dawn.stop() == 0, dawn.errors
    path = f"{data}/users/1.sqlite"
    downgrade_to_schema_4(path)

    # Twelve days of notes ending yesterday, a habit logged the last five days, an entry.
    today = today_in("Europe/Rome")
    con = sqlite3.connect(path)
    try:
        for back in range(1, 13):
            con.execute("INSERT INTO notes (day, body, created_at) VALUES (?, 'tea', 1)",
                        [(today - datetime.timedelta(days=back)).isoformat()])
        con.execute("INSERT INTO habits (name, emoji, color, default_duration, created_at) "
                    "VALUES ('Read', '📚', '#5856D6', 30, 1)")
        for back in range(0, 5):
            con.execute("INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, created_at) "
                        "VALUES (1, ?, 480, 30, ?)", [(today - datetime.timedelta(days=back)).isoformat(), 100 + back])
        con.execute("INSERT INTO entries (day, body, created_at, updated_at) VALUES (?, 'hello', 1, 1)",
                    [(today - datetime.timedelta(days=3)).isoformat()])
        con.commit()
    finally:
        con.close()

    dawn = Dawn(data=data)
    try:
        admin = signed_in_admin(dawn)
        page = admin.get("/").text
        # Yesterday's run of twelve, plus today (a log): thirteen.
        assert "13 Days Streak" in page, page[:3000]
        con = sqlite3.connect(path)
        try:
            # Migrated through the summaries (6) and whatever later migrations there are.
            assert con.execute("PRAGMA user_version").fetchone()[0] >= 6
            assert con.execute("SELECT schedule, position FROM habits").fetchall() == [("day", 1)]
            assert con.execute("SELECT count(*) FROM day_summaries").fetchone()[0] == 13
            assert con.execute("SELECT last - first + 1 FROM active_runs").fetchall() == [(13,)]
            assert con.execute("SELECT logs, last_logged_at FROM habit_summaries").fetchall() == [(5, 104)]
            assert con.execute("SELECT days FROM habit_runs").fetchall() == [(5,)]
        finally:
            con.close()
        stats = admin.get("/api/stats?from=" + (today - datetime.timedelta(days=20)).isoformat() + "&to=" + today.isoformat())
        assert stats.status == 200 and '"activeDays":13,' in stats.text and '"entries":1,' in stats.text, stats.text
    finally:
        assert dawn.stop() == 0, dawn.errors
    r = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "ok  users/1.sqlite" in r.stdout, r.stdout + r.stderr


def signed_in_admin(dawn):
    browser, r = sign_in(dawn, "mum", ADMIN_PASSWORD)
    assert r.status == 303, r.status
    return browser


def test_dawn_check_finds_a_summary_that_differs_and_changes_nothing(tmp_path):
    data = str(tmp_path / "data")
    dawn = Dawn(data=data)
    admin = setup_admin(dawn)
    today = today_in("Europe/Rome")
    admin.open(f"/day/{today}")
    assert admin.post(f"/day/{today}/notes", {"note": "walked the dog"}).status == 303
    assert dawn.stop() == 0, dawn.errors
    path = f"{data}/users/1.sqlite"
    r = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr

    con = sqlite3.connect(path)
    con.execute("UPDATE day_summaries SET notes = notes + 1")
    con.commit()
    con.close()
    before = hashlib.sha256(open(path, "rb").read()).hexdigest()
    r = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stdout
    assert "BAD users/1.sqlite: summary day_summaries differs from the rows it summarises (1 missing or wrong, 1 extra)" \
        in r.stdout, r.stdout
    assert "ok  instance.sqlite" in r.stdout and "1 of 2 databases failed the check" in r.stderr
    assert hashlib.sha256(open(path, "rb").read()).hexdigest() == before, "check changed the file"
