"""The day's mood in a real browser (headless Chromium through Selenium) against the real
`dawn` binary: on a 375 × 812 phone the mood row (under the journal entry) leaves the
checklist inside the first screen; with JavaScript off one tap on a face is one submit, and
with it the same; the chosen face is pressed (aria-pressed) and drawn with a ring in the
text colour and named in words, not told by colour alone; the statistics page's mood card;
axe-core on the day page (with a mood, and refusing one) and the statistics page at 320,
375 and 1280 px, light and dark; screenshots at 375 and 1280 px.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_mood.py -q -p no:cacheprovider
"""
import datetime
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, ZONE, add_member, assert_accessible, color_scheme, contrast, each_look, import_json, member_db, open_page,
    rows, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# Ana's habits (name, emoji, colour) and, for the ten days before today, her mood and
# whether she ran: the mood is higher on the days she ran.
HABITS = [("Run", "🏃", "#48DBAB"), ("Read", "📚", "#FECA57"), ("Meditate", "🧘", "#54A0FF")]
MOODS = {1: 4, 2: 5, 3: 2, 4: 3, 5: 5, 6: 1, 7: 4, 8: 2, 9: 3, 10: 4}
RAN = [1, 2, 5, 7, 10]


def history(today):
    def day(back):
        return str(today - datetime.timedelta(days=back))
    return json.dumps({
        "format": "dawn-export", "version": 2, "exportedAt": f"{today}T08:00:00",
        "member": {"username": "x", "displayName": "X", "timeZone": ZONE},
        "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": False,
                     "showGridDates": False, "theme": "system"},
        "habits": [{"id": n, "name": name, "emoji": emoji, "colour": colour, "defaultDurationMinutes": 30, "createdAt": n,
                    "schedule": {"every": "day"}, "group": None, "position": n}
                   for n, (name, emoji, colour) in enumerate(HABITS, start=1)],
        "instances": [{"habitId": 1, "date": day(back), "start": "07:00", "durationMinutes": 30, "note": ""} for back in RAN]
                     + [{"habitId": 3, "date": day(0), "start": None, "durationMinutes": 30, "note": ""}],
        "entries": [{"date": day(0), "text": "Slow morning, then a long walk by the river before work."}],
        "notes": [], "skips": [], "vacations": [],
        "moods": [{"date": day(back), "value": value} for back, value in sorted(MOODS.items(), reverse=True)]
                 + [{"date": day(0), "value": 4}],
    }).encode()


def seed(s, admin):
    """"ana": three habits, ten days of moods and runs, today an entry and a "good" mood;
    "bob": nothing yet (he picks a face without JavaScript)."""
    s.ana = add_member(admin, "ana", "Ana")
    s.bob = add_member(admin, "bob", "Bob")
    r = import_json(s.ana, history(s.today))
    assert r.status == 303, r.text[:600]


def tap(d, selector):
    """Clicks a button as a person would after scrolling it clear of the pinned tray."""
    button = d.find_element(By.CSS_SELECTOR, selector)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def box(d, selector):
    return d.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                            "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};", selector)


FACES_JS = """
return [...document.querySelectorAll('#mood .mood-face')].map(b => {
  const s = getComputedStyle(b), r = b.getBoundingClientRect();
  let bg = null;
  for (let e = b.parentElement; e && !bg; e = e.parentElement) {
    const x = getComputedStyle(e).backgroundColor;
    if (x !== 'rgba(0, 0, 0, 0)' && x !== 'transparent') bg = x;
  }
  return {value: b.value, name: b.computedName || b.getAttribute('aria-label'), pressed: b.getAttribute('aria-pressed'),
          shadow: s.boxShadow, border: s.borderTopColor, text: s.color, w: r.width, h: r.height, surface: bg};
});
"""


# ---------------------------------------------------------------- the first screen

def test_the_mood_row_leaves_the_checklist_in_the_first_phone_screen(site, driver):
    color_scheme(driver, "light")
    viewport(driver, 375, 812)
    driver.get(site.base + "/")
    assert driver.execute_script("return window.scrollY") == 0
    checklist, tray = box(driver, "#checklist"), box(driver, "#tray")
    assert 0 <= checklist["top"] and checklist["bottom"] <= min(tray["top"], 812), (checklist, tray)
    journal, mood = box(driver, "#journal"), box(driver, "#mood")
    assert mood["top"] >= journal["bottom"], "the mood row comes under the journal entry"
    assert mood["bottom"] - mood["top"] <= 140, f"compact: {mood}"
    for width in (320, 375):
        viewport(driver, width, 812)
        driver.get(site.base + "/")
        faces = driver.execute_script(FACES_JS)
        tops = {round(driver.execute_script("return arguments[0].getBoundingClientRect().top", f))
                for f in driver.find_elements(By.CSS_SELECTOR, "#mood .mood-face")}
        assert len(tops) == 1, f"the five faces on one line at {width} px"
        assert all(f["w"] >= 44 and f["h"] >= 44 for f in faces), faces
        assert box(driver, "#mood")["right"] <= width and driver.execute_script(
            "return document.documentElement.scrollWidth") <= width, "no sideways scrolling"


