"""The year heatmaps against the real binary: `/stats?g=year` draws the member's year as a
53 × 7 SVG (one square per day, weeks from the member's first weekday), each day's level by
the year's quartiles of notes + logs (checked against Python's own R-7 quartiles), each day
up to today a link to its page with a <title> holding its ISO date and figure; each habit
page draws its last 53 weeks (levels by the amount for a habit with a target); every
square's link answers 200; another member's data never shows; no inline style (the CSP
allows none)."""
import calendar
import datetime
import re
import statistics
import time
from zoneinfo import ZoneInfo

import pytest

from conftest import Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_checklist import plan_file
from test_day import today_in
from test_import import do_import

# Ana's history in days before today: (notes, Walk logs). Figures 1…9 with ties.
ACTIVE = {0: (1, 1), 1: (0, 1), 2: (2, 0), 3: (1, 3), 5: (0, 1), 8: (4, 2), 13: (1, 0), 21: (0, 5),
          34: (3, 3), 55: (0, 1), 200: (2, 2), 300: (1, 0), 380: (0, 7)}
# Read (at least 20 pages a day): pages on these days before today.
PAGES = {1: 10, 4: 25, 6: 30, 9: 20, 40: 5}
# Mum's own notes, on days Ana has nothing.
MUM_NOTES = [7, 11]
# The drawing (HeatmapConstants): 9 px squares 11 px apart, after 26 px of weekday labels and 16 of months.
SIZE, PITCH, LEFT, TOP = 9, 11, 26, 16
SQUARE = f'<rect id="hm" width="{SIZE}" height="{SIZE}" rx="2"></rect>'

WEEK = re.compile(r'<g transform="translate\((\d+)\)">(.*?)</g>')
CELL = re.compile(r'<a href="/day/(\d{4}-\d\d-\d\d)"><title>([^<]*)</title><use href="#hm" class="([^"]*)" y="(\d+)"/></a>'
                  r'|<use href="#hm" class="([^"]*)" y="(\d+)"(?:/>|><title>([^<]*)</title></use>)')


def cells(html):
    """Every square of the page's heatmap: (date or None, title, class, x, y), x from its week's
    group. A linked square's title is its link's accessible name (SVG's <title>)."""
    svg = re.search(r'<svg class="heatmap"[^>]*>(.*?)</svg>', html, re.S)
    assert svg, "a heatmap on the page"
    found = []
    for week in WEEK.finditer(svg.group(1)):
        x = int(week.group(1))
        for m in CELL.finditer(week.group(2)):
            if m.group(1):
                found.append((m.group(1), m.group(2), m.group(3), x, int(m.group(4))))
            else:
                found.append((None, m.group(7), m.group(5), x, int(m.group(6))))
    assert len(found) == svg.group(1).count('<use href="#hm"'), "every square parsed"
    return found


def expected_levels(figures):
    """GitHub-like levels by R-7 quartiles (Python's `statistics.quantiles`, inclusive), ties up."""
    values = sorted(v for v in figures.values() if v > 0)
    if not values:
        return {d: 0 for d in figures}
    cuts = [values[0]] * 3 if len(values) == 1 else statistics.quantiles(values, n=4, method="inclusive")
    return {d: 0 if v == 0 else 1 + sum(1 for c in cuts if c <= v) for d, v in figures.items()}


def plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


@pytest.fixture(scope="module")
def site():
    # Days are relative to today in Rome: don't straddle its midnight.
    now = datetime.datetime.now(ZoneInfo("Europe/Rome"))
    left = (datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo) - now).total_seconds()
    if left < 90:
        time.sleep(left + 2)
    dawn = Dawn()
    mum = setup_admin(dawn)
    assert add_member(mum, "ana", "Ana").status == 303
    ana, r = sign_in(dawn, "ana", MEMBER_PASSWORD)
    assert r.status == 303
    today = today_in()
    day = lambda back: str(today - datetime.timedelta(days=back))
    instances = [{"habitId": 1, "date": day(back), "start": "07:00", "durationMinutes": 20, "note": ""}
                 for back, (_, logs) in ACTIVE.items() for _ in range(logs)]
    instances += [{"habitId": 2, "date": day(back), "start": None, "durationMinutes": 30, "note": "", "amount": pages}
                  for back, pages in PAGES.items()]
    notes = [{"date": day(back), "text": f"note {back}.{i}", "createdAt": 1} for back, (n, _) in ACTIVE.items() for i in range(n)]
    data = plan_file(today, [("Walk", {}), ("Read", {"target": {"amount": 20, "unit": "pages", "kind": "at_least"}})],
                     instances=instances, skips=[{"habitId": 1, "date": day(4)}])
    data = data.replace(b'"notes": []', b'"notes": ' + __import__("json").dumps(notes).encode())
    r = do_import(ana, data, mode="empty")
    assert r.status == 303 and "done=imported" in r.header("Location"), r.text[:800]
    for back in MUM_NOTES:
        mum.open(f"/day/{day(back)}")
        assert mum.post(f"/day/{day(back)}/notes", {"note": f"mum {back}"}).status == 303
    yield dawn, mum, ana, today
    assert dawn.stop() == 0, dawn.errors


