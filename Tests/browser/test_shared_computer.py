"""What a shared family computer keeps after a sign-out, in a real browser (headless
Chromium through Selenium) against the real `dawn` binary: a member opens the day page
with a journal entry, a search and their settings, signs out; Back and reopening those
URLs show none of their text (the member pages are `Cache-Control: private, no-cache`,
search and settings `no-store`, and the sign-out answers `Clear-Site-Data: "cache",
"storage"`), and the service worker's offline store (Cache Storage) keeps nothing of theirs.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_shared_computer.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import add_member, days, open_entry_form, signed_in_driver, start_site  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# What only Ana's pages show: her name (in every page's navigation), her entry (the day
# page's textarea) and a word of it as the search's snippet marks it.
NAME = "Anastasia Quillfeather"
ENTRY = "Rowed across Lake Zephyr before sunrise, then wrote to grandmother."
SEARCH = "zephyr"


@pytest.fixture
def site():
    s, admin = start_site()
    s.ana = add_member(admin, "ana", NAME)
    s.yesterday = days(-1, s.today)
    s.ana.open(f"/day/{s.yesterday}")
    assert s.ana.post(f"/day/{s.yesterday}/entry", {"entry": ENTRY}).status == 303
    yield s
    s.dawn.stop()


def member_text(driver):
    """Ana's text the page in front of us shows, in its markup or typed into its fields."""
    source = driver.page_source
    return [text for text in (NAME, ENTRY, "Lake Zephyr", "Quillfeather") if text in source]


def visible_member_text(driver):
    """Ana's text a person would see on the page in front of us (rendered text and fields)."""
    seen = driver.execute_script("""
        return document.body.innerText + " " + [...document.querySelectorAll("textarea, input")]
          .filter((f) => f.checkVisibility({visibilityProperty: true})).map((f) => f.value).join(" ");""")
    return [text for text in (NAME, ENTRY, "Lake Zephyr", "Quillfeather") if text in seen]


def back_to_sign_in(driver):
    """Goes Back: nothing of Ana's is seen, and the page settles on the sign-in page."""
    driver.back()
    assert visible_member_text(driver) == [], driver.current_url
    WebDriverWait(driver, 10).until(lambda d: "/login" in d.current_url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert member_text(driver) == [], driver.current_url


def cache_storage(driver):
    """Every entry of every Cache Storage cache of the origin: its cache, path and body."""
    return driver.execute_async_script("""
        const done = arguments[0];
        (async () => {
          const all = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              const response = await cache.match(request);
              all.push([name, new URL(request.url).pathname, response ? await response.text() : ""]);
            }
          }
          return all;
        })().then(done, (e) => done([["error", String(e), ""]]));""")


def test_after_sign_out_back_and_reopening_show_nothing_of_the_member(site):
    d = signed_in_driver(site, "ana")
    try:
        day = f"/day/{site.yesterday}"
        urls = [day, f"/search?q={SEARCH}", "/settings"]
        # The first visit installs the service worker; the second is one it controls.
        d.get(site.base + day)
        d.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        for url in urls:
            d.get(site.base + url)
            WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
            assert NAME in d.page_source, url
        d.get(site.base + day)
        assert ENTRY in d.find_element(By.TAG_NAME, "textarea").get_attribute("value")
        d.get(site.base + urls[1])
        assert "Zephyr" in d.find_element(By.TAG_NAME, "main").text, "the search found the entry"
        d.get(site.base + urls[2])
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        kept = [(name, path) for name, path, _ in cache_storage(d)]
        assert ("dawn-pages-v1", day) in kept, kept

        d.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
        WebDriverWait(d, 10).until(lambda d: "/login" in d.current_url)
        assert member_text(d) == []

        # Back, through each page she opened: the browser has no copy of hers to show.
        for _ in urls:
            back_to_sign_in(d)
        # Opened again: the sign-in page.
        for url in urls:
            d.get(site.base + url)
            assert "/login" in d.current_url, (url, d.current_url)
            assert member_text(d) == [], url

        # Nothing of hers in the offline store (the worker may have kept its offline page).
        stored = cache_storage(d)
        assert not [path for name, path, _ in stored if name == "dawn-pages-v1"], stored
        for name, path, body in stored:
            assert not [t for t in (NAME, ENTRY, "Zephyr") if t in body], (name, path)
    finally:
        d.quit()


def test_a_session_ended_on_another_device_leaves_nothing_for_back(site):
    d = signed_in_driver(site, "ana")
    try:
        day = f"/day/{site.yesterday}"
        d.get(site.base + day)
        assert ENTRY in d.find_element(By.TAG_NAME, "textarea").get_attribute("value")
        d.get(site.base + "/stats")
        assert NAME in d.page_source
        # From her phone: "Sign out everywhere" ends this browser's session too.
        site.ana.open("/account")
        assert site.ana.post("/account/sign-out-everywhere", {}).status == 303
        # The next person opens Dawn on this computer, then goes Back.
        d.get(site.base + "/")
        WebDriverWait(d, 10).until(lambda d: "/login" in d.current_url)
        assert member_text(d) == []
        for _ in range(2):
            back_to_sign_in(d)
        stored = cache_storage(d)
        for name, path, body in stored:
            assert not [t for t in (NAME, ENTRY, "Zephyr") if t in body], (name, path)
    finally:
        d.quit()


def test_signing_out_from_the_day_page_leaves_it_behind_for_no_one(site):
    """The page signed out from is the one the browser's back/forward cache keeps as the
    sign-in page replaces it; app.js blanks it and asks the server again when it comes back.
    Without a service worker (a private window, a browser setting; here DevTools' bypass), as
    Clear-Site-Data's removal of a worker can also evict the pages it controlled."""
    d = signed_in_driver(site, "ana")
    try:
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
        day = f"/day/{site.yesterday}"
        d.get(site.base + day)
        # Still signed in, Back brings the page back as it was left, typed words and all.
        open_entry_form(d)  # a saved entry's form is under "Edit entry"
        d.find_element(By.TAG_NAME, "textarea").send_keys(" Not saved yet.")
        d.get(site.base + "/stats")
        d.back()
        WebDriverWait(d, 10).until(lambda d: NAME in visible_member_text(d))
        assert d.current_url == site.base + day
        assert d.find_element(By.TAG_NAME, "textarea").get_attribute("value").endswith(" Not saved yet.")

        d.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
        WebDriverWait(d, 10).until(lambda d: "/login" in d.current_url)
        back_to_sign_in(d)
        assert d.current_url == site.base + "/login?next=" + day
    finally:
        d.quit()
