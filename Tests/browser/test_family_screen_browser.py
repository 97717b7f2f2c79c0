"""The kitchen screen in a real browser driven by TOUCH: headless Chromium with touch
emulation (CDP `Emulation.setTouchEmulationEnabled`), every tap a CDP
`Input.dispatchTouchEvent` start/end at the element's centre, against the real `dawn`
binary. Enrolment with a code, the picker, the PIN keypad, the member's due habits, one
check-offs on one visit, its countdown with "More time", and "Done" back to the names; every visible target at least 44 × 44 px; the
page never wider than the screen at 375, 768 and 1280 px; axe-core clean (WCAG 2.x A/AA and best practice, the
meta-refresh rule on) at 768 and 1280 px, light and dark; reference screenshots at 768 and 1280 px, light and dark. Then,
in further Chromiums: the keypad with JavaScript off (no typed digit in any page, Back and
resubmit opens nothing) and wrong PINs counted across two enrolled screens, told on the
member's day page and unlocked by an admin on /family.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_family_screen_browser.py -q -p no:cacheprovider
"""
import json
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, PASSWORD, Browser, add_habit, assert_accessible, color_scheme, each_look, make_driver, member_db,
    reference_screenshot, rows, screenshot, sign_in, start_site, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PINS = {"sam": "1357", "ana": "2468", "mum": "8080"}


def member_browser(admin, username, name, child=False):
    admin.open("/family")
    fields = {"username": username, "display_name": name, "password": MEMBER_PASSWORD, "password_again": MEMBER_PASSWORD}
    if child:
        fields["child"] = "1"
    assert admin.post("/family/members", fields).status == 303
    b = Browser(admin.server)
    b.open("/login")
    assert b.post("/login", {"username": username, "password": MEMBER_PASSWORD}).status == 303
    b.username = username
    return b


def on_screen(browser, pin):
    browser.open("/settings")
    assert browser.post("/settings/pin", {"pin": pin, "pin_again": pin}).status == 303
    browser.open("/settings")
    assert browser.post("/settings/family-screen", {"on_screen": "1"}).status == 303


@pytest.fixture(scope="module")
def site():
    """Mum (admin), Ana and Sam (a child) on the screen, each with habits due today."""
    s, admin = start_site()
    admin.username = "mum"
    s.admin = admin
    s.ana = member_browser(admin, "ana", "Ana")
    s.sam = member_browser(admin, "sam", "Sam", child=True)
    for browser, habits in [(s.sam, [("Read", "📚", "#FECA57"), ("Piano", "🎹", "#A29BFE"), ("Brush teeth", "🪥", "#54A0FF")]),
                            (s.ana, [("Run", "🏃", "#48DBAB")]), (admin, [("Stretch", "🧘", "#FD79A8")])]:
        for name, emoji, colour in habits:
            add_habit(browser, name, emoji, colour, 30)
        on_screen(browser, PINS[browser.username])
    # Two family chores; Ana already fed the cat today.
    for name, mark in [("Walk the dog", "🐕"), ("Feed the cat", "🐈")]:
        admin.open("/family")
        assert admin.post("/family/chores", {"name": name, "mark": mark, "color": "", "schedule": "day"}).status == 303
    cat = rows(os.path.join(s.dawn.data, "instance.sqlite"), "SELECT id FROM chores WHERE name = 'Feed the cat'")[0][0]
    today = re.search(r'action="/day/(\d{4}-\d{2}-\d{2})/entry"', s.ana.open("/").text).group(1)
    assert s.ana.post(f"/family/chores/{cat}/check", {"day": today, "action": "done"}).status == 303
    admin.open("/family")
    r = admin.post("/family/screens/code", {"label": "Kitchen"})
    s.code = re.search(r'<p class="enrolment-code">([^<]+)</p>', r.text).group(1)
    yield s
    s.dawn.stop()


@pytest.fixture(scope="module")
def driver():
    d = make_driver()
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    yield d
    d.quit()