# ---------------------------------------------------------------- the chosen face

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chosen_face_is_pressed_and_not_told_by_colour_alone(site, driver, scheme):
    open_page(driver, site.base + "/", scheme=scheme)
    faces = driver.execute_script(FACES_JS)
    assert [(f["value"], f["name"], f["pressed"]) for f in faces] == [
        ("1", "Awful", "false"), ("2", "Bad", "false"), ("3", "Okay", "false"), ("4", "Good", "true"), ("5", "Great", "false")]
    chosen, other = faces[3], faces[0]
    # A 2 px ring in the text colour inside the border: a shape, not a hue.
    assert chosen["shadow"] != other["shadow"] and "inset" in chosen["shadow"] and "2px" in chosen["shadow"], chosen
    assert other["shadow"] == "none", other
    assert chosen["border"] == chosen["text"], chosen
    assert contrast(chosen["border"], chosen["surface"]) >= 3, f"the ring reads against the card: {chosen}"
    words = driver.find_element(By.CSS_SELECTOR, "#mood .mood-chosen span")
    assert words.text == "You picked “Good”." and words.is_displayed()


# ---------------------------------------------------------------- one tap, one submit

def test_one_tap_without_javascript(site, nojs):
    d = nojs
    viewport(d, 375, 812)
    sign_in(d, site.base, "bob", MEMBER_PASSWORD)
    d.get(site.base + "/")
    assert not d.find_elements(By.CSS_SELECTOR, '#mood .mood-face[aria-pressed="true"]')
    tap(d, '#mood .mood-face[value="5"]')
    WebDriverWait(d, 10).until(lambda d: "done=mood-saved" in d.current_url)
    assert d.current_url.endswith("#mood")
    assert d.find_element(By.CSS_SELECTOR, '#mood .mood-face[aria-pressed="true"]').get_attribute("value") == "5"
    assert rows(member_db(site.dawn, "bob"), "SELECT day, value FROM moods") == [(str(site.today), 5)]
    # Clearing it, still without JavaScript.
    tap(d, '#mood button[value="clear"]')
    WebDriverWait(d, 10).until(lambda d: "done=mood-cleared" in d.current_url)
    assert rows(member_db(site.dawn, "bob"), "SELECT count(*) FROM moods") == [(0,)]


def test_with_javascript_a_tap_works_the_same(site, driver):
    viewport(driver, 375, 812)
    driver.get(site.base + f"/day/{site.today - datetime.timedelta(days=11)}")
    tap(driver, '#mood .mood-face[value="2"]')
    WebDriverWait(driver, 10).until(lambda d: "done=mood-saved" in d.current_url)
    assert driver.find_element(By.CSS_SELECTOR, '#mood .mood-face[aria-pressed="true"]').get_attribute("value") == "2"
    assert (str(site.today - datetime.timedelta(days=11)), 2) in rows(member_db(site.dawn, "ana"), "SELECT day, value FROM moods")


# ---------------------------------------------------------------- the statistics page

def test_the_statistics_page_sets_moods_against_habits(site, driver):
    viewport(driver, 375, 812)
    driver.get(site.base + "/stats?g=month")
    card = driver.find_element(By.CSS_SELECTOR, ".mood-stats")
    assert "Average mood:" in card.text and "days with a mood" in card.text
    table = card.find_element(By.CSS_SELECTOR, "table.mood-table")
    assert [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")] == ["Habit", "Done", "Not done"]
    assert box(driver, ".mood-stats")["right"] <= 375


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 375, 1280])
@pytest.mark.parametrize("what", ["/", "refused", "/stats?g=month"])
def test_axe(site, driver, what, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    driver.get(site.base + ("/" if what == "refused" else what))
    if what == "refused":
        # A forged value: the day page again as a 400, the message under the faces.
        driver.execute_script("document.querySelector('#mood .mood-face[value=\"3\"]').value = '9';")
        tap(driver, '#mood .mood-face[value="9"]')
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "mood-error"))
    assert_accessible(driver, f"{what} at {width} px ({scheme})")


# ---------------------------------------------------------------- screenshots

def test_screenshots(site, driver):
    for width, scheme in each_look(driver):
        for name, path, anchor in [("day", "/", None), ("day-mood", "/", "#journal"),
                                   ("stats", "/stats?g=month", ".mood-stats")]:
            driver.get(site.base + path)
            if anchor:
                driver.execute_script("document.querySelector(arguments[0]).scrollIntoView()", anchor)
            screenshot(driver, f"mood-{name}-{width}-{scheme}.png", max_bytes=600_000)
