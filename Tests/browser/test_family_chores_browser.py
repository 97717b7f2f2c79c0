"""Family chores in a real browser (headless Chromium) against the real `dawn` binary: the
day page's "Family chores" section beside the member's checklist and the board's, at 375
and 1280 px, light and dark: who did each chore, one submit (JavaScript off) checks one off
and another undoes it, buttons at least 44 px, nothing wider than the screen; axe-core on
the day page, the board and the family page; screenshots.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_family_chores_browser.py -q -p no:cacheprovider
"""
import os
import sqlite3
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_habit, add_member, assert_accessible, color_scheme, screenshot, sign_in,
    signed_in_driver, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHORES = [("Walk the dog", "🐕", "#48DBAB"), ("Feed the cat", "🐈", "#FECA57"), ("Water the plants", "🪴", "")]


def completions(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return con.execute("SELECT chore_id, day, member_id FROM chore_completions ORDER BY chore_id").fetchall()
    finally:
        con.close()


def seed(s, admin):
    """mum (admin) keeps three chores; ana has two habits and walked the dog today; bob
    checks off without JavaScript."""
    s.admin = admin
    s.ana = add_member(admin, "ana", "Ana")
    s.bob = add_member(admin, "bob", "Bob")
    admin.open("/family")
    for name, mark, color in CHORES:
        r = admin.post("/family/chores", {"name": name, "mark": mark, "color": color, "schedule": "day"})
        assert r.status == 303, r.text[:600]
    add_habit(s.ana, "Read", "📚", "#54A0FF", 30)
    add_habit(s.ana, "Run", "🏃", "#FF6B6B", 30)
    s.ana.open("/")
    r = s.ana.post("/family/chores/1/check", {"day": str(s.today), "action": "done"})
    assert r.status == 303, r.text[:600]


SECTION_JS = """
const section = document.getElementById('chores');
if (!section) return null;
return {
  width: document.documentElement.scrollWidth,
  right: section.getBoundingClientRect().right,
  items: [...section.querySelectorAll('.chore-check')].map(li => ({
    state: li.classList[1], name: li.querySelector('.chore-name').textContent,
    who: li.querySelector('.chore-who').textContent,
    buttons: [...li.querySelectorAll('button')].map(b => ({label: b.getAttribute('aria-label'),
                                                          height: b.getBoundingClientRect().height,
                                                          width: b.getBoundingClientRect().width})),
  })),
};
"""


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_day_page_shows_the_chores_beside_the_checklist(site, driver, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + "/")
    assert driver.find_elements(By.ID, "checklist"), "the member's own checklist is there too"
    found = driver.execute_script(SECTION_JS)
    assert found, "no chores section"
    assert [(i["name"], i["who"], i["state"]) for i in found["items"]] == [
        ("Walk the dog", "Done by you", "done"), ("Feed the cat", "Not done yet", "open"),
        ("Water the plants", "Not done yet", "open")]
    labels = [[b["label"] for b in i["buttons"]] for i in found["items"]]
    assert labels == [["Undo Walk the dog"], ["Mark Feed the cat as done"], ["Mark Water the plants as done"]]
    for item in found["items"]:
        for button in item["buttons"]:
            assert button["height"] >= 44 and button["width"] >= 44, button
    assert found["width"] <= width and found["right"] <= width, "no sideways scrolling"
    # The section follows the checklist, before the timeline.
    order = driver.execute_script("return [...document.querySelectorAll('main section.card')].map(s => s.id)")
    assert order.index("checklist") + 1 == order.index("chores") < order.index("timeline"), order


def test_one_submit_checks_a_chore_off_without_javascript(site, nojs):
    d = nojs
    viewport(d, 375, 812)
    sign_in(d, site.base, "bob", MEMBER_PASSWORD)
    button = d.find_element(By.CSS_SELECTOR, "#chore-2 button")
    assert button.get_attribute("aria-label") == "Mark Feed the cat as done"
    button.click()
    WebDriverWait(d, 10).until(lambda d: "done=chore-checked" in d.current_url)
    assert d.current_url.endswith("#chores")
    assert d.find_element(By.CSS_SELECTOR, "#chores .notice").text == "Chore checked off."
    assert d.find_element(By.CSS_SELECTOR, "#chore-2 .chore-who").text == "Done by you"
    assert d.find_element(By.CSS_SELECTOR, "#chore-1 .chore-who").text == "Done by Ana"
    assert (2, str(site.today)) in [(c, day) for c, day, _ in completions(site.dawn)]
    d.find_element(By.CSS_SELECTOR, "#chore-2 button").click()
    WebDriverWait(d, 10).until(lambda d: "done=chore-unchecked" in d.current_url)
    assert 2 not in [c for c, _, _ in completions(site.dawn)]


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_shows_todays_chores(site, driver, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + "/board")
    found = driver.execute_script(SECTION_JS)
    assert [(i["name"], i["who"]) for i in found["items"]] == [
        ("Walk the dog", "Done by you"), ("Feed the cat", "Not done yet"), ("Water the plants", "Not done yet")]
    assert found["width"] <= width


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/", "/board", "/family", "/stats"])
def test_axe(site, driver, path, width, scheme):
    if path == "/family":
        d = signed_in_driver(site, "mum", password="correct horse battery")
    else:
        d = driver
    try:
        color_scheme(d, scheme)
        viewport(d, width, 900)
        d.get(site.base + path)
        assert d.find_elements(By.ID, "chores"), path
        assert_accessible(d, f"{path} ({width}, {scheme})")
    finally:
        if d is not driver:
            d.quit()


def test_screenshots(site, driver):
    admin = signed_in_driver(site, "mum", password="correct horse battery")
    try:
        for scheme in ["light", "dark"]:
            for width, height in [(375, 812), (1280, 900)]:
                for d, name, path in [(driver, "day", "/#chores"), (driver, "board", "/board"), (admin, "family", "/family#chores")]:
                    color_scheme(d, scheme)
                    viewport(d, width, height)
                    d.get(site.base + path)
                    screenshot(d, f"chores-{name}-{width}-{scheme}.png", max_bytes=600_000)
    finally:
        admin.quit()
