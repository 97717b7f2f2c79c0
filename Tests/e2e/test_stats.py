"""Statistics and the month calendar end to end."""
import datetime
import re

import pytest

from conftest import Dawn
from test_accounts import setup_admin
from test_day import today_in

HABIT = {"name": "Run", "emoji": "🏃", "color": "#48DBAB", "custom_color": "#888888", "duration": "30"}


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    admin.open("/habits/new")
    admin.post("/habits", HABIT)
    today = today_in()
    for back, start in [(0, "07:30"), (1, "07:30"), (2, "21:15"), (40, "07:30")]:
        day = today - datetime.timedelta(days=back)
        admin.open(f"/day/{day}")
        admin.post(f"/day/{day}/instances", {"habit": "1", "start": start, "duration": "30", "note": ""})
    yesterday = today - datetime.timedelta(days=1)
    admin.open(f"/day/{yesterday}")
    admin.post(f"/day/{yesterday}/entry", {"entry": "A good day."})
    yield dawn, admin, today
    dawn.stop()


def iso_week(day):
    y, w, _ = day.isocalendar()
    return f"{y}-W{w:02d}"


def test_the_week_with_figures_chart_and_table(home):
    dawn, admin, today = home
    page = admin.get("/stats?g=week").text
    week = [today - datetime.timedelta(days=today.weekday() - i) for i in range(7)]
    in_week = [d for d in week if d <= today and (today - d).days <= 2]
    assert 'aria-current="page"><span class="seg-long">Week</span>' in page
    so_far = today.weekday() + 1  # active days are counted out of the week's days up to today
    assert f"{len(in_week)} of {so_far} days active" in page
    bars = re.findall(r"<title>([^<]*logged[^<]*)</title>", page)
    assert len(bars) == 7, "one bar per day of the week"
    assert sum(int(re.search(r": (\d+) logged", b).group(1)) for b in bars) == len(in_week)
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th><td>(\d+)</td><td>(\d+)</td></tr>', page)
    assert len(rows) == 7 and sum(int(c) for _, c, _ in rows) == len(in_week)
    habit_row = re.search(r'</span> Run</th><td>(\d+)</td><td>(\d+)</td><td>(\d+) / ' + str(so_far) + r'</td><td>(\d+) days?</td>'
                          r'<td>(\d+) days?</td><td>(\d+\.\d) %</td>', page)
    assert habit_row.groups()[:5] == (str(len(in_week)), str(30 * len(in_week)), str(len(in_week)), "3", "3")
    # Strength: Loop's daily recurrence from the first log, 40 days ago (done 40, 2, 1, 0 days back).
    m, score = 0.5 ** (1 / 13), 0.0
    for back in range(40, -1, -1):
        score = score * m + (1 - m) * (back in (40, 2, 1, 0))
    assert habit_row.group(6) == f"{score * 100:.1f}"


@pytest.mark.parametrize("g,bars", [("day", 24), ("month", None), ("quarter", None), ("year", 12)])
def test_every_granularity_draws_its_buckets(home, g, bars):
    dawn, admin, today = home
    page = admin.get(f"/stats?g={g}").text
    found = re.findall(r"<rect class=\"bar\"", page)
    if bars:
        assert len(found) == bars
    else:
        assert len(found) >= 28 if g == "month" else len(found) in (13, 14, 15)
    assert f'aria-current="page"><span class="seg-long">{g.capitalize()}</span>' in page


def test_period_navigation_limits(home):
    dawn, admin, today = home
    current = admin.get(f"/stats?g=week&p={iso_week(today)}").text
    assert '<span class="arrow" aria-disabled="true">›</span>' in current, "never past the current period"
    assert 'rel="prev"' in current
    oldest = today.replace(year=today.year - 2) if not (today.month == 2 and today.day == 29) else today.replace(year=today.year - 2, day=28)
    first = admin.get(f"/stats?g=week&p={iso_week(oldest)}")
    assert first.status == 200 and '<span class="arrow" aria-disabled="true">‹</span>' in first.text
    too_old = oldest - datetime.timedelta(days=8)
    assert admin.get(f"/stats?g=week&p={iso_week(too_old)}").status == 404
    assert admin.get(f"/stats?g=month&p={today.year + 1}-01").status == 404
    page = admin.get("/stats?g=year").text
    years = page[page.index('<nav class="years"'):]
    years = years[:years.index("</nav>")]
    assert re.findall(r'href="/stats\?g=year&amp;p=(\d{4})"', years) == [str(today.year - 2), str(today.year - 1), str(today.year)]


@pytest.mark.parametrize("query", ["g=bogus", "g=week&p=2026-W54", "g=week&p=2026-W00", "g=month&p=2026-13",
                                   "g=quarter&p=2026-Q5", "g=day&p=2026-02-30", "g=year&p=26", "g=month&p=%zz"])
def test_bad_periods_are_refused(home, query):
    dawn, admin, today = home
    assert admin.get(f"/stats?{query}").status == 400


def test_month_calendar_marks_active_entry_today_and_outside_days(home):
    dawn, admin, today = home
    assert admin.get("/calendar").header("Location") == f"/calendar/{today:%Y-%m}"
    page = admin.get(f"/calendar/{today:%Y-%m}").text
    cells = {int(n): c for c, n in re.findall(r'<a class="(cal-day[^"]*)" href="/day/[\d-]+"[^>]*>(\d+)</a>', page)
             if "outside" not in c}
    assert "current" in cells[today.day] and "highlighted" in cells[today.day]
    assert not [c for c in cells.values() if "selected" in c], "selected only when linked with ?day="
    yesterday = today - datetime.timedelta(days=1)
    if yesterday.month == today.month:
        assert "entry" in cells[yesterday.day] and "highlighted" in cells[yesterday.day]
    quiet = [d for d in range(1, 29) if abs(d - today.day) > 3]
    assert "highlighted" not in cells[quiet[0]]
    rows = re.findall(r"<tr>(.*?)</tr>", page, re.S)[1:]
    assert 4 <= len(rows) <= 6 and all(r.count("<td>") == 7 for r in rows)
    monday_first = re.search(r"<thead><tr><th scope=\"col\">([^<]+)</th>", page).group(1)
    assert monday_first == "Mon"
    for bad, status in [("2026-13", 400), ("2026-1", 400), ("nope", 400), (f"{today.year + 3}-01", 404)]:
        assert admin.get(f"/calendar/{bad}").status == status, bad
