"""A big import in a real browser (headless Chromium through Selenium) against the real
`dawn` binary, JavaScript off: a zip past the ordinary megabyte, chosen in the account
page's form, is imported on the import thread; the browser is sent to its progress page,
which asks again by itself (no script) until the notice; axe-core clean at 375 and 1280 px.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_import_progress_browser.py -q -p no:cacheprovider
"""
import datetime
import json
import os
import sys
import tempfile
import zipfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import PASSWORD, assert_accessible, make_driver, open_page, screenshot, sign_in  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

HABITS = 20
DAYS = 2000


def seed(s, admin):
    """Mum, the admin, with an empty account."""


def big_zip(width):
    """A Dawn export of 40,000 logs (several seconds of writing), zipped: past 1 MiB."""
    habits = [{"id": i + 1, "name": f"Habit {width} {i}", "emoji": "📚", "colour": "#5856D6",
               "defaultDurationMinutes": 30, "createdAt": 1} for i in range(HABITS)]
    first = datetime.date(2015, 1, 1)
    instances = [{"habitId": h + 1, "date": (first + datetime.timedelta(days=d)).isoformat(),
                  "start": None, "durationMinutes": 30, "note": f"note {d}"} for h in range(HABITS) for d in range(DAYS)]
    export = {"format": "dawn-export", "version": 2, "exportedAt": "2026-03-12T08:00:00",
              "member": {"username": "x", "displayName": "X", "timeZone": "UTC"},
              "habits": habits, "instances": instances, "entries": [], "notes": []}
    path = os.path.join(tempfile.mkdtemp(), "export.zip")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        z.writestr("dawn.json", json.dumps(export))
    assert os.path.getsize(path) > 1 << 20
    return path


@pytest.fixture(scope="module")
def nojs_signed_in(site):
    d = make_driver(javascript=False)
    sign_in(d, site.base, "mum", PASSWORD)
    yield d
    d.quit()


@pytest.mark.parametrize("width", [375, 1280])
def test_a_big_import_shows_its_progress_without_script(site, nojs_signed_in, width):
    driver = nojs_signed_in
    path = big_zip(width)
    open_page(driver, site.base + "/account", width, "light")
    driver.find_element(By.ID, "import_file").send_keys(path)
    driver.find_element(By.CSS_SELECTOR, 'form[action="/import"] button[type="submit"]:not([name])').click()
    WebDriverWait(driver, 20).until(lambda d: "/import/progress/" in d.current_url or "done=imported" in d.current_url)
    if "/import/progress/" in driver.current_url:
        main = driver.find_element(By.TAG_NAME, "main").text
        assert "The import is running" in main, main
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth") is not False
        screenshot(driver, f"import-progress-{width}-light.png")
    WebDriverWait(driver, 120).until(lambda d: "done=imported" in d.current_url)
    assert f"{HABITS} habits, {HABITS * DAYS} logs" in driver.find_element(By.TAG_NAME, "main").text


def test_the_progress_page_is_accessible(site, driver):
    """axe-core (it needs script: a signed-in driver with JavaScript) on a running import's page."""
    path = big_zip(0)
    for width, scheme in [(375, "dark"), (1280, "light")]:
        open_page(driver, site.base + "/account", width, scheme)
        driver.find_element(By.ID, "import_file").send_keys(path)
        driver.find_element(By.CSS_SELECTOR, 'form[action="/import"] button[type="submit"]:not([name])').click()
        WebDriverWait(driver, 20).until(lambda d: "/import/progress/" in d.current_url or "done=imported" in d.current_url)
        if "/import/progress/" in driver.current_url:
            # The refreshing page offers to stop (WCAG 2.2.1): axe's meta-refresh rule cannot
            # see that, so it is off here, and the still page is checked in full.
            assert_accessible(driver, f"the import progress page at {width} px ({scheme})",
                              '{"rules": {"meta-refresh": {"enabled": false}}}')
            screenshot(driver, f"import-progress-{width}-{scheme}.png")
            driver.get(driver.current_url.split("?")[0] + "?still=1")
            if "/import/progress/" in driver.current_url:
                assert not driver.find_elements(By.CSS_SELECTOR, 'meta[http-equiv="refresh"]')
                assert_accessible(driver, f"the still import progress page at {width} px ({scheme})")
                driver.find_element(By.PARTIAL_LINK_TEXT, "Check again").click()
        WebDriverWait(driver, 120).until(lambda d: "done=imported" in d.current_url)


SIGNED_IN = ("mum", PASSWORD)
