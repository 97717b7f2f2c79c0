"""Habit plans end to end against the real binary: a habit's schedule (every day, chosen
weekdays, N a week, N a month), daily target and group through the plain habit form, then
the member's order and pauses on /habits; the JSON export shows each exactly in its
pinned shape. Every refusal comes back with its message beside its field (or a 404 / 403)
and writes nothing to the member's database."""
import calendar
import datetime
import json
import re
import time
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import pytest

from test_accounts import setup_admin
from test_day import member_db, rows

ZONE = "Europe/Rome"
LOOK = [("emoji", "📚"), ("color", "#48DBAB"), ("duration", "30")]
HABIT_COLUMNS = ("SELECT name, schedule, target_milli, target_kind, target_unit, group_name, paused_from, position, archived_at "
                 "FROM habits ORDER BY id")


@pytest.fixture
def site(fresh_dawn):
    """A fresh server and its admin; not across midnight in Rome (pauses default to today)."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    left = (datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo) - now).total_seconds()
    if left < 60:
        time.sleep(left + 2)
    dawn = fresh_dawn()
    return dawn, setup_admin(dawn), datetime.datetime.now(ZoneInfo(ZONE)).date()


def post(browser, path, fields):
    """POSTs `fields` (a list of pairs: names may repeat, as checkboxes send them) with the page's token."""
    return browser.request("POST", path, urlencode(list(fields) + [("csrf", browser.csrf)]).encode())


def add(browser, name, plan):
    browser.open("/habits/new?from=habits")
    r = post(browser, "/habits", [("name", name)] + LOOK + [("from", "habits")] + plan)
    assert r.status == 303, r.text[:800]
    return int(re.search(r"#habit-(\d+)$", r.header("Location")).group(1))


def exported(browser):
    r = browser.get("/export/dawn.json")
    assert r.status == 200
    return {h["name"]: {k: v for k, v in h.items() if k in ("schedule", "target", "group", "position", "pausedFrom")}
            for h in json.loads(r.body)["habits"]}


def field_error(html, field):
    m = re.search(rf'<p class="field-error" id="{re.escape(field)}">(.*?)</p>', html)
    return m and m.group(1)


def plans(html):
    """The /habits list as (heading or name, plan) in page order."""
    items = re.findall(r'<h2 class="habit-group">([^<]*)</h2>|<span class="pill-name">([^<]*)</span>.*?<p class="habit-plan">([^<]*)</p>',
                       html, re.S)
    return [("#", h) if h else (n, p) for h, n, p in items]


def months_from(today, months):
    year, month = divmod(today.month - 1 + months, 12)
    year, month = today.year + year, month + 1
    return datetime.date(year, month, min(today.day, calendar.monthrange(year, month)[1]))


