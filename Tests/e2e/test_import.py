"""Imports (Dawn JSON, Loop Habit Tracker CSV), end to end: round trip, merge, all-or-nothing, CSRF."""
import json
import re
import secrets

import pytest

from conftest import Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import member_db, rows, today_in

TABLES = ["habits", "habit_instances", "entries", "notes"]


def multipart(browser, path, fields, files, csrf=True, timeout=20):
    """POSTs multipart/form-data: `fields` as text parts, `files` as (name, filename, bytes)."""
    boundary = "----dawn" + secrets.token_hex(8)
    fields = dict(fields)
    if csrf:
        fields.setdefault("csrf", browser.csrf)
    body = b""
    for name, value in fields.items():
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").encode()
    for name, filename, data in files:
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n"
                 "Content-Type: application/octet-stream\r\n\r\n").encode() + data + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    return raw_post(browser, path, body, f"multipart/form-data; boundary={boundary}", timeout=timeout)


def raw_post(browser, path, body, content_type, timeout=20):
    lines = [f"POST {path} HTTP/1.1", "Host: localhost", "Connection: close",
             "Cookie: " + "; ".join(f"{k}={v}" for k, v in browser.jar.items()),
             f"Content-Type: {content_type}", f"Content-Length: {len(body)}"]
    from conftest import Reader
    with browser.server.connect(timeout=timeout) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        r = Reader(s).read()
    r.text = r.body.decode("utf-8", "replace")
    return r


def counts(dawn, username):
    path = member_db(dawn, username)
    return {t: rows(path, f"SELECT count(*) FROM {t}")[0][0] for t in TABLES}


def comparable(export):
    habits = {h["id"]: h for h in export["habits"]}
    return {
        "habits": [{k: v for k, v in h.items() if k != "id"} for h in export["habits"]],
        "instances": sorted((habits[i["habitId"]]["name"], i["date"], i["start"], i["durationMinutes"], i["note"])
                            for i in export["instances"]),
        "entries": export["entries"],
        "notes": export["notes"],
    }


def do_import(browser, data, mode="merge", filename="dawn.json", timeout=20):
    browser.open("/account")
    files = data if isinstance(data, list) else [("file", filename, data)]
    return multipart(browser, "/import", {"mode": mode}, files, timeout=timeout)


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    admin.open("/habits/new")
    admin.post("/habits", {"name": "Run, fast", "emoji": "🏃", "color": "#48DBAB", "custom_color": "#888888", "duration": "30"})
    admin.open("/habits/new")
    admin.post("/habits", {"name": "Read", "emoji": "📚", "color": "custom", "custom_color": "#123456", "duration": "45"})
    today = today_in()
    admin.open(f"/day/{today}")
    admin.post(f"/day/{today}/instances", {"habit": "1", "start": "07:30", "duration": "30", "note": 'said "hi"'})
    admin.post(f"/day/{today}/instances", {"habit": "2", "start": "21:00", "duration": "45", "note": ""})
    admin.post(f"/day/{today}/entry", {"entry": "Line one\nLine two"})
    admin.post(f"/day/{today}/notes", {"note": "coffee"})
    admin.post(f"/day/{today}/notes", {"note": "tea"})
    yield dawn, admin, today
    dawn.stop()


def member(dawn, admin, username):
    """A new member added by the admin, signed in."""
    assert add_member(admin, username=username, name=username.title()).status == 303
    browser, r = sign_in(dawn, username, MEMBER_PASSWORD)
    assert r.status == 303
    return browser


