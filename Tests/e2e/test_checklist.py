"""The day page's checklist against the real binary: the day's due habits (schedules,
pauses, archived ones left out) in the member's order; one submit checks a habit off
(an untimed log: no block on the timeline, `"start": null` in the JSON export) and one
undoes it; an amount for a numeric habit; a skip for one day; every refusal (forged and
archived habits, dates out of range, an amount that is not a number, a forged CSRF token,
an unknown button) answered with its message and nothing written; the page still fits
in 14 KB gzipped with twenty habits due."""
import datetime
import gzip
import json
import re
import time
from zoneinfo import ZoneInfo

import pytest

from conftest import Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import member_db, rows, today_in
from test_import import do_import

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def plan_file(today, habits, instances=(), skips=()):
    """A Dawn JSON export (version 2) holding `habits` (ids 1, 2, … in the given order)."""
    listed = []
    for position, (name, extra) in enumerate(habits, start=1):
        habit = {"id": position, "name": name, "emoji": "⭐", "colour": "#54A0FF", "defaultDurationMinutes": 30,
                 "createdAt": position, "schedule": {"every": "day"}, "group": None, "position": position}
        habit.update(extra)
        listed.append(habit)
    return json.dumps({
        "format": "dawn-export", "version": 2, "exportedAt": f"{today}T08:00:00",
        "member": {"username": "x", "displayName": "X", "timeZone": "Europe/Rome"},
        "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": False,
                     "showGridDates": False, "theme": "system"},
        "habits": listed, "instances": list(instances), "entries": [], "notes": [], "skips": list(skips),
        "vacations": [],
    }).encode()


def items(html):
    """(state, habit id, accessible name of the pill) of each checklist item, in page order."""
    return [(m.group(1), int(m.group(2)), m.group(3)) for m in re.finditer(
        r'<li class="check ([a-z]+)" id="check-(\d+)">\n(?:<form[^>]*><input[^>]*><button[^>]*|<a)'
        r' class="check-pill habit-\d+"[^>]* aria-label="([^"]*)"', html)]


def check_offs(dawn, username, day):
    return rows(member_db(dawn, username), "SELECT habit_id, amount_milli, timed, start_minute, duration_minutes "
                "FROM habit_instances WHERE day = ? AND timed = 0 ORDER BY id", (str(day),))


def counts(dawn, username):
    path = member_db(dawn, username)
    return (rows(path, "SELECT count(*) FROM habit_instances")[0][0], rows(path, "SELECT count(*) FROM habit_skips")[0][0])


@pytest.fixture(scope="module")
def site():
    # The days below are relative to today in Rome: don't straddle its midnight.
    now = datetime.datetime.now(ZoneInfo("Europe/Rome"))
    left = (datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo) - now).total_seconds()
    if left < 90:
        time.sleep(left + 2)
    dawn = Dawn()
    admin = setup_admin(dawn)
    assert add_member(admin, "ana", "Ana").status == 303
    ana, r = sign_in(dawn, "ana", MEMBER_PASSWORD)
    assert r.status == 303
    today = today_in()
    weekday = WEEKDAYS[today.weekday()]
    other_day = WEEKDAYS[(today.weekday() + 1) % 7]
    habits = [
        ("Tea", {}),
        ("Read", {"emoji": "📚", "target": {"amount": 20, "unit": "pages", "kind": "at_least"}}),
        ("Swim", {"schedule": {"weekdays": [weekday]}}),
        ("Not today", {"schedule": {"weekdays": [other_day]}}),
        ("Gym", {"schedule": {"every": "week", "times": 3}}),
        ("Paused", {"pausedFrom": str(today)}),
        ("Old", {"archivedAt": 5}),
        ("Run", {}),
    ]
    yesterday = today - datetime.timedelta(days=1)
    r = do_import(ana, plan_file(today, habits, instances=[
        {"habitId": 8, "date": str(today), "start": "07:00", "durationMinutes": 30, "note": ""},
        {"habitId": 5, "date": str(yesterday), "start": None, "durationMinutes": 30, "note": ""}]), mode="empty")
    assert r.status == 303, r.text[:800]
    ids = dict(rows(member_db(dawn, "ana"), "SELECT name, id FROM habits"))
    yield dawn, ana, today, ids
    assert dawn.stop() == 0, dawn.errors


