"""Vacations end to end against the real binary: adding and deleting them through the
plain forms, every refusal coming back beside its field with nothing written, and vacation
days bridging the streak on the day page and on the family board, drawn as their own state
on the row and the calendar."""
import calendar
import datetime
import os
import re
import sqlite3
import time
from zoneinfo import ZoneInfo

import pytest

from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in

ZONE = "Europe/Rome"
SETTINGS = {"language": "en", "time_zone": ZONE, "first_weekday": "monday", "day_start_hour": "0",
            "view": "row", "theme": "system"}


@pytest.fixture
def site(fresh_dawn):
    """A fresh server and its admin; not across midnight in Rome (the days are relative to today)."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    left = (datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo) - now).total_seconds()
    if left < 60:
        time.sleep(left + 2)
    dawn = fresh_dawn()
    return dawn, setup_admin(dawn), datetime.datetime.now(ZoneInfo(ZONE)).date()


def day(today, offset):
    return str(today + datetime.timedelta(days=offset))


def months_from(today, months):
    """`today` moved by whole months, the 31st clamped to the month's last day (as DayNavigation does)."""
    year, month = divmod(today.month - 1 + months, 12)
    year, month = today.year + year, month + 1
    return datetime.date(year, month, min(today.day, calendar.monthrange(year, month)[1]))


def member_db(dawn, username):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        member_id = con.execute("SELECT id FROM members WHERE username = ?", (username,)).fetchone()[0]
    finally:
        con.close()
    return os.path.join(dawn.data, "users", f"{member_id}.sqlite")


def vacations(dawn, username="mum"):
    con = sqlite3.connect(member_db(dawn, username))
    try:
        return con.execute("SELECT first, last FROM vacations ORDER BY first").fetchall()
    finally:
        con.close()


def field_error(html, field):
    m = re.search(rf'<p class="field-error" id="{field}-error">(.*?)</p>', html)
    return m and m.group(1)


def notes_on(browser, today, offsets):
    for offset in offsets:
        d = day(today, offset)
        browser.open(f"/day/{d}")
        assert browser.post(f"/day/{d}/notes", {"note": f"note {offset}"}).status == 303


def test_add_refuse_and_delete(site):
    dawn, mum, today = site
    page = mum.open("/settings")
    assert '<a href="/vacations">Manage vacations</a>' in page.text
    page = mum.open("/vacations")
    assert page.status == 200 and "No vacations yet." in page.text
    assert f'type="date" min="{months_from(today, -24)}" max="{months_from(today, 24)}"' in page.text, "the day pages' reach"

    first, last = day(today, 10), day(today, 14)
    r = mum.post("/vacations", {"first": first, "last": last})
    assert r.status == 303 and r.header("Location") == "/vacations?done=added"
    page = mum.open("/vacations?done=added")
    assert "The vacation was added." in page.text and "5 days" in page.text
    assert vacations(dawn) == [(first, last)]

    refusals = [
        ({"first": last, "last": first}, "last", "The last day is before the first"),
        ({"first": day(today, 14), "last": day(today, 20)}, "first", "This overlaps your vacation"),   # touching
        ({"first": day(today, 5), "last": day(today, 10)}, "first", "This overlaps your vacation"),    # touching
        ({"first": day(today, 11), "last": day(today, 12)}, "first", "This overlaps your vacation"),   # contained
        ({"first": day(today, 1), "last": day(today, 30)}, "first", "This overlaps your vacation"),    # containing
        ({"first": "2026-02-30", "last": day(today, 30)}, "first", "That is not a date."),
        ({"first": day(today, 30), "last": "soon"}, "last", "That is not a date."),
        ({"first": "", "last": day(today, 30)}, "first", "Enter the vacation&#39;s first day."),
        ({"first": day(today, 30)}, "last", "Enter the vacation&#39;s last day."),
        ({"first": day(today, -800), "last": day(today, -790)}, "first", "Vacations can cover days from"),
        ({"first": day(today, 700), "last": day(today, 800)}, "last", "Vacations can cover days from"),
    ]
    for fields, field, message in refusals:
        mum.open("/vacations")
        r = mum.post("/vacations", fields)
        assert r.status == 400, (fields, r.status)
        assert (field_error(r.text, field) or "").startswith(message), (fields, field_error(r.text, field))
        assert f'aria-invalid="true" aria-describedby="{field}-error"' in r.text
        for name, value in fields.items():
            if value:
                assert f'value="{value}"' in r.text, "what was typed comes back"
        assert vacations(dawn) == [(first, last)], f"nothing written for {fields}"

    # No token, a forged token: 403 and nothing written.
    mum.open("/vacations")
    assert mum.post("/vacations", {"first": day(today, 40), "last": day(today, 41)}, csrf=False).status == 403
    assert mum.post("/vacations", {"first": day(today, 40), "last": day(today, 41)}, csrf="forged").status == 403
    assert vacations(dawn) == [(first, last)]

    # The day after is fine.
    mum.open("/vacations")
    assert mum.post("/vacations", {"first": day(today, 15), "last": day(today, 15)}).status == 303
    assert vacations(dawn) == [(first, last), (day(today, 15), day(today, 15))]

    # Deleting: a forged id is a 404 and deletes nothing; the real one goes.
    page = mum.open("/vacations")
    ids = re.findall(r'action="/vacations/(\d+)/delete"', page.text)
    assert len(ids) == 2
    for forged in ["999999", "0", "abc"]:
        r = mum.post(f"/vacations/{forged}/delete", {})
        assert r.status == 404 and "That vacation is not there" in r.text
    assert len(vacations(dawn)) == 2
    assert mum.post(f"/vacations/{ids[0]}/delete", {}, csrf=False).status == 403
    r = mum.post(f"/vacations/{ids[0]}/delete", {})
    assert r.status == 303 and r.header("Location") == "/vacations?done=deleted"
    assert vacations(dawn) == [(day(today, 15), day(today, 15))]