def test_round_trip_into_an_empty_account(home):
    dawn, admin, today = home
    original = json.loads(admin.get("/export/dawn.json").body)
    kid = member(dawn, admin, "kid")
    r = do_import(kid, json.dumps(original).encode(), mode="empty")
    assert r.status == 303 and r.header("Location").startswith("/account?done=imported"), r.text[:500]
    page = kid.get(r.header("Location"))
    assert "Imported: 2 habits, 2 logs, 1 entries, 2 notes." in page.text
    again = json.loads(kid.get("/export/dawn.json").body)
    assert comparable(again) == comparable(original)
    # Into a non-empty account, "empty" is refused and changes nothing.
    before = counts(dawn, "kid")
    r = do_import(kid, json.dumps(original).encode(), mode="empty")
    assert r.status == 400 and "already has" in r.text
    assert counts(dawn, "kid") == before


def test_merge_twice_adds_nothing_the_second_time(home):
    dawn, admin, today = home
    original = json.loads(admin.get("/export/dawn.json").body)
    before = counts(dawn, "mum")
    r = do_import(admin, json.dumps(original).encode())
    assert r.status == 303 and "habits=0&logs=0&entries=0&notes=0" in r.header("Location")
    assert counts(dawn, "mum") == before
    other = member(dawn, admin, "dad")
    assert do_import(other, json.dumps(original).encode()).status == 303
    first = counts(dawn, "dad")
    assert first == {"habits": 2, "habit_instances": 2, "entries": 1, "notes": 2}
    assert do_import(other, json.dumps(original).encode()).status == 303
    assert counts(dawn, "dad") == first


def test_malformed_files_change_nothing_and_name_the_line(home):
    dawn, admin, today = home
    good = json.loads(admin.get("/export/dawn.json").body)
    many = dict(good)
    many["instances"] = [dict(good["instances"][0], date=f"2026-01-{d:02d}") for d in range(1, 29)]
    many["instances"][17]["date"] = "2026-02-30"
    kid = member(dawn, admin, "gran")
    cases = [
        (b"{not json", "not valid JSON"),
        (json.dumps(many).encode(), "instances[17]: date 2026-02-30 is not a date"),
        (json.dumps(dict(good, notes=[{"date": "2026-01-01", "text": "x"}])).encode(), "notes[0].createdAt"),
        (b"Date,Run\n2026-01-02,2\n2026-01-01,2\n2026-13-01,2\n", "Checkmarks.csv, line 4: date 2026-13-01 is not a date"),
        (b"Date,Run\n2026-01-02,yes\n", "line 2: yes is not a number"),
        (b"hello,world\n", "neither a Dawn JSON export"),
    ]
    before = counts(dawn, "gran")
    for data, message in cases:
        r = do_import(kid, data, filename="Checkmarks.csv")
        assert r.status == 400, (message, r.text[:300])
        assert message in r.text.replace("&quot;", '"'), (message, re.findall(r'field-error[^<]*', r.text))
        assert 'enctype="multipart/form-data"' in r.text
        assert counts(dawn, "gran") == before, message


def test_deeply_nested_files_are_refused_and_the_server_stays_up(home):
    # The parser recurses once per level on a worker thread's small stack: a file nested
    # past the limit is a 400 saying it is no valid JSON, never a crashed server.
    dawn, admin, today = home
    kid = member(dawn, admin, "deep")
    before = counts(dawn, "deep")
    for depth in (33, 300, 5000, 100_000):
        data = ('{"format": "dawn-export", "version": 2, "habits": ' + "[" * depth + "]" * depth + "}").encode()
        r = do_import(kid, data)
        assert r.status == 400, (depth, r.text[:300])
        assert "not valid JSON" in r.text, (depth, re.findall(r'field-error[^<]*', r.text))
        assert counts(dawn, "deep") == before
    assert admin.get("/healthz").status == 200


LOOP_HABITS = (b"Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
               b"001,Meditate,Did you meditate today?,,1,1,#8E24AA\n"
               b"002,\"Walk, outside\",Did you walk?,\"A long one\",3,7,#FF8F00\n")
LOOP_CHECKMARKS = (b"Date,Meditate,\"Walk, outside\",Floss\r\n"
                   b"2026-03-03,2,0,-1\r\n"
                   b"2026-03-02,2,3,2\r\n"
                   b"2026-03-01,0,2,2\r\n")


