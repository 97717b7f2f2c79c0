"""Signing in with an OpenID provider (DAWN_OIDC_*) against the real binary and a real provider
process on 127.0.0.1 (oidc_provider.py: discovery, PKCE, a code that works once, RS256 and ES256
ID tokens): a member connects their identity on /account, signs out, and the button signs them
in; an identity nobody connected gets the "ask your admin" page; every forgery and mix-up (a wrong
state, a replayed answer or code, a wrong nonce, an expired token, another key, alg none, another
client's audience) is refused with a page and no session; a rotated key is fetched again; a
provider that is down gets its page while passwords still work; disconnecting; and
DAWN_PASSWORD_SIGNIN=0 refused at start while an admin has no connection, the form hidden once all
have. Over HTTPS the provider's certificate is checked (DAWN_OIDC_CA_FILE)."""
import http.client
import os
import re
import socket
import sqlite3
import ssl
import subprocess
import time
import urllib.parse

import pytest

from conftest import ROOT, Browser, Dawn, dawn_binary
from test_accounts import ADMIN_PASSWORD, MEMBER_PASSWORD, add_member, run_cli, setup_admin, sign_in

pytest.importorskip("cryptography")
from oidc_provider import Provider  # noqa: E402

KID = {"sub": "kid-1b8f", "preferred_username": "kiddo", "email": "kid@example.org"}
MUM = {"sub": "mum-77a0", "preferred_username": "mum", "email": "mum@example.org"}


def oidc_env(provider, tmp, name="Authentik", **extra):
    secret = os.path.join(tmp, "client-secret")
    with open(secret, "w") as f:
        f.write(provider.client_secret + "\n")
    env = {"DAWN_OIDC_ISSUER": provider.issuer, "DAWN_OIDC_CLIENT_ID": provider.client_id,
           "DAWN_OIDC_CLIENT_SECRET_FILE": secret, "DAWN_OIDC_NAME": name}
    env.update(extra)
    return env


def start(env, data=None):
    dawn = Dawn(env=env, data=data)
    dawn.host_header = f"127.0.0.1:{dawn.port}"
    return dawn


def logged(dawn, *words, timeout=5):
    """Whether a line on Dawn's stderr holds every one of `words` (stderr is read by a thread
    of its own: the line may come a moment after the page)."""
    deadline = time.time() + timeout
    while True:
        if any(all(word in line for word in words) for line in list(dawn.errors)):
            return True
        if time.time() > deadline:
            return False
        time.sleep(0.05)


def visit_provider(url, cafile=None):
    """The browser at the provider, which signs the test's user in at once: where it sends the
    browser back."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=10,
                                                 context=ssl.create_default_context(cafile=cafile))
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path + "?" + parts.query)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    assert answer.status == 302, (answer.status, url)
    back = urllib.parse.urlsplit(answer.getheader("Location"))
    return back.path + "?" + back.query


def to_provider(b, provider, path="/login/oidc"):
    r = b.get(path)
    assert r.status == 303, (r.status, r.text[:500])
    location = r.header("Location")
    assert location.startswith(provider.base + "/authorize?"), location
    return location


def round_trip(b, provider, path="/login/oidc", cafile=None):
    """Sends the browser to the provider and back; Dawn's answer to the callback, and the callback."""
    callback = visit_provider(to_provider(b, provider, path), cafile)
    assert callback.startswith("/login/oidc/callback?"), callback
    return b.get(callback), callback


