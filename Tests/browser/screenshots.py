"""Takes screenshots of Dawn's pages in headless Chromium: 375 and 1280 px wide,
light and dark. For looking at the UI, not a test:
    python3 Tests/browser/screenshots.py OUT_DIR
"""
import datetime
import os
import sys
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
from conftest import Browser, Dawn  # noqa: E402
from selenium import webdriver  # noqa: E402

PASSWORD = "correct horse battery"
TODAY = datetime.datetime.now(ZoneInfo("Europe/Rome")).date()


def seed_history(browser):
    """Notes on most recent days (a streak), entries on a few, for the circles to show their states."""
    for back in [1, 2, 3, 4, 6, 9, 10, 15, 22, 28]:
        day = TODAY - datetime.timedelta(days=back)
        browser.open(f"/day/{day}")
        browser.post(f"/day/{day}/notes", {"note": f"note {back}"})
        if back in (2, 9, 22):
            browser.post(f"/day/{day}/entry", {"entry": f"entry {back}"})
    browser.open(f"/day/{TODAY}")
    browser.post(f"/day/{TODAY}/entry", {"entry": "Today I walked along the river before work."})
    browser.post(f"/day/{TODAY}/notes", {"note": "Coffee with Anna"})


def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=webdriver.ChromeService("/usr/bin/chromedriver"), options=options)


def main(out):
    os.makedirs(out, exist_ok=True)
    dawn = Dawn()
    base = f"http://127.0.0.1:{dawn.port}"
    d = driver()
    try:
        d.set_window_size(375, 900)
        d.get(base + "/setup")
        d.save_screenshot(f"{out}/setup-375-light.png")
        admin = Browser(dawn)
        admin.open("/setup")
        admin.post("/setup", {"username": "mum", "display_name": "Mum", "password": PASSWORD,
                              "password_again": PASSWORD, "time_zone": "Europe/Rome"})
        admin.open("/family")
        admin.post("/family/members", {"username": "kid", "display_name": "Kid", "password": PASSWORD,
                                       "password_again": PASSWORD})
        seed_history(admin)
        d.get(base + "/login")
        d.save_screenshot(f"{out}/login-375-light.png")
        d.add_cookie({"name": "dawn_session", "value": admin.jar["dawn_session"], "path": "/"})
        for scheme in ["light", "dark"]:
            d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for width in [375, 1280]:
                d.set_window_size(width, 1000)
                for name, path in [("day", "/"), ("family", "/family"), ("settings", "/settings")]:
                    d.get(base + path)
                    d.save_screenshot(f"{out}/{name}-{width}-{scheme}.png")
        admin.open("/settings")
        admin.post("/settings", {"language": "it", "time_zone": "Europe/Rome", "first_weekday": "monday",
                                 "day_start_hour": "0", "view": "grid", "grid_dates": "1", "theme": "system"})
        for scheme in ["light", "dark"]:
            d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for width in [320, 375, 1280]:
                d.set_window_size(width, 1000)
                d.get(base + "/day/" + str(TODAY - datetime.timedelta(days=3)))
                d.save_screenshot(f"{out}/grid-{width}-{scheme}.png")
    finally:
        d.quit()
        dawn.stop()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/dawn-shots")
