"""Points and rewards in a real browser: the kitchen screen after a child's PIN shows their
balance and each open chore's points inside its button, every target at least 44 × 44 px
and the page never wider than the screen at 320, 375, 768 and 1280 px, axe-core clean (WCAG 2.x
A/AA and best practice) light and dark; /rewards and the child's day page with the balance
axe-clean too; screenshots at 320, 375 and 1280 px, light and dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_rewards_browser.py -q -p no:cacheprovider
"""
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_guardian_and_child, assert_accessible, color_scheme, make_driver, rows, screenshot, sign_in,
    start_site, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from test_family_screen_browser import AXE_TAGS, SMALL_TARGETS_JS, touch, wait_for  # noqa: E402

PIN = "2468"


@pytest.fixture(scope="module")
def site():
    """Mum (admin); Dad, guardian of the child Mia, who is on the screen; a chore worth 15
    points and one worth none; a reward Mia asked for."""
    s, admin = start_site()
    add_guardian_and_child(s, admin)
    for name, mark, points in [("Walk the dog", "🐕", "15"), ("Feed the cat", "🐈", "0")]:
        admin.open("/family")
        assert admin.post("/family/chores", {"name": name, "mark": mark, "color": "", "schedule": "day",
                                             "points": points}).status == 303
    s.mia.open("/settings")
    assert s.mia.post("/settings/pin", {"pin": PIN, "pin_again": PIN}).status == 303
    s.mia.open("/settings")
    assert s.mia.post("/settings/family-screen", {"on_screen": "1"}).status == 303
    admin.open("/rewards")
    assert admin.post("/rewards", {"name": "Ice cream", "price": "10", "emoji": "🍦"}).status == 303
    reward = rows(os.path.join(s.dawn.data, "instance.sqlite"), "SELECT id FROM rewards")[0][0]
    s.mia.open("/rewards")
    assert s.mia.post(f"/rewards/{reward}/request", {}).status == 303
    admin.open("/family")
    r = admin.post("/family/screens/code", {"label": "Kitchen"})
    s.code = re.search(r'<p class="enrolment-code">([^<]+)</p>', r.text).group(1)
    s.mia_id = rows(os.path.join(s.dawn.data, "instance.sqlite"), "SELECT id FROM members WHERE username = 'mia'")[0][0]
    yield s
    s.dawn.stop()


@pytest.fixture(scope="module")
def driver(site):
    d = make_driver()
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    d.get(site.base + "/family-screen")
    d.find_element(By.NAME, "code").send_keys(site.code)
    d.find_element(By.CSS_SELECTOR, "form[action='/family-screen/enrol'] button").click()
    wait_for(d, "Mia")
    yield d
    d.quit()


def open_mias_list(d, site):
    d.get(site.base + "/family-screen")
    touch(d, f'a.screen-person[href$="/{site.mia_id}"]')
    wait_for(d, "Your PIN")
    for digit in PIN:
        touch(d, f'.screen-key[data-key="{digit}"]')
    touch(d, ".screen-unlock")
    wait_for(d, "habits today")


@pytest.mark.parametrize("width", [320, 375, 768, 1280])
def test_the_kitchen_screen_shows_the_balance_and_each_chores_points_at_touch_size(site, driver, width):
    viewport(driver, width, 900)
    open_mias_list(driver, site)
    balance = driver.find_element(By.CSS_SELECTOR, ".screen-points .points-balance")
    assert balance.text == "0"
    buttons = [" ".join(e.text.split()) for e in driver.find_elements(By.CSS_SELECTOR, 'form[action^="/family-screen/chores/"] button')]
    assert buttons == ["🐕 Walk the dog +15 points", "🐈 Feed the cat"], buttons
    screenshot(driver, f"rewards-screen-list-{width}.png")
    small = driver.execute_script(SMALL_TARGETS_JS)
    assert not small, small
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [768, 1280])
def test_the_kitchen_screen_is_axe_clean(site, driver, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    open_mias_list(driver, site)
    assert_accessible(driver, f"Mia's list with points at {width} px ({scheme})", options=AXE_TAGS)
    screenshot(driver, f"rewards-screen-{width}-{scheme}.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 375, 1280])
def test_rewards_and_the_day_page_are_axe_clean(site, width, scheme):
    for username in ["mia", "dad"]:
        d = make_driver()
        try:
            color_scheme(d, scheme)
            viewport(d, width, 900)
            sign_in(d, site.base, username, MEMBER_PASSWORD)
            for path in ["/rewards", "/"]:
                d.get(site.base + path)
                assert d.find_elements(By.CSS_SELECTOR, ".points-balance"), (username, path)
                assert d.execute_script("return document.documentElement.scrollWidth") <= width, (username, path)
                assert_accessible(d, f"{path} for {username} at {width} px ({scheme})")
                screenshot(d, f"rewards-{username}-{path.strip('/') or 'day'}-{width}-{scheme}.png")
        finally:
            d.quit()
