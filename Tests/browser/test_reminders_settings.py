"""Reminders' pages in a real browser (headless Chromium through Selenium) against the real
`dawn` binary: the settings' "Reminders: where they go" section with an ntfy topic and an
email address saved and a test sent (its result line under each target), the habit form's
reminder times, axe-core at 320, 375 and 1280 px in light and dark, the "Enable
notifications on this device" button shown only where JavaScript runs, and screenshots.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_reminders_settings.py -q -p no:cacheprovider
"""
import http.server
import json
import os
import sys
import threading

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    PASSWORD, SCREENSHOTS, Dawn, add_habit, axe_violations, color_scheme, make_driver, server_env,
    setup_admin, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WIDTHS = [320, 375, 1280]


class Topic(http.server.BaseHTTPRequestHandler):
    """An ntfy-like topic on 127.0.0.1 that takes every message."""
    received = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        Topic.received.append(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()


@pytest.fixture(scope="module")
def site():
    topic = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Topic)
    threading.Thread(target=topic.serve_forever, daemon=True).start()

    class S:
        pass
    s = S()
    s.dawn = Dawn(env={**server_env(), "DAWN_NOTIFY_ALLOW_LOOPBACK": "1"})
    s.base = f"http://127.0.0.1:{s.dawn.port}"
    s.admin = setup_admin(s.dawn)
    s.habit = add_habit(s.admin, "Read", "📚", "#A29BFE", 30)
    s.admin.open("/settings")
    r = s.admin.post("/settings/notify", {"ntfy_url": f"http://127.0.0.1:{topic.server_address[1]}/dawn-family",
                                          "ntfy_token": "", "email": "mum@example.org"})
    assert r.status == 303, r.text[:300]
    s.admin.open("/settings")
    assert s.admin.post("/notifications/test", {}).status == 303
    assert Topic.received, "the test reached the topic"
    yield s
    s.dawn.stop()
    topic.shutdown()


@pytest.fixture(scope="module")
def driver(site):
    d = make_driver()
    sign_in(d, site.base, site.admin.username, PASSWORD)
    yield d
    d.quit()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", ["/settings#notify", "/habits/{habit}/edit"])
def test_axe_on_the_reminders_pages(site, driver, path, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + path.format(habit=site.habit))
    violations = axe_violations(driver)
    assert not violations, f"axe on {path} at {width} px ({scheme}):\n" + json.dumps(violations, indent=1, ensure_ascii=False)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "nothing scrolls sideways"


def test_the_targets_show_their_last_result(site, driver):
    viewport(driver, 375, 900)
    driver.get(site.base + "/settings#notify")
    section = driver.find_element(By.ID, "notify")
    text = section.text
    assert "delivered." in text, text
    assert "This Dawn sends no email until its admin sets up a mail relay" in text
    assert driver.find_element(By.ID, "ntfy_url").get_attribute("value").endswith("/dawn-family")
    for scheme in ("light", "dark"):
        color_scheme(driver, scheme)
        for width in (375, 1280):
            viewport(driver, width, 900)
            driver.get(site.base + "/settings#notify")
            driver.execute_script("document.getElementById('notify').scrollIntoView()")
            driver.save_screenshot(os.path.join(SCREENSHOTS, f"settings-notify-{width}-{scheme}.png"))


def test_the_device_button_needs_javascript(site, driver):
    driver.get(site.base + "/settings#notify")
    button = driver.find_element(By.ID, "notify-enable")
    assert button.is_displayed(), "with JavaScript (and Push in this browser) the button shows"
    d = make_driver(javascript=False)
    try:
        sign_in(d, site.base, site.admin.username, PASSWORD)
        d.get(site.base + "/settings#notify")
        assert not d.find_element(By.ID, "notify-enable").is_displayed()
        # The forms for ntfy and email work without it.
        assert d.find_element(By.ID, "ntfy_url").is_displayed()
    finally:
        d.quit()


def test_the_habit_form_takes_reminder_times(site, driver):
    viewport(driver, 375, 900)
    driver.get(site.base + f"/habits/{site.habit}/edit")
    field = driver.find_element(By.NAME, "reminders")
    label = driver.find_element(By.CSS_SELECTOR, f"label[for='{field.get_attribute('id')}']")
    assert label.text.strip()
    field.clear()
    field.send_keys("21:00, 07:15")
    field.submit()
    # The save's redirect first: opening the next page at once could overtake the post.
    WebDriverWait(driver, 10).until(lambda d: "done=habit-saved" in d.current_url)
    driver.get(site.base + f"/habits/{site.habit}")
    assert "07:15, 21:00" in driver.find_element(By.TAG_NAME, "main").text
