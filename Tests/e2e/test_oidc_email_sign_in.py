"""Sign-in by email with the family's OpenID provider, switched on by the admin on /family, against
the real binary and the provider of oidc_provider.py: an identity nobody connected signs in the
member whose verified address on Dawn is the token's `email`, only when the token says
`email_verified: true`; the identity is not connected by it. A false, missing or string
`email_verified`, an address no member verified, or the switch off (the default, or turned off
again, at once): the "ask your admin" page and no session."""
import os
import sqlite3

import pytest

from conftest import Browser
from test_accounts import MEMBER_PASSWORD, add_member, run_cli, setup_admin
from test_oidc_sign_in import links, oidc_env, round_trip, start

pytest.importorskip("cryptography")
from oidc_provider import Provider  # noqa: E402

ASK = "Ask your family&#39;s admin to add you"


def switch(admin, on):
    admin.open("/family")
    return admin.post("/family/oidc-email", {"on": "1"} if on else {})


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    provider = Provider()
    dawn = start(oidc_env(provider, str(tmp_path_factory.mktemp("oidc-email"))))
    admin = setup_admin(dawn)
    assert switch(admin, True).header("Location") == "/family?done=oidc-email-on#oidc-email"
    assert add_member(admin, "kid", "Kid").status == 303
    assert add_member(admin, "dad", "Dad").status == 303
    assert run_cli(["email", "kid", "Kid@Example.org"], dawn.data).returncode == 0
    yield dawn, provider
    assert dawn.stop() == 0, dawn.errors
    provider.stop()


def test_a_verified_email_signs_in_its_member_without_connecting_the_identity(home):
    dawn, provider = home
    provider.user = {"sub": "stranger-1", "email": "kid@example.ORG", "email_verified": True}
    b = Browser(dawn)
    r, _ = round_trip(b, provider, "/login/oidc?next=/settings")
    assert r.status == 303 and r.header("Location") == "/settings", (r.status, r.text[:500])
    assert "dawn_session" in b.jar and "Kid" in b.get("/").text
    assert links(dawn) == [], "sign-in by email connects nothing"


@pytest.mark.parametrize("claims", [
    {"email": "kid@example.org", "email_verified": False},
    {"email": "kid@example.org"},
    {"email": "kid@example.org", "email_verified": "true"},
    {"email": "nobody@example.org", "email_verified": True},
    {"email_verified": True},
])
def test_an_unverified_or_unknown_email_gets_the_ask_your_admin_page(home, claims):
    dawn, provider = home
    provider.user = {"sub": "stranger-2", **claims}
    b = Browser(dawn)
    r, _ = round_trip(b, provider)
    assert r.status == 403 and ASK in r.text, (r.status, r.text[:500])
    assert "dawn_session" not in b.jar


def test_an_address_given_on_dawn_but_not_confirmed_signs_in_nobody(home):
    dawn, provider = home
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        with con:
            con.execute("INSERT INTO member_emails (member_id, address, verified_at, token_hash, token_expires_at, created_at) "
                        "SELECT id, 'dad@example.org', NULL, zeroblob(32), 9999999999, 0 FROM members WHERE username = 'dad'")
        provider.user = {"sub": "stranger-3", "email": "dad@example.org", "email_verified": True}
        b = Browser(dawn)
        r, _ = round_trip(b, provider)
        assert r.status == 403 and ASK in r.text and "dawn_session" not in b.jar
    finally:
        with con:
            con.execute("DELETE FROM member_emails WHERE address = 'dad@example.org'")
        con.close()


def test_the_switch_is_off_until_the_admin_turns_it_on_and_off_again_at_once(tmp_path):
    provider = Provider()
    dawn = start(oidc_env(provider, str(tmp_path)))
    try:
        admin = setup_admin(dawn)
        assert add_member(admin, "kid", "Kid").status == 303
        page = admin.get("/family").text
        assert "Sign-in by email with Authentik" in page and 'name="on" value="1" aria-describedby="oidc-email-hint">' in page
        assert run_cli(["email", "kid", "kid@example.org"], dawn.data).returncode == 0
        provider.user = {"sub": "stranger-4", "email": "kid@example.org", "email_verified": True}

        def attempt():
            b = Browser(dawn)
            r, _ = round_trip(b, provider)
            return r, b

        r, b = attempt()
        assert r.status == 403 and ASK in r.text and "dawn_session" not in b.jar
        # Only an admin may turn it on.
        kid = Browser(dawn)
        kid.open("/login")
        assert kid.post("/login", {"username": "kid", "password": MEMBER_PASSWORD}).status == 303
        kid.open("/account")
        assert kid.post("/family/oidc-email", {"on": "1"}).status == 403
        assert attempt()[0].status == 403
        assert switch(admin, True).status == 303
        assert "checked> Let Authentik sign members in" in admin.get("/family?done=oidc-email-on").text
        r, b = attempt()
        assert r.status == 303 and "dawn_session" in b.jar
        assert switch(admin, False).header("Location") == "/family?done=oidc-email-off#oidc-email"
        r, b = attempt()
        assert r.status == 403 and "dawn_session" not in b.jar
        # Kept across a restart.
        assert switch(admin, True).status == 303
        assert dawn.stop() == 0, dawn.errors
        dawn = start(oidc_env(provider, str(tmp_path)), data=dawn.data)
        assert attempt()[0].status == 303
    finally:
        dawn.stop()
        provider.stop()
