"""The email address card on /account and the confirmation link's page in a real browser
(headless Chromium through Selenium) against the real `dawn` binary and a real SMTP server
(aiosmtpd on 127.0.0.1): a member types an address, the mail's link opens the question, and
Confirm verifies it, all without JavaScript too; axe-core finds nothing at 375 and 1280 px,
light and dark, on the card empty, waiting and verified, with a refused address, and on the
question; nothing is wider than a 320 px screen.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_account_email_browser.py -q -p no:cacheprovider
"""
import email
import os
import re
import socket
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (PASSWORD, Dawn, Site, assert_accessible, each_look, make_driver,  # noqa: E402
                         screenshot, server_env, setup_admin, sign_in, viewport)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

aiosmtpd_controller = pytest.importorskip("aiosmtpd.controller")


class Mailbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(envelope)
        return "250 OK"


@pytest.fixture(scope="module")
def site():
    box = Mailbox()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    controller = aiosmtpd_controller.Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    site = Site()
    site.mailbox = box
    site.dawn = Dawn(env=dict(server_env(), DAWN_NOTIFY_ALLOW_LOOPBACK="1", DAWN_SMTP_URL=f"smtp://127.0.0.1:{port}",
                              DAWN_SMTP_FROM="dawn@example.org"))
    site.base = f"http://localhost:{site.dawn.port}"
    setup_admin(site.dawn)
    yield site
    assert site.dawn.stop() == 0, site.dawn.errors
    controller.stop()


@pytest.fixture(scope="module", params=[True, False], ids=["js", "nojs"])
def driver(request):
    d = make_driver(javascript=request.param)
    d.javascript = request.param
    yield d
    d.quit()


def looks(driver, what):
    """axe-core and the screenshots at each look, and no overflow at 320 px (axe needs JavaScript:
    without it, the page is only used)."""
    if not driver.javascript:
        return
    for width, scheme in each_look(driver):
        assert_accessible(driver, f"{what} at {width} px ({scheme})")
        if driver.javascript:
            screenshot(driver, f"account-email-{what.replace(' ', '-')}-{width}-{scheme}.png")
    viewport(driver, 320)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 320, what
    viewport(driver, 375)


def shows(driver, text):
    """Waits until the page holds `text` (a submit's new page may come a moment later)."""
    WebDriverWait(driver, 10).until(lambda d: text in d.page_source)


def card(driver):
    return driver.find_element(By.ID, "email")


def scroll_to_card(driver):
    if driver.javascript:
        driver.execute_script("document.getElementById('email').scrollIntoView({block: 'start'})")


def test_typing_an_address_and_confirming_it_by_the_mailed_link(site, driver):
    driver.delete_all_cookies()
    sign_in(driver, site.base, "mum", PASSWORD)
    driver.get(site.base + "/account#email")
    scroll_to_card(driver)
    assert "Email address" in card(driver).text
    looks(driver, "empty")

    field = driver.find_element(By.ID, "email_address")
    field.clear()
    # The browser's own check lets it through (a domain without a dot); Dawn does not.
    field.send_keys("anna@example")
    card(driver).find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
    shows(driver, "That is not an email address Dawn can use")
    assert driver.find_element(By.ID, "email_address").get_attribute("aria-invalid") == "true"
    looks(driver, "refused")

    before = len(site.mailbox.messages)
    field = driver.find_element(By.ID, "email_address")
    field.clear()
    field.send_keys(f"mum{'js' if driver.javascript else 'nojs'}@example.org")
    card(driver).find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
    shows(driver, "The confirmation link is on its way.")
    assert "is waiting for you to follow the link" in card(driver).text
    looks(driver, "waiting")
    deadline = time.time() + 5
    while len(site.mailbox.messages) == before and time.time() < deadline:
        time.sleep(0.05)
    body = email.message_from_bytes(site.mailbox.messages[-1].content).get_payload(decode=True).decode()
    link = re.search(rf"{re.escape(site.base)}(/account/email/confirm/[A-Za-z0-9_-]{{43}})", body).group(1)

    driver.get(site.base + link)
    shows(driver, "as your email address on Dawn?")
    looks(driver, "question")
    driver.find_element(By.CSS_SELECTOR, "main form button.primary").click()
    shows(driver, "Your email address is verified.")
    assert "is verified." in card(driver).text
    scroll_to_card(driver)
    looks(driver, "verified")
