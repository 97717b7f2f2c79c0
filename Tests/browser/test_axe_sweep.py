"""axe-core over every page a family uses, in a real browser (headless Chromium through
Selenium) against the real `dawn` binary: WCAG 2.0/2.1/2.2 A and AA and axe's best practices,
zero violations, at 320, 375 and 1280 px, light and dark.

The richest member is the case: Mum, the admin, holds fourteen months of history (notes,
entries, moods, logs, skips, a vacation) over sixteen habits of every kind (timed, numeric
at least and at most, chosen weekdays, three a week, one paused, one archived), twelve of
them due today, so the day page's checklist runs under the pinned tray on a phone; she is
Mia's guardian (a child with habits of her own) and the family keeps two chores. Her pages:
today and a past day, the log and logged-instance forms, the habit list, a habit page, the
habit form, its edit and delete pages, the archive, /stats at each granularity, the
calendar, a search with results, the board, settings, account (after an import too),
vacations, the family page and its remove page, Mia's day and statistics as her guardian
sees them, and a missing page. Signed out: sign-in, /setup (once set up, the error page),
the offline page and the error page.
The kitchen screen (enrolment, the names, the PIN and a member's list) at 768 and 1280 px.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_axe_sweep.py -q -p no:cacheprovider
"""
import datetime
import json
import os
import random
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    PASSWORD, ZONE, add_habit, add_member, axe_violations, color_scheme, import_json, make_driver, member_db,
    rows, signed_in_driver, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}
WIDTHS = [320, 375, 1280]
SCHEMES = ["light", "dark"]
PIN = "8080"

# Mum's habits: (name, emoji, colour, duration, extra fields of the export). The first twelve
# are due every day.
DAILY = {"schedule": {"every": "day"}}
HABITS = [
    ("Morning run", "🏃", "#48DBAB", 30, DAILY),
    ("Read", "📚", "#FECA57", 30, {**DAILY, "target": {"amount": 20, "unit": "pages", "kind": "at_least"}}),
    ("Coffee", "☕", "#B2BEC3", 15, {**DAILY, "target": {"amount": 2, "unit": "cups", "kind": "at_most"}}),
    ("Meditate", "🧘", "#A29BFE", 15, {**DAILY, "group": "Mind"}),
    ("Journal", "✍️", "#FD79A8", 15, {**DAILY, "group": "Mind"}),
    ("Water", "💧", "#54A0FF", 15, {**DAILY, "target": {"amount": 8, "unit": "glasses", "kind": "at_least"}}),
    ("Stretch", "🤸", "#FF9F43", 15, DAILY),
    ("Floss", "🦷", "#FF6B6B", 15, DAILY),
    ("Walk the long way home", "🚶", "#1E6B52", 45, DAILY),
    ("Piano", "🎹", "#333B40", 30, DAILY),
    ("Call gran", "📞", "#FF6B6B", 15, DAILY),
    ("Plan tomorrow", "🗓️", "#54A0FF", 15, DAILY),
    ("Swim", "🏊", "#54A0FF", 45, {"schedule": {"weekdays": ["mon", "wed", "fri"]}}),
    ("Gym", "🏋️", "#A29BFE", 60, {"schedule": {"every": "week", "times": 3}}),
    ("Guitar", "🎸", "#FECA57", 30, {**DAILY, "pausedFrom": "2000-01-01"}),
    ("Old habit", "🪴", "#48DBAB", 30, {**DAILY, "archivedAt": 1}),
]
DUE_TODAY = 12


