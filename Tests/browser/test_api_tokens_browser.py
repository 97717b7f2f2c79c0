"""The API tokens page in a real browser (headless Chromium through Selenium) against the
real `dawn` binary: at 375 px a token is made with the form, shown once in full without
sideways scrolling, listed afterwards without its secret; axe-core clean at 375 and 1280 px,
light and dark, with the new token shown and with a refused name beside its field.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_api_tokens_browser.py -q -p no:cacheprovider
"""
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import PASSWORD, assert_accessible, in_view, open_page, screenshot  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SIGNED_IN = ("mum", PASSWORD)   # the conftest's `driver`: the admin


def seed(s, admin):
    """Mum, the admin, with no token yet."""


def make_token(driver, name, write=False):
    field = driver.find_element(By.ID, "token-name")
    field.clear()
    field.send_keys(name)
    if write:
        driver.find_element(By.CSS_SELECTOR, 'input[name="scope"][value="write"]').click()
    button = driver.find_element(By.CSS_SELECTOR, 'form[action="/account/tokens"] button')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".api-token, .field-error"))


def test_a_token_made_at_375_px_is_shown_once_whole(site, driver):
    open_page(driver, site.base + "/account/tokens", 375, "light")
    make_token(driver, "Home Assistant", write=True)
    code = driver.find_element(By.CSS_SELECTOR, "code.api-token")
    token = code.text
    assert re.fullmatch(r"dawn_[A-Za-z0-9_-]{43}", token), token
    assert in_view(driver, code), "the new token is on the first screen"
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(driver, "a new API token at 375 px")
    screenshot(driver, "api-token-375-light.png")
    driver.get(site.base + "/account/tokens")
    listed = driver.find_element(By.TAG_NAME, "main").text
    assert "Home Assistant" in listed and "Read and write" in listed and token not in listed


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_on_the_tokens_page(site, driver, width, scheme):
    open_page(driver, site.base + "/account/tokens", width, scheme)
    assert_accessible(driver, f"the tokens page at {width} px ({scheme})")
    make_token(driver, "   ")  # blank once trimmed: the browser lets spaces through `required`
    assert driver.find_element(By.ID, "token-name-error").text.startswith("Give the token a name")
    assert_accessible(driver, f"a refused token name at {width} px ({scheme})")
    make_token(driver, f"Shortcut {width} {scheme}")
    assert_accessible(driver, f"a new token at {width} px ({scheme})")
    screenshot(driver, f"api-tokens-{width}-{scheme}.png")
