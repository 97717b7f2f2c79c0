"""Habit plans in a real browser (headless Chromium through Selenium) against the real
`dawn` binary: the habit form's schedule, target and group filled with JavaScript off
(radios, weekday boxes, typed amounts), a refusal shown right under its field with what
was typed kept, the /habits list moved, paused and resumed without JavaScript, axe-core
on the list and the refused form in light and dark, and screenshots of the list and the
form at 375 and 1280 px.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_habit_plans.py -q -p no:cacheprovider
"""
import datetime
import os
import sys
from urllib.parse import urlencode

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, SCREENSHOTS, add_member, assert_accessible, color_scheme, days, log_habit, member_db,
    reference_screenshot, rows, sign_in, texts, viewport,
)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

LOOK = [("color", "#48DBAB"), ("duration", "30")]
# Ana's habits: (name, emoji, plan fields), in her order.
ANA = [
    ("Stretch", "🧘", [("schedule", "day"), ("group", "Morning")]),
    ("Run", "🏃", [("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "wed"), ("weekdays", "fri"),
                   ("target_amount", "5"), ("target_unit", "km"), ("target_kind", "at_least"), ("group", "Morning")]),
    ("Read", "📚", [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"), ("target_kind", "at_least"),
                    ("group", "Evening")]),
    ("Coffee", "☕", [("schedule", "day"), ("target_amount", "2"), ("target_unit", "cups"), ("target_kind", "at_most")]),
    ("Call grandmother Rosa", "📞", [("schedule", "month"), ("month_times", "2")]),
    ("Gym", "🏋️", [("schedule", "week"), ("week_times", "3"), ("group", "Evening")]),
]



def post(browser, path, fields):
    return browser.request("POST", path, urlencode(list(fields) + [("csrf", browser.csrf)]).encode())


def seed(s, admin):
    """One server: "ana" with six planned habits (one paused), "bob" who starts with none."""
    s.ana = add_member(admin, "ana", "Ana")
    s.bob = add_member(admin, "bob", "Bob")
    for name, emoji, plan in ANA:
        s.ana.open("/habits/new")
        r = post(s.ana, "/habits", [("name", name), ("emoji", emoji)] + LOOK + plan)
        assert r.status == 303, r.text[:600]
    gym = rows(member_db(s.dawn, "ana"), "SELECT id FROM habits WHERE name = 'Gym'")[0][0]
    s.ana.open("/habits")
    assert post(s.ana, f"/habits/{gym}/pause", [("from", str(s.today))]).status == 303


def bob_habits(site):
    return rows(member_db(site.dawn, "bob"),
                "SELECT name, schedule, target_milli, target_kind, target_unit, group_name, paused_from, position FROM habits ORDER BY position")


def below(d, field, message):
    """How far under the field (its box's bottom) the message starts, in CSS pixels."""
    return d.execute_script("""const i = arguments[0].getBoundingClientRect(), e = arguments[1].getBoundingClientRect();
        return e.top - i.bottom;""", field, message)


# ---------------------------------------------------------------- without JavaScript

def test_the_form_and_the_list_without_javascript(site, nojs):
    d = nojs
    os.makedirs(SCREENSHOTS, exist_ok=True)
    viewport(d, 375, 900)
    sign_in(d, site.base, "bob", MEMBER_PASSWORD)
    d.find_element(By.CSS_SELECTOR, 'nav a[href="/habits"]').click()
    WebDriverWait(d, 10).until(lambda d: d.current_url.endswith("/habits"))
    d.find_element(By.CSS_SELECTOR, 'a[href="/habits/new?from=habits"]').click()
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.ID, "schedule-weekdays"))

    # Chosen weekdays with no day ticked and a target of 0: two messages, each under its field.
    d.find_element(By.ID, "name").send_keys("Swim")
    emoji = d.find_element(By.ID, "emoji")
    emoji.clear()
    emoji.send_keys("🏊")
    d.find_element(By.CSS_SELECTOR, 'label[for="schedule-weekdays"]').click()
    d.find_element(By.ID, "target_amount").send_keys("0")
    d.find_element(By.ID, "target_unit").send_keys("lengths")
    d.find_element(By.ID, "group").send_keys("Morning")
    d.find_element(By.CSS_SELECTOR, "form.stack button[type=submit].primary").click()
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.ID, "weekdays-error"))
    error = d.find_element(By.ID, "weekdays-error")
    assert error.text == "Choose at least one weekday, each once (in files: mon, tue, wed, thu, fri, sat, sun)." and error.is_displayed()
    boxes = d.find_element(By.CSS_SELECTOR, ".weekday-boxes")
    assert 0 <= below(d, boxes, error) < 40, "the message sits right under the weekday boxes"
    amount_error = d.find_element(By.ID, "target_amount-error")
    assert amount_error.text.startswith("A target is a number greater than 0")
    amount = d.find_element(By.ID, "target_amount")
    assert amount.get_attribute("aria-describedby") == "target_amount-error" and amount.get_attribute("aria-invalid") == "true"
    assert 0 <= below(d, d.find_element(By.CSS_SELECTOR, ".target-inputs"), amount_error) < 40
    # What was typed stays: the name, the chosen radio, the amount, the unit, the group.
    assert d.find_element(By.ID, "name").get_attribute("value") == "Swim"
    assert d.find_element(By.ID, "schedule-weekdays").is_selected()
    assert amount.get_attribute("value") == "0"
    assert d.find_element(By.ID, "target_unit").get_attribute("value") == "lengths"
    assert d.find_element(By.ID, "group").get_attribute("value") == "Morning"
    assert bob_habits(site) == [], "nothing written"
    d.save_screenshot(os.path.join(SCREENSHOTS, "habit-plans-form-refused-375-light.png"))

    # Tick Mon, Wed, Fri (the labels, as a finger would), fix the amount, save.
    for day in ["mon", "wed", "fri"]:
        d.find_element(By.CSS_SELECTOR, f'input[name="weekdays"][value="{day}"]').find_element(By.XPATH, "..").click()
    amount = d.find_element(By.ID, "target_amount")
    amount.clear()
    amount.send_keys("2,5")
    d.find_element(By.CSS_SELECTOR, 'label[for="target_kind_at_most"]').click()
    d.find_element(By.CSS_SELECTOR, "form.stack button[type=submit].primary").click()
    WebDriverWait(d, 10).until(lambda d: "done=added" in d.current_url)
    assert d.find_element(By.CSS_SELECTOR, ".notice").text == "The habit was added."
    assert d.find_element(By.CSS_SELECTOR, ".habit-plan").text == "On Mon, Wed, Fri · at most 2.5 lengths a day"
    assert bob_habits(site) == [("Swim", "weekdays:mon,wed,fri", 2500, "at_most", "lengths", "Morning", None, 1)]

    # A second habit, three times a week, no group: it goes under "Not in a group".
    d.find_element(By.CSS_SELECTOR, 'a[href="/habits/new?from=habits"]').click()
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.ID, "week_times"))
    d.find_element(By.ID, "name").send_keys("Gym")
    d.find_element(By.CSS_SELECTOR, 'label[for="schedule-week"]').click()
    times = d.find_element(By.ID, "week_times")
    times.clear()
    times.send_keys("3")
    d.find_element(By.CSS_SELECTOR, "form.stack button[type=submit].primary").click()
    WebDriverWait(d, 10).until(lambda d: "done=added" in d.current_url)
    assert [h.text for h in d.find_elements(By.CSS_SELECTOR, ".habit-group")] == ["Morning", "Not in a group"]

    # Pausing Gym from a day typed into the date field, then resuming it.
    gym = rows(member_db(site.dawn, "bob"), "SELECT id FROM habits WHERE name = 'Gym'")[0][0]
    later = site.today + datetime.timedelta(days=3)
    # One "Pause" a habit: the day to pause from shows only once it is pressed.
    field = d.find_element(By.ID, f"pause-from-{gym}")
    assert not field.is_displayed()
    assert not any(f.is_displayed() for f in d.find_elements(By.CSS_SELECTOR, ".pause-form"))
    summary = d.find_element(By.CSS_SELECTOR, f"#habit-{gym} .pause-action summary")
    assert summary.size["height"] >= 24 and summary.size["width"] >= 24
    summary.click()
    assert field.is_displayed()
    assert field.get_attribute("value") == str(site.today), "today by default"
    # Chromium's en-US date field: month, day, year, typed from its first segment.
    ActionChains(d).move_to_element_with_offset(field, -field.rect["width"] / 2 + 14, 0).click().perform()
    field.send_keys(f"{later.month:02d}{later.day:02d}{later.year}")
    assert field.get_attribute("value") == str(later)
    d.find_element(By.CSS_SELECTOR, f"#habit-{gym} .pause-form button[type=submit]").click()
    WebDriverWait(d, 10).until(lambda d: "done=paused" in d.current_url)
    assert d.find_element(By.CSS_SELECTOR, f"#habit-{gym} .habit-paused").text.startswith("Paused from ")
    assert rows(member_db(site.dawn, "bob"), "SELECT paused_from FROM habits WHERE id = ?", (gym,)) == [(str(later),)]
    d.find_element(By.CSS_SELECTOR, f"#habit-{gym} button[aria-label='Resume Gym']").click()
    WebDriverWait(d, 10).until(lambda d: "done=resumed" in d.current_url)
    assert rows(member_db(site.dawn, "bob"), "SELECT paused_from FROM habits WHERE id = ?", (gym,)) == [(None,)]

    # Editing Swim from the list: a group too long cannot be typed (maxlength), one with
    # room is saved; back to its row.
    d.find_element(By.CSS_SELECTOR, "a[aria-label='Edit Swim']").click()
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.ID, "group"))
    assert [b.get_attribute("value") for b in d.find_elements(By.CSS_SELECTOR, 'input[name="weekdays"]:checked')] == ["mon", "wed", "fri"]
    group = d.find_element(By.ID, "group")
    group.clear()
    group.send_keys("x" * 40)
    assert group.get_attribute("value") == "x" * 30
    d.find_element(By.CSS_SELECTOR, "form.stack button[type=submit].primary").click()
    WebDriverWait(d, 10).until(lambda d: "done=saved" in d.current_url)
    assert [h.text for h in d.find_elements(By.CSS_SELECTOR, ".habit-group")] == ["x" * 30, "Not in a group"]


