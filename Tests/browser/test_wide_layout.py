"""The day page on a wide screen and the row/grid opening on the selected day, in a
real browser (headless Chromium through Selenium) against the real `dawn`
binary, with and without JavaScript:

- at 1280 × 900 all 33 circles of the row and its stats header are inside the viewport, the
  timeline sits beside the journal entry and the journal's textarea starts above 900 px,
  for today and for a day 30 days back; the grid view fits too;
- at 375 × 812 without JavaScript the selected day's circle is inside the viewport (row and
  grid; today, 15 and 30 days back), a day outside the row opens it on today, and with
  JavaScript the selected day is still centred;
- under 1000 px the phone layout is the seeds' (one scrolling line, stats first, 12 px apart,
  one column), and other pages keep their width at 1280 px;
- axe-core is clean at 320, 375 and 1280 px, light and dark; screenshots at 375 and 1280.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_wide_layout.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_habit, add_member, assert_accessible, color_scheme, days, log_habit, make_driver,
    save_settings, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402

HABITS = [("Run", "🏃", "#54A0FF", 30), ("Read", "📖", "#A29BFE", 45), ("Walk the dog", "🐕", "#48DBAB", 30),
          ("Piano", "🎹", "#FF9F43", 30)]
# A realistic day: timed logs between 07:30 and 17:00.
LOGS = [("Run", "07:30", 30), ("Read", "08:15", 45), ("Walk the dog", "12:30", 30), ("Piano", "16:30", 30)]
ENTRY = "Up early for a run along the river, then a long morning of reading.\nPiano before dinner."
PAST = [0, 15, 30]  # days back the tests open; 30 back is the row's oldest circle


def seed(s, admin):
    """One server; "ana" has four habits, timed logs 07:30–17:00, an entry and notes on
    today, 15 and 30 days back, and notes on a few other days (activity dots, a streak)."""
    s.ana = add_member(admin, "ana", "Ana")
    s.habits = {name: add_habit(s.ana, name, emoji, colour, minutes) for name, emoji, colour, minutes in HABITS}
    for back in PAST:
        day = days(-back, s.today)
        for name, start, minutes in LOGS:
            log_habit(s.ana, day, s.habits[name], start, minutes)
        s.ana.open(f"/day/{day}")
        assert s.ana.post(f"/day/{day}/entry", {"entry": ENTRY}).status == 303
        assert s.ana.post(f"/day/{day}/notes", {"note": "Coffee with Anna"}).status == 303
    for back in [1, 2, 3, 9, 22]:
        day = days(-back, s.today)
        s.ana.open(f"/day/{day}")
        assert s.ana.post(f"/day/{day}/notes", {"note": f"note {back}"}).status == 303


def signed_in(site, javascript):
    d = make_driver(javascript=javascript)
    sign_in(d, site.base, "ana", MEMBER_PASSWORD)
    return d


@pytest.fixture(scope="module")
def driver(site):
    d = signed_in(site, True)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def nojs_driver(site):
    d = signed_in(site, False)
    yield d
    d.quit()


@pytest.fixture(params=["js", "nojs"])
def browser(request, driver, nojs_driver):
    """The test once with JavaScript and once without (checked: no script ran)."""
    d = driver if request.param == "js" else nojs_driver
    d.javascript = request.param == "js"
    return d


def open_day(d, site, path, width, height):
    viewport(d, width, height)
    d.get(site.base + path)
    d.find_element(By.ID, "entry")
    # app.js makes the row's selected circle its only tab stop: proof it ran, or did not.
    ran = d.execute_script("return [...document.querySelectorAll('.c')].some(c => c.hasAttribute('tabindex'))")
    assert ran == d.javascript, "JavaScript should be " + ("on" if d.javascript else "off")


GEOMETRY = """
const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
const q = (s) => document.querySelector(s);
const row = q('.timeline'), grid = q('.grid');
const strip = row || grid;
return {
  vw: document.documentElement.clientWidth, vh: window.innerHeight, scrollY: window.scrollY,
  circles: [...strip.querySelectorAll('.c')].filter(c => c.getClientRects().length).map(box),
  selected: box(strip.querySelector('[aria-current=date]')),
  today: box(strip.querySelector('.c.today')),
  stats: box(q('.timeline-stats') || q('.grid-head')),
  statsText: (q('.timeline-stats') || q('.grid-head')).textContent.trim(),
  row: box(strip), rowScrolls: strip.scrollWidth > strip.clientWidth,
  gap: (() => { const cs = [...strip.querySelectorAll('.c')].filter(c => c.getClientRects().length && c.getBoundingClientRect().top === strip.querySelector('.c').getBoundingClientRect().top);
    return cs.length > 1 ? cs[1].getBoundingClientRect().left - cs[0].getBoundingClientRect().right : null; })(),
  main: box(q('main')), timeline: box(q('#timeline')), journal: box(q('#journal')),
  notes: box(q('#notes')), textarea: box(q('#entry')), checklist: box(q('#checklist')), tray: box(q('#tray')),
};
"""


def geometry(d):
    return d.execute_script(GEOMETRY)


def inside(r, g):
    return r is not None and 0 <= r["left"] and r["right"] <= g["vw"] and 0 <= r["top"] and r["bottom"] <= g["vh"]


# ---------------------------------------------------------------- the wide layout

@pytest.mark.parametrize("back", [0, 30])
def test_wide_row_shows_every_circle_and_the_journal(site, browser, back):
    save_settings(site.ana, view="row")
    day = days(-back, site.today)
    open_day(browser, site, f"/day/{day}", 1280, 900)
    g = geometry(browser)
    assert len(g["circles"]) == 33
    outside = [i for i, c in enumerate(g["circles"]) if not inside(c, g)]
    assert not outside, f"circles {outside} of 33 are outside the 1280 × 900 viewport: {g['circles'][outside[0]]}"
    assert not g["rowScrolls"], "at 1280 px the row has room for all its circles"
    assert inside(g["stats"], g), f"the stats header is outside the viewport: {g['stats']}"
    assert g["statsText"].endswith("Entries") and "Days Streak" in g["statsText"] and "Active days" in g["statsText"]
    assert [round(c["width"]) for c in g["circles"]] == [24] * 33, "circles keep their size"
    assert g["gap"] == 12, "circles keep the seed's 12 px spacing at 1280 px"
    assert inside(g["selected"], g)
    # The timeline beside the journal entry and the notes: two columns.
    assert g["textarea"]["top"] < 900, f"the journal's textarea starts at {g['textarea']['top']} px"
    assert g["timeline"]["right"] <= g["journal"]["left"], f"the timeline is not beside the journal: {g}"
    assert abs(g["timeline"]["top"] - g["journal"]["top"]) < 2
    assert g["notes"]["left"] == g["journal"]["left"] and g["notes"]["top"] > g["journal"]["bottom"]
    assert g["main"]["width"] > 1200, "the day page uses the screen"
    assert g["checklist"]["width"] > 1200
    # The tray comes after both columns (it sticks to the bottom of the screen until then).
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    end = geometry(browser)
    assert end["tray"]["top"] >= max(end["timeline"]["bottom"], end["notes"]["bottom"]), end


def test_wide_grid_fits_above_the_journal(site, browser):
    save_settings(site.ana, view="grid")
    try:
        open_day(browser, site, f"/day/{days(-30, site.today)}", 1280, 900)
        g = geometry(browser)
        assert len(g["circles"]) == 84, "the widest grid: 14 columns of 6 rows"
        assert all(inside(c, g) for c in g["circles"]), "the whole grid is in view"
        assert inside(g["selected"], g) and inside(g["stats"], g)
        assert g["textarea"]["top"] < 900
        assert g["timeline"]["right"] <= g["journal"]["left"]
    finally:
        save_settings(site.ana, view="row")


@pytest.mark.parametrize("width", [1000, 1100])
def test_the_row_fits_from_1000_px(site, driver, width):
    """Between 1000 and 1240 px the circles come closer (never under 4 px) so all 33 fit."""
    driver.javascript = True
    save_settings(site.ana, view="row")
    open_day(driver, site, "/", width, 900)
    g = geometry(driver)
    assert all(inside(c, g) for c in g["circles"]) and inside(g["stats"], g)
    assert 4 <= g["gap"] < 12, g["gap"]
    assert [round(c["width"]) for c in g["circles"]] == [24] * 33


@pytest.mark.parametrize("width", [375, 999])
def test_under_1000_px_the_layout_is_the_phones(site, driver, width):
    """Seed 000: one scrolling line, the stats header first, circles 12 px apart; one column."""
    driver.javascript = True
    save_settings(site.ana, view="row")
    open_day(driver, site, f"/day/{days(-15, site.today)}", width, 812)
    g = geometry(driver)
    assert g["rowScrolls"] and g["gap"] == 12
    tops = {round(c["top"]) for c in g["circles"]}
    assert len(tops) == 1, f"one line of circles: {[(i, c['top'], c['height']) for i, c in enumerate(g['circles'])]}"
    lefts = [c["left"] for c in g["circles"]]
    assert lefts == sorted(lefts), "oldest on the left"
    assert all(b - a == 36 for a, b in zip(lefts, lefts[1:])), "24 px circles 12 px apart"
    assert g["stats"]["right"] <= lefts[0] and abs(g["stats"]["top"] + g["stats"]["height"] / 2 - (g["circles"][0]["top"] + 12)) < 4
    assert g["main"]["width"] <= 720
    assert g["journal"]["left"] == g["timeline"]["left"] and g["journal"]["top"] > g["timeline"]["bottom"], "one column"


def test_other_pages_keep_their_width_at_1280(site, driver):
    driver.javascript = True
    viewport(driver, 1280, 900)
    for path in ["/habits", "/stats", "/settings", "/account", f"/day/{site.today}/log/{site.habits['Run']}"]:
        driver.get(site.base + path)
        m = driver.execute_script("""const m = document.querySelector('main').getBoundingClientRect(),
            t = document.querySelector('.top').getBoundingClientRect();
            return {main: m.width, top: t.height, page: document.documentElement.scrollWidth};""")
        assert m["main"] <= 720, f"{path} widened: {m}"
        assert m["top"] < 80, f"the header of {path} wraps: {m}"
        assert m["page"] <= 1280, f"{path} scrolls sideways: {m}"


# ---------------------------------------------------------------- opening on the selected day

@pytest.mark.parametrize("view", ["row", "grid"])
@pytest.mark.parametrize("back", PAST)
def test_phone_opens_on_the_selected_day(site, browser, view, back):
    save_settings(site.ana, view=view)
    try:
        day = days(-back, site.today)
        open_day(browser, site, f"/day/{day}", 375, 812)
        g = geometry(browser)
        assert g["scrollY"] == 0, "the page itself did not scroll"
        assert inside(g["selected"], g), f"{day} ({view}) is outside the 375 × 812 viewport: {g['selected']}"
        if view == "row":
            assert g["rowScrolls"], "the row still scrolls on a phone"
            if browser.javascript and 0 < back < 30:
                centre = g["selected"]["left"] + 12
                assert abs(centre - (g["row"]["left"] + g["row"]["width"] / 2)) <= 2, "JavaScript centres it"
    finally:
        save_settings(site.ana, view="row")


@pytest.mark.parametrize("width", [320, 375, 1280])
def test_a_day_outside_the_row_opens_it_on_today(site, browser, width):
    open_day(browser, site, f"/day/{days(-100, site.today)}", width, 812)
    g = geometry(browser)
    assert g["selected"] is None
    assert inside(g["today"], g), f"today's circle is outside the viewport: {g['today']}"


def test_the_row_reads_oldest_to_newest_in_the_dom(site, nojs_driver):
    """The row is laid out from its end, but its reading and Tab order stay oldest first,
    with the stats header before the circles."""
    nojs_driver.javascript = False
    open_day(nojs_driver, site, "/", 375, 812)
    order = nojs_driver.execute_script("""return [...document.querySelector('.timeline').children]
        .map(e => e.classList.contains('c') ? e.getAttribute('href').slice(5) : 'stats')""")
    assert order == ["stats"] + [str(days(n, site.today)) for n in range(-30, 3)]


# ---------------------------------------------------------------- axe and screenshots

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 375, 1280])
def test_axe(site, driver, width, scheme):
    driver.javascript = True
    save_settings(site.ana, view="row")
    color_scheme(driver, scheme)
    try:
        for path in ["/", f"/day/{days(-30, site.today)}"]:
            open_day(driver, site, path, width, 900)
            assert_accessible(driver, f"{path} at {width} px ({scheme})")
    finally:
        color_scheme(driver, "light")


def test_screenshots(site, driver, nojs_driver):
    driver.javascript, nojs_driver.javascript = True, False
    for view in ["row", "grid"]:
        save_settings(site.ana, view=view)
        for scheme in ["light", "dark"]:
            for d, js in [(driver, "js"), (nojs_driver, "nojs")]:
                color_scheme(d, scheme)
                for width, height in [(375, 812), (1280, 900)]:
                    open_day(d, site, f"/day/{days(-15, site.today)}" if js == "nojs" else "/", width, height)
                    screenshot(d, f"wide-{view}-{width}-{scheme}-{js}.png")
                color_scheme(d, "light")
    save_settings(site.ana, view="row")
