"""The compact timeline of the day page in a real browser (headless
Chromium through Selenium) against the real `dawn` binary, with and without JavaScript:
at 375 × 812 a day logged between 07:30 and 17:00 takes at most 600 px, the hours before
and after fold into a <details> each that opens to show them, a 15-minute block shows its
emoji and name unclipped, a pill dropped on a fold opens it (and a drop on a folded hour
then logs there), logging by form into a folded hour, now marked on today, axe-core at
320, 375 and 1280 px in light and dark, and screenshots.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_compact_timeline.py -q -p no:cacheprovider
"""
import datetime
import json
import os
import sys
import time
from zoneinfo import ZoneInfo

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, ZONE, add_habit, add_member, assert_accessible, color_scheme, days, instances, log_habit,
    mouse_drag, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

HABITS = [("Run", "🏃", "#48DBAB", 90), ("Read", "📚", "#FECA57", 15), ("Walk", "🚶", "#54A0FF", 60)]


def seed(s, admin):
    """One server; "ana" (day starting at midnight) logged yesterday between 07:30 and 17:00,
    a 15-minute read at noon among it, and something early today."""
    s.ana = add_member(admin, "ana", "Ana")
    s.habits = {name: add_habit(s.ana, name, emoji, colour, minutes) for name, emoji, colour, minutes in HABITS}
    s.busy_day = days(-1, s.today)
    log_habit(s.ana, s.busy_day, s.habits["Run"], "07:30", 90)
    s.read = log_habit(s.ana, s.busy_day, s.habits["Read"], "12:00", 15, "a chapter")
    log_habit(s.ana, s.busy_day, s.habits["Walk"], "16:00", 60)
    log_habit(s.ana, s.today, s.habits["Walk"], "03:00", 60)


@pytest.fixture(scope="module")
def plain(site, nojs):
    """Chromium without JavaScript, signed in as ana."""
    sign_in(nojs, site.base, "ana", MEMBER_PASSWORD)
    return nojs


@pytest.fixture(params=["js", "nojs"])
def either(request, driver, plain):
    """Each test twice: with JavaScript and without."""
    return driver if request.param == "js" else plain


def load(d, site, path, width=375, height=812, scheme="light"):
    if d is not None:
        try:
            color_scheme(d, scheme)
        except Exception:  # noqa: BLE001 — the no-JS driver takes CDP commands too; keep going regardless
            pass
    viewport(d, width, height)
    d.get(site.base + path)
    return d


def rect(d, selector):
    return d.execute_script("""const e = document.querySelector(arguments[0]); if (!e) return null;
        const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
        shown: e.getClientRects().length > 0};""", selector)


def hours_shown(d, selector):
    """The hour labels of a part that are rendered (inside a closed fold they are not)."""
    return [li.text for li in d.find_elements(By.CSS_SELECTOR, selector + " .hours li") if li.is_displayed()]


def click(d, selector_or_element):
    """Clicks like a person: first brought out from under the pinned tray."""
    e = d.find_element(By.CSS_SELECTOR, selector_or_element) if isinstance(selector_or_element, str) else selector_or_element
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", e)
    e.click()


def centre(d, element):
    return d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", element)


# ---------------------------------------------------------------- height and folds

def test_a_day_logged_from_half_past_seven_to_five_fits_in_600_px(site, either):
    d = load(either, site, f"/day/{site.busy_day}")
    card, frame = rect(d, "#timeline"), rect(d, "#timeline .day-timeline")
    assert card["height"] <= 600, f"the timeline card is {card['height']} px tall at 375 px"
    assert frame["height"] <= 600 - 40
    assert hours_shown(d, "#timeline .hours-part:not(details *)") == [f"{h:02d}:00" for h in range(7, 17)], \
        "07:00 to 16:00 shown: from the hour of the first log to the hour of the last one's end"
    summaries = [s.text for s in d.find_elements(By.CSS_SELECTOR, "#timeline details.fold > summary .fold-range")]
    assert summaries == ["00:00–07:00", "17:00–00:00"], summaries
    assert hours_shown(d, "details.fold") == [], "the folded hours are not drawn while folded"
    # Summary, shown hours, summary: top to bottom.
    before, shown, after = rect(d, ".fold-before > summary"), rect(d, ".hours-part:not(details *)"), rect(d, ".fold-after > summary")
    assert before["bottom"] <= shown["top"] + 1 and shown["bottom"] <= after["top"] + 1


