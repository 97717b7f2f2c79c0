"""The seeds' remaining states in a real browser (headless Chromium through Selenium) against
the real `dawn` binary:

- an activity day and an entry day stay apart when a number is drawn (today, or "grid
  dates"), in the row and the grid, light and dark: seeds 000/001 draw activity as the 8 px
  dark dot on the 18 px grey base, an entry as the 18 px dark disc with a white number. The
  computed sizes and colours are checked, and the pixels themselves: the circle of an
  activity day is mostly grey, an entry day's mostly dark (light in dark mode);
- the month calendar: reachable from the day's heading with the day selected (a 1 px blue
  ring, seed 003), days of the month without a day page faded to 25 % and not links;
- the defaults: a new member opens on the grid, statistics on the month;
- the tray: 80 px collapsed, and on a 375 × 812 phone the library opens to the full height
  above the strip (with and without JavaScript);
- axe-core on the calendar at 320, 375 and 1280 px, light and dark; screenshots.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_seed_states.py -q -p no:cacheprovider
"""
import base64
import datetime
import json
import os
import struct
import sys
import zlib

import re

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, SCREENSHOTS, add_habit, add_member, axe_violations, color_scheme, contrast, days, over,
    rgba, save_settings, sign_in, signed_in_driver, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

BLUE = "rgb(68, 192, 255)"
DARK = {"light": "rgb(51, 59, 64)", "dark": "rgb(230, 234, 237)"}   # --entry: the dot and the disc
ON_DARK = {"light": "rgb(255, 255, 255)", "dark": "rgb(21, 25, 28)"}  # --on-entry
TEXT = {"light": "rgb(28, 31, 34)", "dark": "rgb(236, 238, 240)"}      # --text
BASE = {"light": "rgba(142, 142, 147, 0.15)", "dark": "rgba(142, 142, 147, 0.3)"}
# Ana: notes (activity) on these days from today, entries on those; today a note only.
NOTES = [0, -1, -2, -5]
ENTRIES = [-3, -5]
SCHEMES = ["light", "dark"]


def seed(s, admin):
    """"ana" was active today (a note, no entry), "eve" wrote today's entry (no note);
    "max" has 24 habits (a library taller than a phone); "new" changed no setting."""
    s.ana = add_member(admin, "ana", "Ana")
    for back in sorted(set(NOTES) | set(ENTRIES)):
        day = days(back, s.today)
        s.ana.open(f"/day/{day}")
        if back in NOTES:
            assert s.ana.post(f"/day/{day}/notes", {"note": f"note {back}"}).status == 303
        if back in ENTRIES:
            assert s.ana.post(f"/day/{day}/entry", {"entry": f"entry {back}"}).status == 303
    s.eve = add_member(admin, "eve", "Eve")
    s.eve.open(f"/day/{s.today}")
    assert s.eve.post(f"/day/{s.today}/entry", {"entry": "Today's entry."}).status == 303
    s.max = add_member(admin, "max", "Max")
    for n in range(24):
        add_habit(s.max, f"Habit {n + 1}", "⭐", "#54A0FF", 30)
    add_member(admin, "new", "New")


# ---------------------------------------------------------------- helpers

CIRCLE_JS = """
const c = document.querySelector(arguments[0]);
if (!c) return null;
const b = getComputedStyle(c, '::before'), dot = c.querySelector('.dot'), n = c.querySelector('.n');
const ds = dot && getComputedStyle(dot), ns = n && getComputedStyle(n);
return {cls: [...c.classList],
        before: {w: b.width, h: b.height, bg: b.backgroundColor},
        dot: ds && {w: ds.width, h: ds.height, bg: ds.backgroundColor},
        n: n && {text: n.textContent, color: ns.color, image: ns.backgroundImage, clip: ns.backgroundClip || ns.webkitBackgroundClip,
                 shadow: ns.textShadow}};
"""


def circle(d, selector):
    return d.execute_script(CIRCLE_JS, selector)


def png_pixels(data):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG (Chromium's screenshots): (w, h, rows of (r, g, b))."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, stride, out, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, out


def drawn(d, selector, scheme):
    """The circle's 18 px disc as painted (the centre 16 × 16 px at 4× zoom, so the ring is
    out): the share of its pixels in the dark colour (--entry, within 40 per channel)."""
    r = d.execute_script("const c = document.querySelector(arguments[0]); c.scrollIntoView({block: 'center', inline: 'center'});"
                         "const r = c.getBoundingClientRect();"
                         "return [r.left + r.width / 2, r.top + r.height / 2];", selector)
    shot = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {
        "x": r[0] - 8, "y": r[1] - 8, "width": 16, "height": 16, "scale": 4}})
    _, _, pixels = png_pixels(base64.b64decode(shot["data"]))
    dark = tuple(int(x) for x in DARK[scheme][4:-1].split(","))
    flat = [p for row in pixels for p in row]
    return sum(1 for p in flat if all(abs(a - b) <= 40 for a, b in zip(p, dark))) / len(flat)


