"""Takes screenshots of all of Dawn's pages in headless Chromium: 320, 375 and 1280 px wide,
light and dark. For looking at the UI, not a test (test_browser.py saves the day page,
the grid and settings into Tests/browser/screenshots/ on every run):
    PYENV_VERSION=3.12.1 python3.12 Tests/browser/screenshots.py [OUT_DIR]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    PASSWORD, Dawn, add_member, color_scheme, days, make_driver, member_today, save_settings,
    seed_history, server_env, setup_admin, sign_in, viewport,
)


def main(out):
    os.makedirs(out, exist_ok=True)
    dawn = Dawn(env=server_env())
    base = f"http://127.0.0.1:{dawn.port}"
    d = make_driver()
    try:
        viewport(d, 375, 900)
        d.get(base + "/setup")
        d.save_screenshot(f"{out}/setup-375-light.png")
        admin = setup_admin(dawn)
        add_member(admin, "kid", "Kid")
        today = member_today()
        seed_history(admin, today)
        d.get(base + "/login")
        d.save_screenshot(f"{out}/login-375-light.png")
        sign_in(d, base, "mum", PASSWORD)
        pages = [("day", "/"), ("family", "/family"), ("settings", "/settings"), ("account", "/account"),
                 ("404", "/no-such-page")]
        for scheme in ["light", "dark"]:
            color_scheme(d, scheme)
            for width in [375, 1280]:
                viewport(d, width, 900)
                for name, path in pages:
                    d.get(base + path)
                    d.save_screenshot(f"{out}/{name}-{width}-{scheme}.png")
        save_settings(admin, language="it", view="grid", grid_dates="1")
        for scheme in ["light", "dark"]:
            color_scheme(d, scheme)
            for width in [320, 375, 1280]:
                viewport(d, width, 900)
                d.get(base + f"/day/{days(-3, today)}")
                d.save_screenshot(f"{out}/grid-{width}-{scheme}.png")
    finally:
        d.quit()
        dawn.stop()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/dawn-shots")
