"""Reading offline, in a real browser (headless Chromium through Selenium) against the real
`dawn` binary, offline for real: the page's network cut by DevTools
(`Network.emulateNetworkConditions`) and the server stopped, since DevTools' emulation in
the page's session does not reach the worker's own fetches:
the service worker (`Public/sw.js`) shows the member's last-viewed pages marked "offline —
read only" with every form control disabled, an offline page for pages never seen, never
a page that was not a GET 200, and never one member's page to another: signing out, or
another member signing in, drops what was kept.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_offline.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    signed_in_driver, start_site,
    SCREENSHOTS, add_member, color_scheme, days, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ANA_ENTRY = "Ana rowed across the lake at sunrise."
BOB_ENTRY = "Bob baked bread."


@pytest.fixture
def site():
    """A server per test: going offline stops it."""
    s, admin = start_site()
    s.ana = add_member(admin, "ana", "Ana")
    s.bob = add_member(admin, "bob", "Bob")
    s.yesterday = days(-1, s.today)
    for member, text in ((s.ana, ANA_ENTRY), (s.bob, BOB_ENTRY)):
        member.open(f"/day/{s.yesterday}")
        assert member.post(f"/day/{s.yesterday}/entry", {"entry": text}).status == 303
    yield s
    if s.dawn.process.poll() is None:
        s.dawn.stop()


def go_offline(site, driver):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    assert site.dawn.stop() == 0


def controlled(driver, base, path):
    """Opens `path` until the service worker controls the page (its first visit installs it)."""
    driver.get(base + path)
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
    driver.get(base + path)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))


def kept_urls(driver):
    return driver.execute_async_script("""
        const done = arguments[0];
        (async () => {
          const names = await caches.keys();
          const all = [];
          for (const name of names) for (const k of await (await caches.open(name)).keys()) all.push(name + " " + new URL(k.url).pathname);
          return all;
        })().then(done, (e) => done(["error " + e]));""")


def offline_state(driver):
    return driver.execute_script("""
        const note = document.querySelector('.offline-note');
        const controls = [...document.querySelectorAll('form input, form button, form textarea, form select')];
        return {offline: document.documentElement.hasAttribute('data-offline'),
                banner: note && note.offsetParent !== null ? note.textContent.trim() : null,
                enabled: controls.filter(c => !c.disabled).length, controls: controls.length,
                h1: (document.querySelector('h1') || {}).textContent || ''};""")


def test_last_viewed_pages_read_offline_marked_read_only(site):
    d = signed_in_driver(site, "ana")
    try:
        controlled(d, site.base, f"/day/{site.yesterday}")
        assert ANA_ENTRY in d.page_source
        online = offline_state(d)
        assert online["offline"] is False and online["banner"] is None and online["enabled"] > 0
        d.get(site.base + "/stats")
        go_offline(site, d)

        d.get(site.base + f"/day/{site.yesterday}")
        state = offline_state(d)
        assert state["offline"] is True, (state, kept_urls(d), d.page_source[:300])
        assert state["banner"].startswith("Offline — read only")
        assert ANA_ENTRY in d.find_element(By.TAG_NAME, "textarea").get_attribute("value")
        assert state["controls"] > 5 and state["enabled"] == 0, state
        for scheme in ("light", "dark"):
            color_scheme(d, scheme)
            viewport(d, 375, 812)
            d.save_screenshot(os.path.join(SCREENSHOTS, f"offline-day-375-{scheme}.png"))

        d.get(site.base + "/stats")
        assert offline_state(d)["offline"] is True

        # A page never opened on this device: the offline page, in the member's language.
        d.get(site.base + f"/day/{days(-20, site.today)}")
        state = offline_state(d)
        assert state["h1"] == "You are offline" and state["offline"] is True

    finally:
        d.quit()


def test_only_get_200_pages_of_the_member_are_kept(site):
    d = signed_in_driver(site, "ana")
    try:
        controlled(d, site.base, "/")
        d.get(site.base + "/day/1800-01-01")  # a 404
        d.get(site.base + "/day/not-a-date")  # a 400
        d.get(site.base + "/export/dawn.json")  # not a page
        d.get(site.base + "/search?q=lake")  # no-store: search results
        d.get(site.base + "/settings")  # no-store
        d.get(site.base + "/stats")
        # Kept after the page is shown: wait for the last one.
        WebDriverWait(d, 10).until(lambda d: "dawn-pages-v1 /stats" in kept_urls(d))
        kept = kept_urls(d)
        pages = sorted(k.split(" ", 1)[1] for k in kept if k.startswith("dawn-pages"))
        assert "/" in pages and "/stats" in pages and "/offline" in pages and "/__dawn/member" in pages, pages
        assert not any(p.startswith(("/day/1800", "/day/not", "/export", "/search", "/settings")) for p in pages), pages
        assert all(k.split(" ", 1)[1].startswith(("/static/", "/offline")) for k in kept if k.startswith("dawn-static"))
        go_offline(site, d)
        d.get(site.base + "/day/1800-01-01")
        assert offline_state(d)["h1"] == "You are offline"
    finally:
        d.quit()


def test_signing_out_drops_every_kept_page(site):
    d = signed_in_driver(site, "ana")
    try:
        controlled(d, site.base, f"/day/{site.yesterday}")
        assert any(k.endswith(f"/day/{site.yesterday}") for k in kept_urls(d))
        d.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
        WebDriverWait(d, 10).until(lambda d: "/login" in d.current_url)
        WebDriverWait(d, 10).until(lambda d: not any(k.startswith("dawn-pages") for k in kept_urls(d)))
        # The sign-out's Clear-Site-Data removed the worker too; the sign-in page registers
        # it again, and its offline page is there once it controls the page.
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller")
                                   and "dawn-static-v1 /offline" in kept_urls(d))
        go_offline(site, d)
        d.get(site.base + f"/day/{site.yesterday}")
        assert ANA_ENTRY not in d.page_source
        assert offline_state(d)["h1"] == "You are offline"
    finally:
        d.quit()


def test_another_member_never_sees_the_pages_kept_for_the_last(site):
    d = signed_in_driver(site, "ana")
    try:
        controlled(d, site.base, f"/day/{site.yesterday}")
        # Ana's session ends without her signing out and Bob's begins, with no signed-out
        # page between (his cookies, as another tab's sign-in would leave them).
        d.delete_all_cookies()
        for name, value in site.bob.jar.items():
            d.add_cookie({"name": name, "value": value, "path": "/"})
        d.get(site.base + "/stats")
        assert "Bob" in d.page_source
        kept = [k.split(" ", 1)[1] for k in kept_urls(d) if k.startswith("dawn-pages")]
        assert f"/day/{site.yesterday}" not in kept and "/stats" in kept, kept
        go_offline(site, d)
        d.get(site.base + f"/day/{site.yesterday}")
        assert ANA_ENTRY not in d.page_source
        assert offline_state(d)["h1"] == "You are offline"
    finally:
        d.quit()


def test_a_sign_out_the_server_never_answered_still_drops_every_kept_page(site):
    d = signed_in_driver(site, "ana")
    try:
        controlled(d, site.base, f"/day/{site.yesterday}")
        assert any(k.endswith(f"/day/{site.yesterday}") for k in kept_urls(d))
        # The connection drops as she signs out: no answer (so no Clear-Site-Data, no
        # sign-in page) reaches the browser; the worker forgets as the form goes.
        assert site.dawn.stop() == 0
        d.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
        WebDriverWait(d, 10).until(lambda d: d.current_url.endswith("/logout"))
        d.get(site.base + f"/day/{site.yesterday}")
        assert ANA_ENTRY not in d.page_source
        assert offline_state(d)["h1"] == "You are offline"
        assert not any(k.startswith("dawn-pages") and not k.endswith("/offline") for k in kept_urls(d)), kept_urls(d)
    finally:
        d.quit()
