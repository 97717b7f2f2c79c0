"""Loop Habit Tracker's full backup (its SQLite .db) through /import against the real
binary: habits with their frequency, kind, target, order, colour, archive and reminder;
repetitions as check-offs, amounts and skips (automatic ones and "no" left out); a second
import adds nothing; a damaged file or an unknown schema version imports nothing."""
import json
import os
import sqlite3
import tempfile

import pytest

from conftest import Dawn
from test_accounts import setup_admin
from test_day import member_db, rows
from test_import import do_import, member

DAY_MS = 86_400_000


def ms(iso):
    import datetime
    return int(datetime.datetime.fromisoformat(iso + "T00:00:00+00:00").timestamp() * 1000)


def loop_backup(version=26, notes=True, extra_sql=""):
    """A backup as Loop's migrations up to 26 leave it (notes on repetitions when `notes`)."""
    path = tempfile.mktemp(suffix=".db")
    db = sqlite3.connect(path)
    db.executescript(f"""
        CREATE TABLE Habits (id integer primary key, archived integer, color integer, description text,
            freq_den integer, freq_num integer, highlight integer, name text, position integer,
            reminder_hour integer, reminder_min integer, reminder_days integer not null default 127,
            type integer not null default 0, target_type integer not null default 0,
            target_value real not null default 0, unit text not null default "", question text, uuid text);
        CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
            timestamp integer not null, value integer not null {", notes text" if notes else ""});
        CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp);
        PRAGMA user_version = {version};
    """)
    db.executemany("INSERT INTO Habits (id, archived, color, freq_den, freq_num, name, position, reminder_hour, reminder_min,"
                   " type, target_type, target_value, unit) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", [
                       (1, 0, 7, 1, 1, "Meditate", 1, 7, 30, 0, 0, 0, ""),
                       (2, 0, 0, 1, 1, "Push-ups", 0, None, None, 1, 0, 20, "reps"),
                       (3, 1, 11, 7, 3, "Gym", 2, None, None, 0, 0, 0, ""),
                   ])
    reps = [(1, ms("2026-03-01"), 2, None), (1, ms("2026-03-02"), 1, None), (1, ms("2026-03-03"), 0, None),
            (1, ms("2026-03-04"), 3, None), (1, ms("2026-03-05"), 2, "calm\nand slow"),
            (2, ms("2026-03-01"), 25000, None), (2, ms("2026-03-02"), 0, None),
            (3, ms("2026-03-01"), 2, None), (99, ms("2026-03-01"), 2, None)]
    if notes:
        db.executemany("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?,?,?,?)", reps)
    else:
        db.executemany("INSERT INTO Repetitions (habit, timestamp, value) VALUES (?,?,?)", [r[:3] for r in reps])
    db.executescript(extra_sql)
    db.commit()
    db.close()
    data = open(path, "rb").read()
    os.remove(path)
    return data


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()



def test_a_loop_backup_imports_habits_check_offs_amounts_and_skips(home):
    dawn, admin = home
    kid = member(dawn, admin, "looper")
    r = do_import(kid, loop_backup(), mode="empty", filename="Loop Habits Backup 2026-03-06.db")
    assert r.status == 303, r.text[:600]
    assert "Imported: 3 habits, 4 logs" in kid.get(r.header("Location")).text
    export = json.loads(kid.get("/export/dawn.json").body)
    habits = {h["name"]: h for h in export["habits"]}
    assert [h["name"] for h in sorted(export["habits"], key=lambda h: h["position"])] == ["Push-ups", "Meditate", "Gym"]
    assert habits["Meditate"]["colour"] == "#388E3C" and habits["Meditate"]["reminders"] == ["07:30"]
    assert habits["Meditate"]["schedule"] == {"every": "day"}
    assert habits["Push-ups"]["target"] == {"amount": 20, "unit": "reps", "kind": "at_least"}
    assert habits["Gym"]["schedule"] == {"every": "week", "times": 3} and habits["Gym"]["archivedAt"] is not None
    ids = {h["id"]: h["name"] for h in export["habits"]}
    logs = sorted((ids[i["habitId"]], i["date"], i["start"], i.get("amount"), i["note"]) for i in export["instances"])
    assert logs == [("Gym", "2026-03-01", None, None, ""), ("Meditate", "2026-03-01", None, None, ""),
                    ("Meditate", "2026-03-05", None, None, "calm and slow"), ("Push-ups", "2026-03-01", None, 25, "")]
    assert [(ids[s["habitId"]], s["date"]) for s in export["skips"]] == [("Meditate", "2026-03-04")]
    # The same backup again: nothing new.
    before = rows(member_db(dawn, "looper"), "SELECT count(*) FROM habit_instances")[0][0]
    r = do_import(kid, loop_backup(), mode="merge", filename="again.db")
    assert r.status == 303 and "Nothing new: everything in this file is already here." in kid.get(r.header("Location")).text
    assert rows(member_db(dawn, "looper"), "SELECT count(*) FROM habit_instances")[0][0] == before


def test_an_older_backup_without_notes_imports(home):
    dawn, admin = home
    kid = member(dawn, admin, "oldloop")
    r = do_import(kid, loop_backup(version=22, notes=False), mode="empty", filename="old.db")
    assert r.status == 303, r.text[:600]
    assert "Imported: 3 habits, 4 logs" in kid.get(r.header("Location")).text


@pytest.mark.parametrize("case", ["truncated", "version", "not_loop", "view"])
def test_a_bad_backup_imports_nothing_and_says_why(home, case):
    dawn, admin = home
    name = f"bad{case}"
    kid = member(dawn, admin, name)
    if case == "truncated":
        data, message = loop_backup()[:3000], "this SQLite file is damaged, or not a Loop Habit Tracker backup"
    elif case == "version":
        data, message = loop_backup(version=31), "schema version 31, which Dawn does not read"
    elif case == "not_loop":
        path = tempfile.mktemp(suffix=".db")
        con = sqlite3.connect(path)
        con.execute("CREATE TABLE notes (x)")
        con.execute("PRAGMA user_version = 20")
        con.commit()
        con.close()
        data, message = open(path, "rb").read(), "neither a Dawn JSON export nor a Loop Habit Tracker CSV export"
        os.remove(path)
    else:
        # Repetitions as a view: not the table Loop writes, so not read.
        data = loop_backup(extra_sql="ALTER TABLE Repetitions RENAME TO R2; CREATE VIEW Repetitions AS SELECT * FROM R2;")
        message = "neither a Dawn JSON export nor a Loop Habit Tracker CSV export"
    before = rows(member_db(dawn, name), "SELECT (SELECT count(*) FROM habits), (SELECT count(*) FROM habit_instances)")
    r = do_import(kid, data, mode="merge", filename="backup.db")
    assert r.status == 400 and "Nothing was imported" in r.text, r.text[:400]
    assert message in r.text.replace("&#39;", "'"), r.text[r.text.find("import-error"):][:400]
    assert rows(member_db(dawn, name), "SELECT (SELECT count(*) FROM habits), (SELECT count(*) FROM habit_instances)") == before
