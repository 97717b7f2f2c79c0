"""Vacations in a real browser (headless Chromium through Selenium) against the real `dawn`
binary: adding one with JavaScript off through the plain form (and a refusal shown beside
its field), the vacation state drawn on the row, the grid and the calendar in light and
dark (a dashed ring in the vacation colour, legible against the page), labelled "on
vacation", axe-core on the vacations page, and screenshots at 375 and 1280 px.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_vacations.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_member, assert_accessible, color_scheme, contrast, days, member_db, rows,
    save_settings, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# The palette's vacation ring (Public/app.css --vacation), light and dark.
RING = {"light": "rgb(10, 126, 140)", "dark": "rgb(92, 211, 224)"}
# Ana's history, in days from today: notes (activity) and one vacation in between, one ahead.
NOTES = [-9, -8, -7, -6, -5, -1, 0]
AWAY = (-4, -2)
AHEAD = (1, 2)


def seed(s, admin):
    """One server; "ana" was active five days, away three, active two (a streak of 7) and
    goes away again tomorrow; "bob" adds a vacation without JavaScript."""
    s.ana = add_member(admin, "ana", "Ana")
    s.bob = add_member(admin, "bob", "Bob")
    for back in NOTES:
        day = days(back, s.today)
        s.ana.open(f"/day/{day}")
        assert s.ana.post(f"/day/{day}/notes", {"note": f"note {back}"}).status == 303
    for first, last in [AWAY, AHEAD]:
        s.ana.open("/vacations")
        r = s.ana.post("/vacations", {"first": str(days(first, s.today)), "last": str(days(last, s.today))})
        assert r.status == 303, r.text[:600]


STATE_JS = """
return [...document.querySelectorAll(arguments[0])].map(c => {
  const b = getComputedStyle(c, '::before'), s = getComputedStyle(c);
  let bg = null;
  for (let e = c.parentElement; e && !bg; e = e.parentElement) {
    const x = getComputedStyle(e).backgroundColor;
    if (x !== 'rgba(0, 0, 0, 0)' && x !== 'transparent') bg = x;
  }
  return {href: c.getAttribute('href'), cls: [...c.classList], label: c.getAttribute('aria-label'),
          visible: c.getClientRects().length > 0,
          before: {w: b.width, h: b.height, bg: b.backgroundColor, bs: b.borderTopStyle, bc: b.borderTopColor, bw: b.borderTopWidth},
          outline: {style: s.outlineStyle, color: s.outlineColor, width: s.outlineWidth}, w: c.getBoundingClientRect().width,
          page: bg || getComputedStyle(document.body).backgroundColor};
});
"""


def states(d, selector):
    return d.execute_script(STATE_JS, selector)


def away_days(site):
    return [str(days(n, site.today)) for n in list(range(AWAY[0], AWAY[1] + 1)) + list(range(AHEAD[0], AHEAD[1] + 1))]


# ---------------------------------------------------------------- without JavaScript

def test_add_a_vacation_without_javascript(site, nojs):
    d = nojs
    viewport(d, 375, 900)
    sign_in(d, site.base, "bob", MEMBER_PASSWORD)
    d.get(site.base + "/settings")
    d.find_element(By.CSS_SELECTOR, 'a[href="/vacations"]').click()
    WebDriverWait(d, 10).until(lambda d: d.current_url.endswith("/vacations"))
    first, last = days(20, site.today), days(24, site.today)

    def type_date(field, date):
        """Types a date as a person would into Chromium's en-US date field: month, day, year."""
        box = d.find_element(By.ID, field)
        box.click()
        box.send_keys(f"{date.month:02d}{date.day:02d}{date.year}")
        assert box.get_attribute("value") == str(date), f"{field}: {box.get_attribute('value')}"

    type_date("first", first)
    type_date("last", last)
    d.find_element(By.CSS_SELECTOR, "form.vacation-form button[type=submit]").click()
    WebDriverWait(d, 10).until(lambda d: "done=added" in d.current_url)
    assert d.find_element(By.CSS_SELECTOR, ".notice").text == "The vacation was added."
    assert [li.find_element(By.TAG_NAME, "time").get_attribute("datetime") for li in d.find_elements(By.CSS_SELECTOR, ".vacation-item")] == [str(first)]
    assert rows(member_db(site.dawn, "bob"), "SELECT first, last FROM vacations") == [(str(first), str(last))]

    # An overlapping one: the form again, the message beside the first day, nothing written.
    type_date("first", days(24, site.today))
    type_date("last", days(30, site.today))
    d.find_element(By.CSS_SELECTOR, "form.vacation-form button[type=submit]").click()
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.ID, "first-error"))
    error = d.find_element(By.ID, "first-error")
    assert error.text.startswith("This overlaps your vacation") and error.is_displayed()
    assert d.find_element(By.ID, "first").get_attribute("aria-describedby") == "first-error"
    below = d.execute_script("""const i = document.getElementById('first').getBoundingClientRect(),
        e = document.getElementById('first-error').getBoundingClientRect(); return [i.bottom, e.top, e.top - i.bottom];""")
    assert 0 <= below[2] < 40, f"the message sits right under its field: {below}"
    assert d.find_element(By.ID, "first").get_attribute("value") == str(days(24, site.today)), "what was typed stays"
    assert rows(member_db(site.dawn, "bob"), "SELECT count(*) FROM vacations") == [(1,)]

    # Deleting it, still without JavaScript.
    d.find_element(By.CSS_SELECTOR, ".vacation-item button[type=submit]").click()
    WebDriverWait(d, 10).until(lambda d: "done=deleted" in d.current_url)
    assert rows(member_db(site.dawn, "bob"), "SELECT count(*) FROM vacations") == [(0,)]


