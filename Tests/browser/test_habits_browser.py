"""The habit tray and the day timeline in a real browser (headless Chromium
through Selenium) against the real `dawn` binary: dragging a pill onto a slot with a
mouse and with a finger, dropping off the timeline, dragging a block to move it, plain
clicks and Enter still following the links, the two-step path without JavaScript, the
pills' colours from /habits.css, axe-core on every habit page (light and dark), and
screenshots of the day with its habits and the library open.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_habits_browser.py -q -p no:cacheprovider
"""
import os
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, PASSWORD, Browser, add_habit, add_member, assert_accessible, color_scheme, contrast,
    days, instances, log_habit, make_driver, member_db, mouse_drag, rows, save_settings, screenshot, sign_in,
    texts, viewport,
)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# The member's day starts at 05:00: slot 0 is 05:00, slot 95 is 04:45 the next morning.
DAY_START = 5
# Three habits: a preset with dark text, a preset with dark text, a custom colour with white text.
HABITS = [("Run", "🏃🏽‍♀️", "#48DBAB", 30), ("Read", "📚", "#FECA57", 45), ("Meditate", "🧘", "#123456", 15)]
ARCHIVED = ("Guitar", "🎸", "#A29BFE", 60)


def wall(slot):
    """The wall-clock "HH:MM" of a slot, as the server labels it."""
    m = (DAY_START * 60 + slot * 15) % 1440
    return f"{m // 60:02d}:{m % 60:02d}"


def text_colour(hex_colour):
    """The pill text rule (HabitColor.RGB.textColor): 0.2126R + 0.7152G + 0.0722B > 0.55 (no gamma) → #1A1A1A, else #FFFFFF —
    unless that choice is under WCAG AA's 4.5:1 and the other colour reads better."""
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    chosen, other = ("#1A1A1A", "#FFFFFF") if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 else ("#FFFFFF", "#1A1A1A")
    if contrast(hex_colour, chosen) < 4.5 and contrast(hex_colour, other) > contrast(hex_colour, chosen):
        return other
    return chosen


def rgb(hex_colour):
    return "rgb({}, {}, {})".format(*(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)))


# ---------------------------------------------------------------- fixtures


def seed(s, admin):
    """One server; "ana" has three habits (and an archived fourth), some logs, and a
    day starting at 05:00."""
    s.ana = add_member(admin, "ana", "Ana")
    save_settings(s.ana, day_start_hour=str(DAY_START))
    s.habits = {}
    for name, emoji, colour, minutes in HABITS:
        preset = colour.upper() in {"#FF6B6B", "#FF9F43", "#FECA57", "#48DBAB", "#54A0FF", "#A29BFE", "#FD79A8", "#B2BEC3"}
        s.habits[name] = add_habit(s.ana, name, emoji, colour if preset else "custom", minutes, custom_color=colour)
    s.colours = {s.habits[name]: colour for name, _, colour, _ in HABITS}
    guitar = add_habit(s.ana, *ARCHIVED)
    s.ana.open(f"/habits/{guitar}/edit")
    assert s.ana.post(f"/habits/{guitar}/archive", {"day": str(s.today)}).status == 303
    # Some history: the library's counts and streaks, blocks on the day the axe runs on.
    s.busy_day = days(-1, s.today)
    log_habit(s.ana, s.busy_day, s.habits["Run"], "07:00", 30, "river")
    log_habit(s.ana, s.busy_day, s.habits["Read"], "07:15", 45)
    log_habit(s.ana, s.busy_day, s.habits["Meditate"], "22:00", 15)
    log_habit(s.ana, days(-2, s.today), s.habits["Run"], "06:30", 30)


@pytest.fixture
def page(site, driver):
    """The signed-in driver in light mode at 375 × 800; `page(path)` loads a path."""
    color_scheme(driver, "light")
    viewport(driver, 375, 800)

    def load(path):
        driver.get(site.base + path)
        return driver
    return load


# ---------------------------------------------------------------- helpers

def centre(d, element):
    return d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", element)


