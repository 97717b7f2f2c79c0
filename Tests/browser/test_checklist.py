"""The day page's checklist in a real browser (headless Chromium through Selenium) against
the real `dawn` binary: on a 375 × 812 phone the whole checklist sits inside the first
screen, above the pinned tray (the row; with the grid, its heading and first items); with
JavaScript off one submit marks a habit done and another undoes it, a skip and an amount
work the same, a refused amount shows its message under the item; the pills are the
habits' colours (filled once done, their colour as a ring before), every item a button
with its name; axe-core; screenshots at 375 and 1280 px, light and dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_checklist.py -q -p no:cacheprovider
"""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, ZONE, add_member, assert_accessible, color_scheme, each_look, import_json, member_db, open_page, rows,
    save_settings, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# Ana's five habits, in her order: (name, emoji, colour, plan).
HABITS = [
    ("Read", "📚", "#FECA57", {"target": {"amount": 20, "unit": "pages", "kind": "at_least"}}),
    ("Meditate", "🧘", "#54A0FF", {}),
    ("Run", "🏃", "#48DBAB", {}),
    ("Gym", "🏋️", "#A29BFE", {"schedule": {"every": "week", "times": 3}}),
    ("Call gran", "📞", "#FF6B6B", {}),
]
RGB = {"#FECA57": "rgb(254, 202, 87)", "#54A0FF": "rgb(84, 160, 255)", "#48DBAB": "rgb(72, 219, 171)",
       "#A29BFE": "rgb(162, 155, 254)", "#FF6B6B": "rgb(255, 107, 107)"}


def plan_file(today, instances=(), skips=()):
    habits = [{"id": n, "name": name, "emoji": emoji, "colour": colour, "defaultDurationMinutes": 30, "createdAt": n,
               "schedule": {"every": "day"}, "group": None, "position": n, **extra}
              for n, (name, emoji, colour, extra) in enumerate(HABITS, start=1)]
    return json.dumps({
        "format": "dawn-export", "version": 2, "exportedAt": f"{today}T08:00:00",
        "member": {"username": "x", "displayName": "X", "timeZone": ZONE},
        "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": False,
                     "showGridDates": False, "theme": "system"},
        "habits": habits, "instances": list(instances), "entries": [], "notes": [], "skips": list(skips), "vacations": [],
    }).encode()


def seed(s, admin):
    """"ana": Run on the timeline at 07:00, 5 of 20 pages of Read checked off, Call gran
    skipped; "bob": the same habits, nothing logged (he ticks them without JavaScript)."""
    s.ana = add_member(admin, "ana", "Ana")
    s.bob = add_member(admin, "bob", "Bob")
    t = str(s.today)
    r = import_json(s.ana, plan_file(t, instances=[
        {"habitId": 3, "date": t, "start": "07:00", "durationMinutes": 30, "note": ""},
        {"habitId": 1, "date": t, "start": None, "durationMinutes": 30, "note": "", "amount": 5}],
        skips=[{"habitId": 5, "date": t}]), mode="empty")
    assert r.status == 303, r.text[:600]
    s.ana.open("/")
    assert s.ana.post(f"/day/{t}/check/2", {"action": "done"}).status == 303  # Meditate: a check-off
    assert import_json(s.bob, plan_file(t), mode="empty").status == 303


ITEMS_JS = """
return [...document.querySelectorAll('#checklist .check')].map(li => {
  const pill = li.querySelector('.check-pill'), s = getComputedStyle(pill), b = getComputedStyle(pill, '::before');
  const r = pill.getBoundingClientRect();
  return {state: li.classList[1], tag: pill.tagName, name: pill.computedName || pill.getAttribute('aria-label'),
          bg: s.backgroundColor, color: s.color, before: b.content !== 'none' ? b.backgroundColor : null,
          height: r.height, radius: s.borderTopLeftRadius,
          skip: li.querySelector('.skip-button')?.getAttribute('aria-label') || null,
          pressed: li.querySelector('.skip-button')?.getAttribute('aria-pressed') || null};
});
"""


def box(d, selector):
    return d.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                            "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};", selector)


# ---------------------------------------------------------------- the first screen

