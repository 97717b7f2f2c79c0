"""A guardian's view of a child's day in a real browser (headless Chromium through
Selenium) against the real `dawn` binary: the banner says whose day it is and leads back; with
JavaScript off one tap checks a habit off for the child (recorded as the guardian's, the page
staying under /members/{child}/); the child's journal never shows; axe-core clean at 375 and
1280 px, light and dark; reference screenshots of the view at both widths and schemes (into
Tests/browser/reference/ only with DAWN_UPDATE_REFERENCE=1).

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_guardians_browser.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_guardian_and_child, add_habit, assert_accessible, color_scheme, each_look, log_habit,
    make_driver, member_db, open_page, reference_screenshot, rows, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SECRET = "Mia's private entry, never for Dad"
SIGNED_IN = "dad"   # the conftest's `driver`: the guardian


def seed(s, admin):
    """Mum (admin); Dad looks after Mia (a child account), who has three habits, a log, an entry; Dad has
    checked one off for her."""
    add_guardian_and_child(s, admin)
    piano = add_habit(s.mia, "Piano", "🎹", "#54A0FF", 30)
    s.teeth = add_habit(s.mia, "Teeth", "🪥", "#48DBAB", 15)
    add_habit(s.mia, "Reading", "📚", "#FECA57", 30)
    log_habit(s.mia, s.today, piano, "16:00", 30, note="scales")
    s.mia.open(f"/day/{s.today}")
    assert s.mia.post(f"/day/{s.today}/entry", {"entry": SECRET, "version": "0"}).status == 303
    s.dad.open(f"/members/mia/day/{s.today}")
    assert s.dad.post(f"/members/mia/day/{s.today}/check/{s.teeth}", {"action": "done"}).status == 303


def test_the_banner_says_whose_day_it_is_and_leads_back(site, driver):
    open_page(driver, site.base + "/members/mia")
    banner = driver.find_element(By.CSS_SELECTOR, ".guardian-banner")
    assert "Mia’s day" in banner.text and "back to yours" in banner.text
    assert "logged by Dad" in driver.find_element(By.ID, "checklist").text
    assert SECRET not in driver.page_source and not driver.find_elements(By.CSS_SELECTOR, "textarea, #notes, #mood")
    assert "Private" in driver.find_element(By.ID, "journal").text
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 375, "no sideways scrolling"
    # Every link to her data stays under her prefix.
    hrefs = driver.execute_script(
        "return [...document.querySelectorAll('main a[href], main form[action]')].map(e => e.getAttribute('href') || e.getAttribute('action'))")
    own = [h for h in hrefs if h.startswith(("/day/", "/habits", "/stats", "/calendar"))]
    assert not own, own
    banner.find_element(By.LINK_TEXT, "back to yours").click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.rstrip("/") == site.base)
    assert not driver.find_elements(By.CSS_SELECTOR, ".guardian-banner")


def test_without_javascript_one_tap_checks_off_for_the_child(site):
    d = make_driver(javascript=False)
    try:
        sign_in(d, site.base, "dad", MEMBER_PASSWORD)
        viewport(d, 375, 812)
        d.get(site.base + "/members/mia")
        button = d.find_element(By.CSS_SELECTOR, "#checklist .check-tap button[value=done]")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        WebDriverWait(d, 10).until(lambda x: "done=checked" in x.current_url)
        assert d.current_url.startswith(site.base + f"/members/mia/day/{site.today}")
        by = rows(member_db(site.dawn, "mia"), "SELECT logged_by FROM habit_instances WHERE timed = 0 ORDER BY id")
        assert by == [("dad",), ("dad",)], by
    finally:
        d.quit()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe(site, driver, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + f"/members/mia/day/{site.today}")
    assert_accessible(driver, f"mia's day for her guardian at {width} px ({scheme})")


def test_reference_screenshots(site, driver):
    for width, scheme in each_look(driver):
        driver.get(site.base + f"/members/mia/day/{site.today}")
        reference_screenshot(driver, f"guardian-day-{width}-{scheme}.png", max_bytes=600_000)
