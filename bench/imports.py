#!/usr/bin/env python3
"""bench/run's helper for imports from other apps, on the writes server (the admin "one" of
bench/writes.py adds two members): times, wall clock from upload to answer,
- a ten-year Day One export of 4,000 entries (a zip with Journal.json, text only);
- a Loop Habit Tracker full backup of 20 habits × 5 years (an SQLite .db);
each into an empty member, then the same file again (which adds nothing). Prints one line each.

  imports.py --url http://127.0.0.1:PORT
"""
import argparse
import datetime
import io
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
import zipfile

from history_pages import PASSWORD, Member


def day_one(entries, seed):
    rng = random.Random(seed)
    start = datetime.datetime(2016, 1, 1, tzinfo=datetime.timezone.utc)
    words = "the lake was calm and we walked home slowly talking about school and dinner".split()
    items = []
    for i in range(entries):
        when = start + datetime.timedelta(seconds=i * (3650 * 86400 // entries) + rng.randrange(3600))
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(20, 160))).capitalize() + "."
        items.append({"uuid": f"E{i}", "creationDate": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "timeZone": "Europe/Rome",
                      "text": text, "tags": ["daily"] if i % 3 == 0 else [], "starred": i % 50 == 0})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Journal.json", json.dumps({"metadata": {"version": "1.0"}, "entries": items}))
    return out.getvalue()


def loop_backup(habits, years, seed):
    rng = random.Random(seed)
    path = tempfile.mktemp(suffix=".db")
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE Habits (id integer primary key, archived integer, color integer, description text,
            freq_den integer, freq_num integer, highlight integer, name text, position integer,
            reminder_hour integer, reminder_min integer, reminder_days integer not null default 127,
            type integer not null default 0, target_type integer not null default 0,
            target_value real not null default 0, unit text not null default "", question text, uuid text);
        CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null,
            timestamp integer not null, value integer not null, notes text);
        PRAGMA user_version = 26;
    """)
    first = datetime.date.today() - datetime.timedelta(days=365 * years)
    for h in range(1, habits + 1):
        numerical = h % 5 == 0
        db.execute("INSERT INTO Habits (id, archived, color, freq_den, freq_num, name, position, type, target_value, unit)"
                   " VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (h, h % 20, 7 if h % 4 == 0 else 1, 3 if h % 4 == 0 else 1, f"Habit {h}", h,
                    1 if numerical else 0, 20 if numerical else 0, "pages" if numerical else ""))
        rows = []
        for d in range(365 * years):
            if rng.random() < 0.6:
                day = first + datetime.timedelta(days=d)
                ms = int(datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc).timestamp() * 1000)
                value = rng.randrange(5, 40) * 1000 if numerical else rng.choice((2, 2, 2, 3, 1))
                rows.append((h, ms, value))
        db.executemany("INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, ?)", rows)
    db.commit()
    db.close()
    data = open(path, "rb").read()
    os.remove(path)
    return data


def timed_import(member, data, filename):
    member.open("/account")
    began = time.monotonic()
    (r, body), size = member.post_multipart("/import", {"mode": "merge"}, filename, data)
    seconds = time.monotonic() - began
    if r.status != 303:
        sys.exit(f"importing {filename} answered {r.status}: {body[:300]!r}")
    return seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    admin = Member(args.url, "one")
    admin.open("/login")
    admin.post("/login", {"username": "one", "password": PASSWORD})
    for name in ("diarist", "looper"):
        admin.open("/family")
        admin.post("/family/members", {"username": name, "display_name": name.title(), "password": PASSWORD,
                                       "password_again": PASSWORD})
    for name, data, filename, what in (
            ("diarist", day_one(4000, args.seed), "Export.zip", "Day One export, 4,000 entries over ten years"),
            ("looper", loop_backup(20, 5, args.seed), "Loop Habits Backup.db", "Loop backup, 20 habits × 5 years")):
        member = Member(args.url, name)
        member.open("/login")
        member.post("/login", {"username": name, "password": PASSWORD})
        first = timed_import(member, data, filename)
        again = timed_import(member, data, filename)
        print(f"import of a {what} ({len(data) / 1e6:.1f} MB): {first:.1f} s into an empty member, {again:.1f} s again")


if __name__ == "__main__":
    sys.exit(main())