def test_moving_without_javascript(site, nojs):
    d = nojs
    viewport(d, 1280, 900)
    d.get(site.base + "/habits")
    names = lambda: texts(d, ".habit-row .pill-name")  # noqa: E731
    assert names() == ["Swim", "Gym"]
    up = d.find_element(By.CSS_SELECTOR, "button[aria-label='Move Swim up']")
    assert not up.is_enabled(), "the first of its group cannot go up"
    # Put both into one group through the form, then move Gym above Swim.
    gym = rows(member_db(site.dawn, "bob"), "SELECT id FROM habits WHERE name = 'Gym'")[0][0]
    d.get(site.base + f"/habits/{gym}/edit?from=habits")
    d.find_element(By.ID, "group").send_keys("x" * 30)
    d.find_element(By.CSS_SELECTOR, "form.stack button[type=submit].primary").click()
    WebDriverWait(d, 10).until(lambda d: "done=saved" in d.current_url)
    d.find_element(By.CSS_SELECTOR, "button[aria-label='Move Gym up']").click()
    WebDriverWait(d, 10).until(lambda d: d.current_url.endswith(f"/habits#habit-{gym}"))
    WebDriverWait(d, 10).until(lambda d: names() == ["Gym", "Swim"])
    assert [p for (p,) in rows(member_db(site.dawn, "bob"), "SELECT name FROM habits ORDER BY position")] == ["Gym", "Swim"]