def touch(d, selector):
    """A finger on the element's centre: touchStart then touchEnd (Chromium makes the click)."""
    element = d.find_element(By.CSS_SELECTOR, selector)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    r = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
                         element)
    point = {"x": r[0], "y": r[1], "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


SMALL_TARGETS_JS = """
return [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')]
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect(); return {html: e.outerHTML.slice(0, 120), w: r.width, h: r.height}; })
  .filter(t => t.w < 44 || t.h < 44);
"""


def assert_targets_fit(d, width):
    small = d.execute_script(SMALL_TARGETS_JS)
    assert not small, f"targets under 44 × 44 px at {width} px: {json.dumps(small, indent=1, ensure_ascii=False)}"
    assert d.execute_script("return document.documentElement.scrollWidth") <= width, "the page is wider than the screen"


def wait_for(d, text):
    # innerText read in the page: no element handle to go stale while a tap navigates.
    WebDriverWait(d, 15).until(lambda d: text in (d.execute_script("return document.body ? document.body.innerText : ''") or ""),
                               f"no {text!r} in {d.current_url}")


def enter_pin(d, site, username, width=1280):
    """From the picker: tap the name, tap the PIN on the keypad, tap Open."""
    d.get(site.base + "/family-screen")
    touch(d, f'a.screen-person[href$="/{member_id(site, username)}"]')
    wait_for(d, "Your PIN")
    for digit in PINS[username]:
        touch(d, f'.screen-key[data-key="{digit}"]')
    assert d.find_element(By.ID, "pin").get_attribute("value") == PINS[username], "the keypad typed into the field"
    touch(d, ".screen-unlock")
    wait_for(d, "habits today")


def member_id(site, username):
    return rows(os.path.join(site.dawn.data, "instance.sqlite"), "SELECT id FROM members WHERE username = ?", (username,))[0][0]


def test_enrolment_and_a_childs_check_off_by_touch(site, driver):
    d = driver
    viewport(d, 768, 1024)
    d.get(site.base + "/family-screen")
    wait_for(d, "Set up this family screen")
    assert_targets_fit(d, 768)
    d.find_element(By.ID, "code").send_keys(site.code)
    touch(d, "form button[type=submit]")
    wait_for(d, "Who are you?")
    names = [e.text.strip() for e in d.find_elements(By.CSS_SELECTOR, ".screen-person")]
    assert [n.split("\n")[-1] for n in names] == ["Ana", "Mum", "Sam"], names
    assert not d.find_elements(By.CSS_SELECTOR, "nav, .nav"), "no member navigation"
    assert_targets_fit(d, 768)

    d.get(site.base + "/family-screen")
    touch(d, f'a.screen-person[href$="/{member_id(site, "sam")}"]')
    wait_for(d, "Your PIN")
    assert_targets_fit(d, 768)
    keys = d.execute_script("return [...document.querySelectorAll('.screen-key')].map(k => k.getBoundingClientRect().height)")
    assert len(keys) == 12 and min(keys) >= 64, keys
    for digit in "1350":
        touch(d, f'.screen-key[data-key="{digit}"]')
    touch(d, '.screen-key[data-key="back"]')
    touch(d, '.screen-key[data-key="7"]')
    assert d.find_element(By.ID, "pin").get_attribute("value") == "1357"
    touch(d, ".screen-unlock")
    wait_for(d, "Sam's habits today")
    assert_targets_fit(d, 768)
    assert "Read" in d.page_source and "Piano" in d.page_source
    def habit(name):
        return str(rows(member_db(site.dawn, "sam"), "SELECT id FROM habits WHERE name = ?", (name,))[0][0])

    # Two taps, two check-offs: the list stays between them, where it was.
    first = d.execute_script("return document.querySelector('.screen-checklist').getBoundingClientRect().top")
    touch(d, f'form[action$="/today/{habit("Piano")}"] button')
    wait_for(d, "Checked off. Well done!")
    assert d.current_url.endswith("/family-screen/today?done=checked"), "still Sam's list"
    assert d.execute_script("return document.querySelector('.screen-checklist').getBoundingClientRect().top") == first, \
        "the message never moves the list"
    touch(d, f'form[action$="/today/{habit("Read")}"] button')
    WebDriverWait(d, 15).until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'form[action$="/today/{habit("Read")}"]'))
    done = rows(member_db(site.dawn, "sam"),
                "SELECT h.name FROM habit_instances i JOIN habits h ON h.id = i.habit_id WHERE i.timed = 0 ORDER BY h.name")
    assert done == [("Piano",), ("Read",)]
    # "Done": the names, and the visit is over.
    touch(d, "form[action='/family-screen/done'] button")
    wait_for(d, "Who are you?")
    d.get(site.base + "/family-screen/today")
    wait_for(d, "Who are you?")


