"""Sign-in hardening end to end: nobody can be locked out.

- A browser that signed in as a member before (the signed `dawn_device` cookie) gets in with
  the right password while a guesser has the username throttled; strangers stay throttled.
- Addresses are throttled by IPv6 /64, and `::ffff:a.b.c.d` counts as `a.b.c.d`.
- Passwords are hashed on a pool of their own: a full password queue answers the sign-in 503,
  while a journal save goes through; a server-wide budget of failed sign-ins per minute.
- An admin cannot reset their own password on the family page; the current-password check of
  /account/password is throttled like sign-in.

Addresses come through `X-Forwarded-For` from the trusted proxy 127.0.0.1 (only loopback is
ever contacted)."""
import datetime
import os
import select
import sqlite3
import time
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import pytest

from conftest import Browser, Reader
from test_accounts import ADMIN_PASSWORD, MEMBER_PASSWORD, add_member, count, setup_admin

PROXY = {"DAWN_TRUSTED_PROXIES": "127.0.0.1"}
YEAR = 365 * 24 * 60 * 60


def client(dawn, address, **headers):
    """A browser behind the trusted proxy, as seen from `address`."""
    return Browser(dawn, headers={"X-Forwarded-For": address, **headers})


def sign_in_as(browser, username, password):
    """Signs in from `browser` as it is once its session is over (its other cookies kept)."""
    browser.jar.pop("dawn_session", None)
    browser.open("/login")
    return browser.post("/login", {"username": username, "password": password})


def password_hash(dawn, username):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return con.execute("SELECT password_hash FROM members WHERE username = ?", (username,)).fetchone()[0]
    finally:
        con.close()


def with_device(dawn, address, cookie):
    b = client(dawn, address)
    b.jar["dawn_device"] = cookie
    return b


def flip(text, index):
    """`text` with the base64url character at `index` changed."""
    c = text[index]
    return text[:index] + ("A" if c != "A" else "B") + text[index + 1:]


@pytest.fixture
def family(fresh_dawn):
    dawn = fresh_dawn(env=PROXY)
    admin = setup_admin(dawn)
    assert add_member(admin).status == 303
    return dawn, admin


# Item 4: the device cookie

def test_a_known_browser_gets_in_while_the_username_is_throttled(family):
    dawn, admin = family
    tablet = client(dawn, "10.1.1.1")
    assert sign_in_as(tablet, "kid", MEMBER_PASSWORD).status == 303
    cookie = tablet.cookie_header("dawn_device")
    assert cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie, cookie
    assert f"Max-Age={YEAR}" in cookie and "Secure" not in cookie, cookie
    device = tablet.jar["dawn_device"]

    tablet.open("/account")
    assert tablet.post("/logout", {}).status == 303
    assert tablet.cookie_header("dawn_device") is None, "sign-out leaves the device cookie alone"
    assert tablet.jar.get("dawn_device") == device and "dawn_session" not in tablet.jar

    # Someone else guesses at the kid's password from five addresses.
    for i in range(5):
        assert sign_in_as(client(dawn, f"10.6.6.{i}"), "kid", f"wrong-guess-{i}").status == 400
    stranger = sign_in_as(client(dawn, "10.2.2.2"), "kid", MEMBER_PASSWORD)
    assert stranger.status == 429 and "15 minutes" in stranger.text, "strangers stay throttled"

    r = sign_in_as(tablet, "kid", MEMBER_PASSWORD)
    assert r.status == 303, r.text[:300]
    assert tablet.get("/").status == 200 and "Kid" in tablet.get("/").text
    again = sign_in_as(client(dawn, "10.2.2.3"), "kid", MEMBER_PASSWORD)
    assert again.status == 429, "the known browser's success does not lift the throttle for strangers"

    # The same cookie, altered anywhere, is a stranger's.
    member, generation, device_id, mac = device.split(".")
    altered = [f"{member}.{generation}.{device_id}.{flip(mac, 5)}", f"{member}.{generation}.{flip(device_id, 0)}.{mac}",
               f"{int(member) + 1}.{generation}.{device_id}.{mac}", f"{member}.{int(generation) + 1}.{device_id}.{mac}",
               f"{member}.{device_id}.{mac}", f"{member}.{generation}.{device_id}", device + "x", "garbage"]
    for value in altered:
        r = sign_in_as(with_device(dawn, "10.3.3.3", value), "kid", MEMBER_PASSWORD)
        assert r.status == 429, value
    # The admin's device cookie names the admin, not the kid.
    mums_device = admin.jar["dawn_device"]
    assert mums_device.split(".")[0] != member
    r = sign_in_as(with_device(dawn, "10.3.3.4", mums_device), "kid", MEMBER_PASSWORD)
    assert r.status == 429, "a cookie for one member does not help sign in as another"
    # A copy of the real cookie in another browser is that known browser.
    assert sign_in_as(with_device(dawn, "10.3.3.5", device), "kid", MEMBER_PASSWORD).status == 303
    kid_id = count(dawn, "SELECT id FROM members WHERE username = 'kid'")
    assert count(dawn, f"SELECT count(*) FROM sessions WHERE member_id = {kid_id}") == 2, \
        "sessions only for the tablet and its copy (the first one signed out): no stranger got one"