def ana_figures(today, year):
    """Ana's activity (notes + Walk logs + Read logs) on each day of `year`, as (notes, logs)."""
    figures = {}
    for back, (notes, logs) in ACTIVE.items():
        d = today - datetime.timedelta(days=back)
        figures[d] = (notes, logs)
    for back in PAGES:
        d = today - datetime.timedelta(days=back)
        notes, logs = figures.get(d, (0, 0))
        figures[d] = (notes, logs + 1)
    return {d: f for d, f in figures.items() if d.year == year}


@pytest.mark.parametrize("years_back", [0, 1])
def test_the_year_heatmap(site, years_back):
    dawn, mum, ana, today = site
    year = today.year - years_back
    r = ana.get(f"/stats?g=year&p={year}")
    assert r.status == 200
    page = r.text
    # The current year's region names today's column (where app.js opens it); an older one none.
    opening = re.search(rf'<div class="heatmap-scroll" tabindex="0" role="region" aria-label="{year} day by day"'
                        r'(?: data-today-x="(\d+)")?>', page)
    assert opening, "the heatmap's scrolling region"
    assert (opening.group(1) is not None) == (years_back == 0), opening.group(0)
    drawn = cells(page)
    days_in_year = 366 if calendar.isleap(year) else 365
    assert len(drawn) == days_in_year, "one square per day of the year"
    jan1 = datetime.date(year, 1, 1)
    lead = jan1.weekday()  # weeks from Monday (the member's setting)
    if years_back == 0:
        assert int(opening.group(1)) == LEFT + (lead + (today - jan1).days) // 7 * PITCH, "today's week's x"
    columns = (lead + days_in_year + 6) // 7
    assert columns in (53, 54)
    assert f'<svg class="heatmap" width="{LEFT + columns * PITCH - 2}" height="{TOP + 7 * PITCH - 2}"' in page
    assert SQUARE in page, "one square, defined once"
    figures = ana_figures(today, year)
    levels = expected_levels({jan1 + datetime.timedelta(days=i): sum(figures.get(jan1 + datetime.timedelta(days=i), (0, 0)))
                              for i in range(days_in_year)})
    active_seen = 0
    for i, (href, title, cls, x, y) in enumerate(drawn):
        date = jan1 + datetime.timedelta(days=i)
        assert (x, y) == (LEFT + (lead + i) // 7 * PITCH, TOP + (lead + i) % 7 * PITCH), f"{date} in its week's column, its weekday's row"
        if date > today:
            assert href is None and title is None and cls == "hm-l0 hm-future", (date, cls)
            continue
        assert href == str(date), f"{date} links to its day"
        notes, logs = figures.get(date, (0, 0))
        words = ", ".join(([plural(logs, "log")] if logs else []) + ([plural(notes, "note")] if notes else []))
        assert title == f"{date}: {words or 'nothing logged or written'}"
        assert cls == f"hm-l{levels[date]}", (date, notes, logs, cls, levels[date])
        active_seen += levels[date] > 0
    assert active_seen == len([d for d, f in figures.items() if sum(f)]), "every active day is drawn, and only those"
    if years_back == 0:
        assert active_seen >= 1 and {"hm-l4"} <= {c for _, _, c, _, _ in drawn}
    # The CSP still holds: no inline style anywhere, colours from classes.
    assert " style=" not in page and "<style" not in page
    assert "style-src 'self'" in r.header("Content-Security-Policy")


def test_other_granularities_draw_no_heatmap(site):
    dawn, mum, ana, today = site
    for g in ["day", "week", "month", "quarter"]:
        assert 'class="heatmap' not in ana.get(f"/stats?g={g}").text


def test_the_habit_pages_heatmap(site):
    dawn, mum, ana, today = site
    page = ana.get("/habits/2").text
    assert '<div class="heatmap-scroll heatmap-recent" tabindex="0" role="region" aria-label="The last 53 weeks">' in page
    assert f'<svg class="heatmap" width="{LEFT + 53 * PITCH - 2}" height="{TOP + 7 * PITCH - 2}"' in page
    drawn = cells(page)
    assert len(drawn) == 53 * 7
    monday = today - datetime.timedelta(days=today.weekday())
    first = monday - datetime.timedelta(weeks=52)
    dates = [first + datetime.timedelta(days=i) for i in range(371)]
    levels = expected_levels({d: PAGES.get((today - d).days, 0) * 1000 if d <= today else 0 for d in dates})
    for date, (href, title, cls, x, y) in zip(dates, drawn):
        i = (date - first).days
        assert (x, y) == (LEFT + i // 7 * PITCH, TOP + i % 7 * PITCH)
        if date > today:
            assert href is None and "hm-future" in cls
            continue
        assert href == str(date)
        back = (today - date).days
        assert cls.split()[0] == f"hm-l{levels[date]}", (date, cls)
        if back in PAGES:
            state = "done" if PAGES[back] >= 20 else "short of the target"
            assert title == f"{date}: {PAGES[back]}\u00a0pages, {state}"
        else:
            assert title == f"{date}: not done"
    # 25 pages is above the median: level 3 or 4; 5 pages the least: level 1.
    by_date = {d: c for d, (_, _, c, _, _) in zip(dates, drawn)}
    assert by_date[today - datetime.timedelta(days=40)] == "hm-l1"
    assert by_date[today - datetime.timedelta(days=6)] == "hm-l4"

    walk = ana.get("/habits/1").text
    skipped = today - datetime.timedelta(days=4)
    assert f'<a href="/day/{skipped}"><title>{skipped}: skipped</title><use href="#hm" class="hm-l0 hm-skipped"' in walk
    # Walk by its logs a day, against the same rule: 1, 1, 1, 1, 2, 2, 3, 3, 5 → cuts 1, 2, 3.
    walk_levels = expected_levels({d: ACTIVE.get((today - d).days, (0, 0))[1] if d <= today else 0 for d in dates})
    assert [walk_levels[today - datetime.timedelta(days=b)] for b in (1, 8, 3, 21, 2)] == [2, 3, 4, 4, 0]
    walk_cells = {href: cls for href, _, cls, _, _ in cells(walk) if href}
    for date in dates:
        if date <= today and date != skipped:
            assert walk_cells[str(date)].split()[0] == f"hm-l{walk_levels[date]}", date


def test_every_square_links_to_a_day_that_answers(site):
    dawn, mum, ana, today = site
    links = set()
    for path in [f"/stats?g=year&p={today.year}", f"/stats?g=year&p={today.year - 1}", "/habits/1", "/habits/2"]:
        page = ana.get(path).text
        found = re.findall(r'<a href="(/day/\d{4}-\d\d-\d\d)"', re.search(r'<svg class="heatmap".*?</svg>', page, re.S).group(0))
        assert found, path
        links.update(found)
    assert len(links) > 365
    failed = [link for link in sorted(links) if ana.get(link).status != 200]
    assert not failed, f"{len(failed)} squares lead to pages that do not answer 200: {failed[:5]}"
    # Every day page from 1900 on answers: the oldest year in reach links every one of its days.
    older = ana.get(f"/stats?g=year&p={today.year - 2}")
    assert older.status == 200
    linked = re.findall(r'<a href="/day/(\d{4}-\d\d-\d\d)"', older.text)
    assert min(linked) == f"{today.year - 2}-01-01" and max(linked) == f"{today.year - 2}-12-31"
    assert ana.get(f"/day/{today.year - 2}-01-01").status == 200


def test_another_members_data_never_shows(site):
    dawn, mum, ana, today = site
    page = mum.get(f"/stats?g=year&p={today.year}").text
    mine = {str(today - datetime.timedelta(days=back)) for back in MUM_NOTES}
    for href, title, cls, _, _ in cells(page):
        if href in mine:
            assert cls == "hm-l4" and title == f"{href}: 1 note", "Mum's own notes, each the same: level 4"
        elif href:
            assert cls == "hm-l0" and title == f"{href}: nothing logged or written", f"{href}: {title}"
    # Mum has no habits: Ana's habit pages are not hers to see.
    assert mum.get("/habits/1").status == 404
    assert mum.get("/habits/2").status == 404
    # And Ana's year has none of Mum's notes.
    ana_page = ana.get(f"/stats?g=year&p={today.year}").text
    for href, title, cls, _, _ in cells(ana_page):
        if href in mine and (today - datetime.date.fromisoformat(href)).days not in ACTIVE and \
                (today - datetime.date.fromisoformat(href)).days not in PAGES:
            assert cls == "hm-l0", href


def test_weeks_from_sunday(site):
    dawn, mum, ana, today = site
    mum.open("/settings")
    r = mum.post("/settings", {"language": "it", "time_zone": "Europe/Rome", "first_weekday": "sunday",
                               "day_start_hour": "0", "view": "row", "theme": "system"})
    assert r.status == 303, r.text[:600]
    page = mum.get(f"/stats?g=year&p={today.year}").text
    assert f'<text x="0" y="{TOP + SIZE - 1}">dom</text>' in page, "Sunday's row first, in Italian"
    assert f'aria-label="Il {today.year} giorno per giorno"' in page
    jan1 = datetime.date(today.year, 1, 1)
    lead = (jan1.weekday() + 1) % 7
    drawn = cells(page)
    assert (drawn[0][3], drawn[0][4]) == (LEFT, TOP + lead * PITCH)
    mine = str(today - datetime.timedelta(days=MUM_NOTES[0]))
    titles = {href: title for href, title, _, _, _ in drawn if href}
    if mine in titles:
        assert titles[mine] == f"{mine}: 1 nota"
