"""A guardian finds a child's day from their own day page, in a real browser (headless
Chromium through Selenium) against the real `dawn` binary: at 375 px "Your children" with
each child's name and how much is left today is on screen without scrolling, and one tap
opens the child's day; the navigation links it too; a check-off of the child's changes the
count; axe-core clean at 375 and 1280 px, light and dark (screenshots of each).

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_guardian_children_browser.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    add_guardian_and_child, add_habit, assert_accessible, in_view, open_page, screenshot, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


SIGNED_IN = "dad"   # the conftest's `driver`: the guardian


def seed(s, admin):
    """Mum (admin); Dad looks after Mia (a child account, three habits); Dad has two habits of his own."""
    add_guardian_and_child(s, admin)
    s.habits = [add_habit(s.mia, name, emoji, colour, 15) for name, emoji, colour in
                [("Piano", "🎹", "#54A0FF"), ("Teeth", "🪥", "#48DBAB"), ("Reading", "📚", "#FECA57")]]
    add_habit(s.dad, "Run", "🏃", "#FF6B6B", 30)
    add_habit(s.dad, "Stretch", "🤸", "#54A0FF", 15)


def test_at_375_px_the_child_and_the_count_show_without_scrolling_and_one_tap_opens_her_day(site, driver):
    open_page(driver, site.base + "/")
    link = driver.find_element(By.CSS_SELECTOR, ".children-row a.child-link")
    assert "Mia" in link.text and "3 left today" in link.text, link.text
    assert driver.execute_script("return window.scrollY") == 0
    assert in_view(driver, link), "the child's link is on the first screen"
    size = link.size
    assert size["width"] >= 24 and size["height"] >= 24, size
    link.click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.rstrip("/") == site.base + "/members/mia")
    assert "Mia’s day" in driver.find_element(By.CSS_SELECTOR, ".guardian-banner").text


def test_the_navigation_links_the_childs_day(site, driver):
    viewport(driver, 1280, 900)
    driver.get(site.base + "/habits")
    link = driver.find_element(By.CSS_SELECTOR, "nav.nav a.nav-child")
    assert link.text == "Mia"
    link.click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.rstrip("/") == site.base + "/members/mia")


def test_the_childs_check_off_changes_the_count(site, driver):
    viewport(driver, 375, 812)
    driver.get(site.base + "/")
    assert "3 left today" in driver.find_element(By.CSS_SELECTOR, ".children-row").text
    site.mia.open(f"/day/{site.today}")
    assert site.mia.post(f"/day/{site.today}/check/{site.habits[0]}", {"action": "done"}).status == 303
    driver.get(site.base + "/")
    assert "2 left today" in driver.find_element(By.CSS_SELECTOR, ".children-row").text


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_and_screenshots(site, driver, width, scheme):
    open_page(driver, site.base + "/", width, scheme)
    assert_accessible(driver, f"a guardian's day page at {width} px ({scheme})")
    screenshot(driver, f"guardian-children-{width}-{scheme}.png")