def history(today, days=420, seed=22):
    """A Dawn JSON export of Mum's habits and `days` days of history drawn from `seed`."""
    rng = random.Random(seed)
    habits = [{"id": n, "name": name, "emoji": emoji, "colour": colour, "defaultDurationMinutes": minutes,
               "createdAt": 1, "group": None, "position": n, **extra}
              for n, (name, emoji, colour, minutes, extra) in enumerate(HABITS, start=1)]
    instances, notes, entries, moods, skips = [], [], [], [], []
    for back in range(1, days):
        day = today - datetime.timedelta(days=back)
        date = str(day)
        if rng.random() < 0.1:
            continue
        for n, (name, _, _, minutes, extra) in enumerate(HABITS[:14], start=1):
            if rng.random() < 0.55:
                entry = {"habitId": n, "date": date, "durationMinutes": minutes, "note": ""}
                if "target" in extra:
                    instances.append({**entry, "start": None, "amount": rng.choice([1, 2, 3, 5, 10, 20, 25])})
                else:
                    instances.append({**entry, "start": f"{6 + n:02d}:00"})
            elif rng.random() < 0.1:
                skips.append({"habitId": n, "date": date})
        if rng.random() < 0.6:
            notes.append({"date": date, "text": f"A walk by the river on {date}", "createdAt": 1})
        if rng.random() < 0.3:
            entries.append({"date": date, "text": f"Dear diary, the river was high on {date}."})
        if rng.random() < 0.7:
            moods.append({"date": date, "value": rng.randint(1, 5)})
    away = (str(today - datetime.timedelta(days=80)), str(today - datetime.timedelta(days=70)))
    return json.dumps({
        "format": "dawn-export", "version": 2, "exportedAt": f"{today}T08:00:00",
        "member": {"username": "mum", "displayName": "Mum", "timeZone": ZONE},
        "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": False,
                     "showGridDates": False, "theme": "system"},
        "habits": habits, "instances": instances, "entries": entries, "notes": notes, "skips": skips,
        "vacations": [{"from": away[0], "to": away[1]}], "moods": moods,
    }).encode()


def seed(s, admin):
    """Mum (admin) with her history, Ana, Mia (a child, Mum her guardian), two chores, Mum on
    an enrolled kitchen screen."""
    r = import_json(admin, history(s.today))
    assert r.status == 303 and "done=imported" in (r.header("Location") or ""), r.text[:600]
    s.ana = add_member(admin, "ana", "Ana")
    s.mia = add_member(admin, "mia", "Mia", child=True)
    for name, emoji, colour in [("Teeth", "🪥", "#48DBAB"), ("Homework", "📒", "#54A0FF"), ("Reading", "📖", "#FECA57")]:
        add_habit(s.mia, name, emoji, colour, 15)
    admin.open("/family")
    assert admin.post("/family/guardians", {"guardian": "mum", "child": "mia"}).status == 303
    for name, mark, colour in [("Walk the dog", "🐕", "#48DBAB"), ("Feed the cat", "🐈", "")]:
        assert admin.post("/family/chores", {"name": name, "mark": mark, "color": colour, "schedule": "day"}).status == 303
    admin.open("/settings")
    assert admin.post("/settings/pin", {"pin": PIN, "pin_again": PIN}).status == 303
    assert admin.post("/settings/family-screen", {"on_screen": "1"}).status == 303
    r = admin.post("/family/screens/code", {"label": "Kitchen"})
    s.code = re.search(r'<p class="enrolment-code">([^<]+)</p>', r.text).group(1)
    db = member_db(s.dawn, "mum")
    s.mum_id = rows(os.path.join(s.dawn.data, "instance.sqlite"), "SELECT id FROM members WHERE username = 'mum'")[0][0]
    s.past = s.today - datetime.timedelta(days=40)
    s.instance = rows(db, "SELECT id FROM habit_instances WHERE day = ? AND timed = 1 ORDER BY id", (str(s.past),))[0][0]
    month = (s.today.replace(day=1) - datetime.timedelta(days=100)).strftime("%Y-%m")
    s.pages = [
        f"/day/{s.today}", f"/day/{s.past}", f"/day/{s.today}/log/1", f"/day/{s.past}/instances/{s.instance}",
        "/habits", "/habits/archived", "/habits/1", "/habits/2", "/habits/new", "/habits/3/edit", "/habits/3/delete",
        *[f"/stats?g={g}" for g in ["day", "week", "month", "quarter", "year"]],
        "/calendar", f"/calendar/{month}", "/search?q=river", "/board", "/settings", "/account?done=imported",
        "/vacations", "/family", "/family/members/ana/remove", "/members/mia", "/members/mia/stats", "/no-such-page",
    ]


@pytest.fixture(scope="module")
def driver(site):
    """Chromium signed in as Mum (the admin, Mia's guardian)."""
    d = signed_in_driver(site, "mum", password=PASSWORD)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def screen(site):
    """Chromium signed out: the sign-in and error pages, then enrolled as the kitchen screen."""
    d = make_driver()
    yield d
    d.quit()