# The compact timeline: each part of the timeline is a `.blocks` list holding slots
# data-from … data-from + data-span - 1; the parts before and after the logs are folded.
PART_JS = """const part = [...document.querySelectorAll('#timeline .blocks')]
    .find(ol => arguments[0] >= +ol.dataset.from && arguments[0] < +ol.dataset.from + +ol.dataset.span);
    const fold = part.closest('details'); if (fold) fold.open = true;
    const r = () => part.getBoundingClientRect(), at = (q) => q.top + (arguments[0] - +part.dataset.from + 0.5) * q.height / +part.dataset.span;"""


def show_slot(d, slot):
    """Scrolls so that `slot` sits in the middle of the window (opening the fold holding it);
    returns its centre (viewport px)."""
    d.execute_script(PART_JS + "window.scrollBy(0, at(r()) - innerHeight / 2 + 40);", slot)
    return d.execute_script(PART_JS + "const q = r(); return [q.left + q.width / 2, at(q)];", slot)


def slot_height(d):
    return d.execute_script("const ol = document.querySelector('#timeline .hours-part:not(details *) .blocks');"
                            "return ol.getBoundingClientRect().height / +ol.dataset.span")


def touch(d, kind, x=None, y=None):
    points = [] if x is None else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def finger_drag(d, start, end, hold=0.0, steps=12):
    """A finger: down at `start`, optionally held still (a long press), moved to `end`, lifted."""
    (x0, y0), (x1, y1) = start, end
    touch(d, "touchStart", x0, y0)
    time.sleep(hold)
    for i in range(1, steps + 1):
        touch(d, "touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        time.sleep(0.016)
    time.sleep(0.1)
    state = drag_state(d)
    touch(d, "touchEnd")
    return state


def drag_state(d):
    return d.execute_script("""const m = document.querySelector('.slot-mark');
        return {ghost: !!document.querySelector('.drag-ghost'), mark: m && !m.hidden ? [...m.classList] : null,
                markText: m && m.textContent, scrollY: Math.round(scrollY), buzz: window.__buzz ? window.__buzz.length : null,
                dragging: document.documentElement.classList.contains('habit-dragging')};""")


def pill(d, site, name, where=".tray-strip"):
    return d.find_element(By.CSS_SELECTOR, f'{where} .habit-pill[data-habit="{site.habits[name]}"]')


def blocks(d):
    """(classes, start, end, href) of each block on the page."""
    return d.execute_script("""return [...document.querySelectorAll('.blocks .block')].map(b => {
        const t = b.querySelector('.block-time').textContent.split('–');
        return {cls: [...b.classList], start: t[0], end: t[1], href: b.querySelector('a').getAttribute('href'),
                name: b.querySelector('.block-name').textContent}; });""")


def wait_reloaded(d, done, timeout=10):
    WebDriverWait(d, timeout).until(lambda d: f"done={done}" in d.current_url and
                                    d.execute_script("return document.readyState") == "complete",
                                    f"no reload with done={done}: at {d.current_url}")


def spy_vibrate(d):
    d.execute_script("window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };")


def mark_page(d):
    """Marks the loaded document: a reload (or any navigation) clears the mark."""
    d.execute_script("window.__same = true")


def same_page(d):
    return d.execute_script("return window.__same === true")


def block_at(d, start):
    found = [b for b in blocks(d) if b["start"] == start]
    assert len(found) == 1, f"no single block starting {start}: {blocks(d)}"
    return found[0]


# ---------------------------------------------------------------- dragging a pill onto the timeline

def test_drag_a_pill_onto_an_empty_day_with_the_mouse(site, page):
    """An empty day shows 06:00–22:00 open, the rest folded."""
    day = days(-3, site.today)
    d = page(f"/day/{day}")
    assert d.find_elements(By.CSS_SELECTOR, "#timeline .day-timeline .blocks"), "a timeline to drop on"
    hours = [li.get_attribute("textContent") for li in d.find_elements(By.CSS_SELECTOR, "#timeline .hours li")]
    assert hours == [wall(4 * h) for h in range(24)], "hours from the day-start hour"
    d.execute_script("sessionStorage.buzz = 0; navigator.vibrate = (p) => { sessionStorage.buzz = +sessionStorage.buzz + 1; return true; };")
    slot = 12  # 08:00
    target = show_slot(d, slot)
    before = instances(site.dawn, "ana", day)
    mouse_drag(d, centre(d, pill(d, site, "Read")), target, release=False)
    state = drag_state(d)
    assert state["ghost"] and state["dragging"], f"no ghost follows the pointer: {state}"
    habit = site.habits["Read"]
    assert state["mark"] == ["slot-mark", f"habit-{habit}", f"at-{slot}", "len-3"], \
        f"the hovered slot is highlighted, as tall as the 45-minute default: {state}"
    assert state["markText"] == "08:00"
    ghost = d.execute_script("const r = document.querySelector('.drag-ghost').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    assert abs(ghost[0] - target[0]) < 3 and abs(ghost[1] - target[1]) < 3, \
        f"the ghost, grabbed at its centre, is centred at {ghost}, the pointer at {target}"
    assert d.execute_script("return sessionStorage.buzz") == "1", "a buzz on pick-up"
    ActionChains(d).release().perform()
    wait_reloaded(d, "logged")
    assert d.execute_script("return sessionStorage.buzz") == "2", "and one on the drop"
    block = block_at(d, "08:00")
    view = d.execute_script("""const r = document.querySelector('.blocks .block.at-12').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= document.querySelector('.tray').getBoundingClientRect().top""")
    assert view, "back where we were: the new block is in view"
    assert f"at-{slot}" in block["cls"] and f"habit-{habit}" in block["cls"] and "len-3" in block["cls"]
    assert (block["name"], block["end"]) == ("Read", "08:45")
    after = instances(site.dawn, "ana", day)
    assert len(after) == len(before) + 1
    assert after[-1][1:] == (habit, str(day), 8 * 60, 45, ""), "the habit, the slot's wall clock, the default duration"
    assert d.find_element(By.CSS_SELECTOR, ".notice").is_displayed()


@pytest.mark.parametrize("width", [375, 1280])
def test_drag_a_pill_past_midnight_with_the_mouse(site, page, driver, width):
    """With the day starting at 05:00, slot 90 is 03:30 on the next morning's clock."""
    viewport(driver, width, 800)
    day = days(-4 if width == 375 else -5, site.today)
    d = page(f"/day/{day}")
    log_habit(site.ana, day, site.habits["Run"], "09:00", 30)  # a day with a block already
    d.refresh()
    slot = 90
    target = show_slot(d, slot)
    mouse_drag(d, centre(d, pill(d, site, "Meditate")), target)
    wait_reloaded(d, "logged")
    block = block_at(d, "03:30")
    assert f"at-{slot}" in block["cls"] and block["end"] == "03:45"
    assert instances(site.dawn, "ana", day)[-1][1:] == (site.habits["Meditate"], str(day), 3 * 60 + 30, 15, "")
    assert block_at(d, "09:00")["name"] == "Run", "the earlier block is still there"


def test_drag_a_pill_with_a_long_press(site, page, driver):
    """Touch: a long press (250 ms) picks the pill up; the page does not scroll under the finger."""
    day = days(-6, site.today)
    d = page(f"/day/{day}")
    spy_vibrate(d)
    slot = 24  # 11:00
    target = show_slot(d, slot)
    scroll = d.execute_script("return Math.round(scrollY)")
    state = finger_drag(d, centre(d, pill(d, site, "Run")), target, hold=0.4)
    assert state["ghost"] and state["mark"] and f"at-{slot}" in state["mark"], f"not dragging: {state}"
    assert state["scrollY"] == scroll, "the page must not scroll while a finger drags"
    assert state["buzz"] == 1, "a buzz when the long press picks the pill up"
    wait_reloaded(d, "logged")
    block = block_at(d, "11:00")
    assert f"at-{slot}" in block["cls"] and block["end"] == "11:30"
    assert instances(site.dawn, "ana", day)[-1][1:] == (site.habits["Run"], str(day), 11 * 60, 30, "")


def test_drag_a_pill_up_with_a_finger_at_once(site, page, driver):
    """Touch: a mostly vertical move off a tray pill picks it up without waiting."""
    day = days(-7, site.today)
    d = page(f"/day/{day}")
    slot = 30  # 12:30
    target = show_slot(d, slot)
    scroll = d.execute_script("return Math.round(scrollY)")
    start = centre(d, pill(d, site, "Read"))
    state = finger_drag(d, start, (start[0], target[1]), hold=0)
    assert state["mark"] and f"at-{slot}" in state["mark"], f"not dragging: {state}"
    assert state["scrollY"] == scroll
    wait_reloaded(d, "logged")
    assert f"at-{slot}" in block_at(d, "12:30")["cls"]
    assert instances(site.dawn, "ana", day)[-1][1:4] == (site.habits["Read"], str(day), 12 * 60 + 30)


def test_a_sideways_swipe_scrolls_the_tray(site, page, driver):
    """Touch: a quick sideways swipe on a pill scrolls the strip; nothing is picked up or logged."""
    d = page(f"/day/{site.busy_day}")
    actions = d.execute_script("""const ta = (s) => getComputedStyle(document.querySelector(s)).touchAction;
        return [ta('.tray-strip .habit-pill[data-habit]'), ta('.library-grid .habit-pill'), ta('.tray-strip'), ta('.block a')]""")
    assert actions == ["pan-x", "auto", "auto", "auto"], \
        "tray pills leave vertical moves to the script and sideways swipes to the strip; the rest scrolls as usual"
    day = days(-8, site.today)
    d = page(f"/day/{day}")
    mark_page(d)
    strip = d.find_element(By.CSS_SELECTOR, ".tray-strip")
    assert d.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", strip), "the strip overflows at 375 px"
    x, y = centre(d, pill(d, site, "Read"))
    state = finger_drag(d, (x + 40, y), (x - 120, y + 3), hold=0, steps=8)
    assert not state["ghost"] and not state["mark"], f"a swipe is not a drag: {state}"
    time.sleep(0.6)
    assert d.execute_script("return arguments[0].scrollLeft", strip) > 20, "the strip scrolled"
    assert same_page(d), "no navigation"
    assert instances(site.dawn, "ana", day) == []


def test_dropping_off_the_timeline_logs_nothing(site, page):
    day = days(-9, site.today)
    d = page(f"/day/{day}")
    mark_page(d)
    for where in ["#timeline h2", "h1", ".tray-strip .pill-add", "#journal textarea"]:
        target = d.find_element(By.CSS_SELECTOR, where)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
        mouse_drag(d, centre(d, pill(d, site, "Run")), centre(d, target), release=False)
        state = drag_state(d)
        assert state["ghost"] and state["mark"] is None, f"over {where} no slot is highlighted: {state}"
        ActionChains(d).release().perform()
        time.sleep(0.4)
        state = drag_state(d)
        assert not state["ghost"] and not state["dragging"], f"the drag ends on release over {where}"
        assert same_page(d), f"a drop on {where} must not navigate ({d.current_url})"
    # Escape cancels too, and a drop back on the pill does not open its form.
    target = show_slot(d, 20)
    mouse_drag(d, centre(d, pill(d, site, "Run")), target, release=False)
    assert drag_state(d)["mark"]
    ActionChains(d).send_keys(Keys.ESCAPE).perform()
    state = drag_state(d)
    assert (state["ghost"], state["mark"], state["dragging"]) == (False, None, False), f"Escape cancels: {state}"
    ActionChains(d).release().perform()
    run = pill(d, site, "Run")
    mouse_drag(d, centre(d, run), (centre(d, run)[0], centre(d, run)[1] - 60), release=False)
    ActionChains(d).move_to_element(run).release().perform()
    time.sleep(0.4)
    assert same_page(d) and instances(site.dawn, "ana", day) == []
    assert d.find_elements(By.CSS_SELECTOR, ".slot-mark:not([hidden]), .drag-ghost") == []
    # After all that, a plain click still opens the log form.
    pill(d, site, "Run").click()
    WebDriverWait(d, 10).until(lambda d: f"/day/{day}/log/{site.habits['Run']}" in d.current_url)


def test_a_refused_drop_shows_the_servers_message(site, page):
    """The habit was archived in another tab: the drop shows why, and nothing is written."""
    day = days(-14, site.today)
    d = page(f"/day/{day}")
    habit = site.habits["Meditate"]
    site.ana.open(f"/habits/{habit}/edit")
    assert site.ana.post(f"/habits/{habit}/archive", {"day": str(site.today)}).status == 303
    try:
        mouse_drag(d, centre(d, pill(d, site, "Meditate")), show_slot(d, 20))
        WebDriverWait(d, 10).until(lambda d: any("That habit is archived" in t for t in texts(d, "main")))
        assert instances(site.dawn, "ana", day) == []
    finally:
        site.ana.open(f"/habits/{habit}/edit")
        assert site.ana.post(f"/habits/{habit}/restore", {"day": str(site.today)}).status == 303


# ---------------------------------------------------------------- moving a block

def test_drag_a_block_down_four_slots(site, page):
    day = days(-10, site.today)
    instance = log_habit(site.ana, day, site.habits["Run"], "08:05", 20, "by the river")
    log_habit(site.ana, day, site.habits["Read"], "14:00", 45)
    d = page(f"/day/{day}")
    spy_vibrate(d)
    block = block_at(d, "08:05")
    assert "at-12" in block["cls"] and block["end"] == "08:25"
    show_slot(d, 14)
    el = d.find_element(By.CSS_SELECTOR, f'.block a[href$="/instances/{instance}"]')
    x, y = centre(d, el)
    mouse_drag(d, (x, y), (x + 3, y + 4 * slot_height(d)), release=False)
    moving = block_at(d, "09:05")
    assert "at-16" in moving["cls"] and "dragging" in moving["cls"] and moving["end"] == "09:25", \
        f"the block follows by whole slots: {moving}"
    assert d.execute_script("return window.__buzz.length") >= 2, "a buzz on pick-up and on each slot"
    ActionChains(d).release().perform()
    wait_reloaded(d, "log-updated")
    moved = block_at(d, "09:05")
    assert "at-16" in moved["cls"] and moved["end"] == "09:25"
    rows = {r[0]: r[1:] for r in instances(site.dawn, "ana", day)}
    assert rows[instance] == (site.habits["Run"], str(day), 9 * 60 + 5, 20, "by the river"), \
        "an hour later; duration and note unchanged"
    assert block_at(d, "14:00")["name"] == "Read", "the other block did not move"


def test_drag_a_block_up_with_a_long_press(site, page):
    day = days(-11, site.today)
    instance = log_habit(site.ana, day, site.habits["Meditate"], "21:00", 15, "breathe")
    d = page(f"/day/{day}")
    show_slot(d, 60)
    el = d.find_element(By.CSS_SELECTOR, f'.block a[href$="/instances/{instance}"]')
    x, y = centre(d, el)
    scroll = d.execute_script("return Math.round(scrollY)")
    state = finger_drag(d, (x, y), (x, y - 8 * slot_height(d)), hold=0.4)
    assert state["scrollY"] == scroll, "the page must not scroll while a finger moves a block"
    wait_reloaded(d, "log-updated")
    assert "at-56" in block_at(d, "19:00")["cls"]
    assert instances(site.dawn, "ana", day)[-1] == (instance, site.habits["Meditate"], str(day), 19 * 60, 15, "breathe")


def test_a_finger_scrolling_over_a_block_scrolls_the_page(site, page):
    day = days(-11, site.today)
    d = page(f"/day/{day}")
    mark_page(d)
    show_slot(d, 60)
    x, y = centre(d, d.find_element(By.CSS_SELECTOR, ".block a"))
    scroll = d.execute_script("return Math.round(scrollY)")
    state = finger_drag(d, (x, y), (x, y - 200), hold=0, steps=8)
    assert not state["dragging"], f"a quick swipe over a block is a scroll, not a drag: {state}"
    time.sleep(0.6)
    assert d.execute_script("return Math.round(scrollY)") > scroll + 50, "the page scrolled"
    assert same_page(d)


# ---------------------------------------------------------------- links, keyboard

def test_a_click_or_enter_still_follows_the_links(site, page):
    day = days(-1, site.today)
    d = page(f"/day/{day}")
    run = pill(d, site, "Run")
    run.click()
    WebDriverWait(d, 10).until(lambda d: f"/day/{day}/log/{site.habits['Run']}" in d.current_url)
    assert d.find_element(By.ID, "duration").get_attribute("value") == "30"
    d.back()
    block = d.find_element(By.CSS_SELECTOR, ".block a")
    href = block.get_attribute("href")
    # The checklist sits above the timeline now: bring the block out from under the pinned tray first.
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", block)
    block.click()
    WebDriverWait(d, 10).until(lambda d: d.current_url == href)
    assert d.find_element(By.ID, "start").get_attribute("value")
    d.back()
    d.execute_script("arguments[0].focus()", pill(d, site, "Read"))
    ActionChains(d).send_keys(Keys.ENTER).perform()
    WebDriverWait(d, 10).until(lambda d: f"/log/{site.habits['Read']}" in d.current_url)
    d.back()
    d.execute_script("document.querySelector('.block a').focus()")
    ActionChains(d).send_keys(Keys.ENTER).perform()
    WebDriverWait(d, 10).until(lambda d: "/instances/" in d.current_url)
    # A library pill (no drag) opens the form too.
    d.back()
    d.find_element(By.CSS_SELECTOR, ".library summary").click()
    d.find_element(By.CSS_SELECTOR, f'.library-grid .habit-pill[data-habit="{site.habits["Meditate"]}"]').click()
    WebDriverWait(d, 10).until(lambda d: f"/log/{site.habits['Meditate']}" in d.current_url)


def test_drag_from_the_open_library(site, page, driver):
    viewport(driver, 1280, 900)
    day = days(-12, site.today)
    d = page(f"/day/{day}")
    target = show_slot(d, 8)  # 07:00
    d.find_element(By.CSS_SELECTOR, ".library summary").click()
    source = pill(d, site, "Meditate", ".library-grid")
    mouse_drag(d, centre(d, source), target, release=False)
    assert not d.execute_script("return document.querySelector('.library').open"), "the library folds away"
    state = drag_state(d)
    assert state["mark"] and "at-8" in state["mark"], state
    ActionChains(d).release().perform()
    wait_reloaded(d, "logged")
    assert "at-8" in block_at(d, "07:00")["cls"]


# ---------------------------------------------------------------- no JavaScript

def test_two_steps_without_javascript(site, nojs):
    d = nojs
    viewport(d, 375, 800)
    sign_in(d, site.base, "ana", MEMBER_PASSWORD)
    day = days(-13, site.today)
    d.get(f"{site.base}/day/{day}")
    assert d.find_elements(By.CSS_SELECTOR, ".day-timeline .fold"), "JavaScript is off: the compact timeline is drawn by the server"
    assert d.find_elements(By.CSS_SELECTOR, "#timeline p.muted")
    pill(d, site, "Read").click()                                            # step 1
    WebDriverWait(d, 10).until(lambda d: f"/day/{day}/log/{site.habits['Read']}" in d.current_url)
    assert d.find_element(By.ID, "start").get_attribute("value") == wall(0), "the first free slot of a past day"
    assert d.find_element(By.ID, "duration").get_attribute("value") == "45", "the habit's default"
    d.find_element(By.CSS_SELECTOR, "form.stack button.primary").click()   # step 2
    WebDriverWait(d, 10).until(lambda d: "done=logged" in d.current_url)
    found = [b for b in blocks(d) if b["start"] == wall(0)]
    assert found and "at-0" in found[0]["cls"] and found[0]["end"] == "05:45"
    assert instances(site.dawn, "ana", day)[-1][1:] == (site.habits["Read"], str(day), DAY_START * 60, 45, "")


# ---------------------------------------------------------------- colours

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pills_and_blocks_wear_their_habit_colours(site, page, driver, scheme):
    color_scheme(driver, scheme)
    d = page(f"/day/{site.busy_day}")
    d.find_element(By.CSS_SELECTOR, ".library summary").click()
    drawn = d.execute_script("""return [...document.querySelectorAll('.tray-strip .habit-pill[data-habit], .library-grid .habit-pill, .block')]
        .map(p => ({cls: [...p.classList].find(c => /^habit-\\d+$/.test(c)), bg: getComputedStyle(p).backgroundColor,
                    fg: getComputedStyle(p.querySelector('.pill-name, .block-name')).color,
                    where: p.closest('.tray-strip') ? 'tray' : p.closest('.library') ? 'library' : 'block'}))""")
    assert sorted(x["where"] for x in drawn) == ["block"] * 3 + ["library"] * 3 + ["tray"] * 3
    for x in drawn:
        colour = site.colours[int(x["cls"].split("-")[1])]
        assert (x["bg"], x["fg"]) == (rgb(colour), rgb(text_colour(colour))), f"{x} for {colour}"
    assert {text_colour(c) for _, _, c, _ in HABITS} == {"#1A1A1A", "#FFFFFF"}, "both text colours are checked"


# ---------------------------------------------------------------- axe-core

HABIT_PAGES = ["day", "day-library", "empty-day", "/habits/new", "edit", "log", "instance", "/habits/archived"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("what", HABIT_PAGES)
def test_axe_on_the_habit_pages(site, page, driver, what, scheme):
    color_scheme(driver, scheme)
    path = {"day": f"/day/{site.busy_day}", "day-library": f"/day/{site.busy_day}", "empty-day": f"/day/{days(-20, site.today)}",
            "edit": f"/habits/{site.habits['Run']}/edit", "log": f"/day/{site.busy_day}/log/{site.habits['Read']}"}.get(what, what)
    if what == "instance":
        d = page(f"/day/{site.busy_day}")
        path = d.find_element(By.CSS_SELECTOR, ".block a").get_attribute("href")[len(site.base):]
    d = page(path)
    assert d.find_elements(By.CSS_SELECTOR, "main h1"), f"no page at {path}"
    if what.startswith("day"):
        assert len(d.find_elements(By.CSS_SELECTOR, ".blocks .block")) == 3 and d.find_elements(By.CSS_SELECTOR, ".tray-strip .habit-pill")
    if what == "day-library":
        d.find_element(By.CSS_SELECTOR, ".library summary").click()
        assert d.find_element(By.CSS_SELECTOR, ".library-grid").is_displayed()
    if what == "/habits/archived":
        assert "Guitar" in d.find_element(By.CSS_SELECTOR, ".archived").text
    assert_accessible(d, f"{what} ({scheme})")


def test_axe_while_dragging(site, page):
    """The ghost and the slot highlight are hidden from assistive technology."""
    d = page(f"/day/{site.busy_day}")
    target = show_slot(d, 40)
    mouse_drag(d, centre(d, pill(d, site, "Read")), target, release=False)
    assert drag_state(d)["mark"]
    try:
        assert_accessible(d, "the day page mid-drag")
    finally:
        ActionChains(d).send_keys(Keys.ESCAPE).release().perform()


@pytest.fixture
def coral(site):
    """A second member, "cora", with one Coral habit, in a browser of their own."""
    if not hasattr(site, "cora"):
        admin = Browser(site.dawn)
        admin.open("/login")
        assert admin.post("/login", {"username": "mum", "password": PASSWORD}).status == 303
        site.cora = add_member(admin, "cora", "Cora")
        add_habit(site.cora, "Swim", "🏊", "#FF6B6B", 30)
    d = make_driver()
    try:
        sign_in(d, site.base, "cora", MEMBER_PASSWORD)
        yield d
    finally:
        d.quit()


def test_axe_on_a_coral_pill(site, coral):
    assert coral.find_element(By.CSS_SELECTOR, ".tray-strip .habit-pill[data-habit]").text.endswith("Swim")
    assert_accessible(coral, "the day page with a Coral pill")


@pytest.mark.parametrize("width", [320, 1280])
def test_the_tray_fits(site, page, driver, width):
    viewport(driver, width, 800)
    d = page(f"/day/{site.busy_day}")
    d.find_element(By.CSS_SELECTOR, ".library summary").click()
    wide = d.execute_script("""const w = document.documentElement.clientWidth;
        return {page: document.documentElement.scrollWidth, width: w,
                wider: [...document.querySelectorAll('main *')].filter(e => !e.closest('.timeline, .tray-strip'))
                  .filter(e => e.getBoundingClientRect().right > w + 0.5 && e.getClientRects().length)
                  .map(e => e.tagName + '.' + e.className).slice(0, 5)}""")
    assert wide["page"] <= wide["width"] and not wide["wider"], f"overflows {width} px: {wide}"
    tray = d.execute_script("const r = document.querySelector('.tray').getBoundingClientRect(); return [r.bottom, innerHeight]")
    assert abs(tray[0] - tray[1]) < 1, "the tray is pinned to the bottom"


# ---------------------------------------------------------------- screenshots

def test_screenshots(site, page, driver):
    for scheme in ["light", "dark"]:
        for width in [375, 1280]:
            color_scheme(driver, scheme)
            viewport(driver, width, 900)
            driver.get(f"{site.base}/day/{site.busy_day}")
            driver.execute_script("document.querySelector('.blocks .block').scrollIntoView({block: 'center'})")
            screenshot(driver, f"habits-{width}-{scheme}.png")
            driver.find_element(By.CSS_SELECTOR, ".library summary").click()
            screenshot(driver, f"habits-library-{width}-{scheme}.png", max_bytes=600_000)
    # Mid-drag: the ghost over the timeline and the highlighted slot.
    for scheme, width in [("light", 375), ("dark", 1280)]:
        color_scheme(driver, scheme)
        viewport(driver, width, 900)
        driver.get(f"{site.base}/day/{site.busy_day}")
        target = show_slot(driver, 14)
        mouse_drag(driver, centre(driver, pill(driver, site, "Meditate")), (target[0] + 40, target[1]), release=False)
        assert drag_state(driver)["mark"]
        screenshot(driver, f"habits-drag-{width}-{scheme}.png")
        ActionChains(driver).send_keys(Keys.ESCAPE).release().perform()


# ---------------------------------------------------------------- the colour picker (last: it adds a habit)

def test_a_picked_colour_ticks_custom_and_is_kept(site, page):
    """Picking a colour in the colour input ticks the "Custom" swatch, and the habit gets the
    picked colour (before, a preset stayed ticked and the pick was silently dropped)."""
    d = page("/habits/new")
    d.find_element(By.ID, "name").send_keys("Teal walk")
    coral = d.find_element(By.CSS_SELECTOR, "input[name=color][value='#FF6B6B']")
    assert coral.is_selected(), "a preset is ticked to begin with"
    d.execute_script("const p = document.getElementById('custom_color'); p.value = '#008080';"
                     "p.dispatchEvent(new Event('input', {bubbles: true}));")
    assert d.find_element(By.CSS_SELECTOR, "input[name=color][value=custom]").is_selected()
    d.find_element(By.CSS_SELECTOR, "form.stack button.primary").click()
    WebDriverWait(d, 10).until(lambda d: "done=habit-added" in d.current_url)
    assert rows(member_db(site.dawn, "ana"), "SELECT upper(color) FROM habits WHERE name = 'Teal walk'") == [("#008080",)]
