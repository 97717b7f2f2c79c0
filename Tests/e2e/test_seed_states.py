"""The seeds' remaining states end to end against the real binary: the
day's heading leads to the month calendar with that day selected (seed 003's selected
ring), a malformed or foreign `?day=` is a 400 in the member's language that breaks
nothing else, days of the month without a day page are faded and not links, activity and
entry circles are apart in the markup, and a new member opens on the grid and on the month
(seeds 001 and 004)."""
import datetime
import hashlib
import re
import time
from zoneinfo import ZoneInfo

import pytest

from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import member_db

ZONE = "Europe/Rome"
BAD_DAY_EN = "That is not a day of this month. Days look like 2026-11-05."
BAD_DAY_IT = "Questo non è un giorno di questo mese. I giorni si scrivono come 2026-11-05."


@pytest.fixture
def site(fresh_dawn):
    """A fresh server, its admin, and today in Rome (not across midnight)."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    left = (datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo) - now).total_seconds()
    if left < 60:
        time.sleep(left + 2)
    dawn = fresh_dawn()
    return dawn, setup_admin(dawn), datetime.datetime.now(ZoneInfo(ZONE)).date()


def cells(html):
    """(tag, classes, day number or None, href) of every calendar cell."""
    out = []
    for m in re.finditer(r'<td>(.*?)</td>', html):
        cell = m.group(1)
        a = re.match(r'<a class="([^"]*)" href="([^"]*)" aria-label="([^"]*)"[^>]*>(\d+)</a>', cell)
        if a:
            out.append(("a", a.group(1).split(), int(a.group(4)), a.group(2), a.group(3)))
        else:
            s = re.match(r'<span class="([^"]*)" data-day="(\d+)" aria-hidden="true"></span>', cell)
            assert s, cell
            out.append(("span", s.group(1).split(), int(s.group(2)), None, None))
    return out


def error_text(html):
    m = re.search(r'<p class="error-text">([^<]*)</p>', html) or re.search(r'<main[^>]*>.*?<p[^>]*>([^<]*)</p>', html, re.S)
    return m.group(1) if m else html[:400]


def months_ahead(today, months):
    year, month = divmod(today.month - 1 + months, 12)
    first = datetime.date(today.year + year, month + 1, 1)
    following = (first + datetime.timedelta(days=32)).replace(day=1)
    return first.replace(day=min(today.day, (following - first).days))


def test_the_heading_leads_to_the_calendar_with_the_day_selected(site):
    dawn, admin, today = site
    day = today - datetime.timedelta(days=3)
    page = admin.get(f"/day/{day}")
    assert page.status == 200
    link = re.search(r'<h1><a class="day-calendar" href="([^"]+)"><time datetime="' + str(day) + '">', page.text)
    assert link, "the date heading is a link"
    assert link.group(1) == f"/calendar/{str(day)[:7]}?day={day}"
    calendar = admin.get(link.group(1))
    assert calendar.status == 200
    selected = [c for c in cells(calendar.text) if "selected" in c[1]]
    assert [(c[0], c[2], c[3]) for c in selected] == [("a", day.day, f"/day/{day}")], "one day ringed: the day linked from"
    assert selected[0][4].endswith(", selected")
    # Without ?day= nothing is selected, today keeps its own mark.
    plain = cells(admin.get(f"/calendar/{str(today)[:7]}").text)
    assert not [c for c in plain if "selected" in c[1]]
    assert [c[2] for c in plain if "current" in c[1]] == [today.day]


@pytest.mark.parametrize("value", ["", "2026-1-05", "yesterday", "2026-11-05T00:00", "%20" + "2026-11-05", "0000-00-00"])
def test_a_malformed_day_is_a_400_that_breaks_nothing(site, value):
    dawn, admin, today = site
    month = str(today)[:7]
    before = hashlib.sha256(open(member_db(dawn, "mum"), "rb").read()).hexdigest()
    r = admin.get(f"/calendar/{month}?day={value}")
    assert r.status == 400, (value, r.status)
    assert BAD_DAY_EN in r.text, r.text[:600]
    # Nothing else broken: the calendar, the day and the server answer, nothing written.
    assert admin.get(f"/calendar/{month}").status == 200
    assert admin.get(f"/calendar/{month}?day={today}").status == 200
    assert admin.get(f"/day/{today}").status == 200
    assert hashlib.sha256(open(member_db(dawn, "mum"), "rb").read()).hexdigest() == before


def test_a_day_of_another_month_or_two_days_are_refused_in_the_members_language(site):
    dawn, admin, today = site
    month = str(today)[:7]
    other = months_ahead(today, 1)
    for query in [f"day={other}", f"day={today}&day={today}", f"day={today}&day={other}"]:
        r = admin.get(f"/calendar/{month}?{query}")
        assert r.status == 400 and BAD_DAY_EN in r.text, (query, r.status)
    assert add_member(admin, "nonna", "Nonna").status == 303
    nonna, r = sign_in(dawn, "nonna", MEMBER_PASSWORD)
    assert r.status == 303
    nonna.open("/settings")
    assert nonna.post("/settings", {"language": "it", "time_zone": ZONE, "first_weekday": "monday",
                                    "day_start_hour": "0", "view": "grid", "theme": "system"}).status == 303
    r = nonna.get(f"/calendar/{month}?day={other}")
    assert r.status == 400 and BAD_DAY_IT in r.text, r.text[:600]


def test_days_without_a_day_page_are_faded_and_not_links(site):
    dawn, admin, today = site
    last = months_ahead(today, 24)  # the last day page: two calendar years ahead
    page = admin.get(f"/calendar/{str(last)[:7]}")
    assert page.status == 200
    inside = [c for c in cells(page.text) if "outside" not in c[1]]
    assert [c[2] for c in inside] == list(range(1, len(inside) + 1))
    for tag, classes, number, href, _ in inside:
        if number <= last.day:
            assert tag == "a" and "disabled" not in classes and href == f"/day/{last.replace(day=number)}"
        else:
            assert (tag, href) == ("span", None) and "disabled" in classes, (number, classes)
            assert admin.get(f"/day/{last.replace(day=number)}").status == 404, "no day page behind a faded day"
    assert admin.get(f"/day/{last}").status == 200
    if last.day < len(inside):
        assert f'<span class="cal-day disabled" data-day="{last.day + 1}" aria-hidden="true"></span>' in page.text
    # Before the calendar's first month a day page has no calendar link (it would be a 404).
    old = admin.get("/day/1950-06-01")
    assert old.status == 200 and "day-calendar" not in old.text
    assert admin.get("/calendar/1950-06?day=1950-06-01").status == 404


def test_activity_and_entry_circles_are_apart(site):
    """Today always shows its number: a note draws the dot under it (class "active"), an
    entry the disc (class "entry", no dot)."""
    dawn, admin, today = site
    admin.open(f"/day/{today}")
    assert admin.post(f"/day/{today}/notes", {"note": "tea"}).status == 303
    html = admin.get("/").text
    m = re.search(r'<a class="c today selected active" href="/day/' + str(today) + r'"[^>]*>(.*?)</a>', html)
    assert m and m.group(1) == f'<span class="dot"></span><span class="n">{today.day}</span>', html[:800]
    assert admin.post(f"/day/{today}/entry", {"entry": "Written.", "version": "0"}).status == 303
    html = admin.get("/").text
    m = re.search(r'<a class="c today selected entry" href="/day/' + str(today) + r'"[^>]*>(.*?)</a>', html)
    assert m and m.group(1) == f'<span class="n">{today.day}</span>', "the disc: no dot"


def test_a_new_member_opens_on_the_grid_and_the_month(site):
    dawn, admin, today = site
    html = admin.get("/").text
    assert '<section class="grid-box"' in html and '<nav class="timeline"' not in html
    assert len(re.findall(r'<a class="c [^"]*" href="/day/', html)) == 84
    stats = admin.get("/stats")
    assert stats.status == 200
    assert f'<a href="/stats?g=month&amp;p={str(today)[:7]}" aria-current="page">' in stats.text
    # The row stays a choice.
    admin.open("/settings")
    assert admin.post("/settings", {"language": "en", "time_zone": ZONE, "first_weekday": "monday",
                                    "day_start_hour": "0", "view": "row", "theme": "system"}).status == 303
    html = admin.get("/").text
    assert '<nav class="timeline"' in html and len(re.findall(r'<a class="c [^"]*" href="/day/', html)) == 33
