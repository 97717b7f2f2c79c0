"""What is left today on a phone's first screen, in a real browser (headless Chromium)
against the real `dawn` binary: with eight habits due and two family chores, in the grid
view, on a 375 × 812 phone every habit and chore sits above the pinned tray (a denser
checklist, three rows of days); on a tall screen the grid keeps its six rows; with five
habits the pills keep their 44 px; axe-core with the WCAG 2.2 rules (target size) on the
dense page with 15-minute logs back to back, light and dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_first_screen.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    add_habit, add_member, assert_accessible, color_scheme, log_habit, save_settings, signed_in_driver, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402

HABITS = [("Homework", "📚"), ("Morning run", "🏃"), ("Piano practice", "🎹"), ("Read", "📖"),
          ("Meditate", "🧘"), ("Water", "💧"), ("Stretch", "🤸"), ("Floss", "🦷")]
CHORES = [("Walk the dog", "🐕", "#48DBAB"), ("Feed the cat", "🐈", "#FECA57")]
WCAG22 = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}


def seed(s, admin):
    """ana keeps eight daily habits, bob five; the family keeps two daily chores."""
    s.ana = add_member(admin, "ana", "Ana")
    s.bob = add_member(admin, "bob", "Bob")
    ids = [add_habit(s.ana, name, emoji, "#54A0FF", 30) for name, emoji in HABITS]
    # Two 15-minute logs back to back: small blocks on the timeline, each still a 24 px target.
    log_habit(s.ana, s.today, ids[0], "07:00", 15)
    log_habit(s.ana, s.today, ids[1], "07:15", 15)
    for name, emoji in HABITS[:5]:
        add_habit(s.bob, name, emoji, "#54A0FF", 30)
    admin.open("/family")
    for name, mark, color in CHORES:
        r = admin.post("/family/chores", {"name": name, "mark": mark, "color": color, "schedule": "day"})
        assert r.status == 303, r.text[:600]
    save_settings(s.ana, view="grid")
    save_settings(s.bob, view="grid")


def boxes(d, selector):
    return d.execute_script("""return [...document.querySelectorAll(arguments[0])].map(e => {
        const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height, width: r.width}; })""",
                            selector)


def grid_rows(d):
    tops = d.execute_script("""return [...document.querySelectorAll('.grid .c')].filter(c => c.offsetParent)
        .map(c => Math.round(c.getBoundingClientRect().top))""")
    return len(set(tops))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_eight_habits_and_two_chores_fit_a_phones_first_screen(site, driver, scheme):
    color_scheme(driver, scheme)
    viewport(driver, 375, 812)
    driver.get(site.base + "/")
    assert driver.execute_script("return window.scrollY") == 0
    tray = boxes(driver, "#tray")[0]
    checks = boxes(driver, "#checklist .check")
    chores = boxes(driver, "#chores .chore-check")
    assert len(checks) == 8 and len(chores) == 2
    for item in checks + chores:
        assert 0 <= item["top"] and item["bottom"] <= tray["top"], (item, tray)
    # Denser, yet every target over WCAG 2.2's 24 px.
    assert "dense" in driver.find_element(By.ID, "checklist").get_attribute("class")
    for target in boxes(driver, "#checklist .check-pill, #checklist .check-side, #chores .chore-button"):
        assert target["height"] >= 24 and target["width"] >= 24, target
    assert grid_rows(driver) == 3, "a short screen shows three rows of days"
    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, "no sideways scrolling"
    assert_accessible(driver, f"the dense day page ({scheme})", WCAG22)


@pytest.mark.parametrize("width", [375, 1280])
def test_short_logs_are_24_px_targets(site, driver, width):
    color_scheme(driver, "light")
    viewport(driver, width, 900)
    driver.get(site.base + "/")
    blocks = boxes(driver, ".block a")
    assert len(blocks) == 2
    for block in blocks:
        assert block["height"] >= 24 and block["width"] >= 24, block
    assert_accessible(driver, f"the day page with short logs at {width} px", WCAG22)


def test_a_tall_screen_keeps_six_rows_of_days(site, driver):
    color_scheme(driver, "light")
    viewport(driver, 375, 1000)
    driver.get(site.base + "/")
    assert grid_rows(driver) == 6


def test_five_habits_keep_their_44_px_pills(site):
    d = signed_in_driver(site, "bob")
    try:
        viewport(d, 375, 812)
        d.get(site.base + "/")
        assert "dense" not in d.find_element(By.ID, "checklist").get_attribute("class")
        assert {b["height"] for b in boxes(d, "#checklist .check-pill")} == {44}
        assert grid_rows(d) == 6, "without a dense checklist the grid keeps its six rows"
    finally:
        d.quit()
