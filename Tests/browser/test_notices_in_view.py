"""Where a form's message shows, in a real browser (headless Chromium) against the real
`dawn` binary: after a save the page jumps to the card it concerns (`#journal`,
`#family-screen`, `#notify`), and the message is in that card, inside the viewport, as a
status; the checklist's "Checked off." is a toast over the page, so the checklist does not
move under the next tap (with JavaScript, which swaps the checklist in place, and
without); a row's message on /habits is a toast in view too. At 375 and 1280 px; axe-core
(WCAG 2.x A/AA and best practice) with the messages shown, light and dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_notices_in_view.py -q -p no:cacheprovider
"""
import json
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_habit, add_member, assert_accessible, color_scheme, open_entry_form, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WIDTHS = [375, 1280]


def seed(s, admin):
    """"ana" with three habits due every day; nothing logged."""
    s.ana = add_member(admin, "ana", "Ana")
    for name, emoji, colour in [("Read", "📚", "#FECA57"), ("Meditate", "🧘", "#54A0FF"), ("Run", "🏃", "#48DBAB")]:
        add_habit(s.ana, name, emoji, colour, 30)


def in_view(d, element):
    """Whether the element's box lies wholly inside the viewport, and its box."""
    r = d.execute_script("const r = arguments[0].getBoundingClientRect();"
                         "return [r.top, r.bottom, window.innerHeight, r.width];", element)
    return r[3] > 0 and r[0] >= 0 and r[1] <= r[2], r


def status_with(d, text):
    """The one role=status element whose text is `text`."""
    found = [e for e in d.find_elements(By.CSS_SELECTOR, '[role="status"]') if e.text.strip() == text]
    assert len(found) == 1, (text, [e.text for e in d.find_elements(By.CSS_SELECTOR, '[role="status"]')])
    return found[0]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_journal_message_is_in_view_after_the_jump(site, driver, width):
    d = driver
    viewport(d, width, 800)
    d.get(site.base + f"/day/{site.today}")
    open_entry_form(d)  # the width before saved an entry: its form is under "Edit entry"
    entry = d.find_element(By.ID, "entry")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", entry)
    entry.clear()
    entry.send_keys(f"A walk by the river at {width} px.")
    d.find_element(By.CSS_SELECTOR, "#journal button.primary").click()
    WebDriverWait(d, 15).until(lambda d: "done=entry-saved" in d.current_url)
    assert d.current_url.endswith("#journal")
    message = status_with(d, "Your entry was saved.")
    inside, box = in_view(d, message)
    assert inside, f"the message is outside the viewport at {width} px: {box}"
    assert d.execute_script("return arguments[0].closest('section').id", message) == "journal", "in the journal's card"
    screenshot(d, f"notice-journal-{width}.png")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_settings_messages_are_in_their_cards(site, driver, width):
    d = driver
    viewport(d, width, 800)
    d.get(site.base + "/settings#family-screen")
    d.find_element(By.CSS_SELECTOR, '#family-screen input[name="pin"]').send_keys("2468")
    d.find_element(By.CSS_SELECTOR, '#family-screen input[name="pin_again"]').send_keys("2468")
    button = d.find_element(By.CSS_SELECTOR, '#family-screen form[action="/settings/family-screen"] button[type="submit"]')
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(d, 15).until(lambda d: "done=" in d.current_url)
    assert d.current_url.endswith("#family-screen")
    message = status_with(d, "Family screen setting and your PIN saved.")
    inside, box = in_view(d, message)
    assert inside, f"the PIN message is outside the viewport at {width} px: {box}"
    assert d.execute_script("return arguments[0].closest('section').id", message) == "family-screen"

    # A test with nowhere to send it.
    test = d.find_element(By.CSS_SELECTOR, 'form[action="/notifications/test"] button')
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", test)
    test.click()
    WebDriverWait(d, 15).until(lambda d: "done=notify_no_targets" in d.current_url)
    assert d.current_url.endswith("#notify")
    message = status_with(d, "There is nowhere to send a test yet: add a device, an ntfy topic or an email address first.")
    inside, box = in_view(d, message)
    assert inside, f"the test's message is outside the viewport at {width} px: {box}"
    assert d.execute_script("return arguments[0].closest('section').id", message) == "notify"
    screenshot(d, f"notice-notify-{width}.png")


FIRST_ITEM_JS = "return document.querySelector('#checklist .check').getBoundingClientRect().top"
# A tick changes the item's own pill by a fraction of a pixel; a message in the flow moved it 41 px.
SAME = 1


