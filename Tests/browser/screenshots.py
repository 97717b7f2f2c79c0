"""Takes screenshots of Dawn's pages in headless Chromium: 375 and 1280 px wide,
light and dark. For looking at the UI, not a test:
    python3 Tests/browser/screenshots.py OUT_DIR
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
from conftest import Browser, Dawn  # noqa: E402
from selenium import webdriver  # noqa: E402

PASSWORD = "correct horse battery"


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
        d.get(base + "/login")
        d.save_screenshot(f"{out}/login-375-light.png")
        d.add_cookie({"name": "dawn_session", "value": admin.jar["dawn_session"], "path": "/"})
        for scheme in ["light", "dark"]:
            d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for width in [375, 1280]:
                d.set_window_size(width, 1000)
                for name, path in [("home", "/"), ("family", "/family"), ("account", "/account")]:
                    d.get(base + path)
                    d.save_screenshot(f"{out}/{name}-{width}-{scheme}.png")
    finally:
        d.quit()
        dawn.stop()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/dawn-shots")