def test_opening_a_fold_shows_its_hours(site, either):
    d = load(either, site, f"/day/{site.busy_day}")
    click(d, ".fold-before > summary")
    WebDriverWait(d, 5).until(lambda d: d.execute_script("return document.querySelector('.fold-before').open"))
    assert hours_shown(d, ".fold-before") == [f"{h:02d}:00" for h in range(0, 7)]
    before, shown = rect(d, ".fold-before .blocks"), rect(d, ".hours-part:not(details *) .blocks")
    assert abs(before["height"] - 7 * shown["height"] / 10) < 1, "an opened hour is as tall as a shown one"
    assert before["bottom"] <= shown["top"] + 1, "the opened hours lead into the shown ones"
    click(d, ".fold-after > summary")
    WebDriverWait(d, 5).until(lambda d: d.execute_script("return document.querySelector('.fold-after').open"))
    assert hours_shown(d, ".fold-after") == [f"{h:02d}:00" for h in range(17, 24)]
    click(d, ".fold-after > summary")
    assert hours_shown(d, ".fold-after") == [], "and it folds again"


def test_a_15_minute_block_shows_its_emoji_and_name(site, either):
    d = load(either, site, f"/day/{site.busy_day}")
    box = d.execute_script("""const a = document.querySelector('.block a[href$="/instances/' + arguments[0] + '"]');
        a.scrollIntoView({block: 'center'});
        const r = (e) => { const x = e.getBoundingClientRect(); return {top: x.top, bottom: x.bottom, left: x.left, right: x.right, w: x.width, h: x.height}; };
        const name = a.querySelector('.block-name'), emoji = a.querySelector('.block-emoji');
        return {a: r(a), name: r(name), emoji: r(emoji), text: name.textContent, clipped: name.scrollWidth > name.clientWidth + 0.5,
                hit: document.elementFromPoint(r(name).left + 4, (r(name).top + r(name).bottom) / 2)?.closest('.block a') === a};""", site.read)
    a, name, emoji = box["a"], box["name"], box["emoji"]
    assert box["text"] == "Read" and not box["clipped"], box
    for part, what in [(name, "name"), (emoji, "emoji")]:
        assert part["w"] > 4 and part["h"] >= 10, f"the {what} has a box: {box}"
        assert part["top"] >= a["top"] - 0.5 and part["bottom"] <= a["bottom"] + 0.5, f"the {what} is inside the block vertically: {box}"
        assert part["left"] >= a["left"] - 0.5 and part["right"] <= a["right"] + 0.5, f"the {what} is inside the block: {box}"
    assert a["h"] >= 24 and a["w"] >= 24, f"the 15-minute block is drawn three slots tall, a 24 px target: {box}"
    assert box["hit"], "nothing covers the name"


# ---------------------------------------------------------------- logging into a folded hour