def sweep(d, base, paths, width, scheme):
    """Every path's violations at this width and scheme, keyed by path."""
    color_scheme(d, scheme)
    viewport(d, width, 800)
    found = {}
    for path in paths:
        d.get(base + path)
        # The page asked for, not sign-in or another page in its place (/calendar opens on its month).
        assert d.current_url.startswith(base + path.split("?")[0]), (path, d.current_url)
        if path.startswith("/search"):
            assert d.find_elements(By.CSS_SELECTOR, ".results .result mark"), "the search has results"
        violations = axe_violations(d, RULES)
        if violations:
            found[path] = violations
    return found


def report(found, width, scheme):
    lines = [f"axe at {width} px ({scheme}):"]
    for path, violations in found.items():
        for v in violations:
            lines.append(f"  {path}: {v['id']} ({v['impact']}) {v['help']}")
            lines += [f"      {n['target']} {n['html']}\n        {n['why']}" for n in v["nodes"]]
    return "\n".join(lines)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_members_pages(site, driver, width, scheme):
    found = sweep(driver, site.base, site.pages, width, scheme)
    assert not found, report(found, width, scheme)


# Each control of the checklist, the chores and the timeline focused in turn (as Tab does):
# where it stands against the pinned tray.
BEHIND_THE_TRAY_JS = """
const tray = document.getElementById('tray'), behind = [];
for (const control of document.querySelectorAll('#checklist :is(button, input), #chores button, #timeline a')) {
  control.focus();
  const r = control.getBoundingClientRect(), edge = tray.getBoundingClientRect().top;
  if (r.bottom > edge + 0.5 || r.top < 0) behind.push([control.getAttribute('aria-label') || control.textContent, r.top, r.bottom, edge]);
}
return behind;
"""


@pytest.mark.parametrize("width", [320, 375])
def test_twelve_habits_due_scroll_clear_of_the_tray(site, driver, width):
    """On a phone the day's list runs under the pinned tray at first; every control of it is
    brought clear of the tray when it takes the focus (WCAG 2.4.11), and the page's end
    scrolls fully clear of it."""
    color_scheme(driver, "light")
    viewport(driver, width, 800)
    driver.get(site.base + "/")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#checklist .check")) >= DUE_TODAY
    assert driver.find_elements(By.ID, "chores")
    assert driver.execute_script(BEHIND_THE_TRAY_JS) == []
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    last, edge = driver.execute_script("return [[...document.querySelectorAll('main > :not(#tray)')].pop()"
                                       ".getBoundingClientRect().bottom, document.getElementById('tray').getBoundingClientRect().top]")
    assert last <= edge, "the page's end scrolls clear of the tray"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_signed_out_pages(site, screen, width, scheme):
    found = sweep(screen, site.base, ["/login", "/setup", "/offline", "/no-such-page"], width, scheme)
    assert not found, report(found, width, scheme)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", [768, 1280])
def test_the_kitchen_screen(site, screen, width, scheme):
    color_scheme(screen, scheme)
    viewport(screen, width, 800)
    found = {}
    screen.get(site.base + "/family-screen")
    if screen.find_elements(By.ID, "code"):
        found.update({"enrolment": axe_violations(screen, RULES)})
        screen.find_element(By.ID, "code").send_keys(site.code)
        screen.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        WebDriverWait(screen, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.screen-person"))
    found["names"] = axe_violations(screen, RULES)
    screen.get(site.base + f"/family-screen/members/{site.mum_id}")
    found["PIN"] = axe_violations(screen, RULES)
    screen.find_element(By.ID, "pin").send_keys(PIN)
    screen.find_element(By.CSS_SELECTOR, ".screen-unlock").click()
    WebDriverWait(screen, 10).until(lambda d: "/family-screen/today" in d.current_url)
    found["today"] = axe_violations(screen, RULES)
    screen.find_element(By.CSS_SELECTOR, 'form[action="/family-screen/done"] button').click()
    WebDriverWait(screen, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.screen-person"))
    found = {page: v for page, v in found.items() if v}
    assert not found, report(found, width, scheme)