def test_signing_out_everywhere_or_a_new_password_ends_every_devices_trust(family):
    dawn, admin = family
    tablet = client(dawn, "10.1.1.9")
    assert sign_in_as(tablet, "kid", MEMBER_PASSWORD).status == 303
    old_device = tablet.jar["dawn_device"]
    laptop = client(dawn, "10.1.1.10")
    assert sign_in_as(laptop, "kid", MEMBER_PASSWORD).status == 303
    # From the laptop: sign out everywhere. The tablet's cookie stays, but is no longer trusted.
    laptop.open("/account")
    assert laptop.post("/account/sign-out-everywhere", {}).status == 303
    for i in range(5):
        assert sign_in_as(client(dawn, f"10.8.8.{i}"), "kid", f"wrong-guess-{i}").status == 400
    assert tablet.jar["dawn_device"] == old_device
    assert sign_in_as(tablet, "kid", MEMBER_PASSWORD).status == 429, "signed out everywhere: a stranger now"
    assert sign_in_as(with_device(dawn, "10.3.3.9", old_device), "kid", MEMBER_PASSWORD).status == 429
    assert count(dawn, "SELECT device_generation FROM members WHERE username = 'kid'") == 1


def test_a_shared_browser_is_known_for_each_member_who_signed_in(family):
    dawn, _ = family
    shared = client(dawn, "10.1.1.2")
    assert sign_in_as(shared, "kid", MEMBER_PASSWORD).status == 303
    shared.open("/account")
    shared.post("/logout", {})
    assert sign_in_as(shared, "mum", ADMIN_PASSWORD).status == 303
    assert len(shared.jar["dawn_device"].split("~")) == 2, shared.jar["dawn_device"]
    for i in range(5):
        sign_in_as(client(dawn, f"10.7.7.{i}"), "kid", f"wrong-guess-{i}")
    assert sign_in_as(client(dawn, "10.2.2.2"), "kid", MEMBER_PASSWORD).status == 429
    assert sign_in_as(shared, "kid", MEMBER_PASSWORD).status == 303, "the kid's entry outlived mum's sign-in"


def test_a_known_browser_gets_only_five_wrong_passwords(family):
    dawn, _ = family
    tablet = client(dawn, "10.1.1.1")
    assert sign_in_as(tablet, "kid", MEMBER_PASSWORD).status == 303
    for i in range(5):
        assert sign_in_as(tablet, "kid", f"wrong-guess-{i}").status == 400
    r = sign_in_as(tablet, "kid", MEMBER_PASSWORD)
    assert r.status == 429 and "15 minutes" in r.text, "a stolen device cookie does not buy unlimited guesses"
    assert sign_in_as(client(dawn, "10.2.2.2"), "kid", MEMBER_PASSWORD).status == 303, \
        "the device's own failures do not lock the username"


def test_the_device_cookie_is_secure_behind_https(fresh_dawn):
    dawn = fresh_dawn(env=PROXY)
    admin = setup_admin(dawn)
    b = client(dawn, "10.1.1.1", **{"X-Forwarded-Proto": "https"})
    assert sign_in_as(b, "mum", ADMIN_PASSWORD).status == 303
    assert "Secure" in b.cookie_header("dawn_device")
    assert "dawn_device" in admin.jar, "setup signs the admin in, so that browser is known too"


# Item 4: which address a failure counts against

def test_ipv6_clients_are_throttled_by_their_64(fresh_dawn):
    dawn = fresh_dawn(env=PROXY)
    setup_admin(dawn)
    same_64 = ["2001:db8:1:2::a", "2001:DB8:1:2::B", "2001:0db8:0001:0002:0000:0000:0000:000c",
               "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2:0:0:0:d"]
    for i, address in enumerate(same_64):
        assert sign_in_as(client(dawn, address), f"ghost{i}", "whatever-1").status == 400, address
    r = sign_in_as(client(dawn, "2001:db8:1:2:abcd::9"), "ghost-next", "whatever-1")
    assert r.status == 429, "another address in the same /64 is the same client"
    r = sign_in_as(client(dawn, "2001:db8:1:3::a"), "ghost-next", "whatever-1")
    assert r.status == 400 and "do not match" in r.text, "the next /64 is someone else"