def test_the_due_habits_in_the_members_order(site):
    dawn, ana, today, ids = site
    page = ana.get(f"/day/{today}").text
    assert '<h2 id="checklist-heading">Today&#39;s habits</h2>' in page
    # Not today's weekday, paused from today and archived are left out; Run is done on the timeline.
    assert items(page) == [("open", ids["Tea"], "Mark Tea done"), ("open", ids["Read"], "Mark Read done"),
                           ("open", ids["Swim"], "Mark Swim done"), ("open", ids["Gym"], "Mark Gym done"),
                           ("done", ids["Run"], "Run: done on the timeline")]
    assert f'aria-label="Skip Tea today" title="Skip Tea today" aria-pressed="false"' in page
    assert "0 of 20 pages" in page
    # Gym's week holds yesterday's check-off, unless today starts a new week.
    assert ("1/3 this week" if today.weekday() != 0 else "0/3 this week") in page
    # The checklist comes before the timeline.
    assert page.index('id="checklist"') < page.index('id="timeline"')
    yesterday = ana.get(f"/day/{today - datetime.timedelta(days=1)}").text
    assert ("open", ids["Paused"], "Mark Paused done") in items(yesterday), "paused from today: due yesterday"
    assert ids["Swim"] not in [habit for _, habit, _ in items(yesterday)], "today's weekday only"
    # Yesterday's imported check-off of Gym: done in the checklist, no block on the timeline.
    assert ("done", ids["Gym"], "Undo Gym") in items(yesterday)
    assert '<li class="block ' not in yesterday and "Nothing logged yet." in yesterday


def test_check_off_and_undo(site):
    dawn, ana, today, ids = site
    tea = ids["Tea"]
    ana.open(f"/day/{today}")
    r = ana.post(f"/day/{today}/check/{tea}", {"action": "done"})
    assert r.status == 303 and r.header("Location") == f"/day/{today}?done=checked#checklist"
    assert check_offs(dawn, "ana", today) == [(tea, None, 0, 0, 30)]
    page = ana.get(r.header("Location").split("#")[0]).text
    assert '<p class="notice toast check-toast" role="status">Checked off.</p>' in page
    assert ("done", tea, "Undo Tea") in items(page)
    # Not on the timeline: the only block is Run's.
    assert len(re.findall(r'<li class="block ', page)) == 1 and "block habit-%d " % ids["Run"] in page
    # The day's state in the summaries: done, no minutes.
    assert rows(member_db(dawn, "ana"), "SELECT done, minutes FROM habit_days WHERE habit_id = ? AND day = ?",
                (tea, str(today))) == [(1, 0)]
    # The JSON export shows it as a check-off.
    exported = json.loads(ana.get("/export/dawn.json").body)
    tea_logs = [i for i in exported["instances"] if i["habitId"] == tea and i["date"] == str(today)]
    assert len(tea_logs) == 1 and tea_logs[0]["start"] is None

    # A second submit of the same page writes nothing; undo removes it.
    assert ana.post(f"/day/{today}/check/{tea}", {"action": "done"}).status == 303
    assert len(check_offs(dawn, "ana", today)) == 1
    r = ana.post(f"/day/{today}/check/{tea}", {"action": "undo"})
    assert r.status == 303 and r.header("Location") == f"/day/{today}?done=unchecked#checklist"
    assert check_offs(dawn, "ana", today) == []
    assert ("open", tea, "Mark Tea done") in items(ana.get(f"/day/{today}").text)


def test_amounts_meet_the_target(site):
    dawn, ana, today, ids = site
    read = ids["Read"]
    ana.open(f"/day/{today}")
    r = ana.post(f"/day/{today}/check/{read}", {"action": "done", "amount": "7,5"})
    assert r.status == 303 and "done=amount-added" in r.header("Location")
    page = ana.get(f"/day/{today}").text
    assert "7.5 of 20 pages" in page and ("open", read, "Mark Read done") in items(page)
    # One tap logs what is missing.
    assert ana.post(f"/day/{today}/check/{read}", {"action": "done"}).status == 303
    assert [a for h, a, *_ in check_offs(dawn, "ana", today) if h == read] == [7500, 12500]
    page = ana.get(f"/day/{today}").text
    assert "20 of 20 pages" in page and ("done", read, "Undo Read") in items(page)

    for bad in ["seven", "-2", "1e2", "1,000.5"]:
        r = ana.post(f"/day/{today}/check/{read}", {"action": "done", "amount": bad})
        assert r.status == 400, bad
        assert f'<p class="field-error check-error" id="check-error-{read}">An amount is a number from 0 to a billion' in r.text
        assert f'value="{bad}" aria-invalid="true"' in r.text
    assert len([1 for h, *_ in check_offs(dawn, "ana", today) if h == read]) == 2

    assert ana.post(f"/day/{today}/check/{read}", {"action": "undo"}).status == 303
    assert [h for h, *_ in check_offs(dawn, "ana", today)].count(read) == 0