# ---------------------------------------------------------------- activity vs entry

@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("view", ["row", "grid"])
def test_activity_and_entry_differ_on_today(site, scheme, view):
    """Today always shows its number: Ana's (a note) is the dot, Eve's (an entry) the disc."""
    found = {}
    for who in ["ana", "eve"]:
        save_settings(getattr(site, who), view=view)
        d = signed_in_driver(site, who)
        try:
            color_scheme(d, scheme)
            viewport(d, 375, 812)
            d.get(site.base + "/")
            sel = (".timeline" if view == "row" else ".grid") + " .c.today"
            found[who] = (circle(d, sel), drawn(d, sel, scheme))
        finally:
            d.quit()
    (active, active_dark), (entry, entry_dark) = found["ana"], found["eve"]
    assert active["cls"] == ["c", "today", "selected", "active"], active
    assert entry["cls"] == ["c", "today", "selected", "entry"], entry
    # Activity: the 18 px grey base, the 8 px dark dot over it (not grown under the number).
    assert (active["before"]["w"], active["before"]["bg"]) == ("18px", BASE[scheme]), active
    assert active["dot"] == {"w": "8px", "h": "8px", "bg": DARK[scheme]}, active
    # Entry: the 18 px dark disc, no dot, the number in the light colour.
    assert (entry["before"]["w"], entry["before"]["bg"]) == ("18px", DARK[scheme]), entry
    assert entry["dot"] is None and entry["n"]["color"] == ON_DARK[scheme], entry
    assert active["n"]["text"] == entry["n"]["text"] == str(site.today.day)
    # The activity number: one colour, the text's (a number split into two colours across its
    # glyphs reads as garbled), ringed by a 1 px halo of the grey base that parts it from the dot.
    assert active["n"]["color"] == TEXT[scheme] and active["n"]["image"] == "none", active
    halo = re.findall(r"(rgba?\([^)]*\)) (-?\d+)px (-?\d+)px", active["n"]["shadow"])
    assert {(int(x), int(y)) for _, x, y in halo} == {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)}, active
    assert {c for c, _, _ in halo} == {BASE[scheme]}, active
    # As painted: the entry disc is mostly the dark colour, the activity circle mostly not.
    assert entry_dark > 0.6, f"the entry disc fills the circle ({entry_dark:.0%})"
    assert active_dark < 0.35, f"the activity dot is small ({active_dark:.0%})"
    assert entry_dark - active_dark > 0.3


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("view", ["row", "grid"])
def test_activity_and_entry_differ_with_grid_dates(site, driver, scheme, view):
    """With "grid dates" on, every day shows its number: yesterday (a note) vs three days ago (an entry)."""
    save_settings(site.ana, view=view, grid_dates="1")
    try:
        color_scheme(driver, scheme)
        viewport(driver, 375, 812)
        driver.get(site.base + f"/day/{days(-10, site.today)}")
        box = ".timeline" if view == "row" else ".grid"
        a_sel, e_sel = (f'{box} .c[href="/day/{days(n, site.today)}"]' for n in (-1, -3))
        active, entry = circle(driver, a_sel), circle(driver, e_sel)
        assert active["cls"] == ["c", "past", "active"] and entry["cls"] == ["c", "past", "entry"]
        assert active["dot"] == {"w": "8px", "h": "8px", "bg": DARK[scheme]}, active
        assert (active["before"]["w"], active["before"]["bg"]) == ("18px", BASE[scheme])
        assert (entry["before"]["w"], entry["before"]["bg"], entry["n"]["color"]) == ("18px", DARK[scheme], ON_DARK[scheme])
        assert drawn(driver, e_sel, scheme) - drawn(driver, a_sel, scheme) > 0.3
        # Both numbers legible: inside the dot light on dark, around it the text colour on the base.
        page = rgba(driver.execute_script("return getComputedStyle(document.body).backgroundColor"))
        base = over(rgba(BASE[scheme]), page)
        assert contrast(rgba(ON_DARK[scheme]), rgba(DARK[scheme])) >= 4.5
        assert contrast(rgba(TEXT[scheme]), base) >= 4.5
        assert contrast(rgba(entry["n"]["color"]), rgba(entry["before"]["bg"])) >= 4.5
    finally:
        save_settings(site.ana, view=view)


