"""The kitchen screen and child accounts end to end, against the real binary.

Enrolment (a code shown once, hashed, single use, expired or wrong refused and throttled),
the screen cookie (HttpOnly, SameSite=Strict, Secure behind a trusted TLS proxy, never a
session: it cannot read /day/…), revocation, PINs (set, refused, counted per member across
screens: 5 → locked on every screen, through a restart of the binary, without touching
sign-in, and told on the member's day page), the keypad without JavaScript (303 after each
key, no digit in any page), a check-off landing in the member's day, the return to the
picker, child restrictions (delete habit / log → 403) and CSRF on every new POST.
"""
import os
import re
import sqlite3

import pytest

from conftest import Browser, Dawn

ADMIN_PASSWORD = "correct horse battery"
MEMBER_PASSWORD = "member-password-1"
PIN = "2468"


def instance(dawn, sql, args=()):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def member_db(dawn, member_id, sql, args=()):
    con = sqlite3.connect(os.path.join(dawn.data, "users", f"{member_id}.sqlite"))
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def setup_admin(dawn, headers=None):
    b = Browser(dawn, headers=headers)
    b.open("/setup")
    r = b.post("/setup", {"username": "mum", "display_name": "Mum", "password": ADMIN_PASSWORD,
                          "password_again": ADMIN_PASSWORD, "time_zone": "Europe/Rome"})
    assert r.status == 303, r.text[:300]
    return b


def sign_in(dawn, username, password=MEMBER_PASSWORD):
    b = Browser(dawn)
    b.open("/login")
    r = b.post("/login", {"username": username, "password": password})
    assert r.status == 303, r.text[:300]
    return b


def add_member(admin, username, name, child=False):
    admin.open("/family")
    fields = {"username": username, "display_name": name, "password": MEMBER_PASSWORD, "password_again": MEMBER_PASSWORD}
    if child:
        fields["child"] = "1"
    return admin.post("/family/members", fields)


def add_habit(browser, name, emoji="📚"):
    browser.open("/habits/new")
    r = browser.post("/habits", {"name": name, "emoji": emoji, "color": "#48DBAB", "duration": "30"})
    assert r.status == 303, r.text[:300]
    day = browser.get("/").text
    return int(re.search(r'class="habit-pill habit-(\d+)"', day).group(1))


def set_pin(browser, pin=PIN):
    browser.open("/settings")
    r = browser.post("/settings/pin", {"pin": pin, "pin_again": pin})
    assert r.status == 303, r.text[:300]
    browser.open("/settings")
    assert browser.post("/settings/family-screen", {"on_screen": "1"}).status == 303


def make_code(admin, label="Kitchen"):
    admin.open("/family")
    r = admin.post("/family/screens/code", {"label": label})
    assert r.status == 200 and r.header("Cache-Control") == "no-store", r
    return re.search(r'<p class="enrolment-code">([^<]+)</p>', r.text).group(1)


def enrol(dawn, code, headers=None):
    tablet = Browser(dawn, headers=headers)
    tablet.open("/family-screen")
    r = tablet.post("/family-screen/enrol", {"code": code})
    return tablet, r


def member_id(dawn, username):
    return instance(dawn, "SELECT id FROM members WHERE username = ?", (username,))[0][0]