# ---------------------------------------------------------------- axe-core

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("what", ["/habits", "/habits/new", "refused"])
def test_axe(site, driver, what, scheme):
    color_scheme(driver, scheme)
    viewport(driver, 375, 900)
    driver.get(site.base + ("/habits/new" if what == "refused" else what))
    if what == "refused":
        driver.find_element(By.ID, "name").send_keys("Swim")
        driver.find_element(By.CSS_SELECTOR, 'label[for="schedule-weekdays"]').click()
        driver.find_element(By.ID, "target_amount").send_keys("abc")
        driver.find_element(By.CSS_SELECTOR, "form.stack button[type=submit].primary").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "weekdays-error"))
    assert_accessible(driver, f"{what} ({scheme})")


# ---------------------------------------------------------------- the list's layout and screenshots

@pytest.mark.parametrize("width", [375, 1280])
def test_the_list_fits_and_reads(site, driver, width):
    color_scheme(driver, "light")
    viewport(driver, width, 900)
    driver.get(site.base + "/habits")
    assert [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".habit-group")] == ["Morning", "Evening", "Not in a group"]
    assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".habit-row .pill-name")] == [
        "Stretch", "Run", "Read", "Gym", "Coffee", "Call grandmother Rosa"]
    # A long name wraps inside its pill rather than being cut.
    for name in driver.find_elements(By.CSS_SELECTOR, ".habit-row .pill-name"):
        cut = driver.execute_script("return arguments[0].scrollWidth - arguments[0].clientWidth;", name)
        assert cut <= 0, f"{name.text} is cut by {cut} px at {width} px"
    assert driver.find_element(By.CSS_SELECTOR, ".habit-paused").text.startswith("Paused since ")
    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
    assert overflow <= 0, f"no sideways scrolling at {width} px ({overflow} px too wide)"
    for button in driver.find_elements(By.CSS_SELECTOR, ".habit-row button"):
        box = button.rect
        assert box["height"] >= 44 and box["width"] >= 44, f"touch targets of 44 px: {button.get_attribute('outerHTML')[:120]} {box}"
    for target in driver.find_elements(By.CSS_SELECTOR, ".habit-row .pause-action summary, .habit-row .edit-link, "
                                                        ".habit-list-links a"):
        box = target.rect
        assert box["height"] >= 44 and box["width"] >= 44, f"touch targets of 44 px: {target.text} {box}"


