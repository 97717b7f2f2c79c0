"""The year heatmaps in a real browser (headless Chromium through Selenium) against the real
`dawn` binary: `/stats?g=year` and a habit page with a year of history; axe-core in light and
dark at 320, 375 and 1280 px; at 320 px the page never scrolls sideways (the heatmap scrolls
inside its own focusable, labelled region, by keyboard too); the level colours at least 3:1
against the empty level and the card in both schemes; a square followed without JavaScript;
screenshots at 375 and 1280 px, light and dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_heatmap.py -q -p no:cacheprovider
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
    MEMBER_PASSWORD, add_member, assert_accessible, color_scheme, contrast, import_json, member_db, rows,
    screenshot, sign_in, viewport,
)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WIDTHS = [320, 375, 1280]
PAGES = {"stats": "/stats?g=year", "habit": "/habits/3"}


def history(today, days=420, seed=16):
    """A Dawn JSON export: Walk (daily), Read (at least 20 pages), Swim (Monday, Wednesday,
    Friday), `days` days of notes and logs drawn from `seed`, a few skips and a vacation."""
    rng = random.Random(seed)
    habits = [
        {"id": 1, "name": "Walk", "emoji": "🚶", "colour": "#48DBAB", "defaultDurationMinutes": 30, "createdAt": 1,
         "schedule": {"every": "day"}, "group": None, "position": 1},
        {"id": 2, "name": "Read", "emoji": "📚", "colour": "#FECA57", "defaultDurationMinutes": 30, "createdAt": 1,
         "schedule": {"every": "day"}, "target": {"amount": 20, "unit": "pages", "kind": "at_least"}, "group": None, "position": 2},
        {"id": 3, "name": "Swim", "emoji": "🏊", "colour": "#54A0FF", "defaultDurationMinutes": 45, "createdAt": 1,
         "schedule": {"weekdays": ["mon", "wed", "fri"]}, "group": None, "position": 3},
    ]
    instances, notes, skips = [], [], []
    for back in range(days):
        day = today - datetime.timedelta(days=back)
        date = str(day)
        if rng.random() < 0.15:
            continue  # a quiet day
        for _ in range(rng.choices([0, 1, 2, 3], weights=[30, 40, 20, 10])[0]):
            notes.append({"date": date, "text": f"note on {date}", "createdAt": 1})
        if rng.random() < 0.7:
            instances.append({"habitId": 1, "date": date, "start": "07:00", "durationMinutes": 30, "note": ""})
        if rng.random() < 0.5:
            instances.append({"habitId": 2, "date": date, "start": None, "durationMinutes": 30, "note": "",
                              "amount": rng.choice([5, 10, 15, 20, 25, 30, 40])})
        if day.weekday() in (0, 2, 4):
            if rng.random() < 0.65:
                for _ in range(rng.choice([1, 1, 2])):
                    instances.append({"habitId": 3, "date": date, "start": "18:00", "durationMinutes": 45, "note": ""})
            elif rng.random() < 0.3:
                skips.append({"habitId": 3, "date": date})
    away = (str(today - datetime.timedelta(days=60)), str(today - datetime.timedelta(days=50)))
    return json.dumps({
        "format": "dawn-export", "version": 2, "exportedAt": f"{today}T08:00:00",
        "member": {"username": "ana", "displayName": "Ana", "timeZone": "Europe/Rome"},
        "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": False,
                     "showGridDates": False, "theme": "system"},
        "habits": habits, "instances": instances, "entries": [], "notes": notes, "skips": skips,
        "vacations": [{"from": away[0], "to": away[1]}],
    }).encode()


def seed(s, admin):
    """One server: "ana" with 420 days of history imported."""
    s.ana = add_member(admin, "ana", "Ana")
    r = import_json(s.ana, history(s.today))
    assert r.status == 303 and "done=imported" in (r.header("Location") or ""), r.body[:600]
    assert rows(member_db(s.dawn, "ana"), "SELECT name FROM habits WHERE id = 3") == [("Swim",)]


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("what", list(PAGES))
def test_axe(site, driver, what, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + PAGES[what])
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg.heatmap a")) > 300
    assert_accessible(driver, f"{what} at {width} px ({scheme})")


# ---------------------------------------------------------------- layout

LAYOUT_JS = """
const region = document.querySelector('.heatmap-scroll'), svg = region.querySelector('svg');
const r = region.getBoundingClientRect();
return {page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth,
        regionWidth: region.clientWidth, regionScroll: region.scrollWidth, left: r.left, right: r.right,
        svg: svg.getBoundingClientRect().width, tabindex: region.getAttribute('tabindex'),
        role: region.getAttribute('role'), label: region.getAttribute('aria-label')};