def links(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return sorted(con.execute("SELECT m.username, l.issuer, l.subject, l.label FROM openid_links l "
                                  "JOIN members m ON m.id = l.member_id"))
    finally:
        con.close()


def sessions(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return con.execute("SELECT count(*) FROM sessions").fetchone()[0]
    finally:
        con.close()


def password_browser(dawn, username, password):
    b, r = sign_in(dawn, username, password)
    assert r.status == 303, r.text[:300]
    return b


def connect(dawn, provider, username, password, user):
    b = password_browser(dawn, username, password)
    provider.user = dict(user)
    r, _ = round_trip(b, provider, "/account/oidc/connect")
    assert r.status == 303 and r.header("Location") == "/account?done=oidc-connected#oidc", (r.status, r.text[:500])
    return b


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    provider = Provider()
    dawn = start(oidc_env(provider, str(tmp_path_factory.mktemp("oidc"))))
    admin = setup_admin(dawn)
    assert add_member(admin, "kid", "Kid").status == 303
    assert add_member(admin, "dad", "Dad").status == 303
    yield dawn, provider
    assert dawn.stop() == 0, dawn.errors
    provider.stop()


def test_the_sign_in_page_offers_the_button_beside_the_password_form(home):
    dawn, provider = home
    page = Browser(dawn).get("/login?next=/settings").text
    assert '<a class="button" href="/login/oidc?next=%2Fsettings">Sign in with Authentik</a>' in page, page
    assert 'name="password"' in page and "Or sign in with your username and password" in page
    fr = Browser(dawn, headers={"Accept-Language": "fr"}).get("/login").text
    assert "Se connecter avec Authentik" in fr and "mot de passe\u00a0:" in fr


def test_connect_on_account_sign_out_and_sign_in_with_the_button(home):
    dawn, provider = home
    kid = password_browser(dawn, "kid", MEMBER_PASSWORD)
    account = kid.get("/account").text
    assert "Connect your Authentik account" in account and 'href="/account/oidc/connect"' in account
    provider.user = dict(KID)
    before = len(provider.client_auth_seen)
    r, _ = round_trip(kid, provider, "/account/oidc/connect")
    assert r.status == 303 and r.header("Location") == "/account?done=oidc-connected#oidc", r.text[:500]
    assert provider.client_auth_seen[before:] == ["client_secret_basic"], "Basic, offered first by the provider"
    assert links(dawn) == [("kid", provider.issuer, "kid-1b8f", "kiddo")]
    page = kid.get("/account?done=oidc-connected").text
    assert "Your Authentik account is connected." in page and "Your Authentik account kiddo is connected" in page
    assert 'action="/account/oidc/disconnect"' in page
    kid.open("/")
    assert kid.post("/logout", {}).status == 303
    # Another browser, signed in by the button alone, lands where it asked to go.
    b = Browser(dawn)
    r, _ = round_trip(b, provider, "/login/oidc?next=/settings")
    assert r.status == 303 and r.header("Location") == "/settings", (r.status, r.text[:500])
    cookie = b.cookie_header("dawn_session")
    assert cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Kid" in b.get("/").text
    # An ordinary session: its forms need their CSRF token.
    b.open("/day/2026-03-10")
    assert b.post("/day/2026-03-10/notes", {"note": "by the button"}, csrf="wrong").status == 403
    assert b.post("/day/2026-03-10/notes", {"note": "by the button"}).status == 303


def test_an_es256_token_signs_in_too(home):
    dawn, provider = home
    provider.user, provider.misbehave = dict(KID), "es256"
    try:
        r, _ = round_trip(Browser(dawn), provider)
    finally:
        provider.misbehave = None
    assert r.status == 303 and r.header("Location") == "/", r.text[:500]


def test_an_identity_nobody_connected_gets_the_ask_your_admin_page_and_no_account(home):
    dawn, provider = home
    provider.user = {"sub": "grandpa-9", "preferred_username": "grandpa"}
    before = sessions(dawn)
    b = Browser(dawn, headers={"Accept-Language": "it"})
    r, _ = round_trip(b, provider)
    assert r.status == 403, r.text[:500]
    assert "Chiedi all&#39;amministratore della famiglia di aggiungerti" in r.text, r.text[:800]
    assert "dawn_session" not in b.jar and sessions(dawn) == before
    r, _ = round_trip(Browser(dawn), provider)
    assert r.status == 403 and "Ask your family&#39;s admin to add you" in r.text


def test_a_wrong_state_or_another_browser_is_refused(home):
    dawn, provider = home
    provider.user = dict(KID)
    b = Browser(dawn)
    callback = visit_provider(to_provider(b, provider))
    forged = re.sub(r"state=[^&]+", "state=" + "A" * 43, callback)
    r = b.get(forged)
    assert r.status == 400 and "run out or was already used" in r.text and "dawn_session" not in b.jar
    # The right state, from a browser that did not start it (no dawn_oidc cookie): refused,
    # and the attempt is used up, so the browser that did start it cannot finish it either.
    callback = visit_provider(to_provider(b, provider))
    stranger = Browser(dawn)
    assert stranger.get(callback).status == 400 and "dawn_session" not in stranger.jar
    assert b.get(callback).status == 400 and "dawn_session" not in b.jar
    assert b.get("/login/oidc/callback").status == 400, "no state at all"


def test_a_replayed_answer_and_a_replayed_code_are_refused(home):
    dawn, provider = home
    provider.user = dict(KID)
    b = Browser(dawn)
    r, callback = round_trip(b, provider)
    assert r.status == 303
    b.open("/")
    assert b.post("/logout", {}).status == 303
    r = b.get(callback)
    assert r.status == 400 and "dawn_session" not in b.jar, "the same answer again"
    # The old code under a fresh attempt's state: the provider refuses it.
    code = re.search(r"code=([^&]+)", callback).group(1)
    fresh = visit_provider(to_provider(b, provider))
    r = b.get(re.sub(r"code=[^&]+", "code=" + code, fresh))
    assert r.status == 403 and "did not sign you in (invalid_grant)" in r.text, r.text[:500]
    assert "dawn_session" not in b.jar


def test_a_denied_sign_in_says_so(home):
    dawn, provider = home
    provider.misbehave = "deny"
    try:
        r, _ = round_trip(Browser(dawn), provider)
    finally:
        provider.misbehave = None
    assert r.status == 403 and "did not sign you in (access_denied)" in r.text


@pytest.mark.parametrize("misbehaviour, reason", [
    ("wrong_nonce", "nonce is not the one this sign-in sent"),
    ("expired", "the ID token expired at"),
    ("other_key", "signature does not verify"),
    ("alg_none", "signed with \"none\""),
    ("aud_other", "is for \"another-client\", not this client"),
])
def test_a_token_that_cannot_be_trusted_signs_nobody_in(home, misbehaviour, reason):
    dawn, provider = home
    provider.user, provider.misbehave = dict(KID), misbehaviour
    before = sessions(dawn)
    try:
        b = Browser(dawn)
        r, _ = round_trip(b, provider)
    finally:
        provider.misbehave = None
    assert r.status == 502, (r.status, r.text[:500])
    assert "Authentik answered in a way Dawn cannot trust, so nobody was signed in." in r.text
    assert "dawn_session" not in b.jar and sessions(dawn) == before
    assert logged(dawn, "dawn: OpenID: Authentik: ", reason), dawn.errors[-5:]


def test_a_rotated_key_is_fetched_again_once(home):
    dawn, provider = home
    provider.user = dict(KID)
    r, _ = round_trip(Browser(dawn), provider)
    assert r.status == 303
    fetched = provider.count("/jwks")
    provider.rotate()
    r, _ = round_trip(Browser(dawn), provider)
    assert r.status == 303 and r.header("Location") == "/", r.text[:500]
    assert provider.count("/jwks") == fetched + 1, "the new kid fetched the set again"
    r, _ = round_trip(Browser(dawn), provider)
    assert r.status == 303 and provider.count("/jwks") == fetched + 1, "then kept"
    # A kid the provider never published, at once: no second fetch within the minute.
    provider.misbehave = "unknown_kid"
    try:
        r, _ = round_trip(Browser(dawn), provider)
    finally:
        provider.misbehave = None
    assert r.status == 502 and provider.count("/jwks") == fetched + 1
    assert logged(dawn, "names the key \"ghost\""), dawn.errors[-5:]


def test_a_child_connects_and_signs_in_too_and_keeps_the_kitchen_screens_pin(home):
    dawn, provider = home
    admin = password_browser(dawn, "mum", ADMIN_PASSWORD)
    admin.open("/family")
    assert admin.post("/family/members", {"username": "mia", "display_name": "Mia", "password": MEMBER_PASSWORD,
                                          "password_again": MEMBER_PASSWORD, "child": "1"}).status == 303
    connect(dawn, provider, "mia", MEMBER_PASSWORD, {"sub": "mia-5", "preferred_username": "mia"})
    b = Browser(dawn)
    r, _ = round_trip(b, provider)
    assert r.status == 303 and "Mia" in b.get("/").text
    assert ("mia", provider.issuer, "mia-5", "mia") in links(dawn)
    # The kitchen screen's card on her /settings (her PIN) is where it was.
    assert 'action="/settings/family-screen"' in b.get("/settings").text


def test_another_member_cannot_take_a_connected_identity(home):
    dawn, provider = home
    mum = password_browser(dawn, "mum", ADMIN_PASSWORD)
    provider.user = dict(KID)
    r, _ = round_trip(mum, provider, "/account/oidc/connect")
    assert r.status == 409 and "already connected to another member" in r.text
    assert "mum" not in [row[0] for row in links(dawn)] and ("kid", provider.issuer, "kid-1b8f", "kiddo") in links(dawn)


def test_a_connection_finished_as_someone_else_is_refused(home):
    dawn, provider = home
    dad = password_browser(dawn, "dad", MEMBER_PASSWORD)
    provider.user = {"sub": "dad-3", "preferred_username": "dad"}
    callback = visit_provider(to_provider(dad, provider, "/account/oidc/connect"))
    dad.open("/")
    assert dad.post("/logout", {}).status == 303
    # The same browser, now signed in as Mum.
    dad.open("/login")
    assert dad.post("/login", {"username": "mum", "password": ADMIN_PASSWORD}).status == 303
    r = dad.get(callback)
    assert r.status == 403 and "started while someone else was signed in" in r.text
    assert not {"dad", "mum"} & {row[0] for row in links(dawn)}


def test_disconnecting_needs_the_form_and_then_the_button_signs_nobody_in(home):
    dawn, provider = home
    kid = password_browser(dawn, "kid", MEMBER_PASSWORD)
    kid.open("/account")
    assert kid.post("/account/oidc/disconnect", {}, csrf="wrong").status == 403
    assert "kid" in [row[0] for row in links(dawn)]
    r = kid.post("/account/oidc/disconnect", {})
    assert r.status == 303 and r.header("Location") == "/account?done=oidc-disconnected#oidc"
    assert "kid" not in [row[0] for row in links(dawn)]
    assert "no longer connected" in kid.get("/account?done=oidc-disconnected").text
    provider.user = dict(KID)
    r, _ = round_trip(Browser(dawn), provider)
    assert r.status == 403 and "no member of this Dawn has connected that account" in r.text


def test_a_provider_that_is_down(tmp_path):
    # Nothing listens on this port.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    provider = Provider()
    env = oidc_env(provider, str(tmp_path))
    env["DAWN_OIDC_ISSUER"] = f"http://127.0.0.1:{port}/application/o/dawn/"
    dawn = start(env)
    try:
        setup_admin(dawn)
        b = Browser(dawn)
        r = b.get("/login/oidc")
        assert r.status == 502 and "Authentik cannot be reached just now, so nobody was signed in." in r.text, r.text[:500]
        assert logged(dawn, "OpenID: Authentik:", "the discovery document"), dawn.errors[-5:]
        # Passwords still work.
        assert 'name="password"' in b.get("/login").text
        _, r = sign_in(dawn, "mum", ADMIN_PASSWORD)
        assert r.status == 303 and r.header("Location") == "/"
    finally:
        dawn.stop()
        provider.stop()


def test_a_provider_gone_between_the_button_and_the_answer(tmp_path):
    provider = Provider()
    dawn = start(oidc_env(provider, str(tmp_path)))
    try:
        setup_admin(dawn)
        provider.user = dict(MUM)
        b = Browser(dawn)
        callback = visit_provider(to_provider(b, provider))
        provider.stop()
        r = b.get(callback)
        assert r.status == 502 and "cannot be reached just now" in r.text and "dawn_session" not in b.jar
        assert logged(dawn, "the token endpoint"), dawn.errors[-3:]
    finally:
        dawn.stop()


def test_client_secret_post_when_the_provider_takes_only_that(tmp_path):
    provider = Provider(auth_methods=("client_secret_post",))
    dawn = start(oidc_env(provider, str(tmp_path)))
    try:
        setup_admin(dawn)
        connect(dawn, provider, "mum", ADMIN_PASSWORD, MUM)
        assert provider.client_auth_seen == ["client_secret_post"]
    finally:
        dawn.stop()
        provider.stop()


def serve_fails(env, data):
    full = dict(os.environ, DAWN_TEST_HOOKS="1", DAWN_RESOURCES=ROOT, **env)
    return subprocess.run([dawn_binary(), "serve", "--port", "0", "--data", data], env=full, cwd=ROOT,
                          capture_output=True, timeout=30)


def test_password_sign_in_off_is_refused_until_every_admin_is_connected(tmp_path):
    provider = Provider()
    env = oidc_env(provider, str(tmp_path))
    data = str(tmp_path / "data")
    dawn = start(env, data=data)
    try:
        setup_admin(dawn)
        assert run_cli(["add", "dad", "--name", "Dad", "--admin"], data, MEMBER_PASSWORD).returncode == 0
        connect(dawn, provider, "mum", ADMIN_PASSWORD, MUM)
    finally:
        assert dawn.stop() == 0
    off = dict(env, DAWN_PASSWORD_SIGNIN="0")
    r = serve_fails(off, data)
    assert r.returncode == 1, r
    assert r.stderr.decode().strip() == ("dawn: DAWN_PASSWORD_SIGNIN=0 would leave out the admins who have not connected their "
                                         "Authentik account on /account: dad. Start with DAWN_PASSWORD_SIGNIN=1 until they have.")
    dawn = start(env, data=data)
    try:
        connect(dawn, provider, "dad", MEMBER_PASSWORD, {"sub": "dad-3"})
    finally:
        assert dawn.stop() == 0
    dawn = start(off, data=data)
    try:
        b = Browser(dawn)
        page = b.get("/login").text
        assert 'name="password"' not in page and "Forgot your password" not in page
        assert '<a class="button primary" href="/login/oidc">Sign in with Authentik</a>' in page
        b.open("/login")
        r = b.post("/login", {"username": "mum", "password": ADMIN_PASSWORD, "csrf": b.jar.get("dawn_csrf", "x")})
        assert r.status == 403 and "Password sign-in is turned off" in r.text and "dawn_session" not in b.jar
        provider.user = dict(MUM)
        r, _ = round_trip(b, provider)
        assert r.status == 303 and "dawn_session" in b.jar
        # An admin's connection stays while passwords are off.
        account = b.get("/account").text
        assert 'action="/account/oidc/disconnect"' not in account and "an admin&#39;s connection stays" in account
        b.open("/account")
        assert b.post("/account/oidc/disconnect", {}).status == 403
        # A new admin without a connection brings the form back, so nobody is left outside;
        # `dawn user` works on the data folder beside the running server.
        assert run_cli(["add", "gran", "--name", "Gran", "--admin"], data, MEMBER_PASSWORD).returncode == 0
        time.sleep(0.1)
        assert 'name="password"' in Browser(dawn).get("/login").text
        _, r = sign_in(dawn, "gran", MEMBER_PASSWORD)
        assert r.status == 303
    finally:
        dawn.stop()
        provider.stop()


def test_over_https_the_providers_certificate_is_checked(tmp_path):
    provider = Provider(tls=True)
    try:
        env = oidc_env(provider, str(tmp_path))
        dawn = start(env, data=str(tmp_path / "untrusted"))
        try:
            setup_admin(dawn)
            r = Browser(dawn).get("/login/oidc")
            assert r.status == 502, "a certificate no trusted authority signed"
            assert logged(dawn, "OpenID: Authentik:", "certificate"), dawn.errors[-3:]
        finally:
            dawn.stop()
        dawn = start(dict(env, DAWN_OIDC_CA_FILE=provider.certificate), data=str(tmp_path / "trusted"))
        try:
            admin = setup_admin(dawn)
            provider.user = dict(MUM)
            r, _ = round_trip(admin, provider, "/account/oidc/connect", cafile=provider.certificate)
            assert r.status == 303 and r.header("Location") == "/account?done=oidc-connected#oidc", r.text[:500]
            r, _ = round_trip(Browser(dawn), provider, cafile=provider.certificate)
            assert r.status == 303 and r.header("Location") == "/"
        finally:
            dawn.stop()
    finally:
        provider.stop()


def test_settings_are_checked_at_start_and_the_secret_masked(tmp_path):
    secret_file = tmp_path / "secret"
    secret_file.write_text("from-a-file-0123456789\n")

    def serve(env, *args):
        full = dict(os.environ, **env)
        return subprocess.run([dawn_binary(), "serve", "--print-config", "--data", str(tmp_path / "d")] + list(args),
                              env=full, cwd=ROOT, capture_output=True, timeout=30)

    base = {"DAWN_OIDC_ISSUER": "https://auth.example.org/application/o/dawn/", "DAWN_OIDC_CLIENT_ID": "dawn"}
    r = serve(dict(base, DAWN_OIDC_CLIENT_SECRET="very-secret-value-123"))
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert "DAWN_OIDC_CLIENT_SECRET=********" in out.splitlines() and "very-secret-value-123" not in out
    assert "DAWN_OIDC_ISSUER=https://auth.example.org/application/o/dawn/" in out.splitlines()
    assert "DAWN_PASSWORD_SIGNIN=1" in out.splitlines()
    r = serve(dict(base, DAWN_OIDC_CLIENT_SECRET_FILE=str(secret_file)))
    assert r.returncode == 0 and "from-a-file" not in r.stdout.decode()
    assert "DAWN_OIDC_CLIENT_SECRET=********" in r.stdout.decode().splitlines()
    cases = [
        (dict(base), "missing: DAWN_OIDC_CLIENT_SECRET (or DAWN_OIDC_CLIENT_SECRET_FILE)"),
        ({"DAWN_OIDC_ISSUER": "http://auth.example.org/", "DAWN_OIDC_CLIENT_ID": "x", "DAWN_OIDC_CLIENT_SECRET": "y"},
         "DAWN_OIDC_ISSUER must be https:// (http:// only for a provider on this machine"),
        (dict(base, DAWN_OIDC_CLIENT_SECRET="a", DAWN_OIDC_CLIENT_SECRET_FILE=str(secret_file)), "not both"),
        (dict(base, DAWN_OIDC_CLIENT_SECRET_FILE=str(tmp_path / "nope")), "cannot read the client secret from"),
        ({"DAWN_PASSWORD_SIGNIN": "0"}, "DAWN_PASSWORD_SIGNIN=0 needs sign-in with an OpenID provider"),
        ({"DAWN_OIDC_NAME": "Authentik"}, "missing: DAWN_OIDC_ISSUER, DAWN_OIDC_CLIENT_ID"),
    ]
    for env, message in cases:
        r = serve(env)
        assert r.returncode == 2 and message in r.stderr.decode(), (env, r.stderr)
        assert "very" not in r.stderr.decode()


def documented_examples():
    """The env lines of docs/operations.md's "Signing in with an OpenID provider", as written."""
    with open(os.path.join(ROOT, "docs", "operations.md"), encoding="utf-8") as f:
        text = f.read()
    section = text.split("### Signing in with an OpenID provider", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```\n(.*?)```", section, re.S)
    return [dict(line.split("=", 1) for line in block.strip().splitlines()) for block in blocks if "DAWN_OIDC_ISSUER=" in block]


@pytest.mark.parametrize("name", ["Authentik", "Keycloak"])
def test_the_documented_examples_sign_in_as_written(tmp_path, name):
    examples = {example["DAWN_OIDC_NAME"]: example for example in documented_examples()}
    assert sorted(examples) == ["Authentik", "Keycloak"]
    example = examples[name]
    assert sorted(example) == ["DAWN_OIDC_CLIENT_ID", "DAWN_OIDC_CLIENT_SECRET_FILE", "DAWN_OIDC_ISSUER", "DAWN_OIDC_NAME"]
    # The provider at the example's path (Authentik's with its slash, Keycloak's realm without),
    # on loopback in place of the example's host; the secret file in a temporary folder.
    issuer = urllib.parse.urlsplit(example["DAWN_OIDC_ISSUER"])
    assert issuer.scheme == "https"
    provider = Provider(client_id=example["DAWN_OIDC_CLIENT_ID"], path=issuer.path)
    secret = tmp_path / "oidc-secret"
    secret.write_text(provider.client_secret + "\n")
    assert example["DAWN_OIDC_CLIENT_SECRET_FILE"] == "/etc/dawn/oidc-secret"
    env = dict(example, DAWN_OIDC_ISSUER=provider.base + issuer.path, DAWN_OIDC_CLIENT_SECRET_FILE=str(secret))
    dawn = start(env)
    try:
        admin = setup_admin(dawn)
        provider.user = dict(MUM)
        assert f"Connect your {name} account" in admin.get("/account").text
        r, _ = round_trip(admin, provider, "/account/oidc/connect")
        assert r.status == 303, r.text[:500]
        b = Browser(dawn)
        assert f">Sign in with {name}</a>" in b.get("/login").text
        r, _ = round_trip(b, provider)
        assert r.status == 303 and "Mum" in b.get("/").text
        assert provider.count(issuer.path.rstrip("/") + "/.well-known/openid-configuration") == 1
    finally:
        dawn.stop()
        provider.stop()