@pytest.mark.parametrize("view", ["row", "grid"])
def test_the_checklist_is_inside_the_first_phone_screen(site, driver, view):
    save_settings(site.ana, view=view)
    try:
        color_scheme(driver, "light")
        viewport(driver, 375, 812)
        driver.get(site.base + "/")
        assert driver.execute_script("return window.scrollY") == 0
        checklist = box(driver, "#checklist")
        tray = box(driver, "#tray")
        assert tray["top"] < 812, "the tray is pinned to the bottom of the screen"
        items = driver.find_elements(By.CSS_SELECTOR, "#checklist .check")
        assert len(items) == 5
        # The whole checklist, heading and all five habits (Read with its amount line), above
        # the tray, with the row and with the grid's six rows of days alike.
        assert 0 <= checklist["top"] and checklist["bottom"] <= tray["top"], (checklist, tray)
        assert tray["bottom"] - tray["top"] <= 81, "the tray is 80 px, its handle included (seed 002)"
        assert checklist["left"] >= 0 and checklist["right"] <= 375, "no sideways scrolling"
    finally:
        save_settings(site.ana, view="row")


# ---------------------------------------------------------------- how the items look

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_items_are_pills_of_the_habits_colours(site, driver, scheme):
    open_page(driver, site.base + "/", scheme=scheme)
    found = driver.execute_script(ITEMS_JS)
    surface = driver.execute_script("return getComputedStyle(document.querySelector('#checklist')).backgroundColor")
    assert [i["state"] for i in found] == ["open", "done", "done", "open", "skipped"]
    assert [i["name"] for i in found] == ["Mark Read done", "Undo Meditate", "Run: done on the timeline",
                                         "Mark Gym done", "Mark Call gran done"]
    assert [i["skip"] for i in found] == ["Skip Read today", None, None, "Skip Gym today", "Skip Call gran today"]
    assert found[4]["pressed"] == "true" and found[0]["pressed"] == "false"
    for item, (name, _, colour, _) in zip(found, HABITS):
        assert item["height"] == 44 and item["radius"] == "999px", item
        if item["state"] == "done":
            assert item["bg"] == RGB[colour] and item["before"] is None, f"{name}: filled with its colour"
        elif item["state"] == "open":
            assert item["bg"] == RGB[colour] and item["before"] == surface, f"{name}: its colour as a ring"
        else:
            assert item["bg"] == "rgba(0, 0, 0, 0)", f"{name}: skipped, no colour"
    # The check-off (Meditate) is no block on the timeline; Run's timed block is.
    blocks = [b.get_attribute("aria-label") for b in driver.find_elements(By.CSS_SELECTOR, ".blocks .block a")]
    assert len(blocks) == 1 and blocks[0].startswith("Run, 07:00 to 07:30"), blocks
    assert driver.find_element(By.ID, "check-progress-1").text == "5 of 20 pages"


# ---------------------------------------------------------------- without JavaScript

def test_one_submit_marks_done_without_javascript(site, nojs):
    d = nojs
    viewport(d, 375, 812)
    sign_in(d, site.base, "bob", MEMBER_PASSWORD)
    db = member_db(site.dawn, "bob")

    def pill(habit):
        return d.find_element(By.CSS_SELECTOR, f"#check-{habit} .check-pill")

    assert pill(2).get_attribute("aria-label") == "Mark Meditate done"
    pill(2).click()
    WebDriverWait(d, 10).until(lambda d: "done=checked" in d.current_url)
    assert d.current_url.endswith("#checklist")
    assert d.find_element(By.CSS_SELECTOR, "#checklist .notice").text == "Checked off."
    assert "done" in d.find_element(By.ID, "check-2").get_attribute("class")
    assert rows(db, "SELECT habit_id, timed FROM habit_instances") == [(2, 0)]
    assert -1 <= box(d, "#checklist")["top"] <= 1, "the page scrolled to the checklist"

    # Tapping again undoes it.
    assert pill(2).get_attribute("aria-label") == "Undo Meditate"
    pill(2).click()
    WebDriverWait(d, 10).until(lambda d: "done=unchecked" in d.current_url)
    assert rows(db, "SELECT count(*) FROM habit_instances") == [(0,)]

    # Skip Gym for today, with one submit.
    d.find_element(By.CSS_SELECTOR, "#check-4 .skip-button").click()
    WebDriverWait(d, 10).until(lambda d: "done=skipped" in d.current_url)
    assert "skipped" in d.find_element(By.ID, "check-4").get_attribute("class")
    assert rows(db, "SELECT habit_id, day FROM habit_skips") == [(4, str(site.today))]

    # An amount: refused beside its field (what was typed stays), then accepted.
    field = d.find_element(By.ID, "amount-1")
    field.send_keys("lots")
    field.submit()
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.ID, "check-error-1"))
    error = d.find_element(By.ID, "check-error-1")
    assert error.text.startswith("An amount is a number") and error.is_displayed()
    field = d.find_element(By.ID, "amount-1")
    assert field.get_attribute("value") == "lots" and field.get_attribute("aria-describedby") == "check-error-1"
    below = d.execute_script("""const i = document.getElementById('amount-1').getBoundingClientRect(),
        e = document.getElementById('check-error-1').getBoundingClientRect(); return e.top - i.bottom;""")
    assert 0 <= below < 40, f"the message sits under its field: {below}"
    assert rows(db, "SELECT count(*) FROM habit_instances") == [(0,)]
    field.clear()
    field.send_keys("12,5")
    d.find_element(By.CSS_SELECTOR, "#check-1 .check-amount button").click()
    WebDriverWait(d, 10).until(lambda d: "done=amount-added" in d.current_url)
    assert d.find_element(By.ID, "check-progress-1").text == "12.5 of 20 pages"
    assert rows(db, "SELECT amount_milli, timed FROM habit_instances") == [(12500, 0)]


