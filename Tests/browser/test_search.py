"""Search in a real browser (headless Chromium through Selenium) against the real `dawn`
binary: the navigation's box used with JavaScript off (type, Enter, a page of hits, a hit's
link to its day), the page fitting 320 px, the marks legible in light and dark, axe-core on
the search page (hits, a refusal) and on a page with the box, at 320, 375 and 1280 px in
light and dark, and screenshots at 375 and 1280 px.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_search.py -q -p no:cacheprovider
"""
import os
import sys
import urllib.parse

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_habit, add_member, assert_accessible, color_scheme, contrast, days, log_habit,
    screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def seed(s, admin):
    """One server; "ana" wrote about the città, a walk with a note, an entry holding markup,
    and 25 days of rain (two pages of hits)."""
    s.ana = add_member(admin, "ana", "Ana")
    ana = s.ana
    entry_day = days(-3, s.today)
    ana.open(f"/day/{entry_day}")
    assert ana.post(f"/day/{entry_day}/entry", {
        "entry": "Siamo andati in città con la nonna, poi il gelato in piazza. "
                 "Un giorno lungo e caldo, <b>bello</b>: the city was quiet in the evening."}).status == 303
    walk = add_habit(ana, "Walk", "🚶", "#48DBAB", 30)
    log_habit(ana, days(-1, s.today), walk, "08:00", 30, note="Up to the Città Alta and back")
    for back in range(2, 27):
        day = days(-back, s.today)
        ana.open(f"/day/{day}")
        assert ana.post(f"/day/{day}/notes", {"note": f"Rain again, day {back} of the wet spell"}).status == 303


# ---------------------------------------------------------------- without JavaScript

def test_the_navigation_box_works_without_javascript(site, nojs):
    d = nojs
    viewport(d, 320, 900)
    sign_in(d, site.base, "ana", MEMBER_PASSWORD)
    box = d.find_element(By.ID, "nav-search")
    assert box.is_displayed()
    label = d.find_element(By.CSS_SELECTOR, 'label[for="nav-search"]')
    assert label.get_attribute("textContent") == "Search your journal"
    assert d.execute_script("return document.documentElement.scrollWidth") <= 320, "the header fits 320 px"
    box.send_keys("citta", Keys.ENTER)
    WebDriverWait(d, 10).until(lambda d: "/search?q=citta" in d.current_url)
    assert d.find_element(By.ID, "search-summary").text == "2 matches"
    hits = d.find_elements(By.CSS_SELECTOR, ".result")
    assert [h.find_element(By.TAG_NAME, "a").get_attribute("href") for h in hits] == \
        [f"{site.base}/day/{days(-1, site.today)}", f"{site.base}/day/{days(-3, site.today)}"]
    assert [m.text for m in d.find_elements(By.TAG_NAME, "mark")] == ["Città", "città"]
    assert "bello" in hits[1].text and "<b>" not in hits[1].text, "the entry's markup is left out of its snippet"
    assert d.find_element(By.ID, "search-q").get_attribute("value") == "citta"
    assert not d.find_elements(By.ID, "nav-search"), "one box on the search page"
    assert d.execute_script("return document.documentElement.scrollWidth") <= 320, "the hits fit 320 px"

    # The page's own box and button, then the pages of hits.
    box = d.find_element(By.ID, "search-q")
    box.clear()
    box.send_keys("rain")
    d.find_element(By.CSS_SELECTOR, "form.search-form button[type=submit]").click()
    WebDriverWait(d, 10).until(lambda d: "q=rain" in d.current_url)
    assert d.find_element(By.ID, "search-summary").text == "25 matches"
    assert len(d.find_elements(By.CSS_SELECTOR, ".result")) == 20
    d.find_element(By.CSS_SELECTOR, '.pager a[rel="next"]').click()
    WebDriverWait(d, 10).until(lambda d: "page=2" in d.current_url)
    assert len(d.find_elements(By.CSS_SELECTOR, ".result")) == 5
    assert "Page 2 of 2" in d.find_element(By.CSS_SELECTOR, ".pager").text

    # A hit's link opens its day.
    d.find_element(By.CSS_SELECTOR, ".result a").click()
    WebDriverWait(d, 10).until(lambda d: d.current_url == f"{site.base}/day/{days(-22, site.today)}")

    # A refused search: the reason under the box, the text kept.
    d.get(site.base + "/search?q=" + urllib.parse.quote('"open quote'))
    error = d.find_element(By.ID, "search-error")
    assert error.text.startswith("A double quote is left open.") and error.is_displayed()
    assert d.find_element(By.ID, "search-q").get_attribute("value") == '"open quote'


# ---------------------------------------------------------------- legibility

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_marks_are_legible(site, driver, scheme):
    color_scheme(driver, scheme)
    viewport(driver, 375, 900)
    driver.get(site.base + "/search?q=citta")
    colors = driver.execute_script("""return [...document.querySelectorAll('mark')].map(m => {
        const s = getComputedStyle(m); return [s.color, s.backgroundColor]; });""")
    assert len(colors) == 2
    for text, background in colors:
        assert contrast(text, background) >= 4.5, (scheme, text, background)
    page = driver.execute_script("return getComputedStyle(document.querySelector('.search-results')).backgroundColor")
    assert colors[0][1] != page, "a mark stands out from the card"


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 375, 1280])
@pytest.mark.parametrize("what", ["/search?q=citta", "/search?q=%22open", "/search?q=rain&page=2", "/"])
def test_axe(site, driver, what, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + what)
    assert_accessible(driver, f"{what} ({width} px, {scheme})")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width, f"{what} fits {width} px"


# ---------------------------------------------------------------- screenshots

def test_screenshots(site, driver):
    for scheme in ["light", "dark"]:
        color_scheme(driver, scheme)
        for width in [375, 1280]:
            viewport(driver, width, 900)
            for name, path in [("results", "/search?q=citta"), ("pages", "/search?q=rain"),
                               ("refused", "/search?q=%22open"), ("box", "/")]:
                driver.get(site.base + path)
                screenshot(driver, f"search-{name}-{width}-{scheme}.png", max_bytes=600_000)
