"""Dawn as an installable app, in a real browser (headless Chromium through Selenium)
against the real `dawn` binary: Chromium's own installability check
(`Page.getInstallabilityErrors` over the DevTools protocol) finds no error on the
signed-in day page and on the sign-in page, the manifest Chromium reads is ours (name,
start URL, standalone, its four icons), and the theme colour follows the colour scheme.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_installable.py -q -p no:cacheprovider
"""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    signed_in_driver, start_site,
    add_member, color_scheme, make_driver,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def site():
    s, admin = start_site()
    s.ana = add_member(admin, "ana", "Ana")
    yield s
    s.dawn.stop()


def installability_errors(driver):
    """Chromium's verdict once the page and its manifest have loaded (it fetches the
    manifest and an icon first, so ask until the answer settles)."""
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    result = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})
    return [e["errorId"] for e in result["installabilityErrors"]]


def test_the_signed_in_day_page_is_installable(site):
    d = signed_in_driver(site, "ana")
    try:
        d.get(site.base + "/")
        assert d.find_element(By.CSS_SELECTOR, "h1").text
        assert installability_errors(d) == []
        manifest = d.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["url"] == site.base + "/manifest.webmanifest"
        assert manifest["errors"] == []
        raw = json.loads(manifest["data"])
        assert raw["name"] == "Dawn" and raw["start_url"] == "/" and raw["display"] == "standalone"
        assert sorted((i["sizes"], i["purpose"]) for i in raw["icons"]) == [
            ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable"), ("any", "any")]
        # What Chromium made of it (the protocol's parsed form).
        parsed = manifest["manifest"]
        print(parsed)
        assert parsed["display"] in ("standalone", "kStandalone")
        assert parsed["startUrl"] == site.base + "/"
        assert parsed["themeColor"] == "rgba(247,247,248,1)"
    finally:
        d.quit()


def test_the_sign_in_page_is_installable(site):
    d = make_driver()
    try:
        d.get(site.base + "/login")
        assert d.find_element(By.CSS_SELECTOR, "input[name=username]")
        assert installability_errors(d) == []
    finally:
        d.quit()


@pytest.mark.parametrize("scheme, colour", [("light", "#F7F7F8"), ("dark", "#111417")])
def test_the_theme_colour_follows_the_colour_scheme(site, scheme, colour):
    d = make_driver()
    try:
        color_scheme(d, scheme)
        d.get(site.base + "/login")
        # The meta element whose media query matches is the one the browser uses.
        active = d.execute_script("""
            return [...document.querySelectorAll('meta[name=theme-color]')]
              .filter(m => matchMedia(m.media).matches).map(m => m.content)""")
        assert active == [colour]
        body = d.execute_script("return getComputedStyle(document.body).backgroundColor")
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert body == f"rgb({r}, {g}, {b})", "the title bar matches the page"
    finally:
        d.quit()
