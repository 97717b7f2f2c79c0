"""Undoing a deleted entry or note in a real browser (headless Chromium through Selenium)
against the real `dawn` binary, with JavaScript off: "Delete entry" lands on the journal
card, which says so and holds the one-tap restore inside the first screen; the tap brings the
text back (and the member's database agrees: the entry back, nothing kept any more); the same
for a note in the notes card. axe-core on the page right after a delete at 375 and 1280 px,
light and dark; screenshots of the journal card after a delete at 375 and 1280 px, light and
dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_journal_undo.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_member, assert_accessible, color_scheme, member_db, open_entry_form, rows, screenshot,
    sign_in, signed_in_driver, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ENTRY = "Rain all morning, then the long walk to the lighthouse with Nonna."


def seed(s, admin):
    s.ana = add_member(admin, "ana", "Ana")


@pytest.fixture(scope="module")
def driver(site, nojs):
    """Ana, signed in, JavaScript off."""
    sign_in(nojs, site.base, "ana", MEMBER_PASSWORD)
    return nojs


def submit(driver, selector):
    """Clicks a submit button and waits for the next page."""
    old = driver.find_element(By.TAG_NAME, "html")
    button = driver.find_element(By.CSS_SELECTOR, selector)
    # Into the middle of the screen first: WebDriver scrolls a button only to the bottom edge,
    # where the tray (fixed there) would take the click at 375 px.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "html") != old)


def write_and_delete_entry(site, driver):
    driver.get(f"{site.base}/day/{site.today}")
    open_entry_form(driver)
    box = driver.find_element(By.ID, "entry")
    box.clear()
    box.send_keys(ENTRY)
    submit(driver, '#journal button.primary[type="submit"]:not([name])')
    assert driver.find_element(By.ID, "entry").get_attribute("value") == ENTRY
    open_entry_form(driver)
    submit(driver, '#journal button[name="action"][value="delete"]')
    assert driver.current_url.endswith(f"/day/{site.today}?done=entry-deleted#journal"), driver.current_url


def entries(site):
    return rows(member_db(site.dawn, "ana"), "SELECT body FROM entries WHERE day = ?", (str(site.today),))


def kept(site):
    return rows(member_db(site.dawn, "ana"), "SELECT kind, body FROM deleted_journal")


@pytest.mark.parametrize("width", [375, 1280])
def test_undo_a_deleted_entry_without_javascript(site, driver, width):
    nojs = driver
    viewport(nojs, width, 812 if width == 375 else 900)
    write_and_delete_entry(site, nojs)
    assert nojs.find_element(By.ID, "entry").get_attribute("value") == ""
    assert entries(site) == [] and kept(site) == [("entry", ENTRY)]

    # Where the anchor lands: the journal card, its undo line inside it and inside the screen.
    undo = nojs.find_element(By.CSS_SELECTOR, "#journal form.undo")
    assert "Your entry was deleted. You can bring it back until" in undo.text
    box = nojs.execute_script("""const r = arguments[0].getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, vh: innerHeight, vw: innerWidth};""", undo)
    assert 0 <= box["top"] and box["bottom"] <= box["vh"], box
    assert 0 <= box["left"] and box["right"] <= box["vw"], box
    assert nojs.execute_script("return document.documentElement.scrollWidth") <= width

    submit(nojs, "#journal form.undo button")
    assert nojs.current_url.endswith(f"/day/{site.today}?done=entry-restored#journal"), nojs.current_url
    assert nojs.find_element(By.ID, "entry").get_attribute("value") == ENTRY
    assert nojs.find_element(By.CSS_SELECTOR, ".notice").text == "Your entry was restored."
    assert not nojs.find_elements(By.CSS_SELECTOR, "form.undo")
    assert entries(site) == [(ENTRY,)] and kept(site) == []


def test_undo_a_deleted_note_without_javascript(site, driver):
    nojs = driver
    viewport(nojs, 375, 812)
    nojs.get(f"{site.base}/day/{site.today}")
    nojs.find_element(By.ID, "note").send_keys("Lighthouse closed on Mondays")
    submit(nojs, ".note-form button")
    notes = lambda: [e.text for e in nojs.find_elements(By.CSS_SELECTOR, "#notes li.note > p")]  # noqa: E731
    assert "Lighthouse closed on Mondays" in notes()
    submit(nojs, "#notes li.note:last-child form button")
    assert "Lighthouse closed on Mondays" not in notes()
    undo = nojs.find_element(By.CSS_SELECTOR, "#notes form.undo")
    assert "Lighthouse closed on Mondays" in undo.text
    screenshot(nojs, "journal-undo-note-375-light.png")
    submit(nojs, "#notes form.undo button")
    assert nojs.current_url.endswith("?done=note-restored#notes"), nojs.current_url
    assert "Lighthouse closed on Mondays" in notes()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_and_screenshots_after_a_delete(site, width, scheme):
    d = signed_in_driver(site, "ana")
    try:
        color_scheme(d, scheme)
        viewport(d, width, 812 if width == 375 else 900)
        write_and_delete_entry(site, d)
        screenshot(d, f"journal-undo-{width}-{scheme}.png")
        assert_accessible(d, f"the undo line at {width} px ({scheme})")
        submit(d, "#journal form.undo button")
        assert d.find_element(By.ID, "entry").get_attribute("value") == ENTRY
    finally:
        d.quit()