def test_with_javascript_a_tap_needs_no_page_load(site, driver):
    """With JavaScript, a tap (and undo, skip, an amount, a refused amount) is sent by fetch:
    the checklist is replaced in place — the page is not loaded again (a marker set on the
    window survives, the URL keeps no `?done=`), the scroll position stays, focus stays on the
    same habit — and what is written is what the form writes without JavaScript."""
    viewport(driver, 375, 812)
    color_scheme(driver, "light")
    driver.get(site.base + "/")
    driver.execute_script("window.__sameDocument = true; window.scrollTo(0, 120)")
    y = driver.execute_script("return window.scrollY")
    db = member_db(site.dawn, "ana")
    same = lambda: driver.execute_script("return window.__sameDocument === true")

    def state(habit):  # one script: the item may be replaced between two WebDriver calls
        return driver.execute_script("return document.getElementById(arguments[0]).classList[1]", f"check-{habit}")

    driver.find_element(By.CSS_SELECTOR, "#check-4 .check-pill").click()
    WebDriverWait(driver, 10).until(lambda d: state(4) == "done")
    assert rows(db, "SELECT count(*), max(timed) FROM habit_instances WHERE habit_id = 4") == [(1, 0)]
    assert same() and "?done" not in driver.current_url and driver.execute_script("return window.scrollY") == y
    assert driver.switch_to.active_element.get_attribute("aria-label") == "Undo Gym", "focus stays on the habit"
    assert driver.find_element(By.CSS_SELECTOR, "#checklist .notice").text == "Checked off."

    driver.switch_to.active_element.click()  # undo
    WebDriverWait(driver, 10).until(lambda d: state(4) == "open")
    assert rows(db, "SELECT count(*) FROM habit_instances WHERE habit_id = 4") == [(0,)]

    driver.find_element(By.CSS_SELECTOR, "#check-4 .skip-button").click()
    WebDriverWait(driver, 10).until(lambda d: state(4) == "skipped")
    assert rows(db, "SELECT count(*) FROM habit_skips WHERE habit_id = 4") == [(1,)]
    driver.find_element(By.CSS_SELECTOR, "#check-4 .skip-button").click()
    WebDriverWait(driver, 10).until(lambda d: state(4) == "open")

    # A refused amount: its message beside the field, what was typed kept, nothing written.
    before = rows(db, "SELECT count(*) FROM habit_instances")
    field = driver.find_element(By.ID, "amount-1")
    field.clear()
    field.send_keys("lots")
    driver.find_element(By.CSS_SELECTOR, "#check-1 .check-add").click()
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!document.getElementById('check-error-1')"))
    assert driver.find_element(By.ID, "amount-1").get_attribute("value") == "lots"
    assert driver.find_element(By.ID, "amount-1").get_attribute("aria-invalid") == "true"
    assert rows(db, "SELECT count(*) FROM habit_instances") == before
    assert same(), "still the same page"


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("what", ["day", "refused"])
def test_axe(site, driver, what, scheme):
    color_scheme(driver, scheme)
    viewport(driver, 375, 812)
    driver.get(site.base + "/")
    if what == "refused":
        field = driver.find_element(By.ID, "amount-1")
        field.send_keys("x")
        field.submit()
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!document.getElementById('check-error-1')"))
    assert_accessible(driver, f"the day page with its checklist ({what}, {scheme})")


# ---------------------------------------------------------------- screenshots

def test_screenshots(site, driver):
    for width, scheme in each_look(driver):
        driver.get(site.base + "/")
        screenshot(driver, f"checklist-{width}-{scheme}.png", max_bytes=600_000)
    save_settings(site.ana, view="grid")
    try:
        for scheme in ["light", "dark"]:
            color_scheme(driver, scheme)
            viewport(driver, 375, 812)
            driver.get(site.base + "/")
            screenshot(driver, f"checklist-grid-375-{scheme}.png")
    finally:
        save_settings(site.ana, view="row")