def test_screenshots(site, driver):
    os.makedirs(SCREENSHOTS, exist_ok=True)
    for scheme in ["light", "dark"]:
        color_scheme(driver, scheme)
        for width in [375, 1280]:
            viewport(driver, width, 900)
            for name, path in [("list", "/habits"), ("form", "/habits/new?from=habits")]:
                driver.get(site.base + path)
                file = os.path.join(SCREENSHOTS, f"habit-plans-{name}-{width}-{scheme}.png")
                # The whole page, not just the first screen.
                height = driver.execute_script("return document.documentElement.scrollHeight;")
                viewport(driver, width, max(900, height))
                assert driver.save_screenshot(file)
                assert os.path.getsize(file) < 900_000
                viewport(driver, width, 900)


def test_a_target_set_today_keeps_the_habits_past(site, driver):
    """Three weeks of Stretch, then a target of 10 minutes set today: the habit's page says
    since when, keeps its streak and its done days, and today alone waits for the target.
    Last in the file: it changes Stretch's plan."""
    stretch = rows(member_db(site.dawn, "ana"), "SELECT id FROM habits WHERE name = 'Stretch'")[0][0]
    for back in range(1, 22):
        log_habit(site.ana, days(-back, site.today), stretch, "07:00", 30)
    site.ana.open(f"/habits/{stretch}/edit")
    r = post(site.ana, f"/habits/{stretch}", [("name", "Stretch"), ("emoji", "🧘")] + LOOK +
             [("schedule", "day"), ("group", "Morning"), ("target_amount", "10"), ("target_unit", "minutes"),
              ("target_kind", "at_least")])
    assert r.status == 303, r.text[:600]
    for width, scheme in [(375, "light"), (1280, "dark")]:
        color_scheme(driver, scheme)
        viewport(driver, width, 900)
        driver.get(f"{site.base}/habits/{stretch}")
        summary = driver.find_element(By.CSS_SELECTOR, ".habit-summary").text
        assert "Target since" in summary and "10 minutes" in summary, summary
        figures = texts(driver, ".habit-figures dd")
        assert figures[:2] == ["21 days", "21 days"], figures  # the streak kept, today not yet broken
        done = driver.find_elements(By.CSS_SELECTOR, ".habit-history .habit-day.done")
        assert len(done) == 21, len(done)
        reference_screenshot(driver, f"habit-target-change-{width}-{scheme}.png", max_bytes=900_000)
    color_scheme(driver, "light")

