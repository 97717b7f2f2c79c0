"""Dawn in a real browser (headless Debian Chromium through Selenium) against the real
`dawn` binary on 127.0.0.1: the timeline row and the date grid as drawn (classes and
computed styles), their layout at several widths, scrubbing with pointer events, the
keyboard, every form with JavaScript off, axe-core on every page in light and dark,
and screenshots for people to look at.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser -q -p no:cacheprovider
"""
import datetime
import re
import math
import os
import struct
import sys
import time
from zoneinfo import ZoneInfo

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    ENTRY_DAYS, MEMBER_PASSWORD, NOTE_DAYS, PASSWORD, SCREENSHOTS, STREAK, ZONE, Dawn, add_member,
    assert_accessible, color_scheme, contrast, days, make_driver, member_today, over, rgba, save_settings,
    seed_history, server_env, setup_admin, sign_in, viewport,
)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions import interaction  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.actions.pointer_input import PointerInput  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# Computed colours of the circles' palette, as Chromium reports them.
BLUE = "rgb(68, 192, 255)"  # #44C0FF, the selection ring
ENTRY = {"light": "rgb(51, 59, 64)", "dark": "rgb(230, 234, 237)"}  # #333B40 (light), its dark twin
BASE = {"light": "rgba(142, 142, 147, 0.15)", "dark": "rgba(142, 142, 147, 0.3)"}  # grey 15 %
TODAY_RING = {"light": "rgba(142, 142, 147, 0.8)", "dark": "rgba(174, 174, 178, 0.85)"}  # grey 80 %


# ---------------------------------------------------------------- fixtures

class Site:
    pass