# ---------------------------------------------------------------- the vacation state

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", ["row", "grid"])
def test_vacation_days_are_their_own_state(site, driver, scheme, view):
    save_settings(site.ana, view=view)
    color_scheme(driver, scheme)
    viewport(driver, 375, 900)
    driver.get(site.base + "/")
    selector = ".timeline .c" if view == "row" else ".grid .c"
    all_circles = states(driver, selector)
    away = [c for c in all_circles if "vacation" in c["cls"]]
    assert [c["href"].rsplit("/", 1)[1] for c in away] == away_days(site)
    plain = next(c for c in all_circles if c["href"].endswith(str(days(-12, site.today))))
    for c in away:
        assert c["label"].endswith(", on vacation"), c["label"]
        assert c["visible"], c
        # Its own base: 18 px (the future's 8 px too), a dashed ring in the vacation colour.
        assert (c["before"]["w"], c["before"]["h"]) == ("18px", "18px"), c
        assert (c["before"]["bs"], c["before"]["bw"], c["before"]["bc"]) == ("dashed", "2px", RING[scheme]), c
        assert c["before"]["bg"] != plain["before"]["bg"], "a tint of its own"
        assert contrast(c["before"]["bc"], c["page"]) >= 3, f"the ring reads against the page: {c}"
    assert plain["before"]["bs"] == "none" and "vacation" not in plain["cls"]
    # The streak is bridged: 5 + 2 active days.
    # textContent: on a phone the row's header may be scrolled out of view (the row is laid out
    # from its end, which Selenium's idea of "displayed" does not follow).
    text = driver.find_element(By.CSS_SELECTOR, ".timeline-stats" if view == "row" else ".grid-head .streak").get_attribute("textContent")
    assert text.startswith("7 Days Streak"), text
    save_settings(site.ana, view="row")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_calendar_shows_vacation_days(site, driver, scheme):
    color_scheme(driver, scheme)
    viewport(driver, 375, 900)
    day = days(AWAY[0], site.today)
    driver.get(site.base + f"/calendar/{str(day)[:7]}")
    away = [c for c in states(driver, "a.cal-day") if "vacation" in c["cls"]]
    assert str(day) in [c["href"].rsplit("/", 1)[1] for c in away]
    for c in away:
        assert c["label"].endswith(", on vacation")
        assert (c["outline"]["style"], c["outline"]["width"], c["outline"]["color"]) == ("dashed", "2px", RING[scheme]), c
        assert c["w"] == 30, "the ring does not change the day's size"
        assert contrast(c["outline"]["color"], c["page"]) >= 3, c
    assert "A dashed ring marks a vacation day." in driver.find_element(By.CSS_SELECTOR, ".cal-legend").text


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("what", ["/vacations", "refused", "/"])
def test_axe(site, driver, what, scheme):
    color_scheme(driver, scheme)
    viewport(driver, 375, 900)
    driver.get(site.base + ("/vacations" if what == "refused" else what))
    if what == "refused":
        driver.execute_script("document.getElementById('first').value = arguments[0]; document.getElementById('last').value = arguments[1];",
                              str(days(10, site.today)), str(days(5, site.today)))
        driver.find_element(By.CSS_SELECTOR, "form.vacation-form button[type=submit]").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "last-error"))
    assert_accessible(driver, f"{what} ({scheme})")


# ---------------------------------------------------------------- screenshots

def test_screenshots(site, driver):
    calendar = f"/calendar/{str(days(AWAY[0], site.today))[:7]}"
    for scheme in ["light", "dark"]:
        color_scheme(driver, scheme)
        for width in [375, 1280]:
            viewport(driver, width, 900)
            for name, path, view in [("row", "/", "row"), ("grid", "/", "grid"), ("calendar", calendar, "row"),
                                     ("page", "/vacations", "row")]:
                save_settings(site.ana, view=view)
                driver.get(site.base + path)
                screenshot(driver, f"vacations-{name}-{width}-{scheme}.png", max_bytes=600_000)
    save_settings(site.ana, view="row")