def untick_all(site):
    """Every habit back to open, so each test starts from the same checklist."""
    page = site.ana.open(f"/day/{site.today}").text
    for habit in set(re.findall(rf'action="/day/{site.today}/check/(\d+)"', page)):
        site.ana.post(f"/day/{site.today}/check/{habit}", {"action": "undo"})


@pytest.mark.parametrize("width", WIDTHS)
def test_checking_off_does_not_move_the_checklist(site, driver, width):
    untick_all(site)
    d = driver
    viewport(d, width, 800)
    d.get("about:blank")  # the same address with its fragment would not load the page again
    d.get(site.base + f"/day/{site.today}#checklist")
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#checklist .check"))
    before = d.execute_script(FIRST_ITEM_JS)
    second_id = d.execute_script("return document.querySelectorAll('#checklist .check')[1].id")
    d.find_element(By.CSS_SELECTOR, "#checklist .check .check-pill").click()
    WebDriverWait(d, 15).until(lambda d: d.execute_script("return !!document.querySelector('#checklist .check-toast')"))
    toast = d.execute_script("""const t = document.querySelector('#checklist .check-toast'), r = t.getBoundingClientRect();
      return [t.textContent.trim(), t.getAttribute('role'), r.top, r.bottom, innerHeight];""")
    assert toast[:2] == ["Checked off.", "status"], toast
    assert 0 <= toast[2] and toast[3] <= toast[4], f"the message is on the screen: {toast}"
    assert abs(d.execute_script(FIRST_ITEM_JS) - before) < SAME, "the message moved the checklist"
    screenshot(d, f"notice-checklist-{width}.png")
    # The next tap lands where the finger expects it: on the second item, which is done.
    d.execute_script("document.getElementById(arguments[0]).querySelector('.check-pill').click()", second_id)
    WebDriverWait(d, 15).until(lambda d: d.execute_script(
        "const li = document.getElementById(arguments[0]); return !!li && li.classList.contains('done')", second_id))
    assert abs(d.execute_script(FIRST_ITEM_JS) - before) < SAME


def test_checking_off_without_javascript_does_not_move_the_checklist(site, nojs):
    untick_all(site)
    d = nojs
    sign_in(d, site.base, "ana", MEMBER_PASSWORD)
    viewport(d, 375, 800)
    d.get(site.base + f"/day/{site.today}#checklist")
    before = d.execute_script(FIRST_ITEM_JS)
    d.find_element(By.CSS_SELECTOR, "#checklist .check .check-pill").click()
    WebDriverWait(d, 15).until(lambda d: "done=checked" in d.current_url)
    assert status_with(d, "Checked off.")
    assert abs(d.execute_script(FIRST_ITEM_JS) - before) < SAME, "the message moved the checklist"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_rows_message_on_the_habit_list_is_in_view(site, driver, width):
    """Pausing the last habit from /habits jumps to its row (`#habit-N`): the message is over
    the page, inside the viewport, not above the list out of sight."""
    d = driver
    viewport(d, width, 420)
    d.get(site.base + "/habits")
    last = d.find_elements(By.CSS_SELECTOR, ".habit-row")[-1]
    row = last.get_attribute("id")
    summary = last.find_element(By.CSS_SELECTOR, ".pause-action summary")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    button = last.find_element(By.CSS_SELECTOR, ".pause-form button[type=submit]")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(d, 15).until(lambda d: "done=paused" in d.current_url)
    assert d.current_url.endswith("#" + row)
    message = status_with(d, "The habit is paused.")
    inside, box = in_view(d, message)
    assert inside, f"the message is outside the viewport at {width} px: {box}"
    screenshot(d, f"notice-habits-{width}.png")
    d.find_element(By.CSS_SELECTOR, f"#{row} .resume-form button").click()
    WebDriverWait(d, 15).until(lambda d: "done=resumed" in d.current_url)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_with_the_messages_shown(site, driver, scheme):
    d = driver
    color_scheme(d, scheme)
    viewport(d, 375, 800)
    tags = json.dumps({"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]}})
    for path in [f"/day/{site.today}?done=checked#checklist", f"/day/{site.today}?done=entry-saved#journal",
                 f"/day/{site.today}?done=habit-added#tray", "/settings?done=notify_no_targets#notify", "/habits?done=saved"]:
        d.get("about:blank")
        d.get(site.base + path)
        assert_accessible(d, f"{path} ({scheme})", options=tags)
    color_scheme(d, "light")