def test_a_timed_log_carries_an_amount(site):
    """The timeline's log form of a numeric habit has an amount field: the amount is stored
    with the timed block and counts towards the day's target; a bad one is refused beside
    the field and nothing is written."""
    dawn, ana, today, ids = site
    read = ids["Read"]
    form = ana.get(f"/day/{today}/log/{read}").text
    assert '<label for="amount">Amount (pages)</label>' in form
    assert 'name="amount"' not in ana.get(f"/day/{today}/log/{ids['Tea']}").text
    before = counts(dawn, "ana")
    for bad in ["lots", "-3", "2e1"]:
        r = ana.post(f"/day/{today}/instances", {"habit": str(read), "start": "21:00", "duration": "30",
                                                 "note": "", "amount": bad})
        assert r.status == 400, bad
        assert '<p class="field-error" id="amount-hint">An amount is a number from 0 to a billion' in r.text
        assert counts(dawn, "ana") == before, bad
    r = ana.post(f"/day/{today}/instances", {"habit": str(read), "start": "21:00", "duration": "30",
                                             "note": "", "amount": "20"})
    assert r.status == 303, r.text[:400]
    assert rows(member_db(dawn, "ana"), "SELECT amount_milli, timed FROM habit_instances "
                "WHERE habit_id = ? AND day = ? AND timed = 1", (read, str(today))) == [(20000, 1)]
    assert rows(member_db(dawn, "ana"), "SELECT done FROM habit_days WHERE habit_id = ? AND day = ?",
                (read, str(today))) == [(1,)]
    page = ana.get(f"/day/{today}").text
    assert "20 of 20 pages" in page and ("done", read, "Read: done on the timeline") in items(page)
    ana.post(f"/day/{today}/instances/" + str(rows(member_db(dawn, "ana"), "SELECT id FROM habit_instances "
             "WHERE habit_id = ? AND timed = 1", (read,))[0][0]) + "/delete", {})
    assert counts(dawn, "ana") == before


def test_skip_one_day(site):
    dawn, ana, today, ids = site
    swim = ids["Swim"]
    ana.open(f"/day/{today}")
    r = ana.post(f"/day/{today}/skip/{swim}", {"action": "skip"})
    assert r.status == 303 and r.header("Location") == f"/day/{today}?done=skipped#checklist"
    assert rows(member_db(dawn, "ana"), "SELECT habit_id, day FROM habit_skips") == [(swim, str(today))]
    page = ana.get(f"/day/{today}").text
    assert ("skipped", swim, "Mark Swim done") in items(page)
    assert 'aria-label="Skip Swim today" title="Skip Swim today" aria-pressed="true"' in page
    r = ana.post(f"/day/{today}/skip/{swim}", {"action": "unskip"})
    assert r.status == 303 and "done=unskipped" in r.header("Location")
    assert rows(member_db(dawn, "ana"), "SELECT count(*) FROM habit_skips") == [(0,)]


def test_refusals_write_nothing(site):
    dawn, ana, today, ids = site
    ana.open(f"/day/{today}")
    before = counts(dawn, "ana")
    far = today + datetime.timedelta(days=2 * 366 + 1)
    cases = [
        (f"/day/{today}/check/9999", {"action": "done"}, 404, "That habit does not exist any more."),
        (f"/day/{today}/skip/9999", {"action": "skip"}, 404, "That habit does not exist any more."),
        (f"/day/{today}/check/{ids['Old']}", {"action": "done"}, 400, "That habit is archived."),
        (f"/day/{today}/skip/{ids['Old']}", {"action": "skip"}, 400, "That habit is archived."),
        (f"/day/{far}/check/{ids['Tea']}", {"action": "done"}, 404, "Dawn shows days from 1 January 1900 to two years ahead"),
        (f"/day/{today}x/check/{ids['Tea']}", {"action": "done"}, 400, "That is not a date."),
        (f"/day/{today}/check/{ids['Tea']}", {"action": "flip"}, 400, "That checklist button is not known."),
        (f"/day/{today}/skip/{ids['Tea']}", {}, 400, "That checklist button is not known."),
    ]
    for path, fields, status, message in cases:
        r = ana.post(path, fields)
        assert r.status == status and message in r.text, (path, r.status, r.text[:300])
    r = ana.post(f"/day/{today}/check/{ids['Tea']}", {"action": "done"}, csrf="forged")
    assert r.status == 403
    # Another member's habit id is just an unknown one.
    assert add_member(setup_admin_browser(dawn), "bob", "Bob").status == 303
    bob, _ = sign_in(dawn, "bob", MEMBER_PASSWORD)
    bob.open("/")
    assert bob.post(f"/day/{today}/check/{ids['Tea']}", {"action": "done"}).status == 404
    assert counts(dawn, "ana") == before
    assert rows(member_db(dawn, "bob"), "SELECT count(*) FROM habit_instances") == [(0,)]


def setup_admin_browser(dawn):
    admin, r = sign_in(dawn, "mum", "correct horse battery")
    assert r.status == 303
    return admin


def test_twenty_due_habits_fit_14kb_gzipped(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    today = today_in()
    habits = [(f"Habit number {n} with a longer name", {"target": {"amount": 10, "unit": "pages", "kind": "at_least"}}
               if n % 3 == 0 else {"schedule": {"every": "week", "times": 2}} if n % 3 == 1 else {})
              for n in range(20)]
    assert do_import(admin, plan_file(today, habits), mode="empty").status == 303
    page = admin.get("/", headers={"Accept-Encoding": "gzip"})
    html = gzip.decompress(page.body).decode()
    assert len(items(html)) == 20
    assert len(page.body) <= 14 * 1024, len(page.body)
    print(f"day page with 20 due habits: {len(html)} bytes, {len(page.body)} gzipped")
