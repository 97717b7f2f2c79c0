"""Setting up the family in a real browser (headless Chromium through Selenium) against the
real `dawn` binary: right after /setup the admin's day page lists the first steps and one tap
leads to /family; a new family-screen code opens on a page of its own with the code on the
first screen at 375 px; dismissing the steps hides them; axe-core clean at 375 and 1280 px,
light and dark (screenshots of each).

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_family_setup_browser.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import PASSWORD, assert_accessible, color_scheme, in_view, open_page, screenshot, viewport  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


SIGNED_IN = ("mum", PASSWORD)   # the conftest's `driver`: the admin


def seed(s, admin):
    """Mum, the admin, right after /setup."""


def new_screen_code(driver, base, label):
    """Asks /family for a new family-screen code labelled `label` and waits for the page
    that shows it."""
    driver.get(base + "/family")
    driver.find_element(By.ID, "screen-label").send_keys(label)
    button = driver.find_element(By.CSS_SELECTOR, 'form[action="/family/screens/code"] button')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".enrolment-code"))


def test_after_setup_the_day_page_leads_to_the_family_page(site, driver):
    open_page(driver, site.base + "/")
    steps = driver.find_element(By.ID, "setup-checklist")
    assert "Add your family’s members" in steps.text and "Install the app" in steps.text
    assert "Choose where reminders go" in steps.text
    link = steps.find_element(By.LINK_TEXT, "Add your family’s members")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url == site.base + "/family")


def test_a_new_code_opens_on_its_own_page_on_the_first_screen(site, driver):
    color_scheme(driver, "light")
    viewport(driver, 375, 812)
    new_screen_code(driver, site.base, "Kitchen")
    code = driver.find_element(By.CSS_SELECTOR, ".enrolment-code")
    assert driver.execute_script("return window.scrollY") == 0
    assert in_view(driver, code), "the code is on the first screen"
    assert driver.execute_script("return document.documentElement.scrollHeight") < 1200, "a small page of its own"
    assert not driver.find_elements(By.ID, "screens")
    screenshot(driver, "family-screen-code-375-light.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_and_screenshots(site, driver, width, scheme):
    open_page(driver, site.base + "/", width, scheme)
    driver.execute_script("document.getElementById('setup-checklist').scrollIntoView({block: 'start'})")
    assert_accessible(driver, f"the admin's first steps at {width} px ({scheme})")
    screenshot(driver, f"setup-checklist-{width}-{scheme}.png")
    new_screen_code(driver, site.base, "Hall")
    assert_accessible(driver, f"a new enrolment code at {width} px ({scheme})")
    screenshot(driver, f"family-screen-code-{width}-{scheme}.png")


def test_dismissed_the_steps_are_gone(site, driver):
    viewport(driver, 375, 812)
    driver.get(site.base + "/")
    buttons = driver.find_elements(By.CSS_SELECTOR, "#setup-checklist form button")
    assert buttons, f"no first steps on {driver.current_url}: {driver.find_element(By.TAG_NAME, 'body').text[:400]!r}"
    button = buttons[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    # The form posts from "/" and redirects back to "/": the URL alone cannot tell the new
    # page from the old one, the old button going stale can.
    WebDriverWait(driver, 10).until(expected_conditions.staleness_of(button))
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert driver.current_url.rstrip("/") == site.base
    assert not driver.find_elements(By.ID, "setup-checklist")