def test_the_chores_show_who_did_them_and_a_member_checks_one_off_by_touch(site, driver):
    d = driver
    viewport(d, 1280, 900)
    d.get(site.base + "/family-screen")
    wait_for(d, "Walk the dog")
    chores = [" ".join(e.text.split()) for e in d.find_elements(By.CSS_SELECTOR, ".screen-chore")]
    assert chores == ["🐕 Walk the dog Not done yet", "🐈 Feed the cat Done by Ana"], chores
    enter_pin(d, site, "mum")
    assert_targets_fit(d, 1280)
    assert "Feed the cat" not in d.find_element(By.TAG_NAME, "main").text, "done already: not offered"
    touch(d, 'form[action^="/family-screen/chores/"] button')
    wait_for(d, "Checked off. Well done!")
    assert d.current_url.endswith("/family-screen/today?done=checked"), "still Mum's list"
    touch(d, "form[action='/family-screen/done'] button")
    wait_for(d, "Done by Mum")
    done = rows(os.path.join(site.dawn.data, "instance.sqlite"),
                "SELECT c.name, m.username FROM chore_completions AS x JOIN chores AS c ON c.id = x.chore_id "
                "JOIN members AS m ON m.id = x.member_id ORDER BY c.name")
    assert done == [("Feed the cat", "ana"), ("Walk the dog", "mum")], done


def test_a_wrong_pin_says_so_and_opens_nothing(site, driver):
    d = driver
    viewport(d, 1280, 900)
    d.get(site.base + "/family-screen")
    touch(d, f'a.screen-person[href$="/{member_id(site, "ana")}"]')
    wait_for(d, "Your PIN")
    for digit in "1111":
        touch(d, f'.screen-key[data-key="{digit}"]')
    touch(d, ".screen-unlock")
    wait_for(d, "That PIN is not right")
    assert "/members/" in d.current_url


@pytest.mark.parametrize("width", [375, 768, 1280])
def test_every_target_is_big_enough(site, driver, width):
    viewport(driver, width, 900)
    for page in ["picker", "pin", "today"]:
        if page == "today":
            enter_pin(driver, site, "ana")
        else:
            driver.get(site.base + "/family-screen" + ("" if page == "picker" else f"/members/{member_id(site, 'mum')}"))
        assert_targets_fit(driver, width)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [768, 1280])
@pytest.mark.parametrize("page", ["picker", "pin", "today", "enrol"])
def test_axe(site, driver, page, width, scheme):
    color_scheme(driver, scheme)
    viewport(driver, width, 900)
    if page == "today":
        enter_pin(driver, site, "mum")
    elif page == "enrol":
        fresh = make_driver()
        try:
            color_scheme(fresh, scheme)
            viewport(fresh, width, 900)
            fresh.get(site.base + "/family-screen")
            run_axe(fresh, page, width, scheme)
        finally:
            fresh.quit()
        return
    else:
        driver.get(site.base + "/family-screen" + ("" if page == "picker" else f"/members/{member_id(site, 'mum')}"))
    run_axe(driver, page, width, scheme)