def test_a_pill_dropped_on_a_fold_opens_it_then_logs_in_its_hours(site, driver):
    day = days(-3, site.today)
    log_habit(site.ana, day, site.habits["Run"], "09:00", 90)
    d = load(driver, site, f"/day/{day}")
    summary = d.find_element(By.CSS_SELECTOR, ".fold-after > summary")
    assert summary.find_element(By.CSS_SELECTOR, ".fold-range").text == "11:00–00:00"
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    pill = d.find_element(By.CSS_SELECTOR, f'.tray-strip .habit-pill[data-habit="{site.habits["Walk"]}"]')
    mouse_drag(d, centre(d, pill), centre(d, summary), release=False)
    assert d.execute_script("return document.querySelector('.fold-after').classList.contains('drop-over')"), \
        "the fold shows it is a target"
    ActionChains(d).release().perform()
    time.sleep(0.3)
    assert d.execute_script("return document.querySelector('.fold-after').open"), "the drop opened the fold"
    assert hours_shown(d, ".fold-after")[:2] == ["11:00", "12:00"]
    assert instances(site.dawn, "ana", day)[-1][3] == 9 * 60, "dropping on the fold logs nothing"
    assert not d.find_elements(By.CSS_SELECTOR, ".drag-ghost, .slot-mark:not([hidden])")
    # Now its hours are there to drop on: 19:00 is slot 76, the part starts at slot 44.
    target = d.execute_script("""const ol = document.querySelector('.fold-after .blocks');
        ol.scrollIntoView({block: 'center'}); const r = ol.getBoundingClientRect();
        window.scrollBy(0, r.top + (32.5 / 52) * r.height - innerHeight / 2);
        const q = ol.getBoundingClientRect(); return [q.left + q.width / 2, q.top + (32.5 / 52) * q.height];""")
    mouse_drag(d, centre(d, pill), target, release=False)
    state = d.execute_script("const m = document.querySelector('.slot-mark'); return m && !m.hidden ? [m.closest('details') !== null, m.textContent] : null")
    assert state == [True, "19:00"], f"the mark sits in the opened fold at 19:00: {state}"
    ActionChains(d).release().perform()
    WebDriverWait(d, 10).until(lambda d: "done=logged" in d.current_url)
    assert instances(site.dawn, "ana", day)[-1][1:5] == (site.habits["Walk"], str(day), 19 * 60, 60)
    assert [s.text for s in d.find_elements(By.CSS_SELECTOR, "details.fold > summary .fold-range")] == ["00:00–09:00", "20:00–00:00"], \
        "the shown hours now reach the new log"


def test_logging_by_form_into_a_folded_hour_without_javascript(site, plain):
    day = days(-4, site.today)
    log_habit(site.ana, day, site.habits["Run"], "09:00", 90)
    d = load(plain, site, f"/day/{day}")
    click(d, f'.tray-strip .habit-pill[data-habit="{site.habits["Read"]}"]')
    WebDriverWait(d, 10).until(lambda d: f"/log/{site.habits['Read']}" in d.current_url)
    start = d.find_element(By.ID, "start")
    d.execute_script("arguments[0].value = '21:15'", start)  # as a person picks it (the field's typing is locale-bound)
    click(d, "form.stack button.primary")
    WebDriverWait(d, 10).until(lambda d: "done=logged" in d.current_url)
    assert instances(site.dawn, "ana", day)[-1][1:5] == (site.habits["Read"], str(day), 21 * 60 + 15, 15)
    names = [s.text for s in d.find_elements(By.CSS_SELECTOR, "details.fold > summary .fold-range")]
    assert names == ["00:00–09:00", "22:00–00:00"], names
    assert d.find_element(By.CSS_SELECTOR, ".hours-part:not(details *) .block.at-85 .block-name").text == "Read"
    # And its edit form moves it back into the hours the fold holds.
    click(d, ".block.at-85 a")
    WebDriverWait(d, 10).until(lambda d: "/instances/" in d.current_url)
    start = d.find_element(By.ID, "start")
    d.execute_script("arguments[0].value = '06:15'", start)
    click(d, "form.stack button.primary")
    WebDriverWait(d, 10).until(lambda d: "done=log-updated" in d.current_url)
    assert instances(site.dawn, "ana", day)[-1][3] == 6 * 60 + 15
    assert [s.text for s in d.find_elements(By.CSS_SELECTOR, "details.fold > summary .fold-range")] == ["00:00–06:00", "11:00–00:00"]