def test_ipv4_mapped_ipv6_counts_as_its_ipv4_address(fresh_dawn):
    dawn = fresh_dawn(env=PROXY)
    setup_admin(dawn)
    for i, address in enumerate(["::ffff:10.20.30.40", "::FFFF:10.20.30.40", "0:0:0:0:0:ffff:10.20.30.40",
                                 "::ffff:a14:1e28", "10.20.30.40"]):
        assert sign_in_as(client(dawn, address), f"ghost{i}", "whatever-1").status == 400, address
    assert sign_in_as(client(dawn, "10.20.30.40"), "ghost-next", "whatever-1").status == 429
    assert sign_in_as(client(dawn, "::ffff:10.20.30.40"), "ghost-next", "whatever-1").status == 429
    assert sign_in_as(client(dawn, "::ffff:10.20.30.41"), "ghost-next", "whatever-1").status == 400


# Item 5: a pool of its own for passwords, and a server-wide budget

def raw_request(method, path, cookies=None, fields=None, headers=None):
    lines = [f"{method} {path} HTTP/1.1", "Host: localhost", "Connection: close"]
    if cookies:
        lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
    for k, v in (headers or {}).items():
        lines.append(f"{k}: {v}")
    body = urlencode(fields or {}).encode()
    if method == "POST":
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def sign_in_request(csrf, username, address, **headers):
    return raw_request("POST", "/login", {"dawn_csrf": csrf},
                       {"csrf": csrf, "username": username, "password": "not-the-password"},
                       {"X-Forwarded-For": address, **headers})


def entry_request(admin, text):
    today = datetime.datetime.now(ZoneInfo("Europe/Rome")).date().isoformat()
    admin.open(f"/day/{today}")
    return today, raw_request("POST", f"/day/{today}/entry", dict(admin.jar), {"csrf": admin.csrf, "entry": text})


def send(dawn, raw):
    s = dawn.connect(timeout=20)
    s.sendall(raw)
    return s


def answered(sock):
    return bool(select.select([sock], [], [], 0)[0])


def entries(dawn, username="mum"):
    member = count(dawn, f"SELECT id FROM members WHERE username = '{username}'")
    con = sqlite3.connect(os.path.join(dawn.data, "users", f"{member}.sqlite"))
    try:
        return con.execute("SELECT day, body FROM entries").fetchall()
    finally:
        con.close()


def test_a_full_password_queue_answers_503_and_a_save_still_goes_through(fresh_dawn):
    dawn = fresh_dawn(env={**PROXY, "DAWN_PASSWORD_WORKERS": "1", "DAWN_PASSWORD_QUEUE": "2"})
    admin = setup_admin(dawn)
    login = Browser(dawn)
    login.open("/login")
    csrf = login.jar["dawn_csrf"]

    # The one password thread is busy for 3 s; two sign-ins then fill its queue.
    busy = send(dawn, raw_request("GET", "/_test/sleep-passwords?ms=3000"))
    time.sleep(0.3)
    queued = [send(dawn, sign_in_request(csrf, f"ghost{i}", f"10.4.0.{i}")) for i in range(2)]
    time.sleep(0.3)
    for i in range(3):
        with send(dawn, sign_in_request(csrf, f"late{i}", f"10.5.0.{i}", **{"Accept-Language": "it"})) as s:
            r = Reader(s).read()
        text = r.body.decode()
        assert r.status == 503 and r.header("Retry-After") == "5", r
        assert "Troppi accessi e cambi di password" in text, "the page's language"
    today, save = entry_request(admin, "Saved while the password queue was full.")
    with send(dawn, save) as s:
        r = Reader(s).read()
    assert r.status == 303 and r.header("Location").endswith("?done=entry-saved#journal"), r
    assert not answered(busy), "the save went through while every password thread was still busy"
    assert entries(dawn) == [(today, "Saved while the password queue was full.")]

    assert Reader(busy).read().status == 200
    for s in queued:
        r = Reader(s).read()
        assert r.status == 400 and "do not match" in r.body.decode(), "queued sign-ins are answered in turn"
    for s in [busy] + queued:
        s.close()
    assert count(dawn, "SELECT count(*) FROM sessions") == 1, "only the setup session"