def test_each_schedule_target_and_group_through_the_form_and_the_export(site):
    dawn, mum, today = site
    read = add(mum, "Read", [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                             ("target_kind", "at_least"), ("group", "Evening")])
    swim = add(mum, "Swim", [("schedule", "weekdays"), ("weekdays", "fri"), ("weekdays", "mon"), ("weekdays", "wed"),
                             ("week_times", "junk"), ("group", "Morning")])
    gym = add(mum, "Gym", [("schedule", "week"), ("week_times", "3"), ("target_amount", ""), ("target_unit", ""), ("group", "")])
    call = add(mum, "Call gran", [("schedule", "month"), ("month_times", "10"), ("target_amount", "2,5"), ("target_unit", ""),
                                  ("target_kind", "at_most"), ("group", "Morning")])
    assert [read, swim, gym, call] == sorted([read, swim, gym, call])

    data = exported(mum)
    assert data == {
        "Read": {"schedule": {"every": "day"}, "target": {"amount": 20, "unit": "pages", "kind": "at_least"},
                 "group": "Evening", "position": 1},
        "Swim": {"schedule": {"weekdays": ["mon", "wed", "fri"]}, "group": "Morning", "position": 2},
        "Gym": {"schedule": {"every": "week", "times": 3}, "group": None, "position": 3},
        "Call gran": {"schedule": {"every": "month", "times": 10}, "target": {"amount": 2.5, "unit": "", "kind": "at_most"},
                      "group": "Morning", "position": 4},
    }
    assert type(data["Read"]["target"]["amount"]) is int, "a whole amount is written as 20, not 20.0"

    page = mum.open("/habits?done=added")
    assert page.status == 200
    assert '<p class="notice toast" role="status">The habit was added.</p>' in page.text
    assert plans(page.text) == [
        ("#", "Evening"), ("Read", "Every day · at least 20\u00a0pages a day"),
        ("#", "Morning"), ("Swim", "On Mon, Wed, Fri"), ("Call gran", "10 times a month · at most 2.5 a day"),
        ("#", "Not in a group"), ("Gym", "3 times a week"),
    ]
    assert '<a href="/habits">Habits</a>' in mum.get("/").text, "the navigation links the list"

    # Editing: the form holds the plan; a new one replaces it.
    form = mum.open(f"/habits/{gym}/edit?from=habits")
    assert 'id="schedule-week" name="schedule" value="week" checked>' in form.text
    assert re.search(r'<input type="number" id="week_times"[^>]* value="3"', form.text)
    r = post(mum, f"/habits/{gym}", [("name", "Gym")] + LOOK + [("from", "habits"), ("schedule", "weekdays"),
                                                                ("weekdays", "tue"), ("weekdays", "sat"),
                                                                ("target_amount", "45"), ("target_unit", "min"),
                                                                ("target_kind", "at_least"), ("group", "Morning")])
    assert r.status == 303 and r.header("Location") == f"/habits?done=saved#habit-{gym}"
    r = post(mum, f"/habits/{swim}", [("name", "Swim")] + LOOK + [("schedule", "week"), ("week_times", "7"),
                                                                  ("target_amount", ""), ("target_unit", ""), ("group", "")])
    assert r.status == 303 and r.header("Location") == f"/day/{today}?done=habit-saved#tray", "opened from the day: back to it"
    data = exported(mum)
    assert data["Gym"] == {"schedule": {"weekdays": ["tue", "sat"]}, "target": {"amount": 45, "unit": "min", "kind": "at_least"},
                           "group": "Morning", "position": 3}
    assert data["Swim"] == {"schedule": {"every": "week", "times": 7}, "group": None, "position": 2}


def test_order_pause_and_resume_on_the_list_and_in_the_export(site):
    dawn, mum, today = site
    ids = {name: add(mum, name, [("schedule", "day"), ("group", group)])
           for name, group in [("Run", "Morning"), ("Tea", ""), ("Walk", "Morning"), ("Nap", "")]}
    page = mum.open("/habits")
    run_up = re.search(rf'<button type="submit" name="direction" value="up" class="quiet" aria-label="Move Run up"( disabled)?>', page.text)
    assert run_up and run_up.group(1) == " disabled", "the first of its group cannot go up"
    nap_down = re.search(r'value="down" class="quiet" aria-label="Move Nap down"( disabled)?>', page.text)
    assert nap_down.group(1) == " disabled", "the last of its group cannot go down"

    # Walk up: within Morning, past Tea (no group), to the top.
    r = post(mum, f"/habits/{ids['Walk']}/move", [("direction", "up")])
    assert r.status == 303 and r.header("Location") == f"/habits#habit-{ids['Walk']}"
    assert [n for n, _ in plans(mum.open("/habits").text) if n != "#"] == ["Walk", "Run", "Tea", "Nap"]
    r = post(mum, f"/habits/{ids['Tea']}/move", [("direction", "down")])
    assert r.status == 303
    assert {n: h["position"] for n, h in exported(mum).items()} == {"Walk": 1, "Run": 3, "Tea": 4, "Nap": 2}

    # Pause from today (the field's default), from a later day; resume.
    page = mum.open("/habits")
    assert re.search(rf'<input id="pause-from-{ids["Run"]}" name="from" type="date" min="{months_from(today, -24)}" '
                     rf'max="{months_from(today, 24)}" value="{today}" required>', page.text)
    later = today + datetime.timedelta(days=10)
    assert post(mum, f"/habits/{ids['Run']}/pause", [("from", str(today))]).header("Location") == f"/habits?done=paused#habit-{ids['Run']}"
    assert post(mum, f"/habits/{ids['Nap']}/pause", [("from", str(later))]).status == 303
    page = mum.open("/habits?done=paused")
    assert "The habit is paused." in page.text
    assert page.text.count('<p class="habit-paused">Paused since ') == 1
    assert page.text.count('<p class="habit-paused">Paused from ') == 1
    data = exported(mum)
    assert data["Run"]["pausedFrom"] == str(today) and data["Nap"]["pausedFrom"] == str(later)
    assert "pausedFrom" not in data["Tea"]
    r = post(mum, f"/habits/{ids['Run']}/resume", [])
    assert r.status == 303 and r.header("Location") == f"/habits?done=resumed#habit-{ids['Run']}"
    assert "pausedFrom" not in exported(mum)["Run"]
    assert rows(member_db(dawn, "mum"), "SELECT name, paused_from FROM habits WHERE paused_from IS NOT NULL") == [("Nap", str(later))]


