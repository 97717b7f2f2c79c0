"""All five languages in a real browser (headless Chromium through Selenium) against the
real `dawn` binary: the day page and /stats of a member with real data
(habits, logs, notes, entries) in English, Italiano, Français, Deutsch and Español; axe-core
clean at 320, 375 and 1280 px in light and dark; at 320 px nothing sticks out of the
viewport (German words are long: the day's heading, the stats header, the segments, the
buttons); screenshots of each language at 320 px and of Deutsch and Español at 375 and
1280 px, light and dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_languages.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    add_habit, add_member, assert_accessible, color_scheme, days, log_habit, save_settings, screenshot,
    seed_history, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402

LANGUAGES = ["en", "it", "fr", "de", "es"]
WIDTHS = [320, 375, 1280]
PAGES = {"day": "/", "stats": "/stats", "stats-month": "/stats?g=month"}
# What each language's day heading and /stats segments must say (proof the page is in it).
ENTRY_HEADING = {"en": "Journal", "it": "Diario", "fr": "Journal", "de": "Tagebuch", "es": "Diario"}
SEGMENTS = {"en": "DWMQY", "it": "GSMTA", "fr": "JSMTA", "de": "TWMQJ", "es": "DSMTA"}


def seed(s, admin):
    """One server; "ana" has notes and entries over a month and three habits logged on
    most days (with a long German-length name), so /stats has a chart and a per-habit table."""
    s.ana = add_member(admin, "ana", "Ana")
    seed_history(s.ana, s.today)
    habits = [add_habit(s.ana, "Spaziergang am Fluss", "🚶", "#48DBAB", 30),
              add_habit(s.ana, "Lesen", "📚", "#FECA57", 45),
              add_habit(s.ana, "Schwimmen", "🏊", "#54A0FF", 60)]
    for back in range(0, 20):
        day = days(-back, s.today)
        for index, habit in enumerate(habits):
            if (back + index) % 3 != 2:
                log_habit(s.ana, day, habit, f"{7 + 3 * index:02d}:30", 30)


def speak(site, language):
    save_settings(site.ana, language=language)


def open_page(site, driver, language, path):
    driver.get(site.base + path)
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_are_in_the_language(site, driver, language):
    speak(site, language)
    viewport(driver, 375, 900)
    open_page(site, driver, language, "/")
    # The journal card's heading (a label of the textarea only while the entry is not yet written).
    assert ENTRY_HEADING[language] in driver.find_element(By.CSS_SELECTOR, "#journal h2").text
    open_page(site, driver, language, "/stats")
    shorts = driver.execute_script(
        "return [...document.querySelectorAll('.segments .seg-short')].map(s => s.textContent).join('')")
    assert shorts == SEGMENTS[language]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_axe(site, driver, language, width, scheme):
    speak(site, language)
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    for name, path in PAGES.items():
        open_page(site, driver, language, path)
        assert_accessible(driver, f"{name} in {language} at {width} px ({scheme})")


# Every visible element's box within the viewport, but for what scrolls inside its own region.
OVERFLOW_JS = """
const width = document.documentElement.clientWidth, out = [];
// The box an element must stay inside: the nearest ancestor that clips or is a card (what
// sticks out of a card looks broken even on screen), else the viewport; null inside a
// region that scrolls on its own (axe checks that such a region can be reached by keyboard).
const bounds = el => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (/(auto|scroll)/.test(s.overflowX)) return null;
    if (/(hidden|clip)/.test(s.overflowX)) return p.classList.contains('visually-hidden') ? null : p.getBoundingClientRect();
    if (p.classList.contains('card')) return p.getBoundingClientRect();
  } return {left: 0, right: width}; };
for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect(), box = bounds(el);
    if (!r.width || !r.height || !box || r.right <= 0) continue;  // the skip link waits off-screen
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
        out.push(`${el.tagName}.${el.className}: ${Math.round(r.left)}..${Math.round(r.right)} outside ${Math.round(box.left)}..${Math.round(box.right)} "${(el.textContent || '').trim().slice(0, 40)}"`);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && el.children.length === 0
        && el.clientWidth > 0) out.push(`text overflows ${el.tagName}.${el.className}: "${el.textContent.trim().slice(0, 40)}"`);
}
return {page: document.documentElement.scrollWidth, width, out: out.slice(0, 20)};
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_sticks_out_at_320(site, driver, language):
    speak(site, language)
    color_scheme(driver, "light")
    viewport(driver, 320, 900)
    for name, path in PAGES.items():
        open_page(site, driver, language, path)
        box = driver.execute_script(OVERFLOW_JS)
        assert box["page"] <= box["width"], f"{name} in {language} scrolls sideways at 320 px: {box}"
        assert not box["out"], f"{name} in {language} at 320 px:\n" + "\n".join(box["out"])
        driver.set_window_size(320, 900)
        height = driver.execute_script("return Math.min(document.documentElement.scrollHeight, 2400)")
        viewport(driver, 320, height)
        screenshot(driver, f"languages-{name}-{language}-320.png")
        viewport(driver, 320, 900)


@pytest.mark.parametrize("language", ["de", "es"])
def test_screenshots(site, driver, language):
    speak(site, language)
    for scheme in ["light", "dark"]:
        color_scheme(driver, scheme)
        for width in [375, 1280]:
            viewport(driver, width, 900)
            for name, path in PAGES.items():
                open_page(site, driver, language, path)
                screenshot(driver, f"languages-{name}-{language}-{width}-{scheme}.png", max_bytes=600_000)
