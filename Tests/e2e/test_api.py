"""The API door end to end, over the real binary and real sockets: tokens made on
/account/tokens (shown once, kept as SHA-256 only, at most 20, a child's read only, revoked
at once, gone with their member), Bearer sign-in on /api/… only, scopes (read, write,
journal), the JSON errors and their statuses (401 with WWW-Authenticate, 403, 404, 422, 429
with Retry-After), every route of /api/v1 and /api/stats, the writes going through the
pages' own write path (the day page and its ETag change), bounded and strict JSON bodies
with nothing written when refused, last use kept in memory and written at most once a
minute (and at shutdown), and the OpenAPI document: valid, and every answer these tests
get checked against its schemas."""
import hashlib
import html
import json
import os
import re
import socket
import sqlite3
import time

import jsonschema
import pytest
from openapi_spec_validator import validate as validate_openapi

from conftest import Browser, Reader, request
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_guardians import add_child

SPEC = {}


# ---------------------------------------------------------------- helpers


def api(dawn, method, path, token=None, body=None, raw=None, content_type="application/json", headers=None):
    """One request to the API; `body` is sent as JSON, `raw` as given."""
    lines = [f"{method} {path} HTTP/1.1", "Host: localhost", "Connection: close"]
    if token is not None:
        lines.append(f"Authorization: Bearer {token}")
    for k, v in (headers or {}).items():
        lines.append(f"{k}: {v}")
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
    if method == "POST":
        if content_type:
            lines.append(f"Content-Type: {content_type}")
        lines.append(f"Content-Length: {len(data)}")
    r = request(dawn, ("\r\n".join(lines) + "\r\n\r\n").encode() + data)
    r.json = json.loads(r.body) if r.body and (r.header("Content-Type") or "").startswith("application/json") else None
    return r


def spec(dawn):
    if not SPEC:
        r = api(dawn, "GET", "/api/openapi.json")
        assert r.status == 200, r
        SPEC.update(r.json)
    return SPEC


def conforms(dawn, r, template, method="get"):
    """Checks the answer against the document's schema for its route and status."""
    document = spec(dawn)
    operation = document["paths"][template][method]
    answer = operation["responses"][str(r.status)]
    if "$ref" in answer:
        answer = document["components"]["responses"][answer["$ref"].rsplit("/", 1)[1]]
    schema = dict(answer["content"]["application/json"]["schema"])
    schema["components"] = document["components"]
    jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(r.json)
    for name in answer.get("headers", {}):
        assert r.header(name), (name, r)
    return r


def error_of(r, status, code=None):
    assert r.status == status, r
    assert r.header("Content-Type") == "application/json; charset=utf-8", r
    assert set(r.json) == {"error"} and set(r.json["error"]) == {"code", "message"} and r.json["error"]["message"], r.json
    if code:
        assert r.json["error"]["code"] == code, r.json
    return r.json["error"]["message"]


def make_token(browser, name="Script", scope="read", journal=False):
    browser.open("/account/tokens")
    fields = {"name": name, "scope": scope}
    if journal:
        fields["journal"] = "1"
    r = browser.post("/account/tokens", fields)
    assert r.status == 200, r.text[:500]
    m = re.search(r'<code class="api-token">(dawn_[A-Za-z0-9_-]{43})</code>', r.text)
    assert m, r.text[:2000]
    return m.group(1)


def field_error(page, field_id):
    m = re.search(rf'<p class="field-error" id="{field_id}-error">(.*?)</p>', page)
    return m and html.unescape(m.group(1))


def instance_db(dawn):
    return sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))


def member_id(dawn, username):
    con = instance_db(dawn)
    try:
        return con.execute("SELECT id FROM members WHERE username = ?", (username,)).fetchone()[0]
    finally:
        con.close()


def tokens_of(dawn, username):
    con = instance_db(dawn)
    try:
        return con.execute("SELECT name, scope, journal, token_hash, last_used_at FROM api_tokens WHERE member_id = "
                           "(SELECT id FROM members WHERE username = ?) ORDER BY id", (username,)).fetchall()
    finally:
        con.close()


def member_rows(dawn, username, sql):
    con = sqlite3.connect(os.path.join(dawn.data, "users", f"{member_id(dawn, username)}.sqlite"))
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def add_habit(browser, name, fields=()):
    browser.open("/habits/new")
    r = browser.request("POST", "/habits", _encode([("name", name), ("emoji", "📚"), ("color", "#48DBAB"),
                                                    ("duration", "30"), *fields, ("csrf", browser.csrf)]))
    assert r.status == 303, r.text[:300]


def _encode(pairs):
    from urllib.parse import urlencode
    return urlencode(pairs).encode()