def test_refusals_come_back_beside_their_field_and_write_nothing(site):
    dawn, mum, today = site
    db = member_db(dawn, "mum")
    run = add(mum, "Run", [("schedule", "week"), ("week_times", "3"), ("group", "Morning")])
    before = rows(db, HABIT_COLUMNS)
    weekday_message = "Choose at least one weekday, each once (in files: mon, tue, wed, thu, fri, sat, sun)."
    amount_message = "A target is a number greater than 0 and at most a billion, like 20 or 2.5."
    unit_message = "A unit is at most 20 characters on one line, like pages or km. It may be left empty."
    group_message = "A group name is at most 30 characters on one line."
    cases = [
        ([("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "someday")], "weekdays-error", weekday_message),
        ([("schedule", "weekdays")], "weekdays-error", weekday_message),
        ([("schedule", "week"), ("week_times", "0")], "week_times-error", "A weekly habit is done 1 to 7 times a week."),
        ([("schedule", "week"), ("week_times", "8")], "week_times-error", "A weekly habit is done 1 to 7 times a week."),
        ([("schedule", "month"), ("month_times", "0")], "month_times-error", "A monthly habit is done 1 to 31 times a month."),
        ([("schedule", "month"), ("month_times", "32")], "month_times-error", "A monthly habit is done 1 to 31 times a month."),
        ([("schedule", "day"), ("target_amount", "0"), ("target_kind", "at_least")], "target_amount-error", amount_message),
        ([("schedule", "day"), ("target_amount", "-3"), ("target_kind", "at_least")], "target_amount-error", amount_message),
        ([("schedule", "day"), ("target_amount", "twenty"), ("target_kind", "at_least")], "target_amount-error", amount_message),
        ([("schedule", "day"), ("target_amount", "20"), ("target_unit", "u" * 21), ("target_kind", "at_least")],
         "target_unit-error", unit_message),
        ([("schedule", "day"), ("group", "g" * 31)], "group-hint", group_message),
        ([("schedule", "day"), ("group", "Morning\r\nRun")], "group-hint", group_message),
    ]
    for where in ["/habits", f"/habits/{run}"]:
        mum.open("/habits/new" if where == "/habits" else f"/habits/{run}/edit")
        for plan, field, message in cases:
            r = post(mum, where, [("name", "Typed name")] + LOOK + plan)
            assert r.status == 400, (where, plan, r.status)
            assert field_error(r.text, field) == message, (where, plan)
            assert 'name="name" value="Typed name"' in r.text, "what was typed stays"
            for name, value in plan:
                if name in ("week_times", "month_times", "target_amount", "target_unit"):
                    assert re.search(rf'id="{name}"[^>]* value="{re.escape(value)}"', r.text), (name, value)
        assert rows(db, HABIT_COLUMNS) == before, f"nothing written by {where}"

    # The list's refusals: a bad direction, a date that is none or out of reach; unknown
    # habits; a forged token.
    mum.open("/habits")
    for direction in ["left", ""]:
        r = post(mum, f"/habits/{run}/move", [("direction", direction)])
        assert r.status == 400 and "Move a habit up or down; nothing was moved." in r.text
    beyond = months_from(today, 24) + datetime.timedelta(days=1)
    for typed, message in [("", "Enter the first day of the pause."),
                           ("2026-02-29", "That is not a date. Dates look like 2026-08-14."),
                           ("tomorrow", "That is not a date. Dates look like 2026-08-14."),
                           (str(beyond), "A pause can start on a day from ")]:
        r = post(mum, f"/habits/{run}/pause", [("from", typed)])
        assert r.status == 400, typed
        assert (field_error(r.text, f"pause-from-{run}-error") or "").startswith(message), (typed, r.text[:600])
        assert re.search(rf'id="pause-from-{run}"[^>]* value="{typed}" required aria-invalid="true" aria-describedby="pause-from-{run}-error"', r.text)
    for path, fields in [("/habits/999/move", [("direction", "up")]), ("/habits/999/pause", [("from", str(today))]),
                         ("/habits/999/resume", []), ("/habits/x/move", [("direction", "up")]), ("/habits/999/edit", None)]:
        r = mum.get(path) if fields is None else post(mum, path, fields)
        assert r.status == 404 and "That habit does not exist any more." in r.text, path
    r = mum.request("POST", f"/habits/{run}/pause", urlencode({"from": str(today), "csrf": "forged"}).encode())
    assert r.status == 403
    r = mum.request("POST", "/habits", urlencode([("name", "Sneaky")] + LOOK + [("schedule", "day"), ("csrf", "forged")]).encode())
    assert r.status == 403
    assert rows(db, HABIT_COLUMNS) == before, "nothing written by any refusal"


def test_a_target_set_today_keeps_the_days_before_and_the_habit_page_says_since_when(site):
    """Timed logs without amounts, then "at least 20 pages": the days before keep no target, so
    the streak, best and strength stay; today asks for the pages; the habit's page dates the change."""
    dawn, mum, today = site
    read = add(mum, "Read", [("schedule", "day")])
    for back in range(1, 6):
        r = post(mum, f"/day/{today - datetime.timedelta(days=back)}/instances",
                 [("habit", str(read)), ("start", "08:00"), ("duration", "30"), ("note", "")])
        assert r.status == 303, r.text[:800]
    r = post(mum, f"/habits/{read}", [("name", "Read")] + LOOK + [("schedule", "day"), ("target_amount", "20"),
                                                                  ("target_unit", "pages"), ("target_kind", "at_least")])
    assert r.status == 303, r.text[:800]

    api = mum.get(f"/api/stats?from={today - datetime.timedelta(days=10)}&to={today}")
    assert api.status == 200
    habit = next(h for h in json.loads(api.body)["habits"] if h["name"] == "Read")
    assert (habit["currentStreak"], habit["bestStreak"]) == (5, 5)
    assert habit["score"] > 0
    page = mum.open(f"/habits/{read}")
    assert page.status == 200
    assert f'<p class="habit-rule-since">Target since {today.day} {today.strftime("%B")} {today.year}</p>' in page.text
    exported_rules = json.loads(mum.get("/export/dawn.json").body)["habits"][0]["pastRules"]
    assert exported_rules == [{"until": str(today), "schedule": {"every": "day"}}]

    # Today, a timed log without pages is short of the target; 25 pages meet it.
    post(mum, f"/day/{today}/instances", [("habit", str(read)), ("start", "09:00"), ("duration", "30"), ("note", "")])
    assert rows(member_db(dawn, "mum"), f"SELECT day, done FROM habit_days WHERE habit_id = {read} AND day = '{today}'") \
        == [(str(today), 0)]
    r = post(mum, f"/day/{today}/check/{read}", [("action", "done"), ("amount", "25")])
    assert r.status == 303
    habit = next(h for h in json.loads(mum.get(f"/api/stats?from={today}&to={today}").body)["habits"] if h["name"] == "Read")
    assert habit["currentStreak"] == 6