def test_loop_csv_sample_imports(home):
    dawn, admin, today = home
    kid = member(dawn, admin, "loopy")
    r = do_import(kid, [("file", "Checkmarks.csv", LOOP_CHECKMARKS), ("file", "Habits.csv", LOOP_HABITS)], mode="empty")
    assert r.status == 303, r.text[:500]
    assert "habits=3&logs=5" in r.header("Location")
    data = json.loads(kid.get("/export/dawn.json").body)
    habits = {h["name"]: h for h in data["habits"]}
    assert set(habits) == {"Meditate", "Walk, outside", "Floss"}
    assert habits["Meditate"]["colour"] == "#8E24AA" and habits["Meditate"]["emoji"] == "⭐️"
    assert habits["Meditate"]["defaultDurationMinutes"] == 15
    names = {h["id"]: h["name"] for h in data["habits"]}
    logged = sorted((names[i["habitId"]], i["date"], i["start"], i["durationMinutes"]) for i in data["instances"])
    # A Loop check-in is a check-off: done that day at no time (Loop keeps none), as the
    # import form says.
    hint = kid.get("/account").text
    assert "Loop check-ins become check-offs of that day, without a time" in hint and "00:00" not in hint
    assert logged == [("Floss", "2026-03-01", None, 15), ("Floss", "2026-03-02", None, 15),
                      ("Meditate", "2026-03-02", None, 15), ("Meditate", "2026-03-03", None, 15),
                      ("Walk, outside", "2026-03-01", None, 15)]
    assert [habits[n]["schedule"] for n in ("Meditate", "Walk, outside", "Floss")] == [
        {"every": "day"}, {"every": "week", "times": 3}, {"every": "day"}]
    # Loop's 3 is a skip.
    assert sorted((names[s["habitId"]], s["date"]) for s in data["skips"]) == [("Walk, outside", "2026-03-02")]
    # Merging the same check-ins again adds nothing; a bad Habits.csv line is named.
    r = do_import(kid, LOOP_CHECKMARKS, filename="Checkmarks.csv")
    assert r.status == 303 and "habits=0&logs=0" in r.header("Location")
    before = counts(dawn, "loopy")
    bad = LOOP_HABITS + b"003,Yoga,,,1,1,purple\n"
    r = do_import(kid, bad, filename="Habits.csv")
    assert r.status == 400 and "Habits.csv, line 4: colour purple is not #RRGGBB" in r.text
    assert counts(dawn, "loopy") == before


def test_csrf_is_required_in_the_multipart_body(home):
    dawn, admin, today = home
    data = admin.get("/export/dawn.json").body
    kid = member(dawn, admin, "nocsrf")
    kid.open("/account")
    r = multipart(kid, "/import", {"mode": "merge"}, [("file", "dawn.json", data)], csrf=False)
    assert r.status == 403
    r = multipart(kid, "/import", {"mode": "merge", "csrf": "forged"}, [("file", "dawn.json", data)], csrf=False)
    assert r.status == 403
    assert counts(dawn, "nocsrf") == {t: 0 for t in TABLES}


def test_non_multipart_and_malformed_bodies_are_refused(home):
    dawn, admin, today = home
    admin.open("/account")
    before = counts(dawn, "mum")
    assert raw_post(admin, "/import", b'{"format":"dawn-export"}', "application/json").status == 415
    r = admin.post("/import", {"mode": "merge"})
    assert r.status == 400 and "Choose a file" in r.text
    r = raw_post(admin, "/import", b"--x\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n" + admin.csrf.encode(),
                 "multipart/form-data; boundary=x")
    assert r.status == 400
    assert counts(dawn, "mum") == before


def test_account_page_has_the_import_form(home):
    dawn, admin, today = home
    page = admin.get("/account").text
    assert '<form method="post" action="/import" enctype="multipart/form-data"' in page
    assert 'name="mode" value="merge"' in page and 'name="mode" value="empty"' in page