# ---------------------------------------------------------------- the calendar

@pytest.mark.parametrize("js", [True, False])
def test_the_heading_opens_the_calendar_with_the_day_selected(site, driver, nojs, js):
    d = driver if js else nojs
    if not js:
        d.delete_all_cookies()
        sign_in(d, site.base, "ana", MEMBER_PASSWORD)
    color_scheme(d, "light")
    viewport(d, 375, 812)
    day = days(-2, site.today)
    d.get(site.base + f"/day/{day}")
    link = d.find_element(By.CSS_SELECTOR, ".day-head h1 a")
    assert link.get_attribute("href").endswith(f"/calendar/{str(day)[:7]}?day={day}")
    link.click()
    WebDriverWait(d, 10).until(lambda d: "/calendar/" in d.current_url)
    selected = d.find_elements(By.CSS_SELECTOR, "a.cal-day.selected")
    assert [s.get_attribute("href").rsplit("/", 1)[1] for s in selected] == [str(day)]
    s = d.execute_script("const s = getComputedStyle(document.querySelector('a.cal-day.selected'));"
                         "return [s.boxShadow, s.width, s.height];")
    assert s[0] == f"{BLUE} 0px 0px 0px 1px inset", s
    assert s[1:] == ["30px", "30px"], "seed 003: a 30 px day, its ring 1 px"
    assert selected[0].get_attribute("aria-label").endswith(", selected")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_days_without_a_day_page_are_faded(site, driver, scheme):
    """The last month the calendar shows ends two years ahead: its later days are faded, not links."""
    last = site.today.replace(year=site.today.year + 2) if not (site.today.month == 2 and site.today.day == 29) \
        else site.today.replace(year=site.today.year + 2, day=28)
    following = (last.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
    if last.day == (following - datetime.timedelta(days=1)).day:
        pytest.skip("the last day page is its month's last day: no day of it is faded")
    color_scheme(driver, scheme)
    viewport(driver, 375, 812)
    driver.get(site.base + f"/calendar/{str(last)[:7]}")
    cells = driver.execute_script("""return [...document.querySelectorAll('.month td > *')].map(c => ({
        tag: c.tagName, cls: [...c.classList], day: c.textContent || c.dataset.day,
        opacity: getComputedStyle(c).opacity, href: c.getAttribute('href')}))""")
    inside = [c for c in cells if "outside" not in c["cls"]]
    for c in inside:
        n = int(c["day"])
        if n <= last.day:
            assert c["tag"] == "A" and c["opacity"] == "1" and c["href"].endswith(f"-{n:02d}"), c
        else:
            assert c["tag"] == "SPAN" and "disabled" in c["cls"] and c["opacity"] == "0.25" and c["href"] is None, c
    assert any("disabled" in c["cls"] for c in inside)


# ---------------------------------------------------------------- defaults

def test_a_new_member_opens_on_the_grid_and_the_month(site):
    d = signed_in_driver(site, "new")
    try:
        viewport(d, 375, 812)
        d.get(site.base + "/")
        assert d.find_elements(By.CSS_SELECTOR, ".grid .c") and not d.find_elements(By.CSS_SELECTOR, ".timeline")
        d.get(site.base + "/stats")
        current = d.find_element(By.CSS_SELECTOR, "[aria-current=page]")
        assert "g=month" in current.get_attribute("href"), current.get_attribute("outerHTML")
    finally:
        d.quit()


# ---------------------------------------------------------------- the tray and its library

@pytest.mark.parametrize("js", [True, False])
def test_the_library_opens_to_the_full_height_on_a_phone(site, nojs, js):
    d = signed_in_driver(site, "max") if js else nojs
    try:
        if not js:
            d.delete_all_cookies()
            sign_in(d, site.base, "max", MEMBER_PASSWORD)
        color_scheme(d, "light")
        viewport(d, 375, 812)
        d.get(site.base + "/")
        tray = d.execute_script("const r = document.getElementById('tray').getBoundingClientRect(); return [r.top, r.bottom];")
        assert tray[1] == 812 and tray[1] - tray[0] <= 88, f"collapsed: 80 px with its handle (seed 002): {tray}"
        d.find_element(By.CSS_SELECTOR, ".library summary").click()
        box = d.execute_script("""const t = document.getElementById('tray').getBoundingClientRect(),
            l = document.querySelector('.library'), s = document.querySelector('.tray-strip').getBoundingClientRect();
            return {top: t.top, bottom: t.bottom, strip: [s.top, s.bottom], scrolls: l.scrollHeight > l.clientHeight,
                    open: l.open, height: l.getBoundingClientRect().height};""")
        assert box["open"]
        assert box["top"] <= 1 and box["bottom"] == 812, f"the library takes the whole screen above the strip: {box}"
        assert box["strip"][1] == 812 and box["strip"][1] - box["strip"][0] == 56, box
        assert box["scrolls"], "24 habits scroll inside the library"
    finally:
        if js:
            d.quit()


def test_a_short_library_opens_to_seven_tenths(site, driver):
    """Ana has no habit: her library is the sheet's first detent, 70 % of the screen."""
    color_scheme(driver, "light")
    viewport(driver, 375, 812)
    driver.get(site.base + "/")
    driver.find_element(By.CSS_SELECTOR, ".library summary").click()
    height = driver.execute_script("return document.querySelector('.library').getBoundingClientRect().height")
    assert abs(height - 0.7 * 812) <= 1, height


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", [320, 375, 1280])
def test_axe_calendar(site, driver, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    day = days(-2, site.today)
    failures = []
    last = site.today.replace(day=1)
    last = last.replace(year=last.year + 2)
    for path in [f"/calendar/{str(day)[:7]}?day={day}", f"/calendar/{str(last)[:7]}", f"/day/{day}"]:
        driver.get(site.base + path)
        violations = axe_violations(driver)
        if violations:
            failures.append(f"{path}: " + json.dumps(violations, indent=1, ensure_ascii=False))
    assert not failures, f"axe at {width} px ({scheme}):\n" + "\n".join(failures)


# ---------------------------------------------------------------- screenshots

def test_screenshots(site, driver):
    os.makedirs(SCREENSHOTS, exist_ok=True)
    day = days(-2, site.today)
    max_driver = signed_in_driver(site, "max")
    try:
        for scheme in SCHEMES:
            for d in (driver, max_driver):
                color_scheme(d, scheme)
            for width in [375, 1280]:
                for d in (driver, max_driver):
                    viewport(d, width, 812 if width == 375 else 900)
                shots = [("calendar", driver, f"/calendar/{str(day)[:7]}?day={day}", {}),
                         ("row", driver, "/", {"view": "row"}),
                         ("grid-dates", driver, "/", {"view": "grid", "grid_dates": "1"}),
                         ("library", max_driver, "/", {})]
                for name, d, path, settings in shots:
                    if settings:
                        save_settings(site.ana, **settings)
                    d.get(site.base + path)
                    if name == "library":
                        d.find_element(By.CSS_SELECTOR, ".library summary").click()
                    file = os.path.join(SCREENSHOTS, f"seeds-{name}-{width}-{scheme}.png")
                    assert d.save_screenshot(file)
                    assert os.path.getsize(file) < 700_000
    finally:
        max_driver.quit()
        save_settings(site.ana, view="grid")


# ---------------------------------------------------------------- today on the month calendar

CAL_TODAY = {"light": "rgb(20, 121, 184)", "dark": "rgb(68, 192, 255)"}         # seed 003: today in blue
CAL_TODAY_ON_ENTRY = {"light": "rgb(68, 192, 255)", "dark": "rgb(16, 106, 159)"}  # the blue that reads on the disc


@pytest.mark.parametrize("scheme", SCHEMES)
def test_today_on_the_calendar_is_blue_with_or_without_an_entry(site, scheme):
    """Seed 003 draws the current day's number in blue: Ana's today (a note) on the page,
    Eve's today (an entry) on the filled disc, each over 4.5:1."""
    for who, want in [("ana", CAL_TODAY), ("eve", CAL_TODAY_ON_ENTRY)]:
        d = signed_in_driver(site, who)
        try:
            color_scheme(d, scheme)
            d.get(site.base + f"/calendar/{site.today:%Y-%m}")
            day = d.execute_script("""const e = document.querySelector('.month [aria-current=date]'), s = getComputedStyle(e);
                return {cls: e.className, color: s.color, bg: s.backgroundColor,
                        page: getComputedStyle(document.querySelector('.calendar-card')).backgroundColor};""")
            assert day["color"] == want[scheme], (who, day)
            below = over(rgba(day["bg"]), rgba(day["page"]))
            assert contrast(over(rgba(day["color"]), below), below) >= 4.5, (who, day)
            assert ("entry" in day["cls"]) == (who == "eve"), day
        finally:
            d.quit()
