"""The import's preview in a real browser (headless Chromium through Selenium) against the
real `dawn` binary: a file chosen in the account page's form, "Preview" shows what it would
add with nothing written, "Import" imports it; axe-core clean at 375 and 1280 px, light and
dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_import_preview_browser.py -q -p no:cacheprovider
"""
import json
import os
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import PASSWORD, assert_accessible, open_page, screenshot  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SIGNED_IN = ("mum", PASSWORD)

EXPORT = {"format": "dawn-export", "version": 2, "exportedAt": "2026-03-12T08:00:00",
          "member": {"username": "x", "displayName": "X", "timeZone": "UTC"},
          "habits": [{"id": 1, "name": "Read", "emoji": "📚", "colour": "#5856D6", "defaultDurationMinutes": 30, "createdAt": 1}],
          "instances": [{"habitId": 1, "date": "2026-03-01", "start": None, "durationMinutes": 30, "note": ""}],
          "entries": [{"date": "2026-03-01", "text": "From the file"}], "notes": []}


def seed(s, admin):
    """Mum, the admin, with an empty account."""


def choose_and_preview(driver, path):
    driver.find_element(By.ID, "import_file").send_keys(path)
    button = driver.find_element(By.CSS_SELECTOR, 'form[action="/import"] button[name="preview"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'input[name="pending"], .field-error'))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_preview_then_import(site, driver, width, scheme):
    path = os.path.join(tempfile.mkdtemp(), "dawn.json")
    with open(path, "w") as f:
        json.dump(EXPORT, f)
    open_page(driver, site.base + "/account", width, scheme)
    choose_and_preview(driver, path)
    main = driver.find_element(By.TAG_NAME, "main").text
    # The first run imports the file; the later ones preview it again: nothing new then.
    assert ("1 habits" in main and "1 journal entries" in main) or "Nothing new" in main, main
    assert "Nothing has been written yet" in main
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(driver, f"the import preview at {width} px ({scheme})")
    screenshot(driver, f"import-preview-{width}-{scheme}.png")
    driver.find_element(By.CSS_SELECTOR, 'form[action="/import"] button[type="submit"]').click()
    WebDriverWait(driver, 10).until(lambda d: "/account" in d.current_url and "done=imported" in d.current_url)
