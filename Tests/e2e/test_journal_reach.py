"""The journal across the years, end to end: every day from 1900 to two years ahead has its page,
statistics and the calendar reach back to a member's earliest data, no page links to a 404, and
the day page recalls the same day of earlier years ("on this day")."""
import datetime
import json
import re
import time
from urllib.parse import urljoin
from zoneinfo import ZoneInfo

import pytest

from conftest import Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import today_in
from test_import import do_import

ZONE = "Europe/Rome"
FIRST = datetime.date(2016, 1, 1)  # the imported history starts here: about ten years back
MOVED = datetime.date(2016, 5, 5)


def years_later(day, years):
    """`day` moved by whole years, 29 February clamped to the 28th (as Dawn does)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def history(today):
    """Ten years of a member's days: a walk logged every other day, an entry every fifth day
    and a note every seventh, and an entry on 2016-05-05."""
    instances, entries, notes = [], [], []
    day, n = FIRST, 0
    while day < today - datetime.timedelta(days=3):
        if n % 2 == 0:
            instances.append({"habitId": 1, "date": str(day), "start": "07:30", "durationMinutes": 30, "note": ""})
        if n % 5 == 0 and day != MOVED:
            entries.append({"date": str(day), "text": f"Day {n} of the walks.\nSecond line."})
        if n % 7 == 0:
            notes.append({"date": str(day), "text": f"note {n}", "createdAt": 1_450_000_000 + n * 86_400})
        day += datetime.timedelta(days=1)
        n += 1
    entries.append({"date": str(MOVED), "text": "The day we moved.\nBoxes everywhere."})
    # Today's month and day in 2018 and 2024 (an entry) and 2021 (a note only), so today's page
    # surely recalls something.
    for year, kind in [(2018, "entry"), (2021, "note"), (2024, "entry")]:
        try:
            date = str(datetime.date(year, today.month, today.day))
        except ValueError:
            continue
        entries[:] = [e for e in entries if e["date"] != date]
        notes[:] = [x for x in notes if x["date"] != date]
        if kind == "entry":
            entries.append({"date": date, "text": f"On this day in {year}.\nMore."})
        else:
            notes.append({"date": date, "text": f"Only a note in {year}.", "createdAt": 1_600_000_000})
    return instances, entries, notes


def recalled_on(day, entries, notes):
    """What "on this day" should list for `day`, computed here from the imported rows: per
    earlier year the same month and day (28 February of a common year also recalls a leap
    year's 29th), the entry's first line or else the note, newest first."""
    by_entry = {e["date"]: e["text"].split("\n", 1)[0] for e in entries}
    by_note = {x["date"]: x["text"] for x in notes}
    leap = day.year % 4 == 0 and (day.year % 100 != 0 or day.year % 400 == 0)
    wanted = []
    for year in range(day.year - 1, 1899, -1):
        candidates = []
        if (day.month, day.day) == (2, 28) and not leap:
            candidates.append((year, 2, 29))
        candidates.append((year, day.month, day.day))
        for y, m, d in candidates:
            try:
                date = str(datetime.date(y, m, d))
            except ValueError:
                continue
            text = by_entry.get(date) or by_note.get(date)
            if text:
                wanted.append((date, text))
    return wanted


@pytest.fixture(scope="module")
def decade():
    """A member (the admin) with ten years imported, and a new member with nothing."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    midnight = datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo)
    if (midnight - now).total_seconds() < 120:  # the crawl must not straddle midnight
        time.sleep((midnight - now).total_seconds() + 2)
    dawn = Dawn()
    admin = setup_admin(dawn)
    today = today_in(ZONE)
    admin.open("/")
    export = json.loads(admin.get("/export/dawn.json").text)
    instances, entries, notes = history(today)
    export["habits"] = [{
        "id": 1, "name": "Walk", "emoji": "🚶", "colour": "#48DBAB", "defaultDurationMinutes": 30,
        "createdAt": 1_450_000_000, "archivedAt": None, "schedule": {"every": "day"},
    }]
    export.update(instances=instances, entries=entries, notes=notes)
    r = do_import(admin, json.dumps(export).encode(), mode="merge", timeout=120)
    assert r.status == 303, r.text[:600]
    assert add_member(admin, "kid", "Kid").status == 303
    kid, signed = sign_in(dawn, "kid", MEMBER_PASSWORD)
    assert signed.status == 303
    yield dawn, admin, kid, today, (entries, notes)
    assert dawn.stop() == 0, dawn.errors


LINK = re.compile(r'<(?:a|link)\b[^>]*?\bhref="([^"]+)"')


def links(html, base):
    """Every same-origin link of a page (anchors and stylesheets), absolute paths, no fragment."""
    found = set()
    for href in LINK.findall(html):
        href = href.replace("&amp;", "&").split("#", 1)[0]
        if not href or href.startswith("//") or re.match(r"^[a-z]+:", href):
            continue
        found.add(urljoin(base, href))
    return found


def crawl(browser, seeds, expand=("/stats", "/calendar/")):
    """GETs every seed and every link on them, then every link of the statistics and calendar
    pages found that way. Returns {url: status} and {url: page it was linked from}."""
    status, source, pages = {}, {}, {}

    def fetch(url):
        if url not in status:
            r = browser.get(url)
            if r.status in (302, 303):
                target = r.header("Location")
                follow = browser.get(target)
                status[url] = follow.status
                pages[url] = follow.text
            else:
                status[url] = r.status
                pages[url] = r.text if r.status == 200 else ""
        return pages[url]

    frontier = list(seeds)
    for url in seeds:
        source.setdefault(url, "(seed)")
    for depth in range(2):
        nxt = []
        for url in frontier:
            html = fetch(url)
            if depth == 1 and not url.startswith(expand):
                continue
            for link in sorted(links(html, url)):
                source.setdefault(link, url)
                fetch(link)
                if link.startswith(expand):
                    nxt.append(link)
        frontier = sorted(set(nxt))
    return status, source


def period_ids(oldest):
    """The ids of the periods holding `oldest` at every granularity (weeks from Monday, ISO)."""
    year, week, _ = oldest.isocalendar()
    return {"day": str(oldest), "week": f"{year}-W{week:02d}", "month": oldest.strftime("%Y-%m"),
            "quarter": f"{oldest.year}-Q{(oldest.month - 1) // 3 + 1}", "year": str(oldest.year)}


def seeds_for(browser, today, oldest):
    ahead = years_later(today, 2)
    seeds = ["/", f"/day/{today}", f"/day/{MOVED}", "/day/1900-01-01", f"/day/{ahead}", f"/day/{oldest}",
             "/stats", "/habits", "/habits/archived", "/board",
             f"/calendar/{today:%Y-%m}", f"/calendar/{oldest:%Y-%m}", f"/calendar/{ahead:%Y-%m}"]
    for g, pid in period_ids(oldest).items():
        seeds += [f"/stats?g={g}", f"/stats?g={g}&p={pid}"]
    habits = browser.get("/habits").text
    seeds += sorted(set(re.findall(r'href="(/habits/\d+)"', habits)))
    return seeds


def assert_no_dead_links(browser, today, oldest):
    status, source = crawl(browser, seeds_for(browser, today, oldest))
    dead = sorted((url, code, source[url]) for url, code in status.items() if code != 200)
    assert not dead, f"{len(dead)} links do not answer 200: {dead[:20]}"
    return status


def test_every_link_answers_for_ten_years_of_history(decade):
    dawn, admin, _, today, _ = decade
    status = assert_no_dead_links(admin, today, FIRST)
    # The crawl went where the new reach leads: 2016 and its calendar months, the oldest periods.
    for url in ["/stats?g=year&p=2016", "/calendar/2016-01", f"/day/{MOVED}", "/stats?g=month&p=2016-01"]:
        assert status.get(url) == 200, url
    assert len(status) > 150, len(status)
    print(f"crawled {len(status)} links")
    # The oldest periods have no ← arrow; the year chips run from 2016 to this year.
    for g, pid in period_ids(FIRST).items():
        page = admin.get(f"/stats?g={g}&p={pid}")
        assert page.status == 200 and 'rel="prev"' not in page.text, (g, pid)
        before = {"day": "2015-12-31", "week": "2015-W52", "month": "2015-12", "quarter": "2015-Q4", "year": "2015"}[g]
        assert admin.get(f"/stats?g={g}&p={before}").status == 404, (g, before)
    years = admin.get("/stats?g=year").text.split('<nav class="years"', 1)[1].split("</nav>", 1)[0]
    chips = re.findall(r'<a href="/stats\?g=year&amp;p=(\d{4})"', years)
    assert chips == [str(y) for y in range(2016, today.year + 1)], chips
    calendar = admin.get("/calendar/2016-01")
    assert 'rel="prev"' not in calendar.text and 'href="/calendar/2016-02"' in calendar.text
    assert admin.get("/calendar/2015-12").status == 404


def test_a_new_member_keeps_two_years_and_no_link_is_dead(decade):
    """The old bug: the year view linked to /calendar/<two years back>-01, out of range."""
    _, _, kid, today, _ = decade
    oldest = years_later(today, -2)
    assert_no_dead_links(kid, today, oldest)
    year = kid.get(f"/stats?g=year&p={oldest.year}")
    assert year.status == 200
    assert f'href="/calendar/{oldest:%Y-%m}"' in year.text, "the year's calendar link goes to the first month in reach"
    assert kid.get(f"/stats?g=year&p={oldest.year - 1}").status == 404
    before = (oldest.replace(day=1) - datetime.timedelta(days=1))
    assert kid.get(f"/calendar/{before:%Y-%m}").status == 404
    # Day pages reach back all the same: they do not depend on the member's data.
    assert kid.get(f"/day/{MOVED}").status == 200


def test_the_range_of_day_pages(decade):
    _, admin, _, today, _ = decade
    ahead = years_later(today, 2)
    for path, expected in [("/day/1900-01-01", 200), ("/day/1899-12-31", 404), ("/day/0001-01-01", 404),
                           (f"/day/{ahead}", 200), (f"/day/{ahead + datetime.timedelta(days=1)}", 404),
                           (f"/day/{years_later(today, 3)}", 404), ("/day/2020-13-01", 400), ("/day/2020-02-30", 400),
                           ("/day/2020-5-05", 400), ("/day/2020-05-05", 200)]:
        r = admin.get(path)
        assert r.status == expected, (path, r.status)
        if expected == 404:
            assert "Dawn shows days from 1 January 1900 to two years ahead." in r.text, path
        if expected == 400:
            assert "That is not a date." in r.text, path
    first = admin.get("/day/1900-01-01").text
    assert 'rel="prev"' not in first and 'href="/day/1900-01-02"' in first
    assert 'rel="next"' not in admin.get(f"/day/{ahead}").text
    # A note on a day long ago is kept there, and nothing is written by a refused day.
    admin.open("/day/1900-01-01")
    assert admin.post("/day/1900-01-01/notes", {"note": "The first day."}).status == 303
    page = admin.open("/day/1900-01-01").text
    assert "The first day." in page
    assert admin.post("/day/1899-12-31/notes", {"note": "Too early."}).status == 404
    assert admin.get("/stats?g=year&p=1900").status == 200, "the earliest data is now in 1900"
    note = re.search(r'action="(/day/1900-01-01/notes/\d+/delete)"', page).group(1)
    assert admin.post(note, {}).status == 303
    assert admin.get("/stats?g=year&p=1900").status == 404, "and back to 2016 once it is gone"


def test_an_imported_day_ten_years_back_shows_its_entry(decade):
    _, admin, _, _, _ = decade
    page = admin.get(f"/day/{MOVED}")
    assert page.status == 200
    assert "The day we moved.\nBoxes everywhere.</textarea>" in page.text
    assert '<time datetime="2016-05-05">Thursday, 5 May 2016</time>' in page.text
    assert admin.get("/day/2016-05-06").status == 200


def test_on_this_day_lists_earlier_years_newest_first(decade):
    _, admin, kid, today, (entries, notes) = decade
    for day in [today, MOVED + datetime.timedelta(days=365 * 3)]:
        page = admin.get(f"/day/{day}").text
        expected = recalled_on(day, entries, notes)
        assert expected, f"the history has something on {day:%m-%d} in earlier years"
        assert "On this day in earlier years" in page
        section = page.split('id="on-this-day"', 1)[1].split("</section>", 1)[0]
        items = re.findall(r'<li><a href="/day/([\d-]+)"><time datetime="([\d-]+)">[^<]+</time></a> '
                           r'<bdi class="recalled-text">([^<]*)</bdi></li>', section)
        assert [(d, text) for d, _, text in items] == expected, (day, items, expected)
        assert all(d == t for d, t, _ in items)
        for date, _, _ in items:
            assert admin.get(f"/day/{date}").status == 200
    # A member with nothing written has no section; nor has a day with nothing before it.
    assert 'id="on-this-day"' not in kid.get(f"/day/{today}").text
    assert 'id="on-this-day"' not in admin.get("/day/2016-01-01").text