def post_json_with_cookie(browser, path, body, csrf):
    data = json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if csrf:
        headers["X-CSRF-Token"] = csrf
    lines = [f"POST {path} HTTP/1.1", "Host: localhost", "Connection: close",
             "Cookie: " + "; ".join(f"{k}={v}" for k, v in browser.jar.items()),
             *[f"{k}: {v}" for k, v in headers.items()], f"Content-Length: {len(data)}"]
    r = request(browser.server, ("\r\n".join(lines) + "\r\n\r\n").encode() + data)
    r.json = json.loads(r.body) if r.body else None
    return r


# ---------------------------------------------------------------- the family


@pytest.fixture(scope="module")
def home(dawn):
    """Mum (admin, Europe/Rome) with three habits (Read with a target of 20 pages, Run,
    Stretch archived), Dad with one habit, the child Mia (Mum her guardian) with one habit."""
    mum = setup_admin(dawn)
    assert add_member(mum, username="dad", name="Dad").status == 303
    assert add_child(mum, "mia", "Mia").status == 303
    mum.open("/family")
    assert mum.post("/family/guardians", {"guardian": "mum", "child": "mia"}).status == 303
    add_habit(mum, "Read", [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                            ("target_kind", "at_least"), ("group", "Evening")])
    add_habit(mum, "Run", [("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "thu")])
    add_habit(mum, "Stretch")
    mum.open("/habits/3/edit")
    assert mum.post("/habits/3/archive", {}).status == 303
    dad, _ = sign_in(dawn, "dad", MEMBER_PASSWORD)
    add_habit(dad, "Dad's secret habit")
    mia, _ = sign_in(dawn, "mia", MEMBER_PASSWORD)
    add_habit(mia, "Piano")
    tokens = {
        "mum_read": make_token(mum, "Read only", "read"),
        "mum_write": make_token(mum, "Home Assistant", "write"),
        "mum_journal": make_token(mum, "Diary script", "write", journal=True),
        "mum_read_journal": make_token(mum, "Reader", "read", journal=True),
        "dad_write": make_token(dad, "Dad's phone", "write"),
        "mia_read": make_token(mia, "Mia's tablet", "read"),
    }
    today = api(dawn, "GET", "/api/v1/me", tokens["mum_read"]).json["today"]
    return dawn, mum, dad, mia, tokens, today


# ---------------------------------------------------------------- the document


def test_the_openapi_document_is_public_valid_and_names_every_route(home):
    dawn = home[0]
    r = api(dawn, "GET", "/api/openapi.json")
    assert r.status == 200 and r.header("Content-Type") == "application/json; charset=utf-8"
    validate_openapi(r.json)
    assert r.json["openapi"].startswith("3.1")
    assert set(r.json["paths"]) == {"/api/v1/me", "/api/v1/habits", "/api/v1/days/{date}",
                                    "/api/v1/days/{date}/check/{habitId}", "/api/v1/days/{date}/notes",
                                    "/api/stats", "/api/openapi.json"}
    bearer = r.json["components"]["securitySchemes"]["bearer"]
    assert (bearer["type"], bearer["scheme"]) == ("http", "bearer")


# ---------------------------------------------------------------- tokens on /account/tokens


def test_the_account_page_links_to_the_tokens_page(home):
    dawn, mum = home[0], home[1]
    page = mum.get("/account")
    assert 'href="/account/tokens"' in page.text


def test_a_token_is_shown_once_and_kept_only_as_its_hash(home):
    dawn, mum, _, _, tokens, _ = home
    token = make_token(mum, "Shown once", "read")
    assert re.fullmatch(r"dawn_[A-Za-z0-9_-]{43}", token)
    listing = mum.get("/account/tokens")
    assert listing.status == 200 and token not in listing.text
    assert "Shown once" in listing.text and "Read only" in listing.text and "never used" in listing.text
    assert listing.header("Cache-Control") == "no-store"
    assert "Signing out everywhere does not revoke tokens" in listing.text
    rows = {name: row for name, *row in tokens_of(dawn, "mum")}
    assert rows["Shown once"][:3] == ["read", 0, hashlib.sha256(token.encode()).digest()]
    assert rows["Diary script"][:2] == ["write", 1]
    with open(os.path.join(dawn.data, "instance.sqlite"), "rb") as f:
        stored = f.read()
    for secret in [token, *tokens.values()]:
        assert secret.encode() not in stored and secret[5:].encode() not in stored
    assert api(dawn, "GET", "/api/v1/me", token).status == 200
    used = mum.get("/account/tokens").text
    assert re.search(r"Shown once</strong>.*?last used [^<]* from 127\.0\.0\.1", used, re.S), used


def test_a_name_is_one_line_of_1_to_40_characters_and_nothing_is_written_otherwise(home):
    dawn, mum = home[0], home[1]
    before = tokens_of(dawn, "mum")
    mum.open("/account/tokens")
    for name in ["", "   ", "x" * 41, "two\nlines", "tab\there"]:
        r = mum.post("/account/tokens", {"name": name, "scope": "read"})
        assert r.status == 400, name
        assert field_error(r.text, "token-name") == "Give the token a name of 1 to 40 characters on one line.", name
        assert 'class="api-token"' not in r.text
    r = mum.post("/account/tokens", {"name": "Fine", "scope": "admin"})
    assert r.status == 400 and field_error(r.text, "token-scope") == "Choose read, or read and write."
    r = mum.post("/account/tokens", {"name": "x" * 41, "scope": "read"}, csrf="forged")
    assert r.status == 403
    assert tokens_of(dawn, "mum") == before
    assert 'value="' + "x" * 41 + '"' not in r.text


def test_twenty_tokens_at_most_the_21st_refused_beside_its_field(home):
    dawn, mum = home[0], home[1]
    assert add_member(mum, username="gran", name="Gran").status == 303
    gran, _ = sign_in(dawn, "gran", MEMBER_PASSWORD)
    for n in range(20):
        make_token(gran, f"Token {n + 1}")
    gran.open("/account/tokens")
    r = gran.post("/account/tokens", {"name": "One too many", "scope": "read"})
    assert r.status == 400
    assert field_error(r.text, "token-name") == ("You already have 20 tokens, the most one member can hold. "
                                                 "Revoke one to make another.")
    assert 'value="One too many"' in r.text and 'class="api-token"' not in r.text
    assert len(tokens_of(dawn, "gran")) == 20


def test_a_childs_tokens_read_only(home):
    dawn, _, _, mia, tokens, today = home
    page = mia.open("/account/tokens")
    assert 'value="write"' not in page.text and "A child's tokens can only read." in html.unescape(page.text)
    before = tokens_of(dawn, "mia")
    r = mia.post("/account/tokens", {"name": "Forged", "scope": "write"})
    assert r.status == 400 and field_error(r.text, "token-scope") == "A child's tokens can only read."
    assert tokens_of(dawn, "mia") == before
    r = api(dawn, "POST", f"/api/v1/days/{today}/check/1", tokens["mia_read"], {"action": "done"})
    error_of(r, 403, "child_read_only")
    assert member_rows(dawn, "mia", "SELECT count(*) FROM habit_instances") == [(0,)]
    conforms(dawn, api(dawn, "GET", "/api/v1/habits", tokens["mia_read"]), "/api/v1/habits")


# ---------------------------------------------------------------- Bearer sign-in


def test_missing_unknown_malformed_and_revoked_tokens_are_401_with_a_challenge(home):
    dawn, mum = home[0], home[1]
    token = make_token(mum, "Soon revoked")
    assert api(dawn, "GET", "/api/v1/me", token).status == 200
    for sent in [None, "", "dawn_" + "A" * 43, "dawn_short", token[5:], token + "x", "Basic bXVtOnB3"]:
        r = api(dawn, "GET", "/api/v1/me", sent)
        message = error_of(r, 401, "token_missing" if sent is None else "token_invalid")
        assert r.header("WWW-Authenticate") == 'Bearer realm="dawn"', sent
        assert message
        conforms(dawn, r, "/api/v1/me")
    r = api(dawn, "GET", "/api/v1/me", headers={"Authorization": "Basic bXVtOnB3"})
    error_of(r, 401, "token_missing")
    listing = mum.open("/account/tokens").text
    token_id = re.findall(r'/account/tokens/(\d+)/revoke', listing)[-1]
    r = mum.post(f"/account/tokens/{token_id}/revoke", {})
    assert (r.status, r.header("Location")) == (303, "/account/tokens?done=revoked")
    assert "The token was revoked" in mum.get("/account/tokens?done=revoked").text
    error_of(api(dawn, "GET", "/api/v1/me", token), 401, "token_invalid")
    assert mum.post(f"/account/tokens/{token_id}/revoke", {}).status == 404


def test_another_members_token_cannot_be_revoked(home):
    dawn, mum, dad, _, tokens, _ = home
    dad_ids = re.findall(r'/account/tokens/(\d+)/revoke', dad.open("/account/tokens").text)
    mum.open("/account/tokens")
    for token_id in dad_ids:
        assert mum.post(f"/account/tokens/{token_id}/revoke", {}).status == 404
    assert api(dawn, "GET", "/api/v1/me", tokens["dad_write"]).status == 200


def test_a_bearer_on_a_page_signs_nobody_in(home):
    dawn, _, _, _, tokens, today = home
    anonymous = Browser(dawn, headers={"Authorization": f"Bearer {tokens['mum_journal']}"})
    for path in ["/", f"/day/{today}", "/account/tokens", "/export/dawn.json"]:
        r = anonymous.get(path)
        assert r.status == 303 and r.header("Location").startswith("/login"), (path, r)
    r = anonymous.request("POST", f"/day/{today}/notes", _encode([("note", "via a page")]))
    assert r.status == 403
    assert member_rows(dawn, "mum", "SELECT count(*) FROM notes WHERE body = 'via a page'") == [(0,)]


def test_a_browser_reaches_the_api_and_its_json_writes_need_the_csrf_header(home):
    dawn, mum, _, _, _, today = home
    r = mum.get("/api/v1/me")
    assert r.status == 200 and json.loads(r.body)["username"] == "mum"
    csrf = re.search(r'name="csrf" value="([^"]+)"', mum.get("/account").text).group(1)
    before = member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances")
    for sent in [None, "forged"]:
        r = post_json_with_cookie(mum, f"/api/v1/days/{today}/check/2", {"action": "done"}, sent)
        assert r.status == 403 and r.json["error"]["code"] == "forbidden", r
    assert member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances") == before
    r = post_json_with_cookie(mum, f"/api/v1/days/{today}/check/2", {"action": "skip"}, csrf)
    assert r.status == 200 and r.json["skipped"] is True, r
    r = post_json_with_cookie(mum, f"/api/v1/days/{today}/check/2", {"action": "unskip"}, csrf)
    assert r.status == 200 and r.json["skipped"] is False


# ---------------------------------------------------------------- reading


def test_me(home):
    dawn, _, _, _, tokens, today = home
    r = conforms(dawn, api(dawn, "GET", "/api/v1/me", tokens["mum_read"]), "/api/v1/me")
    assert r.json == {"username": "mum", "displayName": "Mum", "timeZone": "Europe/Rome", "today": today}
    assert r.header("Cache-Control") == "no-store"


def test_habits_with_schedule_and_target_as_the_json_export_writes_them(home):
    dawn, mum, _, _, tokens, _ = home
    r = conforms(dawn, api(dawn, "GET", "/api/v1/habits", tokens["mum_read"]), "/api/v1/habits")
    export = {h["id"]: h for h in json.loads(mum.get("/export/dawn.json").body)["habits"]}
    assert [h["name"] for h in r.json["habits"]] == ["Read", "Run", "Stretch"]
    for habit in r.json["habits"]:
        exported = export[habit["id"]]
        assert habit["schedule"] == exported["schedule"]
        assert habit["target"] == exported.get("target")
        assert habit["color"] == exported["colour"] and habit["group"] == exported["group"]
        assert habit["archived"] == ("archivedAt" in exported)
    assert r.json["habits"][0]["target"] == {"amount": 20, "unit": "pages", "kind": "at_least"}
    assert r.json["habits"][1]["schedule"] == {"weekdays": ["mon", "thu"]}


def test_a_day_and_the_journal_only_for_a_journal_token(home):
    dawn, mum, _, _, tokens, today = home
    mum.open(f"/day/{today}")
    assert mum.post(f"/day/{today}/entry", {"entry": "A **good** day", "version": "0"}).status == 303
    assert mum.post(f"/day/{today}/mood", {"mood": "4"}).status == 303
    plain = conforms(dawn, api(dawn, "GET", f"/api/v1/days/{today}", tokens["mum_read"]), "/api/v1/days/{date}")
    assert set(plain.json) == {"date", "habits", "chores", "mood"} and plain.json["mood"] == 4
    assert [h["id"] for h in plain.json["habits"]] == [1, 2], "active habits only, in the member's order"
    read = plain.json["habits"][0]
    assert (read["due"], read["done"], read["skipped"], read["amount"]) == (True, False, False, 0)
    journal = conforms(dawn, api(dawn, "GET", f"/api/v1/days/{today}", tokens["mum_read_journal"]), "/api/v1/days/{date}")
    assert journal.json["entry"] == "A **good** day" and isinstance(journal.json["notes"], list)
    same = api(dawn, "GET", "/api/v1/days/today", tokens["mum_read_journal"])
    assert same.json == journal.json


def test_bad_and_unreachable_dates(home):
    dawn, _, _, _, tokens, _ = home
    for date in ["2026-02-30", "yesterday", "26-11-2026"]:
        error_of(conforms(dawn, api(dawn, "GET", f"/api/v1/days/{date}", tokens["mum_read"]), "/api/v1/days/{date}"),
                 400, "bad_request")
    for date in ["1899-12-31", "2999-01-01"]:
        error_of(api(dawn, "GET", f"/api/v1/days/{date}", tokens["mum_read"]), 404, "not_found")


def test_unknown_addresses_and_methods_answer_in_json(home):
    dawn, _, _, _, tokens, today = home
    error_of(api(dawn, "GET", "/api/v1/nothing", tokens["mum_read"]), 404, "not_found")
    error_of(api(dawn, "GET", "/api/v2/me", tokens["mum_read"]), 404, "not_found")
    r = api(dawn, "GET", f"/api/v1/days/{today}/notes", tokens["mum_read"])
    error_of(r, 405, "method_not_allowed")
    assert r.header("Allow") == "POST"
    assert api(dawn, "GET", "/members/mia/api/v1/habits", tokens["mum_read"]).status == 404


# ---------------------------------------------------------------- writing


def test_a_read_token_cannot_write_and_nothing_changes(home):
    dawn, _, _, _, tokens, today = home
    before = member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances")
    for token, code in [(tokens["mum_read"], "read_only_token"), (tokens["mum_read_journal"], "read_only_token")]:
        r = api(dawn, "POST", f"/api/v1/days/{today}/check/1", token, {"action": "done"})
        error_of(conforms(dawn, r, "/api/v1/days/{date}/check/{habitId}", "post"), 403, code)
        r = api(dawn, "POST", f"/api/v1/days/{today}/notes", token, {"text": "nope"})
        error_of(r, 403)
    r = api(dawn, "POST", f"/api/v1/days/{today}/notes", tokens["mum_write"], {"text": "no journal"})
    error_of(conforms(dawn, r, "/api/v1/days/{date}/notes", "post"), 403, "journal_not_granted")
    assert member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances") == before
    assert member_rows(dawn, "mum", "SELECT count(*) FROM notes WHERE body IN ('nope', 'no journal')") == [(0,)]


def test_a_check_through_the_api_shows_on_the_day_page_and_changes_its_etag(home):
    dawn, mum, _, _, tokens, today = home
    page = mum.get(f"/day/{today}")
    etag = page.header("ETag")
    assert etag and '<li class="check open" id="check-1">' in page.text
    assert mum.get(f"/day/{today}", headers={"If-None-Match": etag}).status == 304
    r = api(dawn, "POST", f"/api/v1/days/{today}/check/1", tokens["mum_write"], {"action": "done"})
    conforms(dawn, r, "/api/v1/days/{date}/check/{habitId}", "post")
    assert r.json == {"id": 1, "due": True, "done": True, "skipped": False, "amount": 20}
    after = mum.get(f"/day/{today}", headers={"If-None-Match": etag})
    assert after.status == 200 and after.header("ETag") != etag
    assert '<li class="check done" id="check-1">' in after.text
    r = api(dawn, "POST", f"/api/v1/days/{today}/check/1", tokens["mum_write"], {"action": "undo"})
    assert r.status == 200 and r.json["done"] is False
    assert '<li class="check open" id="check-1">' in mum.get(f"/day/{today}").text
    assert member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances WHERE habit_id = 1") == [(0,)]


def test_amounts_skips_and_the_checklists_rules(home):
    dawn, _, _, _, tokens, today = home
    path = f"/api/v1/days/{today}/check/1"
    r = conforms(dawn, api(dawn, "POST", path, tokens["mum_write"], {"action": "done", "amount": 12.5}),
                 "/api/v1/days/{date}/check/{habitId}", "post")
    assert (r.json["done"], r.json["amount"]) == (False, 12.5), "12.5 of at least 20 pages"
    r = api(dawn, "POST", path, tokens["mum_write"], {"action": "done"})
    assert (r.json["done"], r.json["amount"]) == (True, 20), "done adds what the target still needs"
    r = api(dawn, "POST", path, tokens["mum_write"], {"action": "undo"})
    assert (r.json["done"], r.json["amount"]) == (False, 0)
    r = api(dawn, "POST", path, tokens["mum_write"], {"action": "skip"})
    assert (r.status, r.json["skipped"]) == (200, True)
    r = api(dawn, "POST", path, tokens["mum_write"], {"action": "unskip"})
    assert (r.status, r.json["skipped"]) == (200, False)
    # An archived habit is refused as the checklist refuses it; an unknown one is a 404.
    error_of(api(dawn, "POST", f"/api/v1/days/{today}/check/3", tokens["mum_write"], {"action": "done"}), 400)
    for habit in ["99", "0", "abc"]:
        error_of(api(dawn, "POST", f"/api/v1/days/{today}/check/{habit}", tokens["mum_write"], {"action": "done"}),
                 404, "not_found")
    assert member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances WHERE habit_id IN (1, 3)") == [(0,)]


@pytest.mark.parametrize("body, raw, content_type, status, field", [
    ({"action": "finish"}, None, "application/json", 422, "action"),
    ({}, None, "application/json", 422, "action"),
    ({"action": 1}, None, "application/json", 422, "action"),
    ({"action": "done", "amount": -1}, None, "application/json", 422, "amount"),
    ({"action": "done", "amount": "5"}, None, "application/json", 422, "amount"),
    ({"action": "done", "amount": 1e12}, None, "application/json", 422, "amount"),
    ({"action": "undo", "amount": 2}, None, "application/json", 422, "amount"),
    (None, b"[1, 2]", "application/json", 422, None),
    (None, b'{"action": "done"', "application/json", 400, None),
    (None, b"action=done", "application/x-www-form-urlencoded", 400, None),
    (None, b'{"action": "done"}', None, 400, None),
    (None, b'{"action": "done"}', "text/plain", 400, None),
    (None, b"", "application/json", 400, None),
    (None, b"[" * 40 + b"]" * 40, "application/json", 400, None),
])
def test_a_refused_body_says_why_and_writes_nothing(home, body, raw, content_type, status, field):
    dawn, _, _, _, tokens, today = home
    before = member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances"), \
        member_rows(dawn, "mum", "SELECT count(*) FROM habit_skips")
    r = api(dawn, "POST", f"/api/v1/days/{today}/check/1", tokens["mum_write"], body, raw=raw, content_type=content_type)
    message = error_of(conforms(dawn, r, "/api/v1/days/{date}/check/{habitId}", "post"), status)
    if field:
        assert message.startswith(field + ":"), message
    after = member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances"), \
        member_rows(dawn, "mum", "SELECT count(*) FROM habit_skips")
    assert after == before


def test_a_body_over_the_servers_limit_is_413_and_writes_nothing(home):
    dawn, _, _, _, tokens, today = home
    text = "x" * (1024 * 1024 + 10)
    r = api(dawn, "POST", f"/api/v1/days/{today}/notes", tokens["mum_journal"], {"text": text})
    assert r.status == 413
    assert member_rows(dawn, "mum", "SELECT count(*) FROM notes WHERE length(body) > 1000") == [(0,)]


def test_notes_need_write_and_the_journal_and_keep_the_note_forms_limits(home):
    dawn, mum, _, _, tokens, today = home
    path = f"/api/v1/days/{today}/notes"
    r = conforms(dawn, api(dawn, "POST", path, tokens["mum_journal"], {"text": "  Ran in the rain  "}),
                 "/api/v1/days/{date}/notes", "post")
    assert r.status == 201 and r.json["notes"][-1]["text"] == "Ran in the rain"
    assert "Ran in the rain" in mum.get(f"/day/{today}").text
    for body, start in [({"text": ""}, "text:"), ({"text": "   "}, "text:"), ({"text": "x" * 501}, "text:"),
                        ({"text": "two\nlines"}, "text:"), ({"text": 5}, "text:"), ({}, "text:")]:
        r = api(dawn, "POST", path, tokens["mum_journal"], body)
        assert error_of(r, 422, "invalid").startswith(start), (body, r.json)
    assert "500" in api(dawn, "POST", path, tokens["mum_journal"], {"text": "x" * 501}).json["error"]["message"]
    assert member_rows(dawn, "mum", "SELECT count(*) FROM notes") == [(1,)]


def test_a_token_never_reaches_another_members_data(home):
    dawn, mum, dad, _, tokens, today = home
    dads = api(dawn, "GET", "/api/v1/habits", tokens["dad_write"]).json["habits"]
    assert [h["name"] for h in dads] == ["Dad's secret habit"]
    mums = api(dawn, "GET", "/api/v1/habits", tokens["mum_read"]).json["habits"]
    assert "Dad's secret habit" not in [h["name"] for h in mums]
    mum_before = member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances")
    for habit in [2, 3]:  # Mum's habit ids: Dad has no such habits
        error_of(api(dawn, "POST", f"/api/v1/days/{today}/check/{habit}", tokens["dad_write"], {"action": "done"}), 404)
    r = api(dawn, "POST", f"/api/v1/days/{today}/check/1", tokens["dad_write"], {"action": "done"})
    assert r.status == 200, "Dad's own habit 1"
    assert member_rows(dawn, "mum", "SELECT count(*) FROM habit_instances") == mum_before
    assert member_rows(dawn, "dad", "SELECT count(*) FROM habit_instances") == [(1,)]
    assert "Ran in the rain" not in json.dumps(api(dawn, "GET", f"/api/v1/days/{today}", tokens["dad_write"]).json)
    # A guardian's token acts as its own member only: never on the child's data.
    assert api(dawn, "GET", "/members/mia/api/v1/habits", tokens["mum_write"]).status == 404
    assert member_rows(dawn, "mia", "SELECT count(*) FROM habit_instances") == [(0,)]


def test_a_childs_undo_of_an_earlier_day_is_refused_as_on_the_day_page(home):
    """Through the API's write path with the child's own browser: the checklist's rules hold."""
    dawn, _, _, mia, _, today = home
    import datetime
    yesterday = (datetime.date.fromisoformat(today) - datetime.timedelta(days=1)).isoformat()
    csrf = re.search(r'name="csrf" value="([^"]+)"', mia.get("/account").text).group(1)
    r = post_json_with_cookie(mia, f"/api/v1/days/{yesterday}/check/1", {"action": "done"}, csrf)
    assert r.status == 200 and r.json["done"] is True, r
    r = post_json_with_cookie(mia, f"/api/v1/days/{yesterday}/check/1", {"action": "undo"}, csrf)
    assert r.status == 403 and r.json["error"]["code"] == "forbidden", r
    assert member_rows(dawn, "mia", f"SELECT count(*) FROM habit_instances WHERE day = '{yesterday}'") == [(1,)]
    r = post_json_with_cookie(mia, f"/api/v1/days/{yesterday}/check/1", {"action": "skip"}, csrf)
    assert r.status == 403
    r = post_json_with_cookie(mia, f"/api/v1/days/{today}/check/1", {"action": "done"}, csrf)
    assert r.status == 200
    r = post_json_with_cookie(mia, f"/api/v1/days/{today}/check/1", {"action": "undo"}, csrf)
    assert r.status == 200 and r.json["done"] is False


# ---------------------------------------------------------------- /api/stats


def test_stats_take_a_token_and_are_otherwise_unchanged(home):
    dawn, mum, _, _, tokens, today = home
    path = f"/api/stats?from={today}&to={today}"
    with_token = conforms(dawn, api(dawn, "GET", path, tokens["mum_read"]), "/api/stats")
    assert with_token.json == json.loads(mum.get(path).body)
    bad = conforms(dawn, api(dawn, "GET", "/api/stats?from=x", tokens["mum_read"]), "/api/stats")
    assert bad.status == 400 and isinstance(bad.json["error"], str)
    error_of(api(dawn, "GET", path, "dawn_" + "B" * 43), 401, "token_invalid")
    assert Browser(dawn).get(path).status == 303


# ---------------------------------------------------------------- removal, sign-out, rate, last use


def test_signing_out_everywhere_keeps_tokens_removing_the_member_revokes_them(home):
    dawn, mum, _, _, _, _ = home
    assert add_member(mum, username="lodger", name="Lodger").status == 303
    lodger, _ = sign_in(dawn, "lodger", MEMBER_PASSWORD)
    token = make_token(lodger, "Lodger's script", "write")
    lodger.open("/account")
    assert lodger.post("/account/sign-out-everywhere", {}).status == 303
    assert api(dawn, "GET", "/api/v1/me", token).json["username"] == "lodger"
    mum.open("/family/members/lodger/remove")
    r = mum.post("/family/members/lodger/remove", {"confirm": "lodger"})
    assert r.status == 303, r.text[:300]
    error_of(api(dawn, "GET", "/api/v1/me", token), 401, "token_invalid")
    con = instance_db(dawn)
    try:
        assert con.execute("SELECT count(*) FROM api_tokens WHERE name = ?", ("Lodger's script",)).fetchone()[0] == 0
    finally:
        con.close()


def test_600_requests_a_minute_per_token_then_429_with_retry_after(home):
    dawn, mum = home[0], home[1]
    busy, calm = make_token(mum, "Busy"), make_token(mum, "Calm")
    one = f"GET /api/v1/me HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {busy}\r\n\r\n".encode()
    statuses = []
    with dawn.connect(timeout=30) as s:
        reader = Reader(s)
        for batch in range(0, 601, 50):
            count = min(50, 601 - batch)
            s.sendall(one * count)
            for _ in range(count):
                statuses.append(reader.read())
    assert [r.status for r in statuses[:600]] == [200] * 600
    last = statuses[600]
    last.json = json.loads(last.body)
    error_of(last, 429, "rate_limited")
    assert 1 <= int(last.header("Retry-After")) <= 60
    conforms(dawn, last, "/api/v1/me")
    assert api(dawn, "GET", "/api/v1/me", calm).status == 200, "another token keeps its own count"


def test_the_limit_is_a_setting(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_API_RATE_LIMIT": "3"})
    mum = setup_admin(dawn)
    token = make_token(mum, "Script")
    statuses = [api(dawn, "GET", "/api/v1/me", token).status for _ in range(4)]
    assert statuses == [200, 200, 200, 429]


def test_last_use_is_written_at_once_then_at_most_a_minute_apart_and_at_shutdown(fresh_dawn):
    dawn = fresh_dawn()
    mum = setup_admin(dawn)
    token = make_token(mum, "Sensor")
    assert tokens_of(dawn, "mum")[0][4] is None
    assert api(dawn, "GET", "/api/v1/me", token).status == 200
    first = tokens_of(dawn, "mum")[0][4]
    assert first is not None, "the first use is written"
    time.sleep(1.2)
    for _ in range(5):
        assert api(dawn, "GET", "/api/v1/me", token).status == 200
    assert tokens_of(dawn, "mum")[0][4] == first, "not again within the minute"
    shown = mum.get("/account/tokens").text
    assert "last used" in shown
    assert dawn.stop() == 0
    assert tokens_of(dawn, "mum")[0][4] > first, "written at shutdown"


# ---------------------------------------------------------------- docs/integrations.md, as written


def doc_blocks(language):
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "integrations.md"), encoding="utf-8") as f:
        text = f.read()
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


@pytest.fixture(scope="module")
def docs_member(home):
    """A member of their own for the examples: habit 1 numeric (at least 20 pages), a write
    token with the journal."""
    dawn, mum = home[0], home[1]
    assert add_member(mum, username="reader", name="Reader").status == 303
    reader, _ = sign_in(dawn, "reader", MEMBER_PASSWORD)
    add_habit(reader, "Pages", [("schedule", "day"), ("target_amount", "20"), ("target_unit", "pages"),
                                ("target_kind", "at_least")])
    add_habit(reader, "Floss")
    return dawn, reader, make_token(reader, "Docs", "write", journal=True)


def test_the_curl_examples_make_these_requests(docs_member):
    import subprocess
    dawn, reader, token = docs_member
    blocks = doc_blocks("sh")
    assert len(blocks) == 7
    routes = ["/api/v1/me", "/api/v1/habits", "/api/v1/days/{date}", "/api/v1/days/{date}/check/{habitId}",
              "/api/v1/days/{date}/check/{habitId}", "/api/v1/days/{date}/check/{habitId}", "/api/v1/days/{date}/notes"]
    env = dict(os.environ, DAWN=f"http://127.0.0.1:{dawn.port}", TOKEN=token)
    for block, route in zip(blocks, routes):
        command = block.strip()
        assert command.startswith("curl -sS ") and "$TOKEN" in command and "$DAWN/api/" in command, command
        out = subprocess.run(["bash", "-c", command + " -w '\\n%{http_code}'"], env=env, capture_output=True, text=True,
                             timeout=30, check=True).stdout
        body, status = out.rsplit("\n", 1)
        r = type("R", (), {})()
        r.status, r.json, r.header = int(status), json.loads(body), (lambda name: "x")
        assert r.status in (200, 201) and "error" not in r.json, (command, body)
        conforms(dawn, r, route, "post" if "-X POST" in command else "get")
    # What they did, read back: the tick, the amount added and taken back, the note.
    assert member_rows(dawn, "reader", "SELECT count(*) FROM habit_instances WHERE day = '2026-11-27'") == [(0,)]
    assert member_rows(dawn, "reader", "SELECT count(*) FROM habit_instances") == [(1,)]
    assert member_rows(dawn, "reader", "SELECT body FROM notes") == [("Walked to school in the rain",)]


def test_the_home_assistant_sensor_and_command_as_configured(docs_member):
    import jinja2
    import yaml
    dawn, reader, token = docs_member
    configuration, secrets = doc_blocks("yaml")
    base = f"http://127.0.0.1:{dawn.port}"
    secret_values = yaml.safe_load(secrets.replace("dawn_…", token))

    class Loader(yaml.SafeLoader):
        pass
    Loader.add_constructor("!secret", lambda loader, node: secret_values[loader.construct_scalar(node)])
    config = yaml.load(configuration.replace("https://dawn.example.org", base), Loader=Loader)
    templates = jinja2.Environment()

    def send(method, url, headers, content_type=None, payload=None):
        path = url[len(base):]
        lines = [f"{method.upper()} {path} HTTP/1.1", "Host: localhost", "Connection: close",
                 *[f"{k}: {v}" for k, v in headers.items()]]
        data = (payload or "").encode()
        if content_type:
            lines += [f"Content-Type: {content_type}", f"Content-Length: {len(data)}"]
        r = request(dawn, ("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        r.json = json.loads(r.body)
        return r

    sensor = config["sensor"][0]
    assert sensor["platform"] == "rest" and sensor["headers"]["Authorization"] == f"Bearer {token}"

    def left():
        r = conforms(dawn, send("get", sensor["resource"], sensor["headers"]), "/api/v1/days/{date}")
        return int(templates.from_string(sensor["value_template"]).render(value_json=r.json)), r.json

    count, day = left()
    expected = sum(1 for h in day["habits"] if h["due"] and not h["done"] and not h["skipped"])
    assert count == expected and count >= 1
    command = config["rest_command"]["dawn_tick_habit"]
    url = templates.from_string(command["url"]).render(habit=2)
    r = send(command["method"], url, command["headers"], command["content_type"], command["payload"])
    conforms(dawn, r, "/api/v1/days/{date}/check/{habitId}", "post")
    assert (r.status, r.json["id"], r.json["done"]) == (200, 2, True)
    assert left()[0] == count - 1


def test_the_shortcut_request_as_written(docs_member):
    dawn, reader, token = docs_member
    (raw,) = [block for block in doc_blocks("http") if "/api/v1/" in block]  # the other is a webhook's call
    head, body = raw.split("\n\n", 1)
    lines = [line.replace("dawn_…", token) for line in head.split("\n") if not line.startswith("Host:")]
    body = body.strip().encode()
    message = "\r\n".join(lines[:1] + ["Host: localhost", "Connection: close"] + lines[1:]
                          + [f"Content-Length: {len(body)}"]) + "\r\n\r\n"
    r = request(dawn, message.encode() + body)
    r.json = json.loads(r.body)
    conforms(dawn, r, "/api/v1/days/{date}/check/{habitId}", "post")
    assert r.status == 200 and r.json["id"] == 1 and r.json["done"] is True