AXE_TAGS = json.dumps({"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]}})


def run_axe(d, page, width, scheme):
    # The PIN and the member's list go back to the names after a minute without a tap, by
    # a countdown the member sees and can extend ("More time"), never a meta refresh: every
    # rule is on, `meta-refresh` (WCAG 2.2.1) too.
    if page in ("pin", "today"):
        assert not d.find_elements(By.CSS_SELECTOR, 'meta[http-equiv="refresh"]')
        assert "a minute" in d.execute_script("return document.body.innerText"), "the time limit is announced"
        WebDriverWait(d, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".screen-countdown-time").is_displayed())
    assert_accessible(d, f"{page} at {width} px ({scheme})", options=AXE_TAGS)


def countdown(d):
    """The seconds the countdown shows, or -1 while no page shows one (mid-navigation)."""
    return d.execute_script("const e = document.querySelector('[data-countdown-seconds]'); return e ? Number(e.textContent) : -1")


def test_the_list_counts_down_and_more_time_starts_the_minute_again(site, driver):
    d = driver
    viewport(d, 768, 1024)
    enter_pin(d, site, "ana")
    shown = d.find_element(By.CSS_SELECTOR, ".screen-countdown-time")
    assert shown.is_displayed() and re.fullmatch(r"Back to the names in \d+\s+s", shown.text), shown.text
    WebDriverWait(d, 10).until(lambda d: 0 <= countdown(d) <= 57, "the countdown runs")
    d.execute_script("window.beforeMoreTime = true")
    touch(d, ".screen-more")
    WebDriverWait(d, 10).until(lambda d: d.execute_script("return !window.beforeMoreTime") and countdown(d) >= 59,
                               "More time: a new page, a minute again")
    assert "Ana's habits today" in d.execute_script("return document.body.innerText")
    # A minute later (the page's clock moved on): the "Done" form, so the visit ends on the
    # server too, and the names.
    d.execute_script("const real = Date.now; Date.now = () => real() + 61000;")
    wait_for(d, "Who are you?")
    assert d.current_url == site.base + "/family-screen"
    d.get(site.base + "/family-screen/today")
    wait_for(d, "Who are you?")


def test_the_pin_page_counts_down_and_keys_start_it_again(site, driver):
    d = driver
    viewport(d, 768, 1024)
    d.get(site.base + f"/family-screen/members/{member_id(site, 'ana')}")
    wait_for(d, "Your PIN")
    more = d.find_element(By.CSS_SELECTOR, ".screen-more")
    assert more.is_displayed(), "with JavaScript, More time is offered"
    WebDriverWait(d, 10).until(lambda d: 0 <= countdown(d) <= 57)
    touch(d, '.screen-key[data-key="1"]')
    assert countdown(d) >= 59, "a key is a tap: a minute again"
    WebDriverWait(d, 10).until(lambda d: 0 <= countdown(d) <= 57)
    touch(d, ".screen-more")
    assert countdown(d) >= 59


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_on_the_family_and_settings_cards(site, width, scheme):
    """The admin's cards on /family (a code just made, the screens, a child's PIN form open)
    and the member's card on /settings."""
    d = make_driver()
    try:
        sign_in(d, site.base, "mum", PASSWORD)
        color_scheme(d, scheme)
        viewport(d, width, 900)
        d.get(site.base + "/family")
        d.find_element(By.ID, "screen-label").send_keys("Hall")
        d.find_element(By.CSS_SELECTOR, 'form[action="/family/screens/code"] button').click()
        wait_for(d, "Enrolment code")
        d.execute_script("document.querySelectorAll('details').forEach(x => x.open = true)")
        run_axe(d, "/family", width, scheme)
        d.get(site.base + "/settings#family-screen")
        wait_for(d, "Show me on the family screen")
        run_axe(d, "/settings", width, scheme)
    finally:
        d.quit()


def test_reference_screenshots(site, driver):
    for width, scheme in each_look(driver, sizes=((768, 1024), (1280, 800))):
        driver.get(site.base + "/family-screen")
        wait_for(driver, "Who are you?")
        reference_screenshot(driver, f"family-screen-{width}-{scheme}.png", max_bytes=600_000)
    color_scheme(driver, "light")
    viewport(driver, 768, 1024)
    enter_pin(driver, site, "sam")
    reference_screenshot(driver, "family-screen-today-768-light.png")
    # A visit on a phone and on a wide screen: the same list, each tap checks one item.
    for width, height, scheme in [(375, 812, "light"), (1280, 800, "dark")]:
        color_scheme(driver, scheme)
        viewport(driver, width, height)
        enter_pin(driver, site, "sam")
        reference_screenshot(driver, f"family-screen-visit-{width}-{scheme}.png", max_bytes=600_000)
    color_scheme(driver, "light")
    viewport(driver, 768, 1024)
    driver.get(site.base + f"/family-screen/members/{member_id(site, 'sam')}")
    reference_screenshot(driver, "family-screen-pin-768-light.png")
    # After a check-off, dark: the list with what the tap did, the countdown and More time.
    color_scheme(driver, "dark")
    enter_pin(driver, site, "sam")
    touch(driver, "form[action^='/family-screen/today/'] button")
    wait_for(driver, "Checked off. Well done!")
    screenshot(driver, "family-screen-today-768-dark-checked.png")
    color_scheme(driver, "light")


def enrolled_driver(site, label, javascript=True):
    """A new headless Chromium enrolled as the screen `label` (a code from the admin)."""
    site.admin.open("/family")
    r = site.admin.post("/family/screens/code", {"label": label})
    code = re.search(r'<p class="enrolment-code">([^<]+)</p>', r.text).group(1)
    d = make_driver(javascript=javascript)
    viewport(d, 768, 1024)
    d.get(site.base + "/family-screen")
    d.find_element(By.ID, "code").send_keys(code)
    d.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    wait_for(d, "Who are you?")
    return d


def assert_no_typed_digits(d, pin, why):
    """The PIN field holds nothing, no attribute value but the CSRF token and the keys'
    own is longer than a key, and the PIN appears nowhere in the page."""
    source = d.page_source
    assert d.find_element(By.ID, "pin").get_attribute("value") == "", why
    field = re.search(r'<input id="pin"[^>]*>', source).group(0)
    assert "value=" not in field, (why, field)
    csrf = d.find_element(By.CSS_SELECTOR, 'input[name="csrf"]').get_attribute("value")
    values = set(re.findall(r'value="([^"]*)"', source)) - {csrf}
    assert values <= set("0123456789") | {"back", "clear"}, (why, values)
    assert pin not in source, why


def test_the_keypad_without_javascript_keeps_no_digit_in_the_page_and_back_resubmit_opens_nothing(site):
    leo = member_browser(site.admin, "leo", "Leo")
    add_habit(leo, "Chess", "🎲", "#54A0FF", 30)
    on_screen(leo, "4826")
    d = enrolled_driver(site, "Hall", javascript=False)
    try:
        pin_page = site.base + f"/family-screen/members/{member_id(site, 'leo')}"
        d.get(pin_page)
        wait_for(d, "Your PIN")
        for count, digit in enumerate("4826", start=1):
            d.find_element(By.CSS_SELECTOR, f'.screen-key[data-key="{digit}"]').click()
            # Without JavaScript the server counts the key: the page says how many, not which.
            wait_for(d, f"{count} digit")
            assert d.current_url == pin_page, "each key ends on a GET of the PIN page"
            assert_no_typed_digits(d, "4826", f"after key {count}")
        d.find_element(By.CSS_SELECTOR, ".screen-unlock").click()
        wait_for(d, "Leo's habits today")
        # No countdown without JavaScript: the page says the minute, and "More time" is a form.
        assert not d.find_element(By.CSS_SELECTOR, ".screen-countdown-time").is_displayed()
        assert "a minute passes without a tap" in d.find_element(By.TAG_NAME, "body").text
        d.find_element(By.CSS_SELECTOR, ".screen-more").click()
        wait_for(d, "Leo's habits today")
        assert d.current_url.endswith("/family-screen/today")
        d.back()  # the list before "More time": the history below is the typing's again
        wait_for(d, "Leo's habits today")
        # Back: the PIN page again, fetched anew and empty; resubmitting it opens nothing.
        d.back()
        wait_for(d, "Your PIN")
        assert_no_typed_digits(d, "4826", "after Back")
        assert "digits typed" not in d.find_element(By.TAG_NAME, "body").text
        d.find_element(By.CSS_SELECTOR, ".screen-unlock").click()
        wait_for(d, "A PIN is 4 to 8 digits")
        assert "habits today" not in d.find_element(By.TAG_NAME, "body").text
        # Further back, to a page from the middle of the typing: still nothing to resubmit.
        d.back()
        d.back()
        wait_for(d, "Your PIN")
        assert_no_typed_digits(d, "4826", "further back")
        d.find_element(By.CSS_SELECTOR, ".screen-unlock").click()
        wait_for(d, "A PIN is 4 to 8 digits")
        assert not rows(os.path.join(site.dawn.data, "instance.sqlite"),
                        "SELECT 1 FROM pin_failures JOIN members ON members.id = member_id WHERE username = 'leo'"), \
            "an empty Open is not a wrong PIN"
    finally:
        d.quit()


def test_wrong_pins_count_across_screens_and_the_member_and_admins_are_told(site):
    zoe = member_browser(site.admin, "zoe", "Zoe")
    on_screen(zoe, "7319")
    zoe_id = member_id(site, "zoe")
    porch = enrolled_driver(site, "Porch")
    study = enrolled_driver(site, "Study")
    home = make_driver()
    try:
        sign_in(home, site.base, "zoe", MEMBER_PASSWORD)

        def wrong(d, expect):
            d.get(site.base + f"/family-screen/members/{zoe_id}")
            d.find_element(By.ID, "pin").send_keys("0000")
            d.find_element(By.CSS_SELECTOR, ".screen-unlock").click()
            wait_for(d, expect)

        for _ in range(4):
            wrong(porch, "That PIN is not right")
        # The fifth, on the other screen, locks her name on both.
        wrong(study, "locked on every family screen until")
        for d in (porch, study):
            d.get(site.base + "/family-screen")
            person = d.find_element(By.CSS_SELECTOR, f'.screen-person.is-locked')
            assert "Zoe" in person.text and "locked for now" in person.text
            d.get(site.base + f"/family-screen/members/{zoe_id}")
            wait_for(d, "locked on every family screen")
            assert not d.find_elements(By.ID, "pin"), "no PIN form while locked"

        # Her day page says so, per screen, in her zone; "Dismiss" clears it.
        home.get(site.base + "/")
        wait_for(home, "Wrong PINs on the family screen")
        lines = [e.text for e in home.find_elements(By.CSS_SELECTOR, ".pin-notices li")]
        assert len(lines) == 2 and re.fullmatch(r"1 wrong PIN on Study at \d\d:\d\d", lines[0]) \
            and re.fullmatch(r"4 wrong PINs on Porch at \d\d:\d\d", lines[1]), lines
        home.find_element(By.CSS_SELECTOR, ".pin-notices button").click()
        WebDriverWait(home, 15).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".pin-notices"))

        # The admins see it on /family and unlock it; the right PIN opens again.
        admin = make_driver()
        try:
            sign_in(admin, site.base, "mum", PASSWORD)
            admin.get(site.base + "/family")
            wait_for(admin, "5 wrong PINs on the family screen, the last on Study at")
            admin.find_element(By.CSS_SELECTOR, 'form[action="/family/members/zoe/pin-unlock"] button').click()
            wait_for(admin, "The PIN works again on every family screen.")
        finally:
            admin.quit()
        porch.get(site.base + f"/family-screen/members/{zoe_id}")
        porch.find_element(By.ID, "pin").send_keys("7319")
        porch.find_element(By.CSS_SELECTOR, ".screen-unlock").click()
        wait_for(porch, "Zoe's habits today")
    finally:
        for d in (porch, study, home):
            d.quit()