@pytest.fixture
def family(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    return dawn, admin


def test_enrolment_code_once_hashed_single_use_and_cookie_flags(family):
    dawn, admin = family
    code = make_code(admin)
    assert re.fullmatch(r"[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}", code), code
    stored = instance(dawn, "SELECT code_hash FROM screen_codes")
    assert len(stored) == 1 and len(stored[0][0]) == 32 and code.encode() not in stored[0][0]
    assert code not in admin.get("/family").text, "the code is shown once"

    tablet, r = enrol(dawn, code)
    assert r.status == 303 and r.header("Location") == "/family-screen?done=enrolled"
    cookie = tablet.cookie_header("dawn_screen")
    for part in ("HttpOnly", "SameSite=Strict", "Path=/family-screen"):
        assert part in cookie, cookie
    assert "Secure" not in cookie, "plain http, no proxy"
    token = tablet.jar["dawn_screen"]
    assert token.encode() not in b"".join(row[0] for row in instance(dawn, "SELECT token_hash FROM screens"))
    assert "Who are you?" in tablet.get("/family-screen").text

    _, again = enrol(dawn, code)
    assert again.status == 400 and "already used, or has expired" in again.text
    assert instance(dawn, "SELECT count(*) FROM screens")[0][0] == 1


def test_expired_wrong_and_throttled_codes(family):
    dawn, admin = family
    code = make_code(admin)
    # Expire it in the database (the server's clock is real): the same refusal as a wrong code.
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    con.execute("UPDATE screen_codes SET expires_at = 1")
    con.commit()
    con.close()
    _, r = enrol(dawn, code)
    assert r.status == 400 and "has expired" in r.text and instance(dawn, "SELECT count(*) FROM screens")[0][0] == 0
    fresh = make_code(admin)
    tablet = Browser(dawn)
    tablet.open("/family-screen")
    statuses = [tablet.post("/family-screen/enrol", {"code": "ZZZZ-ZZZZ-ZZZ" + str(i + 2)}).status for i in range(4)]
    assert statuses == [400, 400, 400, 429], statuses  # one already failed from this address above
    r = tablet.post("/family-screen/enrol", {"code": fresh})
    assert r.status == 429 and "Please wait 15 minutes" in r.text
    assert instance(dawn, "SELECT count(*) FROM screens")[0][0] == 0
    # Sign-in from the same address is untouched by the code throttle.
    sign_in(dawn, "mum", ADMIN_PASSWORD)


def test_secure_cookies_behind_a_trusted_tls_proxy(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_TRUSTED_PROXIES": "127.0.0.1"})
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.10"}
    admin = setup_admin(dawn, headers=https)
    set_pin(admin)
    tablet, r = enrol(dawn, make_code(admin), headers=https)
    assert r.status == 303
    cookie = tablet.cookie_header("dawn_screen")
    assert all(part in cookie for part in ("Secure", "HttpOnly", "SameSite=Strict")), cookie
    mum = member_id(dawn, "mum")
    tablet.open(f"/family-screen/members/{mum}")
    r = tablet.post(f"/family-screen/members/{mum}/pin", {"pin": PIN})
    assert r.status == 303 and "Secure" in tablet.cookie_header("dawn_screen_visit")


def test_screen_cookie_cannot_read_anyones_day(family):
    dawn, admin = family
    add_habit(admin, "Stretch")
    day = re.search(r'/day/(\d{4}-\d\d-\d\d)', admin.get("/").text).group(1)
    admin.open(f"/day/{day}")
    assert admin.post(f"/day/{day}/entry", {"entry": "Private diary words", "version": "0"}).status == 303
    set_pin(admin)
    tablet, _ = enrol(dawn, make_code(admin))
    mum = member_id(dawn, "mum")
    tablet.open(f"/family-screen/members/{mum}")
    assert tablet.post(f"/family-screen/members/{mum}/pin", {"pin": PIN}).header("Location") == "/family-screen/today"
    assert set(tablet.jar) >= {"dawn_screen", "dawn_screen_visit"} and "dawn_session" not in tablet.jar
    for path in (f"/day/{day}", "/", "/settings", "/account", "/habits", "/export/dawn.json", "/family"):
        r = tablet.get(path)
        assert r.status == 303 and r.header("Location").startswith("/login"), (path, r)
        assert "Private diary words" not in r.text
    r = tablet.post(f"/day/{day}/entry", {"entry": "x", "version": "0"})
    assert r.status == 403
    today = tablet.get("/family-screen/today")
    assert today.status == 200 and "Stretch" in today.text and "Private diary words" not in today.text


def test_revoked_screen_stops_on_its_next_request(family):
    dawn, admin = family
    set_pin(admin)
    tablet, _ = enrol(dawn, make_code(admin))
    assert "Mum" in tablet.get("/family-screen").text
    screen_id = instance(dawn, "SELECT id FROM screens")[0][0]
    admin.open("/family")
    assert admin.post(f"/family/screens/{screen_id}/revoke", {}).header("Location") == "/family?done=screen_revoked"
    r = tablet.get("/family-screen")
    assert 'action="/family-screen/enrol"' in r.text and "Mum" not in r.text


def test_pins_are_checked_throttled_and_never_touch_sign_in(family):
    dawn, admin = family
    for bad, again in (("123", "123"), ("12ab", "12ab"), ("123456789", "123456789"), ("1234", "4321")):
        admin.open("/settings")
        r = admin.post("/settings/pin", {"pin": bad, "pin_again": again})
        assert r.status == 400, bad
    assert instance(dawn, "SELECT pin_hash FROM members")[0][0] is None, "nothing stored"
    set_pin(admin)
    assert instance(dawn, "SELECT pin_hash FROM members")[0][0].startswith("$y$")
    kitchen, _ = enrol(dawn, make_code(admin))
    hall, _ = enrol(dawn, make_code(admin, "Hall"))
    mum = member_id(dawn, "mum")
    kitchen.open(f"/family-screen/members/{mum}")
    statuses = [kitchen.post(f"/family-screen/members/{mum}/pin", {"pin": f"000{i}"}).status for i in range(4)]
    assert statuses == [400, 400, 400, 400], statuses
    # The fifth on another screen locks her name on every screen.
    hall.open(f"/family-screen/members/{mum}")
    r = hall.post(f"/family-screen/members/{mum}/pin", {"pin": "0004"})
    assert r.status == 429 and "locked on every family screen until" in r.text, r.text[:400]
    for tablet in (kitchen, hall):
        r = tablet.post(f"/family-screen/members/{mum}/pin", {"pin": PIN}, csrf=tablet_csrf(dawn, tablet))
        assert r.status == 429 and "dawn_screen_visit" not in tablet.jar
    assert instance(dawn, "SELECT count(*) FROM pin_failures WHERE counted = 1")[0][0] == 5
    # Password sign-in for Mum works at once, from the same address; her day page tells her.
    day = sign_in(dawn, "mum", ADMIN_PASSWORD)
    # (That sign-in marked them seen: a new one after it shows.)
    kitchen_csrf = tablet_csrf(dawn, kitchen)

    # A restart of the real binary forgets nothing: the right PIN is still refused on both screens.
    assert dawn.stop() == 0
    again = Dawn(data=dawn.data)
    try:
        for tablet in (kitchen, hall):
            tablet.server = again
            r = tablet.post(f"/family-screen/members/{mum}/pin", {"pin": PIN}, csrf=tablet_csrf(again, tablet))
            assert r.status == 429 and "locked on every family screen" in r.text, r.text[:300]
        assert "locked for now" in kitchen.get("/family-screen").text
        day.server = again
        admin.server = again
        assert "wrong PIN" not in day.get("/").text, "seen at the password sign-in"
        # A wrong PIN on another member's name is theirs; Mum is told of her own on her day page.
        kitchen.post(f"/family-screen/members/{mum}/pin", {"pin": "1111"}, csrf=kitchen_csrf)
        page = day.get("/").text
        assert "wrong PIN" not in page, "refused while locked: not a try, not counted"
        # The admin sees the lock on /family and unlocks it; then a wrong PIN is counted and told.
        family_page = admin.open("/family").text
        assert "5 wrong PINs on the family screen, the last on Hall at" in family_page, family_page[:2000]
        assert admin.post("/family/members/mum/pin-unlock", {}).status == 303
        kitchen.open(f"/family-screen/members/{mum}")
        assert kitchen.post(f"/family-screen/members/{mum}/pin", {"pin": "1111"}).status == 400
        assert re.search(r"<li>1 wrong PIN on Kitchen at \d\d:\d\d</li>", day.get("/").text)
        assert kitchen.post(f"/family-screen/members/{mum}/pin", {"pin": PIN}).header("Location") == "/family-screen/today"
    finally:
        again.stop()


def tablet_csrf(dawn, tablet):
    """The screen's CSRF token, from the database (a locked PIN page has no form to read it from)."""
    import hashlib
    token_hash = hashlib.sha256(tablet.jar["dawn_screen"].encode()).digest()
    return instance(dawn, "SELECT csrf_token FROM screens WHERE token_hash = ?", (token_hash,))[0][0]


def test_a_check_off_lands_in_the_members_day_and_the_list_stays_until_done(family):
    dawn, admin = family
    add_member(admin, "sam", "Sam", child=True)
    sam = sign_in(dawn, "sam")
    habit = add_habit(sam, "Read")
    set_pin(sam, "1357")
    tablet, _ = enrol(dawn, make_code(admin))
    picker = tablet.get("/family-screen")
    sid = member_id(dawn, "sam")
    assert f'href="/family-screen/members/{sid}"' in picker.text and "Mum" not in picker.text
    pin_page = tablet.open(f"/family-screen/members/{sid}")
    assert "http-equiv" not in pin_page.text and 'data-countdown="60"' in pin_page.text
    # The keypad without JavaScript: each key is a POST answered 303 to the PIN page, which
    # shows how many digits there are and never which.
    for count, key in enumerate("1357", start=1):
        r = tablet.post(f"/family-screen/members/{sid}/key", {"key": key})
        assert r.status == 303 and r.header("Location") == f"/family-screen/members/{sid}", r
        page = tablet.open(f"/family-screen/members/{sid}").text
        assert f"{count} digit" in page
        field = re.search(r'<input id="pin"[^>]*>', page).group(0)
        assert "value=" not in field, field
        assert count < 4 or "1357" not in page
    r = tablet.post(f"/family-screen/members/{sid}/pin", {"pin": ""})
    assert r.header("Location") == "/family-screen/today"
    today = tablet.open("/family-screen/today")
    assert "Sam&#39;s habits today" in today.text and "http-equiv" not in today.text and 'data-countdown="60"' in today.text
    r = tablet.post(f"/family-screen/today/{habit}", {})
    assert r.status == 303 and r.header("Location") == "/family-screen/today?done=checked"
    assert "dawn_screen_visit" in tablet.jar, "the visit goes on after the check-off"
    assert member_db(dawn, sid, "SELECT count(*) FROM habit_instances WHERE habit_id = ? AND timed = 0", (habit,))[0][0] == 1
    after = tablet.get("/family-screen/today?done=checked").text
    assert "Checked off" in after and "Sam&#39;s habits today" in after, "still Sam's list"
    # Sam's own day page shows it done.
    assert "<span class=\"visually-hidden\">done</span>" in sam.get("/").text
    # "Done": back at the names, and the old visit cannot check off again.
    visit = tablet.jar["dawn_screen_visit"]
    r = tablet.post("/family-screen/done", {})
    assert r.status == 303 and r.header("Location") == "/family-screen" and "dawn_screen_visit" not in tablet.jar
    assert "Who are you?" in tablet.get("/family-screen").text
    tablet.jar["dawn_screen_visit"] = visit
    r = tablet.post(f"/family-screen/today/{habit}", {"csrf": tablet.csrf})
    assert r.status == 403 and "Your minute on the screen is over" in r.text.replace("&#39;", "'")
    assert member_db(dawn, sid, "SELECT count(*) FROM habit_instances WHERE habit_id = ?", (habit,))[0][0] == 1


def test_child_cannot_delete_habits_or_history(family):
    dawn, admin = family
    r = add_member(admin, "kid", "Kid", child=True)
    assert r.status == 303
    assert '<span class="badge">child</span>' in admin.get("/family").text
    admin.open("/family")
    r = admin.post("/family/members", {"username": "boss", "display_name": "Boss", "password": MEMBER_PASSWORD,
                                       "password_again": MEMBER_PASSWORD, "child": "1", "admin": "1"})
    assert r.status == 400 and "A child account cannot be an admin." in r.text
    kid = sign_in(dawn, "kid")
    habit = add_habit(kid, "Piano")
    kid_id = member_id(dawn, "kid")
    day = re.search(r'/day/(\d{4}-\d\d-\d\d)', kid.get("/").text).group(1)
    kid.open(f"/day/{day}")
    assert kid.post(f"/day/{day}/instances", {"habit": str(habit), "start": "08:00", "duration": "30", "note": ""}).status == 303
    log = member_db(dawn, kid_id, "SELECT id FROM habit_instances")[0][0]
    kid.open(f"/habits/{habit}/edit")
    r = kid.post(f"/habits/{habit}/delete", {})
    assert r.status == 403 and "cannot delete habits" in r.text
    r = kid.post(f"/day/{day}/instances/{log}/delete", {})
    assert r.status == 403 and "cannot delete logged history" in r.text
    assert member_db(dawn, kid_id, "SELECT count(*) FROM habits")[0][0] == 1
    assert member_db(dawn, kid_id, "SELECT count(*) FROM habit_instances")[0][0] == 1
    assert kid.post(f"/habits/{habit}/archive", {}).status == 303, "archiving works"
    # No admin page: cannot reset (and so sign out) anyone.
    assert kid.get("/family").status == 403
    assert kid.post("/family/members/mum/password", {"password": "taken over 123", "password_again": "taken over 123"}).status == 403
    assert admin.get("/family").status == 200


def test_every_new_post_needs_its_csrf_token(family):
    dawn, admin = family
    set_pin(admin)
    add_member(admin, "kid", "Kid", child=True)
    mum = member_id(dawn, "mum")
    for path in ("/family/screens/code", "/family/screens/1/revoke", "/family/members/kid/pin", "/settings/pin",
                 "/settings/family-screen"):
        r = admin.post(path, {"pin": "1234", "pin_again": "1234", "on_screen": "1"}, csrf=False)
        assert r.status == 403, path
    code = make_code(admin)
    tablet = Browser(dawn)
    tablet.open("/family-screen")
    assert tablet.post("/family-screen/enrol", {"code": code}, csrf=False).status == 403
    assert instance(dawn, "SELECT count(*) FROM screens")[0][0] == 0
    assert tablet.post("/family-screen/enrol", {"code": code}).status == 303
    tablet.open("/family-screen")
    for path in (f"/family-screen/members/{mum}/key", f"/family-screen/members/{mum}/pin", "/family-screen/today/1",
                 "/family-screen/done"):
        assert tablet.post(path, {"pin": PIN, "key": "1"}, csrf=False).status == 403, path
    assert "dawn_screen_visit" not in tablet.jar
