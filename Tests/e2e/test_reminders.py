"""Habit reminders end to end against the real binary: the habit form's reminder times,
the scheduler handing a due reminder to the outbox within 60 s and once (seen through
`/_test/reminders-sent`, which exists only with DAWN_TEST_HOOKS=1; what delivery then
does is `test_notify_delivery.py`'s), a restart while a reminder is due (sent late once; one due more
than an hour ago dropped; never again after another restart), and refusals in the form
and the JSON import with nothing written."""
import datetime
import json
import os
import re
import sqlite3
import time
from zoneinfo import ZoneInfo

from conftest import Dawn, get
from test_accounts import setup_admin
from test_day import member_db, rows
from test_import import do_import

ZONE = "Europe/Rome"
LOOK = {"emoji": "📚", "color": "#48DBAB", "duration": "30", "schedule": "day"}


def add(browser, name, reminders):
    browser.open("/habits/new")
    return browser.post("/habits", dict(LOOK, name=name, reminders=reminders))


def sent(dawn):
    """What the outbox received since this process started: (member, habit, dueAt, title, body)."""
    r = get(dawn, "/_test/reminders-sent")
    assert r.status == 200
    return [tuple(line.split("\t")) for line in r.body.decode().splitlines() if line]


def next_minute(at_least):
    """The first whole minute at least `at_least` seconds from now: (Unix seconds, "HH:MM" in Rome)."""
    due = (int(time.time()) + at_least + 59) // 60 * 60
    return due, datetime.datetime.fromtimestamp(due, ZoneInfo(ZONE)).strftime("%H:%M")