# ---------------------------------------------------------------- dropping at the right time

def touch(d, kind, x=None, y=None):
    points = [] if x is None else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def slot_centre(d, slot):
    """Scrolls so that `slot` sits in the middle of the window and returns its centre (viewport
    px), measured on the part that draws it; that part must be on screen, not in a closed fold."""
    find = """const part = [...document.querySelectorAll('#timeline .blocks')].find(ol =>
        arguments[0] >= +ol.dataset.from && arguments[0] < +ol.dataset.from + +ol.dataset.span);
        if (!part || part.closest('details:not([open])')) return null;
        const at = () => { const q = part.getBoundingClientRect();
            return [q.left + q.width / 2, q.top + (arguments[0] - +part.dataset.from + 0.5) * q.height / +part.dataset.span]; };"""
    assert d.execute_script(find + "window.scrollBy(0, at()[1] - innerHeight / 2 + 40); return true;", slot), \
        f"slot {slot} is not in a shown part"
    return d.execute_script(find + "return at();", slot)


def hovered_mark(d, point):
    """The slot mark while a pill is held at `point`: its time, whether it is drawn (not inside a
    closed fold) and whether it lies under the pointer."""
    return d.execute_script("""const m = document.querySelector('.slot-mark');
        if (!m || m.hidden) return null;
        const r = m.getBoundingClientRect();
        return {time: m.textContent, drawn: !m.closest('details:not([open])') && m.checkVisibility() && r.height > 0,
                under: r.top - 1 <= arguments[1] && arguments[1] <= r.bottom + 1};""", point[0], point[1])


def exported_starts(site, day):
    """The start times the JSON export gives the day's logs."""
    exported = json.loads(site.ana.get("/export/dawn.json").body)
    return sorted(i["start"] for i in exported["instances"] if i["date"] == str(day))