def test_a_flood_of_sign_ins_does_not_hold_up_a_save(fresh_dawn):
    """Real hashes this time: 24 wrong sign-ins at once on one password thread (about 20 ms
    each), then a journal save, which must come back while most sign-ins still wait. Saves
    used to queue behind every sign-in on the shared worker pool."""
    dawn = fresh_dawn(env={**PROXY, "DAWN_PASSWORD_WORKERS": "1", "DAWN_PASSWORD_QUEUE": "64",
                           "DAWN_SIGNIN_FAILURE_BUDGET": "1000"})
    admin = setup_admin(dawn)
    login = Browser(dawn)
    login.open("/login")
    csrf = login.jar["dawn_csrf"]
    today, save = entry_request(admin, "Saved during a flood.")
    flood = [dawn.connect(timeout=30) for _ in range(24)]
    for i, s in enumerate(flood):
        s.sendall(sign_in_request(csrf, f"ghost{i}", f"2001:db8:{i}::1"))
    with send(dawn, save) as s:
        r = Reader(s).read()
    waiting = sum(not answered(s) for s in flood)
    assert r.status == 303, r
    assert waiting >= 8, f"only {waiting} of 24 sign-ins were still waiting when the save came back"
    statuses = []
    for s in flood:
        statuses.append(Reader(s).read().status)
        s.close()
    assert statuses == [400] * 24, statuses
    assert entries(dawn) == [(today, "Saved during a flood.")]


def test_the_server_wide_budget_of_failed_sign_ins(fresh_dawn):
    dawn = fresh_dawn(env={**PROXY, "DAWN_SIGNIN_FAILURE_BUDGET": "3"})
    admin = setup_admin(dawn)
    admin.open("/account")
    admin.post("/logout", {})
    for i in range(3):
        assert sign_in_as(client(dawn, f"10.8.0.{i}"), f"ghost{i}", "whatever-1").status == 400
    stranger = client(dawn, "10.9.0.1", **{"Accept-Language": "fr"})
    r = sign_in_as(stranger, "mum", ADMIN_PASSWORD)
    assert r.status == 503 and r.header("Retry-After") == "60", r
    assert "sur ce serveur dans la dernière minute" in r.text
    assert "dawn_session" not in stranger.jar
    r = sign_in_as(admin, "mum", ADMIN_PASSWORD)
    assert r.status == 303, "a browser that signed in before still gets in"
    assert count(dawn, "SELECT count(*) FROM sessions") == 1, "only the known browser's new session"


# Item 9: an admin's own password

def test_an_admin_cannot_reset_their_own_password_on_the_family_page(family):
    dawn, admin = family
    elsewhere = client(dawn, "10.1.1.9")
    assert sign_in_as(elsewhere, "mum", ADMIN_PASSWORD).status == 303
    before = password_hash(dawn, "mum")

    page = admin.open("/family")
    assert 'action="/family/members/mum/password"' not in page.text, "no reset form for yourself"
    assert 'action="/family/members/kid/password"' in page.text
    assert 'href="/account">Change your own password' in page.text
    r = admin.post("/family/members/mum/password", {"password": "taken-over-pass", "password_again": "taken-over-pass"})
    assert r.status == 403 and "/account" in r.text and "current password" in r.text, r.text[:400]
    assert password_hash(dawn, "mum") == before, "nothing changed"
    assert elsewhere.get("/").status == 200 and admin.get("/").status == 200, "nobody was signed out"
    assert sign_in_as(client(dawn, "10.1.1.8"), "mum", ADMIN_PASSWORD).status == 303
    assert sign_in_as(client(dawn, "10.1.1.7"), "mum", "taken-over-pass").status == 400

    # Resetting someone else's password still works.
    admin.open("/family")
    r = admin.post("/family/members/kid/password", {"password": "kid-new-password", "password_again": "kid-new-password"})
    assert (r.status, r.header("Location")) == (303, "/family?done=reset")
    assert sign_in_as(client(dawn, "10.1.1.6"), "kid", "kid-new-password").status == 303


def test_the_current_password_check_is_throttled(family):
    dawn, admin = family
    kid = client(dawn, "10.1.1.1")
    assert sign_in_as(kid, "kid", MEMBER_PASSWORD).status == 303
    before = password_hash(dawn, "kid")
    kid.open("/account")
    new = {"password": "brand-new-pass", "password_again": "brand-new-pass"}
    for i in range(5):
        r = kid.post("/account/password", {"current_password": f"wrong-guess-{i}", **new})
        assert r.status == 400 and "current password" in r.text.lower()
    r = kid.post("/account/password", {"current_password": MEMBER_PASSWORD, **new})
    assert r.status == 429 and "Too many wrong current passwords" in r.text and "15 minutes" in r.text, r.text[:300]
    assert password_hash(dawn, "kid") == before, "nothing changed"
    assert kid.get("/").status == 200, "the throttle signs nobody out"
    # Counted per member: the admin's own check is untouched, and sign-in is not locked.
    assert sign_in_as(client(dawn, "10.1.1.2"), "kid", MEMBER_PASSWORD).status == 303
    admin.open("/account")
    r = admin.post("/account/password", {"current_password": ADMIN_PASSWORD, "password": "mum-new-password",
                                         "password_again": "mum-new-password"})
    assert (r.status, r.header("Location")) == (303, "/account?done=password")
