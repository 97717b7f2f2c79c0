"""The calendar feed's card (/account/tokens) and the webhook card (/settings) in a real
browser (headless Chromium through Selenium) against the real `dawn` binary: at 375 px a
calendar link and a webhook secret are each shown once in full on the first screen without
sideways scrolling; axe-core clean at 375 and 1280 px, light and dark, with a link or secret
shown, with a refused webhook URL beside its field, and with each card as it stays.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_feed_webhook_browser.py -q -p no:cacheprovider
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
    """Mum, the admin, with no feed link and no webhook yet."""


def press(driver, selector):
    button = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def make_link(driver):
    press(driver, 'form[action="/account/tokens/feed"] button')
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "code.api-token"))


def save_webhook(driver, url):
    field = driver.find_element(By.ID, "webhook_url")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.clear()
    field.send_keys(url)
    # The browser's own check of type=url would stop some refusals before the server sees them.
    driver.execute_script("document.querySelector('form[action=\"/settings/webhook#webhook\"]').noValidate = true")
    press(driver, 'form[action="/settings/webhook#webhook"] button')
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#webhook .notice, #webhook_url-error"))


def test_a_calendar_link_made_at_375_px_is_shown_once_whole(site, driver):
    open_page(driver, site.base + "/account/tokens", 375, "light")
    make_link(driver)
    code = driver.find_element(By.CSS_SELECTOR, "code.api-token")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/ical/[A-Za-z0-9_-]{43}\.ics", code.text), code.text
    assert in_view(driver, code), "the new link is on the first screen"
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(driver, "a new calendar link at 375 px")
    screenshot(driver, "feed-link-375-light.png")
    driver.get(site.base + "/account/tokens")
    card = driver.find_element(By.ID, "feed").text
    assert "Your calendar link was made on" in card and "/ical/" not in driver.find_element(By.TAG_NAME, "main").text


def test_a_webhook_secret_at_375_px_is_shown_once_whole(site, driver):
    open_page(driver, site.base + "/settings", 375, "light")
    save_webhook(driver, "https://hooks.example.org/dawn")
    code = driver.find_element(By.CSS_SELECTOR, "#webhook code.api-token")
    secret = code.text
    assert re.fullmatch(r"whsec_[A-Za-z0-9_-]{43}", secret), secret
    assert driver.current_url.endswith("/settings/webhook#webhook")
    assert in_view(driver, code), "the answer opens on the card: the secret is on the first screen"
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(driver, "a new webhook secret at 375 px")
    screenshot(driver, "webhook-secret-375-light.png")
    driver.get(site.base + "/settings")
    assert secret not in driver.find_element(By.TAG_NAME, "main").text


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_on_the_feed_card(site, driver, width, scheme):
    open_page(driver, site.base + "/account/tokens", width, scheme)
    assert_accessible(driver, f"the feed card at {width} px ({scheme})")
    make_link(driver)
    assert_accessible(driver, f"a new calendar link at {width} px ({scheme})")
    screenshot(driver, f"feed-card-{width}-{scheme}.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_on_the_webhook_card(site, driver, width, scheme):
    open_page(driver, site.base + "/settings", width, scheme)
    save_webhook(driver, "http://hooks.example.org/dawn")
    error = driver.find_element(By.ID, "webhook_url-error")
    assert error.text.startswith("Dawn calls webhooks on https:// addresses only")
    assert driver.find_element(By.ID, "webhook_url").get_attribute("aria-invalid") == "true"
    assert_accessible(driver, f"a refused webhook URL at {width} px ({scheme})")
    save_webhook(driver, "https://hooks.example.org/dawn")  # a webhook to make a new secret for
    open_page(driver, site.base + "/settings", width, scheme)
    press(driver, 'form[action="/settings/webhook/secret#webhook"] button')
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#webhook code.api-token"))
    assert_accessible(driver, f"a new webhook secret at {width} px ({scheme})")
    screenshot(driver, f"webhook-card-{width}-{scheme}.png")