@pytest.mark.parametrize("folds", ["closed", "open"])
@pytest.mark.parametrize("width", [375, 1280])
def test_a_pill_dropped_below_a_fold_logs_at_the_time_under_it(site, driver, width, folds):
    """The closed fold above (00:00–06:00) keeps no room on the page: a pill dropped below it,
    by finger at 375 px and by mouse at 1280 px, logs at the hour it was dropped on, and the
    slot under the pointer is highlighted while it hovers. With the folds open, their hours take
    drops the same way."""
    day = days({(375, "closed"): -10, (375, "open"): -11, (1280, "closed"): -12, (1280, "open"): -13}[(width, folds)], site.today)
    log_habit(site.ana, day, site.habits["Run"], "06:00", 30)
    log_habit(site.ana, day, site.habits["Walk"], "15:00", 60)
    read = site.habits["Read"]
    times = ["07:00", "10:30", "14:00"] if folds == "closed" else ["03:00", "09:45", "19:00"]
    for n, when in enumerate(times):
        d = load(driver, site, f"/day/{day}", width, 812)
        if n == 0:
            assert [s.text for s in d.find_elements(By.CSS_SELECTOR, "details.fold > summary .fold-range")] == \
                ["00:00–06:00", "16:00–00:00"]
        if folds == "open":
            for summary in d.find_elements(By.CSS_SELECTOR, "details.fold > summary"):
                click(d, summary)
            assert d.execute_script("return [...document.querySelectorAll('details.fold')].every(f => f.open)")
        hour, minute = map(int, when.split(":"))
        target = slot_centre(d, (hour * 60 + minute) // 15)
        start = centre(d, d.find_element(By.CSS_SELECTOR, f'.tray-strip .habit-pill[data-habit="{read}"]'))
        if width == 375:
            # A finger: a long press picks the pill up, then it moves to the slot and lifts.
            touch(d, "touchStart", *start)
            time.sleep(0.4)
            for i in range(1, 13):
                touch(d, "touchMove", start[0] + (target[0] - start[0]) * i / 12, start[1] + (target[1] - start[1]) * i / 12)
                time.sleep(0.016)
            time.sleep(0.15)
            mark = hovered_mark(d, target)
            touch(d, "touchEnd")
        else:
            mouse_drag(d, start, target, release=False)
            mark = hovered_mark(d, target)
            ActionChains(d).release().perform()
        assert mark == {"time": when, "drawn": True, "under": True}, \
            f"hovering at {when} ({width} px, folds {folds}) highlights that slot under the pointer: {mark}"
        WebDriverWait(d, 10).until(lambda d: "done=logged" in d.current_url and
                                   d.execute_script("return document.readyState") == "complete")
        shown = d.execute_script("""return [...document.querySelectorAll('.block')]
            .filter(b => b.classList.contains('habit-' + arguments[0])).map(b => b.querySelector('.block-time').textContent.split('–')[0])""", read)
        assert when in shown, f"dropped at {when} ({width} px, folds {folds}): the day shows Read at {shown}"
    assert exported_starts(site, day) == sorted(["06:00", "15:00"] + times), "and the export has each at its time"


# ---------------------------------------------------------------- now, on today

def test_today_marks_now(site, either):
    d = load(either, site, "/")
    now = datetime.datetime.now(ZoneInfo(ZONE))
    marks = d.find_elements(By.CSS_SELECTOR, "#timeline .now-mark")
    assert len(marks) == 1, "one now mark"
    label = marks[0].get_attribute("textContent")
    shown_times = {(now - datetime.timedelta(minutes=k)).strftime("%H:%M") for k in range(0, 3)}
    assert any(t in label for t in shown_times), f"{label!r} is now ({now:%H:%M})"
    fold = d.execute_script("return arguments[0].closest('details')?.className || null", marks[0])
    if fold:
        # Now falls in a fold: its summary says so, and opening it shows the line.
        summary = d.find_element(By.CSS_SELECTOR, f"details.{fold.split()[-1]} > summary")
        assert summary.find_element(By.CSS_SELECTOR, ".fold-now").text.startswith("Now ")
        click(d, summary)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", marks[0])
    assert marks[0].is_displayed()
    assert d.execute_script("return arguments[0].getBoundingClientRect().width", marks[0]) > 100, "a line across the blocks"


# ---------------------------------------------------------------- axe-core, screenshots

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 375, 1280])
def test_axe(site, driver, width, scheme):
    d = load(driver, site, f"/day/{site.busy_day}", width, 812, scheme)
    assert_accessible(d, f"the compact timeline at {width} px ({scheme})")
    for summary in d.find_elements(By.CSS_SELECTOR, "details.fold > summary"):
        click(d, summary)
    assert_accessible(d, f"the timeline with its folds open at {width} px ({scheme})")
    d = load(driver, site, "/", width, 812, scheme)
    for summary in d.find_elements(By.CSS_SELECTOR, "details.fold > summary"):
        click(d, summary)
    assert d.find_elements(By.CSS_SELECTOR, ".now-mark")
    assert_accessible(d, f"today's timeline with now at {width} px ({scheme})")


def test_screenshots(site, driver):
    for scheme in ["light", "dark"]:
        for width in [375, 1280]:
            d = load(driver, site, f"/day/{site.busy_day}", width, 900, scheme)
            d.execute_script("document.getElementById('timeline').scrollIntoView()")
            screenshot(d, f"compact-timeline-{width}-{scheme}.png")
            d = load(driver, site, "/", width, 900, scheme)
            for summary in d.find_elements(By.CSS_SELECTOR, "details.fold:has(.now-mark) > summary"):
                click(d, summary)
            d.execute_script("document.querySelector('.now-mark').scrollIntoView({block: 'center'})")
            screenshot(d, f"compact-timeline-today-{width}-{scheme}.png")