def test_the_limit(site):
    dawn, mum, today = site
    mum.open("/vacations")
    # 499 one-day vacations written straight into the member's database (each through the
    # form would take minutes), then the 500th through the form, and the 501st refused.
    start = today - datetime.timedelta(days=700)
    con = sqlite3.connect(member_db(dawn, "mum"))
    with con:
        con.executemany("INSERT INTO vacations (first, last) VALUES (?, ?)",
                        [(str(start + datetime.timedelta(days=2 * n)),) * 2 for n in range(499)])
    con.close()
    page = mum.open("/vacations")
    assert mum.post("/vacations", {"first": day(today, 400), "last": day(today, 401)}).status == 303
    mum.open("/vacations")
    r = mum.post("/vacations", {"first": day(today, 500), "last": day(today, 501)})
    assert r.status == 400
    assert '<p class="form-error" role="alert">You keep 500 vacations, the most Dawn holds. Delete one to add another.</p>' in r.text
    assert len(vacations(dawn)) == 500 and (day(today, 500), day(today, 501)) not in vacations(dawn)


def test_a_vacation_bridges_the_streak_on_the_day_page_and_the_board(site):
    dawn, mum, today = site
    # Five days active, three away, two active (yesterday and today): 7.
    notes_on(mum, today, [-9, -8, -7, -6, -5, -1, 0])
    mum.open("/settings")
    assert mum.post("/settings", SETTINGS).status == 303  # the row and its header (the grid is the default)
    page = mum.open("/")
    assert '<p class="timeline-stats">2 Days Streak' in page.text, "without the vacation, the run broke"
    mum.open("/vacations")
    assert mum.post("/vacations", {"first": day(today, -4), "last": day(today, -2)}).status == 303
    page = mum.open("/")
    assert '<p class="timeline-stats">7 Days Streak • 7 Active days' in page.text
    away = re.findall(r'<a class="c past vacation" href="/day/([\d-]+)" aria-label="([^"]*)"', page.text)
    assert [d for d, _ in away] == [day(today, -4), day(today, -3), day(today, -2)]
    assert all(label.endswith(", on vacation") for _, label in away)

    # The calendar of the vacation's month marks its days.
    month = day(today, -3)[:7]
    cal = mum.open(f"/calendar/{month}")
    marked = re.findall(r'<a class="cal-day[^"]* vacation" href="/day/([\d-]+)"', cal.text)
    assert day(today, -3) in marked and "A dashed ring marks a vacation day." in cal.text

    # The board: a member sharing their streak, away for three days between two runs.
    assert add_member(mum).status == 303
    kid, _ = sign_in(dawn, "kid", MEMBER_PASSWORD)
    notes_on(kid, today, [-11, -10, -9, -5, -4, -3, -2, -1])
    kid.open("/settings")
    assert kid.post("/settings", {**SETTINGS, "board": "1"}).status == 303
    assert re.search(r"<strong>Kid</strong> <span class=\"board-streak\">5 days streak</span>", mum.get("/board").text)
    kid.open("/vacations")
    assert kid.post("/vacations", {"first": day(today, -8), "last": day(today, -6)}).status == 303
    assert re.search(r"<strong>Kid</strong> <span class=\"board-streak\">8 days streak</span> "
                     r"<span class=\"muted\">not yet today</span>", mum.get("/board").text)
    assert vacations(dawn, "mum") == [(day(today, -4), day(today, -2))], "each member's own vacations"