def wait_past_midnight(margin=120):
    """The seeded states are relative to the members' today: don't start a run that
    would straddle their midnight (the whole module takes well under two minutes)."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    left = (datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo) - now).total_seconds()
    if left < margin:
        time.sleep(left + 2)


@pytest.fixture(scope="module")
def site():
    """One server: mum (admin, seeded history), kid (no history), teen (for the no-JS forms);
    gran (a note today) joins later."""
    wait_past_midnight()
    s = Site()
    s.dawn = Dawn(env=server_env())
    s.base = f"http://127.0.0.1:{s.dawn.port}"
    s.today = member_today()
    s.admin = setup_admin(s.dawn)
    seed_history(s.admin, s.today)
    s.kid = add_member(s.admin, "kid", "Kid")
    teen = add_member(s.admin, "teen", "Teen")
    # This module is about the row first (the grid is the default, seed 001): its grid
    # tests choose the grid and come back to the row.
    for member in (s.admin, s.kid, teen):
        save_settings(member, view="row")
    yield s
    assert s.dawn.stop() == 0, s.dawn.errors


@pytest.fixture(scope="module")
def driver(site):
    """Chromium with JavaScript, signed in as mum through the login form."""
    d = make_driver()
    sign_in(d, site.base, "mum", PASSWORD)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def anon():
    """Chromium with JavaScript, signed in as nobody."""
    d = make_driver()
    yield d
    d.quit()


@pytest.fixture
def page(site, driver):
    """The signed-in driver in light mode at 375 px; `page(path)` loads a path."""
    color_scheme(driver, "light")
    viewport(driver, 375)

    def load(path):
        driver.get(site.base + path)
        return driver
    return load


# ---------------------------------------------------------------- helpers

CIRCLES_JS = """
const out = [];
for (const c of document.querySelectorAll(arguments[0])) {
  const b = getComputedStyle(c, '::before'), a = getComputedStyle(c, '::after');
  const r = c.getBoundingClientRect();
  const dot = c.querySelector('.dot'), n = c.querySelector('.n');
  const ds = dot && getComputedStyle(dot);
  out.push({
    href: c.getAttribute('href'), cls: [...c.classList], label: c.getAttribute('aria-label'),
    current: c.getAttribute('aria-current'), tabindex: c.getAttribute('tabindex'),
    visible: c.getClientRects().length > 0,
    x: r.left, y: r.top, w: r.width, h: r.height,
    before: {content: b.content, w: b.width, h: b.height, bg: b.backgroundColor},
    after: {content: a.content, w: a.width, h: a.height, bw: a.borderTopWidth, bs: a.borderTopStyle, bc: a.borderTopColor},
    dot: ds && {w: ds.width, h: ds.height, bg: ds.backgroundColor, display: ds.display},
    n: n && n.textContent,
  });
}
return out;
"""


def circles(d, selector):
    return d.execute_script(CIRCLES_JS, selector)


def date_of(circle):
    return datetime.date.fromisoformat(circle["href"].rsplit("/", 1)[1])


def long_date(day):
    return f"{day:%A}, {day.day} {day:%B} {day.year}"


def expected_state(day, today, selected):
    back = (today - day).days
    entry = back in ENTRY_DAYS or back == 0
    active = back in NOTE_DAYS or back == 0
    kind = "past" if day < today else ("today" if day == today else "future")
    return {"kind": kind, "selected": day == selected, "entry": entry, "active": active,
            "dot": active and not entry and kind != "future"}


def circle_problems(c, today, selected, scheme="light", numbers=False):
    """Everything wrong with one circle, as drawn, against the seeded history."""
    day = date_of(c)
    e = expected_state(day, today, selected)
    want_classes = [e["kind"]] + (["selected"] if e["selected"] else []) + (["entry"] if e["entry"] else []) \
        + (["active"] if e["dot"] else [])
    got = []

    def check(what, actual, wanted):
        if actual != wanted:
            got.append(f"{what}: {actual!r} != {wanted!r}")

    check("classes", c["cls"], ["c"] + want_classes)
    # ::before: the base disc (18 px, 8 px for the future) or the 18 px entry disc.
    size = "8px" if e["kind"] == "future" and not e["entry"] else "18px"
    check("::before width", c["before"]["w"], size)
    check("::before height", c["before"]["h"], size)
    check("::before background", c["before"]["bg"], ENTRY[scheme] if e["entry"] else BASE[scheme])
    # ::after: the 22 px, 2 px ring; blue when selected, grey for today, none otherwise.
    if e["selected"] or e["kind"] == "today":
        check("::after content", c["after"]["content"], '""')
        check("::after width", c["after"]["w"], "22px")
        check("::after height", c["after"]["h"], "22px")
        check("::after border", (c["after"]["bw"], c["after"]["bs"]), ("2px", "solid"))
        check("::after colour", c["after"]["bc"], BLUE if e["selected"] else TODAY_RING[scheme])
    else:
        check("::after content", c["after"]["content"], "none")
    # The 8 px activity dot: on active days without an entry, 8 px under a day number too
    # (today, or "grid dates"; seeds 000/001), so it never looks like the 18 px entry disc.
    if e["dot"]:
        check("dot", c["dot"], {"w": "8px", "h": "8px", "bg": ENTRY[scheme], "display": c["dot"] and c["dot"]["display"]})
    else:
        check("dot", c["dot"], None)
    # The day number: today always, every day with "grid dates".
    check("number", c["n"], str(day.day) if (numbers or e["kind"] == "today") else None)
    # The label a screen reader reads: weekday, date, and the states.
    label = c["label"] or ""
    if not label.startswith(long_date(day)):
        got.append(f"label {label!r} does not start with {long_date(day)!r}")
    for word, present in [("today", e["kind"] == "today"), ("upcoming", e["kind"] == "future"),
                          ("journal entry", e["entry"]), ("active", e["active"])]:
        if (word in label) != present:
            got.append(f"label {label!r} {'lacks' if present else 'has'} {word!r}")
    check("aria-current", c["current"], "date" if e["selected"] else None)
    if c["visible"] and (c["w"] < 24 or c["h"] < 24):
        got.append(f"tap target {c['w']}×{c['h']} < 24×24")
    return [f"{day}: {p}" for p in got]


def assert_circles(cs, today, selected, **kwargs):
    problems = [p for c in cs for p in circle_problems(c, today, selected, **kwargs)]
    assert not problems, "\n".join(problems)
    assert [c["current"] for c in cs].count("date") == 1, "exactly one circle is the current date"


def wait_url(d, path, timeout=10):
    WebDriverWait(d, timeout).until(lambda d: d.current_url.split("?")[0].split("#")[0].endswith(path),
                                    f"expected {path}, at {d.current_url}")


def active_href(d):
    return d.execute_script("return document.activeElement.getAttribute('href')")


def spy_vibrate(d):
    """Counts navigator.vibrate calls (headless Chromium has no vibration motor)."""
    d.execute_script("window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };")


# ---------------------------------------------------------------- the timeline row

@pytest.mark.parametrize("scheme,width", [("light", 375), ("light", 1280), ("dark", 375)])
def test_row_draws_every_seeded_state(site, page, driver, scheme, width):
    save_settings(site.admin, view="row")
    color_scheme(driver, scheme)
    viewport(driver, width)
    selected = days(-10, site.today)
    d = page(f"/day/{selected}")
    cs = circles(d, ".timeline .c")
    assert len(cs) == 33
    assert [date_of(c) for c in cs] == [days(n, site.today) for n in range(-30, 3)]
    assert_circles(cs, site.today, selected, scheme=scheme)
    # textContent: scrolled out of view on a phone (the row is laid out from its end, which
    # Selenium's idea of "displayed" does not follow).
    stats = d.find_element(By.CSS_SELECTOR, ".timeline-stats").get_attribute("textContent")
    active = len([n for n in NOTE_DAYS if n <= 30]) + 1
    entries = len([n for n in ENTRY_DAYS if n <= 30]) + 1
    assert stats == f"{STREAK} Days Streak • {active} Active days • {entries} Entries"
    pill = d.find_elements(By.CSS_SELECTOR, ".day-sub .today-link")
    assert len(pill) == 1 and pill[0].is_displayed() and pill[0].get_attribute("href") == site.base + "/"


@pytest.mark.parametrize("width", [320, 375, 1280])
def test_row_centres_the_selected_day(site, page, driver, width):
    save_settings(site.admin, view="row")
    viewport(driver, width)
    for back in [10, 15, 20, 0, 30]:
        selected = days(-back, site.today)
        d = page(f"/day/{selected}")
        m = d.execute_script("""
          const row = document.querySelector('.timeline'), c = row.querySelector('[aria-current=date]');
          const r = row.getBoundingClientRect(), s = c.getBoundingClientRect();
          const items = [...row.children].map(e => e.getBoundingClientRect());
          return {rowLeft: r.left, rowRight: r.right, rowCentre: r.left + r.width / 2, left: s.left, right: s.right,
                  centre: s.left + s.width / 2, scrollLeft: row.scrollLeft,
                  start: Math.min(...items.map(i => i.left)) - 16, end: Math.max(...items.map(i => i.right)) + 16,
                  overflows: row.scrollWidth > row.clientWidth};""")
        # From 1000 px the whole row fits (the wide day page, test_wide_layout.py).
        assert m["overflows"] == (width < 1000), f"the row should scroll at {width} px only on a phone"
        assert m["rowLeft"] <= m["left"] and m["right"] <= m["rowRight"], f"{selected} is not in view: {m}"
        half = (m["rowRight"] - m["rowLeft"]) / 2
        if m["overflows"] and m["centre"] - m["start"] > half + 40 and m["end"] - m["centre"] > half + 40:  # not near an end: centred
            assert abs(m["centre"] - m["rowCentre"]) <= 40, f"{selected} is not centred at {width} px: {m}"
        pills = [p for p in d.find_elements(By.CSS_SELECTOR, ".today-link") if p.is_displayed()]
        assert len(pills) == (0 if back == 0 else 1), f"the Today pill shows only on other days ({selected})"


def test_row_click_vibrates_and_opens_the_day(site, page):
    save_settings(site.admin, view="row")
    d = page(f"/day/{days(-10, site.today)}")
    d.execute_script("navigator.vibrate = (p) => { sessionStorage.buzz = (+sessionStorage.buzz || 0) + 1; return true; };")
    target = days(-12, site.today)
    d.find_element(By.CSS_SELECTOR, f'.timeline .c[href="/day/{target}"]').click()
    wait_url(d, f"/day/{target}")
    assert d.find_element(By.CSS_SELECTOR, ".timeline [aria-current=date]").get_attribute("href").endswith(str(target))
    assert d.execute_script("return sessionStorage.buzz") == "1", "a tap on a circle vibrates once"


# ---------------------------------------------------------------- the date grid

EXPECTED_COLUMNS = {320: 9, 375: 11, 768: 14, 1280: 14}
# n columns need a box of 30n + 24 px: both sides of each threshold a viewport can reach (≥ 320 px).
THRESHOLDS = [w + d for n in range(10, 15) for w in [30 * n + 24] for d in (-1, 0)]


@pytest.mark.parametrize("width", sorted(EXPECTED_COLUMNS) + THRESHOLDS)
def test_grid_columns_follow_the_width(site, page, driver, width):
    save_settings(site.admin, view="grid")
    viewport(driver, width)
    selected = days(-3, site.today)
    d = page(f"/day/{selected}")
    box = d.execute_script("""const g = document.querySelector('.grid');
        return {box: document.querySelector('.grid-box').getBoundingClientRect().width,
                cols: getComputedStyle(g).getPropertyValue('--cols').trim()};""")
    w = box["box"] - 32
    columns = max(7, min(14, math.floor((w + 8) / 30)))
    # main is min(width, 720) wide (1280 from 1000 px: the wide day page, test_wide_layout.py)
    # with 16 px padding; the grid box bleeds into the padding.
    assert box["box"] == (min(width, 1280) if width >= 1000 else min(width, 720))
    if width in EXPECTED_COLUMNS:
        assert columns == EXPECTED_COLUMNS[width], f"box {box['box']} px → {columns} columns"
    assert box["cols"] == str(columns)

    cs = circles(d, ".grid .c")
    assert len(cs) == 84, "the server renders the 84 latest days"
    assert date_of(cs[-1]) == days(4, site.today)
    visible = [c for c in cs if c["visible"]]
    assert len(visible) == 6 * columns, f"{len(visible)} visible circles at {width} px, want 6 × {columns}"
    assert visible == cs[-6 * columns:], "the oldest circles are the hidden ones"
    assert date_of(visible[-1]) == days(4, site.today), "the grid ends 4 days after today"
    assert [date_of(c) for c in visible] == [days(4 - n, site.today) for n in reversed(range(6 * columns))]
    assert_circles(visible, site.today, selected)

    tops = sorted({round(c["y"]) for c in visible})
    assert len(tops) == 6, f"rows at {tops}"
    rows = [[c for c in visible if round(c["y"]) == t] for t in tops]
    assert [len(r) for r in rows] == [columns] * 6
    assert [c for r in rows for c in sorted(r, key=lambda c: c["x"])] == visible, "days read left to right, top to bottom"
    for r in rows:
        xs = sorted(c["x"] + c["w"] / 2 for c in r)
        gaps = [b - a - 22 for a, b in zip(xs, xs[1:])]  # 22 px columns
        assert all(8 - 0.5 <= g <= 20 + 0.5 for g in gaps), f"column gaps {gaps} at {width} px"
        assert max(gaps) - min(gaps) < 1, f"uneven gaps {gaps}"
    lefts = {round(c["x"]) for r in rows for c in r[:1]}
    assert len(lefts) == 1, "the columns line up"


def test_grid_streak_badge_and_today_pill(site, page, driver):
    save_settings(site.admin, view="grid")
    d = page(f"/day/{days(-3, site.today)}")
    badge = d.find_element(By.CSS_SELECTOR, ".grid-head .streak")
    assert badge.is_displayed() and badge.text == f"{STREAK} Days Streak"
    pill = d.find_element(By.CSS_SELECTOR, ".grid-head .today-link")
    assert pill.is_displayed() and pill.text == "Today"
    assert d.execute_script("return getComputedStyle(arguments[0]).backgroundColor", pill) == BLUE
    pill.click()
    wait_url(d, "/")
    assert d.find_element(By.CSS_SELECTOR, ".grid [aria-current=date]").get_attribute("href").endswith(str(site.today))
    assert d.find_elements(By.CSS_SELECTOR, ".today-link") == [], "no Today pill on today"
    assert d.find_element(By.CSS_SELECTOR, ".grid-head .streak").is_displayed()
    # A member without a streak has no badge.
    save_settings(site.kid, view="grid")
    html = site.kid.get("/").text
    assert 'class="grid"' in html and 'class="pill streak"' not in html, "the streak badge is hidden at 0"


def test_grid_dates_setting_numbers_every_circle(site, page, driver):
    save_settings(site.admin, view="grid", grid_dates="1")
    try:
        d = page(f"/day/{days(-3, site.today)}")
        visible = [c for c in circles(d, ".grid .c") if c["visible"]]
        assert_circles(visible, site.today, days(-3, site.today), numbers=True)
        colours = d.execute_script("""return [...document.querySelectorAll('.grid .c.entry .n')]
            .map(n => getComputedStyle(n).color)""")
        assert colours and set(colours) == {"rgb(255, 255, 255)"}, "white numbers on entry discs"
        assert_accessible(d, "the grid with dates")
    finally:
        save_settings(site.admin, view="grid")


def illegible_numbers(d, selector):
    """Composes each visible circle's layers (page → ::before disc → dot → number) and
    returns the numbers under WCAG AA 4.5:1. axe cannot judge text over pseudo-elements.
    A number over the 8 px activity dot is one colour ringed by a 1 px halo of the disc's
    colour on all eight sides, so it is judged on the disc: the halo parts it from the dot."""
    layers = d.execute_script("""return [...document.querySelectorAll(arguments[0])].filter(c => c.getClientRects().length)
        .filter(c => c.querySelector('.n')).map(c => { const n = c.querySelector('.n'), dot = c.querySelector('.dot');
          const ns = getComputedStyle(n);
          return {href: c.getAttribute('href'), text: ns.color, image: ns.backgroundImage, shadow: ns.textShadow,
                  page: getComputedStyle(document.body).backgroundColor,
                  disc: getComputedStyle(c, '::before').backgroundColor,
                  dot: dot && getComputedStyle(dot).backgroundColor}; })""", selector)
    assert layers, "no day numbers to check"
    poor = []
    for c in layers:
        disc = over(rgba(c["disc"]), rgba(c["page"]))
        pairs = [(c["text"], disc, c["disc"])]
        if c["dot"]:
            halo = re.findall(r"(rgba?\([^)]*\)) (-?\d+)px (-?\d+)px", c["shadow"])
            sides = {(int(x), int(y)) for _, x, y in halo}
            assert c["image"] == "none" and sides == {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)} - {(0, 0)}, c
            assert {colour for colour, _, _ in halo} == {c["disc"]}, c
        for text, below, name in pairs:
            ratio = contrast(over(rgba(text), below), below)
            if ratio < 4.5:
                poor.append(f"{c['href']}: {text} on {name} → {ratio:.2f}:1")
    return poor


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_grid_dates_are_legible(site, page, driver, scheme):
    """With "grid dates" every circle shows its 8 px number, on active days over the dark dot."""
    save_settings(site.admin, view="grid", grid_dates="1")
    try:
        color_scheme(driver, scheme)
        d = page(f"/day/{days(-3, site.today)}")
        poor = illegible_numbers(d, ".grid .c")
        assert not poor, f"illegible day numbers ({scheme}):\n" + "\n".join(poor)
    finally:
        save_settings(site.admin, view="grid")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_todays_number_is_legible_on_an_active_day(site, anon, scheme):
    """Today always shows its number; with a note today (and no entry) the dot is under it."""
    if not hasattr(site, "gran"):
        site.gran = add_member(site.admin, "gran", "Gran")
        save_settings(site.gran, view="row")
        site.gran.open(f"/day/{site.today}")
        assert site.gran.post(f"/day/{site.today}/notes", {"note": "tea"}).status == 303
    anon.delete_all_cookies()
    try:
        color_scheme(anon, scheme)
        viewport(anon, 375)
        sign_in(anon, site.base, "gran", MEMBER_PASSWORD)
        today = anon.find_element(By.CSS_SELECTOR, ".timeline .c.today")
        assert today.get_attribute("class").split() == ["c", "today", "selected", "active"]
        poor = illegible_numbers(anon, ".timeline .c")
        assert not poor, f"today's number is illegible ({scheme}):\n" + "\n".join(poor)
    finally:
        anon.delete_all_cookies()


# ---------------------------------------------------------------- scrubbing

def scrub_path(site):
    # Along a row, then down a row, at 375 px (11 columns).
    return [days(n, site.today) for n in (-20, -19, -18, -8, -7)]


def test_scrub_with_the_mouse(site, page, driver):
    save_settings(site.admin, view="grid")
    d = page(f"/day/{days(-3, site.today)}")
    spy_vibrate(d)
    path = scrub_path(site)
    el = {day: d.find_element(By.CSS_SELECTOR, f'.grid .c[href="/day/{day}"]') for day in path}
    chain = ActionChains(d).click_and_hold(el[path[0]])
    for day in path[1:-1]:
        chain.move_to_element(el[day])
    chain.perform()
    state = d.execute_script("""return {buzz: window.__buzz.length, url: location.pathname,
        selected: [...document.querySelectorAll('.grid .c.selected')].map(c => c.getAttribute('href'))}""")
    assert state == {"buzz": len(path) - 1, "url": f"/day/{days(-3, site.today)}", "selected": [f"/day/{path[-2]}"]}, \
        "scrubbing moves the selection, vibrating on each new day, without leaving the page"
    ActionChains(d).move_to_element(el[path[-1]]).release().perform()
    wait_url(d, f"/day/{path[-1]}")
    current = d.find_element(By.CSS_SELECTOR, ".grid [aria-current=date]")
    assert current.get_attribute("href").endswith(str(path[-1]))
    assert d.find_element(By.CSS_SELECTOR, "h1 time").get_attribute("datetime") == str(path[-1])


def test_scrub_with_a_finger(site, page, driver):
    save_settings(site.admin, view="grid")
    d = page(f"/day/{days(-3, site.today)}")
    spy_vibrate(d)
    path = scrub_path(site)
    centres = {day: d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]",
                                     d.find_element(By.CSS_SELECTOR, f'.grid .c[href="/day/{day}"]')) for day in path}
    finger = ActionBuilder(d, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    x, y = centres[path[0]]
    finger.pointer_action.move_to_location(int(x), int(y)).pointer_down()
    for day in path[1:]:
        x, y = centres[day]
        finger.pointer_action.move_to_location(int(x), int(y))
    finger.pointer_action.pointer_up()
    finger.perform()
    wait_url(d, f"/day/{path[-1]}")
    assert d.find_element(By.CSS_SELECTOR, ".grid [aria-current=date]").get_attribute("href").endswith(str(path[-1]))


def test_a_plain_click_on_the_grid_opens_the_day(site, page):
    save_settings(site.admin, view="grid")
    d = page(f"/day/{days(-3, site.today)}")
    target = days(-30, site.today)
    d.find_element(By.CSS_SELECTOR, f'.grid .c[href="/day/{target}"]').click()
    wait_url(d, f"/day/{target}")
    assert d.find_element(By.CSS_SELECTOR, ".grid [aria-current=date]").get_attribute("href").endswith(str(target))


# ---------------------------------------------------------------- keyboard

def press(d, *keys):
    for key in keys:
        ActionChains(d).send_keys(key).perform()


def tab_into_strip(d, before_selector):
    """Tabs from the focusable element just before the strip: the selected circle is the one tab stop."""
    d.execute_script("document.querySelector(arguments[0]).focus()", before_selector)
    press(d, Keys.TAB)
    focus = d.execute_script("""const a = document.activeElement, s = getComputedStyle(a);
        return {href: a.getAttribute('href'), current: a.getAttribute('aria-current'),
                outline: s.outlineStyle, colour: s.outlineColor}""")
    assert focus["current"] == "date", f"Tab lands on the selected day, not {focus}"
    assert (focus["outline"], focus["colour"]) == ("solid", BLUE), f"no visible focus ring: {focus}"
    return focus["href"]


def test_keyboard_in_the_row(site, page):
    save_settings(site.admin, view="row")
    selected = days(-10, site.today)
    d = page(f"/day/{selected}")
    tabindex = d.execute_script("return [...document.querySelectorAll('.timeline .c')].map(c => c.tabIndex)")
    assert sorted(tabindex) == [-1] * 32 + [0], "one tab stop in the row"
    assert tab_into_strip(d, ".nav button") == f"/day/{selected}"
    press(d, Keys.ARROW_LEFT)
    assert active_href(d) == f"/day/{days(-11, site.today)}"
    press(d, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert active_href(d) == f"/day/{days(-9, site.today)}"
    press(d, Keys.ARROW_UP)
    assert active_href(d) == f"/day/{days(-9, site.today)}", "up/down do nothing in a row"
    press(d, Keys.END)
    assert active_href(d) == f"/day/{days(2, site.today)}"
    press(d, Keys.HOME)
    assert active_href(d) == f"/day/{days(-30, site.today)}"
    press(d, Keys.ARROW_RIGHT)
    press(d, Keys.ENTER)
    wait_url(d, f"/day/{days(-29, site.today)}")
    assert d.find_element(By.CSS_SELECTOR, ".timeline [aria-current=date]").get_attribute("href").endswith(str(days(-29, site.today)))


def test_keyboard_in_the_grid(site, page):
    save_settings(site.admin, view="grid")
    selected = days(-10, site.today)
    d = page(f"/day/{selected}")  # 375 px: 11 columns
    cols = 11
    tabindex = d.execute_script("return [...document.querySelectorAll('.grid .c')].filter(c => c.offsetParent).map(c => c.tabIndex)")
    assert sorted(tabindex) == [-1] * (6 * cols - 1) + [0], "one tab stop in the grid"
    assert tab_into_strip(d, ".grid-head .today-link") == f"/day/{selected}"
    press(d, Keys.ARROW_LEFT)
    assert active_href(d) == f"/day/{days(-11, site.today)}"
    press(d, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert active_href(d) == f"/day/{days(-9, site.today)}"
    press(d, Keys.ARROW_UP)
    assert active_href(d) == f"/day/{days(-9 - cols, site.today)}", "up goes back one row"
    press(d, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert active_href(d) == f"/day/{days(-9 + cols, site.today)}", "down goes forward one row"
    press(d, Keys.ENTER)
    wait_url(d, f"/day/{days(-9 + cols, site.today)}")
    assert d.find_element(By.CSS_SELECTOR, ".grid [aria-current=date]").get_attribute("href").endswith(str(days(-9 + cols, site.today)))


def test_grid_keeps_a_tab_stop_when_the_selected_day_is_hidden(site, page):
    """At 375 px the grid shows 66 of its 84 days: a day 70 days back is rendered but hidden.
    The grid must still have one visible tab stop, or a keyboard user cannot enter it."""
    save_settings(site.admin, view="grid")
    selected = days(-70, site.today)
    d = page(f"/day/{selected}")
    hidden = d.execute_script("return document.querySelector('.grid [aria-current=date]').getClientRects().length")
    assert hidden == 0, "the premise: the selected day is one of the hidden cells"
    stops = d.execute_script("""return [...document.querySelectorAll('.grid .c')].filter(c => c.getClientRects().length)
        .filter(c => c.tabIndex === 0).map(c => c.getAttribute('href'))""")
    assert len(stops) == 1, f"visible tab stops in the grid: {stops}"
    d.execute_script("document.querySelector('.grid-head .today-link').focus()")
    press(d, Keys.TAB)
    assert active_href(d) in stops, f"Tab after the Today pill went to {active_href(d)!r}, not into the grid"


# ---------------------------------------------------------------- no JavaScript

def test_every_form_works_without_javascript(site, nojs):
    d = nojs
    viewport(d, 375)
    sign_in(d, site.base, "teen", MEMBER_PASSWORD)
    today = site.today
    d.get(site.base + "/")
    assert d.find_element(By.CSS_SELECTOR, "h1 time").get_attribute("datetime") == str(today)
    probe = d.execute_script("""return {tabindex: [...document.querySelectorAll('.c')].some(c => c.hasAttribute('tabindex'))}""")
    assert probe == {"tabindex": False}, "JavaScript should be off in this browser"

    # A note.
    d.find_element(By.ID, "note").send_keys("Porridge, then a long walk")
    d.find_element(By.CSS_SELECTOR, ".note-form button[type=submit]").click()
    WebDriverWait(d, 10).until(lambda d: "done=note-added" in d.current_url)
    assert [p.text for p in d.find_elements(By.CSS_SELECTOR, ".notes .note p")] == ["Porridge, then a long walk"]
    assert d.find_element(By.CSS_SELECTOR, ".notice").is_displayed()

    # The journal entry.
    d.find_element(By.ID, "entry").send_keys("Rain all day; read two chapters.")
    d.find_element(By.CSS_SELECTOR, "#journal button.primary").click()
    WebDriverWait(d, 10).until(lambda d: "done=entry-saved" in d.current_url)
    assert d.find_element(By.ID, "entry").get_attribute("value") == "Rain all day; read two chapters."
    today_circle = d.find_element(By.CSS_SELECTOR, ".timeline [aria-current=date]")
    assert today_circle.get_attribute("class").split() == ["c", "today", "selected", "entry"]

    # Another day through its circle, then back with the arrow.
    other = days(-2, today)
    d.find_element(By.CSS_SELECTOR, f'.timeline .c[href="/day/{other}"]').click()
    wait_url(d, f"/day/{other}")
    assert d.find_element(By.CSS_SELECTOR, ".timeline [aria-current=date]").get_attribute("href").endswith(str(other))
    assert d.find_element(By.ID, "entry").get_attribute("value") == ""
    d.find_element(By.CSS_SELECTOR, ".day-head a[rel=next]").click()
    wait_url(d, f"/day/{days(-1, today)}")

    # A setting: the grid instead of the row.
    d.find_element(By.CSS_SELECTOR, '.nav a[href="/settings"]').click()
    wait_url(d, "/settings")
    d.find_element(By.CSS_SELECTOR, "input[name=view][value=grid]").click()
    d.find_element(By.CSS_SELECTOR, "form.settings button[type=submit]").click()
    WebDriverWait(d, 10).until(lambda d: "done=saved" in d.current_url)
    assert d.find_element(By.CSS_SELECTOR, "input[name=view][value=grid]").is_selected()
    d.find_element(By.CSS_SELECTOR, '.nav a[href="/"]').click()
    wait_url(d, "/")
    assert d.find_elements(By.CSS_SELECTOR, ".timeline") == []
    visible = [c for c in circles(d, ".grid .c") if c["visible"]]
    assert len(visible) == 66 and date_of(visible[-1]) == days(4, today), "the grid's columns are pure CSS"
    assert d.find_element(By.CSS_SELECTOR, ".grid-head .streak").text == "1 Day Streak"

    # Signing out.
    d.find_element(By.CSS_SELECTOR, ".nav form button").click()
    wait_url(d, "/login")


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_setup(anon, scheme):
    fresh = Dawn(env=server_env())
    try:
        anon.delete_all_cookies()
        color_scheme(anon, scheme)
        viewport(anon, 375)
        anon.get(f"http://127.0.0.1:{fresh.port}/setup")
        assert anon.find_element(By.ID, "password_again")
        assert_accessible(anon, f"/setup ({scheme})")
    finally:
        anon.delete_all_cookies()
        fresh.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_login(site, anon, scheme):
    anon.delete_all_cookies()
    color_scheme(anon, scheme)
    viewport(anon, 375)
    anon.get(site.base + "/login")
    assert anon.find_element(By.ID, "username")
    assert_accessible(anon, f"/login ({scheme})")


def test_axe_login_error(site, anon):
    anon.delete_all_cookies()
    color_scheme(anon, "light")
    viewport(anon, 375)
    anon.get(site.base + "/login")
    anon.find_element(By.ID, "username").send_keys("mum")
    anon.find_element(By.ID, "password").send_keys("not the password")
    anon.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    WebDriverWait(anon, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-error"))
    assert_accessible(anon, "/login with an error")


AXE_PAGES = [("row", "day"), ("grid", "day"), ("row", "/settings"), ("row", "/family"), ("row", "/account"),
             ("row", "/no-such-page"), ("row", "/day/2026-02-30"),
             ("row", "/stats"), ("row", "/stats?g=day"), ("row", "/stats?g=quarter"), ("row", "/stats?g=year"),
             ("row", "/calendar"), ("row", "/board")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view,path", AXE_PAGES)
def test_axe_signed_in_pages(site, page, driver, view, path, scheme):
    save_settings(site.admin, view=view)
    color_scheme(driver, scheme)
    if path == "day":
        path = f"/day/{days(-3, site.today)}"
    d = page(path)
    assert d.find_elements(By.CSS_SELECTOR, "main h1"), f"no page at {path}"
    assert_accessible(d, f"{path} ({view}, {scheme})")


@pytest.mark.parametrize("view,path", AXE_PAGES)
def test_usable_at_320_px(site, page, driver, view, path):
    """Nothing wider than a 320 px screen: the page never scrolls sideways (the row, a year heatmap and a wide
    table scroll inside themselves)."""
    save_settings(site.admin, view=view)
    viewport(driver, 320)
    if path == "day":
        path = f"/day/{days(-3, site.today)}"
    d = page(path)
    wide = d.execute_script("""const w = document.documentElement.clientWidth;
        return {page: document.documentElement.scrollWidth, width: w,
                wider: [...document.querySelectorAll('main *')].filter(e => !e.closest('.timeline, .heatmap-scroll, .table-scroll'))
                  .filter(e => e.getBoundingClientRect().right > w + 0.5 && e.getClientRects().length)
                  .map(e => e.tagName + '.' + e.className).slice(0, 5)}""")
    assert wide["page"] <= wide["width"] and not wide["wider"], f"{path} overflows 320 px: {wide}"


@pytest.mark.parametrize("theme,device", [("dark", "light"), ("light", "dark")])
def test_theme_setting_beats_the_device(site, page, driver, theme, device):
    save_settings(site.admin, view="row", theme=theme)
    try:
        color_scheme(driver, device)
        d = page(f"/day/{days(-3, site.today)}")
        assert d.execute_script("return document.documentElement.dataset.theme") == theme
        today = [c for c in circles(d, ".timeline .c") if date_of(c) == site.today][0]
        assert today["before"]["bg"] == ENTRY[theme], "the member's theme picks the palette"
        background = d.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert background == {"light": "rgb(247, 247, 248)", "dark": "rgb(17, 20, 23)"}[theme]
        assert_accessible(d, f"day page with theme {theme} on a {device} device")
    finally:
        save_settings(site.admin, view="row", theme="system")


# ---------------------------------------------------------------- screenshots

def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_screenshots(site, page, driver):
    os.makedirs(SCREENSHOTS, exist_ok=True)
    shots = []
    for scheme in ["light", "dark"]:
        for width in [375, 1280]:
            for name, view, path in [("day", "row", "/"), ("grid", "grid", f"/day/{days(-3, site.today)}"),
                                     ("settings", "row", "/settings")]:
                save_settings(site.admin, view=view)
                color_scheme(driver, scheme)
                viewport(driver, width, 900)
                driver.get(site.base + path)
                file = os.path.join(SCREENSHOTS, f"{name}-{width}-{scheme}.png")
                assert driver.save_screenshot(file)
                shots.append((file, width))
    for file, width in shots:
        w, h = png_size(file)
        assert (w, h) == (width, 900), f"{file} is {w}×{h}"
        assert os.path.getsize(file) < 400_000, f"{file} is large"


@pytest.mark.parametrize("javascript", [True, False])
def test_period_picker_works_with_and_without_javascript(site, driver, nojs, javascript):
    """Segments, arrows and the year picker are plain links: they work the same either way."""
    d = driver if javascript else nojs
    viewport(d, 375)
    if not javascript:
        sign_in(d, site.base, "teen", MEMBER_PASSWORD)
    d.get(site.base + "/stats")
    current = lambda: d.find_element(By.CSS_SELECTOR, ".segments [aria-current=page] .seg-long").text
    label = lambda: d.find_element(By.CSS_SELECTOR, ".period-label").text
    assert current() == "Month", "statistics open on the month (seed 004)"
    assert d.find_elements(By.CSS_SELECTOR, ".period-head span.arrow[aria-disabled=true]"), "no next period: disabled"
    d.find_element(By.CSS_SELECTOR, ".segments a:nth-child(2)").click()
    WebDriverWait(d, 10).until(lambda _: current() == "Week")
    assert "g=week&p=" in d.current_url
    d.find_element(By.CSS_SELECTOR, ".segments a:nth-child(3)").click()
    WebDriverWait(d, 10).until(lambda _: current() == "Month")
    this_month = label()
    d.find_element(By.CSS_SELECTOR, ".period-head a[rel=prev]").click()
    WebDriverWait(d, 10).until(lambda _: label() != this_month)
    assert "g=month&p=" in d.current_url
    d.find_element(By.CSS_SELECTOR, ".period-head a[rel=next]").click()
    WebDriverWait(d, 10).until(lambda _: label() == this_month)
    d.find_element(By.CSS_SELECTOR, ".segments a:nth-child(5)").click()
    WebDriverWait(d, 10).until(lambda _: current() == "Year")
    years = d.find_elements(By.CSS_SELECTOR, ".years a")
    assert [y.text for y in years] == [str(site.today.year - 2), str(site.today.year - 1), str(site.today.year)]
    years[0].click()
    WebDriverWait(d, 10).until(lambda _: label() == str(site.today.year - 2))
    assert d.find_elements(By.CSS_SELECTOR, ".period-head span.arrow[aria-disabled=true]"), "two years back: disabled"