"""


@pytest.mark.parametrize("what", list(PAGES))
@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_never_scrolls_sideways(site, driver, what, width):
    color_scheme(driver, "light")
    viewport(driver, width, 900)
    driver.get(site.base + PAGES[what])
    box = driver.execute_script(LAYOUT_JS)
    assert box["page"] <= box["viewport"], f"the page scrolls sideways at {width} px: {box}"
    assert 0 <= box["left"] and box["right"] <= width, box
    assert box["svg"] in (607, 618), "drawn at its own size, one unit a CSS pixel"
    assert (box["tabindex"], box["role"]) == ("0", "region") and box["label"], box
    if width < 700:
        assert box["regionScroll"] > box["regionWidth"], "narrower than the heatmap: it scrolls inside its region"
        # Both heatmaps open on today: the habit's on its newest weeks (CSS alone), the current
        # year's on today's week (app.js); January's square of the year is out of view then.
        seen = driver.execute_script("""const region = document.querySelector('.heatmap-scroll').getBoundingClientRect();
            const inView = href => { const a = document.querySelector(`svg.heatmap a[href="${href}"]`);
                if (!a) return null; const r = a.getBoundingClientRect(); return r.left >= region.left && r.right <= region.right; };
            return [inView(arguments[0]), inView(arguments[1])];""", f"/day/{site.today}", f"/day/{site.today.year}-01-01")
        assert seen[0] is True, f"today's square in view at {width} px: {seen}"
        if site.today.month >= 4:
            assert seen[1] in (False, None), f"January is scrolled past at {width} px: {seen}"
    else:
        assert box["regionScroll"] <= box["regionWidth"] + 1, f"the whole year shows at {width} px: {box}"


def test_the_region_scrolls_by_keyboard(site, driver):
    viewport(driver, 320, 900)
    driver.get(site.base + PAGES["stats"])
    region = driver.find_element(By.CSS_SELECTOR, ".heatmap-scroll")
    # Tab from the focusable just before it (the table's summary) reaches the region first.
    driver.execute_script("document.querySelector('details.chart-data summary').focus()")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    assert driver.execute_script("return document.activeElement.classList.contains('heatmap-scroll')")
    # It opened on today's week (at the far end late in the year): arrows go back from there.
    before = driver.execute_script("return arguments[0].scrollLeft", region)
    back = before > 0
    ActionChains(driver).send_keys((Keys.ARROW_LEFT if back else Keys.ARROW_RIGHT) * 6).perform()
    WebDriverWait(driver, 5).until(
        lambda d: (d.execute_script("return arguments[0].scrollLeft", region) < before) if back
        else (d.execute_script("return arguments[0].scrollLeft", region) > before),
        "arrow keys scroll the region")
    # The next Tab stop is a day's square, a link with its name.
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.execute_script("const a = document.activeElement; return [a.tagName, a.getAttribute('href'), a.querySelector('title').textContent]")
    assert focused[0].lower() == "a" and focused[1].startswith("/day/") and focused[2].startswith(focused[1][5:] + ": "), focused


def test_each_square_is_named_by_its_title(site, driver):
    """What a screen reader hears for a square: its <title> is the link's accessible name."""
    viewport(driver, 1280, 900)
    driver.get(site.base + PAGES["stats"])
    titles = driver.execute_script("return [...document.querySelectorAll('svg.heatmap a')].map(a => a.querySelector('title').textContent)")
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    names = [n.get("name", {}).get("value") for n in tree["nodes"] if n.get("role", {}).get("value") == "link"]
    squares = [name for name in names if name and re.match(r"\d{4}-\d\d-\d\d: ", name)]
    assert squares == titles and len(squares) > 300, (squares[:3], titles[:3])
    day = str(site.today - datetime.timedelta(days=3))
    assert any(name.startswith(day + ": ") for name in squares)


# ---------------------------------------------------------------- colours

COLOURS_JS = """
const card = getComputedStyle(document.querySelector('.heatmap-scroll').closest('.card')).backgroundColor;
const fill = c => { const r = document.querySelector('svg.heatmap use.' + c + ':not(.hm-future)'); return r && getComputedStyle(r).fill; };
return {card: card, levels: ['hm-l0', 'hm-l1', 'hm-l2', 'hm-l3', 'hm-l4'].map(fill),
        swatches: [...document.querySelectorAll('.hm-swatch')].map(s => getComputedStyle(s).backgroundColor)};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_levels_read_against_the_empty_level_and_the_card(site, driver, scheme):
    color_scheme(driver, scheme)
    viewport(driver, 1280, 900)
    driver.get(site.base + PAGES["stats"])
    found = driver.execute_script(COLOURS_JS)
    levels = found["levels"]
    assert all(levels), f"every level is drawn in a year of history: {levels}"
    assert len(set(levels)) == 5, "five distinct colours"
    assert found["swatches"] == levels, "the legend shows the same colours"
    for level, colour in enumerate(levels[1:], start=1):
        assert contrast(colour, levels[0]) >= 3, f"level {level} {colour} against the empty {levels[0]} ({scheme})"
        assert contrast(colour, found["card"]) >= 3, f"level {level} {colour} against the card {found['card']} ({scheme})"
    # Darker (light scheme) or brighter (dark) with each level.
    ratios = [contrast(c, levels[0]) for c in levels[1:]]
    assert ratios == sorted(ratios), ratios


# ---------------------------------------------------------------- without JavaScript

def test_a_square_opens_its_day_without_javascript(site, nojs):
    d = nojs
    viewport(d, 1280, 900)
    sign_in(d, site.base, "ana", MEMBER_PASSWORD)
    d.get(site.base + PAGES["habit"])
    day = site.today - datetime.timedelta(days=3)
    square = d.find_element(By.CSS_SELECTOR, f'svg.heatmap a[href="/day/{day}"]')
    square.click()
    WebDriverWait(d, 10).until(lambda d: d.current_url.endswith(f"/day/{day}"))
    assert d.find_element(By.CSS_SELECTOR, "h1, .today").text


# ---------------------------------------------------------------- screenshots

def test_screenshots(site, driver):
    for scheme in ["light", "dark"]:
        color_scheme(driver, scheme)
        for width in [375, 1280]:
            viewport(driver, width, 900)
            for name, path in PAGES.items():
                driver.get(site.base + path)
                heading = driver.find_element(By.ID, "heatmap-heading")
                driver.execute_script("arguments[0].scrollIntoView()", heading)
                screenshot(driver, f"heatmap-{name}-{width}-{scheme}.png", max_bytes=600_000)
