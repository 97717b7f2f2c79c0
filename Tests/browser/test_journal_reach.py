"""The journal across the years in a real browser (headless Chromium through Selenium) against
the real `dawn` binary: the day page's "on this day" section (links to earlier years, newest
first, each line fitting at 320 px) with and without JavaScript, a day page in 2016, axe-core on
both at 320, 375 and 1280 px in light and dark, and screenshots at 375 and 1280 px.

    Tests/run-browser Tests/browser/test_journal_reach.py
"""
import datetime
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_member, assert_accessible, color_scheme, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

OLD = datetime.date(2016, 5, 5)
LONG = ("We drove to the coast with the whole family and the dog, stopped for lunch at the old "
        "harbour, and watched the boats come in until the light went orange over the water.")


def same_day(year, today):
    try:
        return today.replace(year=year)
    except ValueError:  # 29 February: a common year recalls it on the 28th
        return today.replace(year=year, day=28)


def seed(s, admin):
    """"ana" wrote on today's month and day in 2016 (a long entry), 2019 (notes only) and 2024,
    and on 2016-05-05 (an entry and a note)."""
    s.ana = add_member(admin, "ana", "Ana")
    s.recalled = []
    for year, entry, note in [(2024, "Picnic in the park.\nSun all day.", None), (2019, None, "Only a note that year."),
                              (2016, LONG + "\nSecond line.", "and a note")]:
        day = same_day(year, s.today)
        s.ana.open(f"/day/{day}")
        if entry:
            assert s.ana.post(f"/day/{day}/entry", {"entry": entry}).status == 303
        if note:
            assert s.ana.post(f"/day/{day}/notes", {"note": note}).status == 303
        s.recalled.append(str(day))
    s.ana.open(f"/day/{OLD}")
    assert s.ana.post(f"/day/{OLD}/entry", {"entry": "The day we moved.\nBoxes everywhere."}).status == 303
    assert s.ana.post(f"/day/{OLD}/notes", {"note": "Pizza on the floor."}).status == 303


SECTION_JS = """
const s = document.getElementById('on-this-day');
if (!s) return null;
return {width: document.documentElement.scrollWidth, view: window.innerWidth,
        items: [...s.querySelectorAll('li')].map(li => {
          const a = li.querySelector('a'), r = li.getBoundingClientRect(), t = li.querySelector('.recalled-text');
          return {href: a.getAttribute('href'), date: a.textContent, text: t.textContent,
                  right: r.right, textRight: t.getBoundingClientRect().right,
                  linkHeight: a.getBoundingClientRect().height};
        }),
        right: s.getBoundingClientRect().right, heading: s.querySelector('h2').textContent};
"""


@pytest.mark.parametrize("width", [320, 375, 1280])
def test_on_this_day_fits_and_leads_to_its_days(site, driver, width):
    viewport(driver, width, 900)
    driver.get(site.base + "/")
    got = driver.execute_script(SECTION_JS)
    assert got, "no on-this-day section on today's page"
    assert got["heading"] == "On this day in earlier years"
    assert [i["href"] for i in got["items"]] == [f"/day/{d}" for d in site.recalled], got["items"]
    assert [i["text"] for i in got["items"]][:2] == ["Picnic in the park.", "Only a note that year."]
    assert got["items"][2]["text"].endswith("until the…") and len(got["items"][2]["text"]) <= 140, got["items"][2]
    assert got["width"] <= got["view"], "nothing overflows the page sideways"
    for item in got["items"]:
        assert item["textRight"] <= got["right"] + 0.5 and item["right"] <= got["right"] + 0.5, item
        assert item["linkHeight"] >= 24, "a link is a comfortable target"
    # A click leads to the year's day.
    link = driver.find_element(By.CSS_SELECTOR, f'#on-this-day a[href="/day/{site.recalled[0]}"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith(f"/day/{site.recalled[0]}"))
    assert "Picnic in the park." in driver.find_element(By.ID, "entry").get_attribute("value")


def test_without_javascript(site, nojs):
    viewport(nojs, 375, 900)
    sign_in(nojs, site.base, "ana", MEMBER_PASSWORD)
    nojs.get(site.base + f"/day/{OLD}")
    assert nojs.find_element(By.CSS_SELECTOR, "h1 time").get_attribute("datetime") == str(OLD)
    assert nojs.find_element(By.ID, "entry").get_attribute("value") == "The day we moved.\nBoxes everywhere."
    nojs.find_element(By.CSS_SELECTOR, 'a[rel="prev"]').click()
    WebDriverWait(nojs, 10).until(lambda d: d.current_url.endswith("/day/2016-05-04"))
    nojs.get(site.base + "/")
    link = nojs.find_element(By.CSS_SELECTOR, f'#on-this-day a[href="/day/{site.recalled[-1]}"]')
    link.location_once_scrolled_into_view  # without JavaScript a script cannot scroll: Selenium does
    nojs.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": 100, "y": 100, "deltaX": 0, "deltaY": 300})
    link.click()
    WebDriverWait(nojs, 10).until(lambda d: d.current_url.endswith(f"/day/{site.recalled[-1]}"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 375, 1280])
@pytest.mark.parametrize("what", ["/", f"/day/{OLD}"])
def test_axe(site, driver, what, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + what)
    if what == "/":
        assert driver.find_elements(By.ID, "on-this-day")
    assert_accessible(driver, f"{what} at {width} ({scheme})")


def test_screenshots(site, driver):
    for scheme in ["light", "dark"]:
        color_scheme(driver, scheme)
        for width in [375, 1280]:
            viewport(driver, width, 900)
            for name, path in [("on-this-day", "/"), ("2016", f"/day/{OLD}")]:
                driver.get(site.base + path)
                if name == "on-this-day":
                    driver.execute_script("document.getElementById('on-this-day').scrollIntoView({block: 'center'})")
                screenshot(driver, f"reach-{name}-{width}-{scheme}.png", max_bytes=600_000)