def marks(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return con.execute("SELECT habit_id, times, through FROM reminder_marks ORDER BY habit_id").fetchall()
    finally:
        con.close()


def wait_for(check, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    return check()


def test_a_reminder_is_handed_over_within_60_seconds_once(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    due, hhmm = next_minute(15)
    r = add(admin, "Read", f"{hhmm}, {hhmm}")
    assert r.status == 303, r.text[:500]
    habit_id = rows(member_db(dawn, "mum"), "SELECT id FROM habits")[0][0]
    assert rows(member_db(dawn, "mum"), "SELECT reminders FROM habits")[0][0] == hhmm
    assert f"Reminders: {hhmm}" in admin.get(f"/habits/{habit_id}").text
    assert sent(dawn) == []
    got = wait_for(lambda: sent(dawn), due - time.time() + 60)
    arrived = time.time()
    assert got, "no reminder within 60 s of its time"
    assert arrived - due <= 60
    assert len(got) == 1
    member, habit, due_at, title, body = got[0]
    assert (int(habit), int(due_at), title, body) == (habit_id, due, "📚 Read", f"Time for Read ({hhmm})")
    time.sleep(3)
    assert len(sent(dawn)) == 1, "handed over once"
    assert dawn.stop() == 0


def test_a_restart_sends_a_missed_reminder_late_once_and_drops_one_over_an_hour_old(fresh_dawn):
    first = fresh_dawn()
    admin = setup_admin(first)
    due, hhmm = next_minute(20)
    old = datetime.datetime.fromtimestamp(time.time() - 90 * 60, ZoneInfo(ZONE)).strftime("%H:%M")
    assert add(admin, "Soon", hhmm).status == 303
    assert add(admin, "Long ago", old).status == 303
    ids = dict(rows(member_db(first, "mum"), "SELECT name, id FROM habits"))
    # The scheduler has seen both habits (their marks are written) before the server stops.
    assert wait_for(lambda: len(marks(first)) == 2, 10)
    assert time.time() < due - 3, "too slow to stop before the reminder"
    assert sent(first) == []
    assert first.stop() == 0
    # Down for two hours as far as "Long ago" knows: its time came 90 minutes ago, while the server was down.
    con = sqlite3.connect(os.path.join(first.data, "instance.sqlite"))
    con.execute("UPDATE reminder_marks SET through = ? WHERE habit_id = ?", (int(time.time()) - 2 * 3600, ids["Long ago"]))
    con.commit()
    con.close()
    time.sleep(max(0, due - time.time() + 2))

    second = fresh_dawn(data=first.data)
    wait_for(lambda: sent(second), 10)
    time.sleep(2)
    got = sent(second)
    assert [(int(h), int(d), b) for _, h, d, _, b in got] == [(ids["Soon"], due, f"Time for Soon ({hhmm})")]
    assert int(time.time()) - due < 3600
    assert second.stop() == 0
    # Decided for good: a third start sends nothing.
    third = fresh_dawn(data=first.data)
    time.sleep(2)
    assert sent(third) == []
    assert third.stop() == 0


def test_bad_reminder_times_are_refused_beside_the_field_with_nothing_written(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    thirteen = ", ".join(f"{h:02d}:00" for h in range(6, 19))
    for value, message in [("7.30", "24-hour clock"), ("25:00", "24-hour clock"), ("abc", "24-hour clock"),
                           (thirteen, "at most 12 reminders")]:
        r = add(admin, "Read", value)
        assert r.status == 400, value
        error = re.search(r'<p class="field-error" id="reminders-hint">([^<]*)</p>', r.text)
        assert error and message in error.group(1), (value, r.text[:300])
        assert rows(member_db(dawn, "mum"), "SELECT count(*) FROM habits")[0][0] == 0
    assert marks(dawn) == []
    # An edit refused leaves the stored times.
    assert add(admin, "Read", "08:00").status == 303
    habit_id = rows(member_db(dawn, "mum"), "SELECT id FROM habits")[0][0]
    admin.open(f"/habits/{habit_id}/edit")
    r = admin.post(f"/habits/{habit_id}", dict(LOOK, name="Read", reminders="08:00, 25:00"))
    assert r.status == 400
    assert rows(member_db(dawn, "mum"), "SELECT reminders FROM habits") == [("08:00",)]
    assert dawn.stop() == 0


def test_export_and_import_carry_reminders_and_refuse_bad_ones(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    assert add(admin, "Read", "19:00, 07:30").status == 303
    assert add(admin, "Walk", "").status == 303
    export = json.loads(admin.get("/export/dawn.json").body)
    by_name = {h["name"]: h for h in export["habits"]}
    assert by_name["Read"]["reminders"] == ["07:30", "19:00"]
    assert "reminders" not in by_name["Walk"], "none: absent, as in older files"
    db = member_db(dawn, "mum")
    before = rows(db, "SELECT name, reminders FROM habits ORDER BY id")

    def file(reminders, name="Stretch"):
        habit = dict(by_name["Read"], name=name, id=99)
        if reminders is None:
            habit.pop("reminders")
        else:
            habit["reminders"] = reminders
        return json.dumps(dict(export, habits=[habit], instances=[], entries=[], notes=[], skips=[], vacations=[],
                               moods=[])).encode()

    for bad, message in [(["7.30"], "reminder 7.30 is not a time of day"), (["25:00"], "reminder 25:00 is not a time"),
                         ([f"{h:02d}:00" for h in range(6, 19)], "at most 12 reminders")]:
        r = do_import(admin, file(bad))
        assert r.status == 400 and message in r.text, (bad, r.text[:600])
        assert rows(db, "SELECT name, reminders FROM habits ORDER BY id") == before
    # Absent (an older file): none. Present: sorted, duplicates folded.
    r = do_import(admin, file(None))
    assert r.status == 303, r.text[:500]
    assert rows(db, "SELECT reminders FROM habits WHERE name = 'Stretch'") == [("",)]
    r = do_import(admin, file(["21:00", "06:15", "21:00"], name="Yoga"))
    assert r.status == 303, r.text[:500]
    assert rows(db, "SELECT reminders FROM habits WHERE name = 'Yoga'") == [("06:15,21:00",)]
    yoga = rows(db, "SELECT id FROM habits WHERE name = 'Yoga'")[0][0]
    assert "Reminders: 06:15, 21:00" in admin.get(f"/habits/{yoga}").text
    assert dawn.stop() == 0
