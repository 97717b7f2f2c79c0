"""Nothing a member typed is lost: validators across restarts, two devices editing one
entry or log, and text the forms accept always reaching the database (issue: hardening
round two, items 1–3)."""
import html
import json
import re

import pytest

from conftest import Browser, Dawn
from test_accounts import ADMIN_PASSWORD, add_member, setup_admin, sign_in
from test_day import member_db, rows, today_in
from test_import import do_import

RUNNER = "\U0001F3C3\u200D\u2640\uFE0F"  # 🏃‍♀️: one grapheme cluster, four code points


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    admin.open("/habits/new")
    assert admin.post("/habits", {"name": "Run", "emoji": "🏃", "color": "#48DBAB",
                                  "custom_color": "#888888", "duration": "30"}).status == 303
    yield dawn, admin
    dawn.stop()


def second_device(dawn, username="mum", password=ADMIN_PASSWORD):
    browser, r = sign_in(dawn, username, password)
    assert r.status == 303
    return browser


def version_of(page_text, action):
    """The `version` hidden field of the form posting to `action`."""
    form = re.search(r'<form method="post" action="' + re.escape(action) + r'"(.*?)</form>', page_text, re.S)
    assert form, action
    return re.search(r'name="version" value="(\d+)"', form.group(1)).group(1)


def textarea(page_text):
    return html.unescape(re.search(r'<textarea id="entry"[^>]*>(.*?)</textarea>', page_text, re.S).group(1))


def entry_rows(dawn, day):
    return rows(member_db(dawn, "mum"), "SELECT body FROM entries WHERE day = ?", (str(day),))


# 1. Validators change across restarts.

def test_a_stale_page_is_never_304_after_restarts(fresh_dawn):
    dawn = fresh_dawn()
    phone = setup_admin(dawn)
    laptop = second_device(dawn)
    data = dawn.data
    assert dawn.stop() == 0
    dawn = fresh_dawn(data=data)
    phone.server = laptop.server = dawn
    first = phone.get("/")
    etag = first.header("ETag")
    css = re.search(r'href="(/habits\.css\?v=[^"]+)"', first.text).group(1)
    assert first.status == 200 and etag
    assert phone.get("/", headers={"If-None-Match": etag}).status == 304, "unchanged: 304"
    laptop.open("/")
    assert laptop.post(f"/day/{today_in()}/notes", {"note": "written on the laptop"}).status == 303
    for _ in range(2):
        assert dawn.stop() == 0
        dawn = fresh_dawn(data=data)
        phone.server = dawn
    again = phone.get("/", headers={"If-None-Match": etag})
    assert again.status == 200, "the data changed: the old ETag must not match after restarts"
    assert "written on the laptop" in again.text
    assert again.header("ETag") != etag
    # The stylesheet's version changes across restarts too, so no stale colours are kept.
    assert re.search(r'href="(/habits\.css\?v=[^"]+)"', again.text).group(1) != css
    assert dawn.stop() == 0


# 2. Two devices editing one entry, or one log.

def test_two_devices_editing_one_entry(home):
    dawn, phone = home
    laptop = second_device(dawn)
    day = today_in()
    url = f"/day/{day}"
    phone_page = phone.open(url).text
    laptop_page = laptop.open(url).text
    assert version_of(phone_page, f"{url}/entry") == version_of(laptop_page, f"{url}/entry") == "0"
    r = phone.post(f"{url}/entry", {"entry": "Phone: walked to school", "version": version_of(phone_page, f"{url}/entry")})
    assert r.status == 303
    # The laptop still shows the empty entry it opened: its save is not applied.
    r = laptop.post(f"{url}/entry", {"entry": "Laptop: long day at work", "version": version_of(laptop_page, f"{url}/entry")})
    assert r.status == 409, r.text[:300]
    assert textarea(r.text) == "Laptop: long day at work", "theirs stays in the textarea"
    assert "Phone: walked to school" in r.text, "the stored text beside it"
    assert "changed on another device" in r.text
    assert entry_rows(dawn, day) == [("Phone: walked to school",)], "nothing overwritten"
    # Merged and saved again from the conflict page: it goes through.
    merged = "Phone: walked to school\nLaptop: long day at work"
    r = laptop.post(f"{url}/entry", {"entry": merged, "version": version_of(r.text, f"{url}/entry")})
    assert r.status == 303
    assert entry_rows(dawn, day) == [(merged,)]
    # A delete from the phone's stale page is refused as well.
    r = phone.post(f"{url}/entry", {"entry": "", "action": "delete",
                                    "version": version_of(phone.get(url + "?x").text, f"{url}/entry")})
    assert r.status == 303, "the phone reloaded first: its delete is based on the current version"
    assert entry_rows(dawn, day) == []


def test_a_stale_delete_keeps_the_newer_entry(home):
    dawn, phone = home
    laptop = second_device(dawn)
    day = today_in()
    url = f"/day/{day}"
    phone.open(url)
    assert phone.post(f"{url}/entry", {"entry": "First", "version": "0"}).status == 303
    stale = version_of(laptop.open(url).text, f"{url}/entry")
    phone_page = phone.open(url).text
    assert phone.post(f"{url}/entry", {"entry": "Second", "version": version_of(phone_page, f"{url}/entry")}).status == 303
    r = laptop.post(f"{url}/entry", {"entry": "First", "action": "delete", "version": stale})
    assert r.status == 409 and "Second" in r.text
    assert entry_rows(dawn, day) == [("Second",)]


def test_a_malformed_version_is_a_400_and_writes_nothing(home):
    dawn, phone = home
    day = today_in()
    url = f"/day/{day}"
    before = entry_rows(dawn, day)
    for bad in ["-1", "abc", "1e3", "99999999999999999999", ""]:
        phone.open(url)
        r = phone.post(f"{url}/entry", {"entry": "x", "version": bad})
        assert r.status == 400, bad
        assert "version" in r.text
    assert entry_rows(dawn, day) == before


def test_two_devices_editing_one_log(home):
    dawn, phone = home
    laptop = second_device(dawn)
    day = today_in()
    url = f"/day/{day}"
    phone.open(url)
    assert phone.post(f"{url}/instances", {"habit": "1", "start": "07:30", "duration": "30", "note": ""}).status == 303
    log_id = rows(member_db(dawn, "mum"), "SELECT max(id) FROM habit_instances")[0][0]
    edit = f"{url}/instances/{log_id}"
    phone_form = phone.open(edit).text
    laptop_form = laptop.open(edit).text
    assert phone.post(edit, {"start": "07:30", "duration": "30", "note": "5 km in the park",
                             "version": version_of(phone_form, edit)}).status == 303
    r = laptop.post(edit, {"start": "08:00", "duration": "45", "note": "with the dog",
                           "version": version_of(laptop_form, edit)})
    assert r.status == 409, r.text[:300]
    assert 'value="with the dog"' in r.text and 'value="08:00"' in r.text, "their fields stay in the form"
    assert "5 km in the park" in r.text and "07:30" in r.text, "what is stored beside them"
    stored = rows(member_db(dawn, "mum"), "SELECT start_minute, duration_minutes, note FROM habit_instances WHERE id = ?", (log_id,))
    assert stored == [(450, 30, "5 km in the park")]
    r = laptop.post(edit, {"start": "08:00", "duration": "45", "note": "5 km with the dog",
                           "version": version_of(r.text, edit)})
    assert r.status == 303
    stored = rows(member_db(dawn, "mum"), "SELECT start_minute, duration_minutes, note FROM habit_instances WHERE id = ?", (log_id,))
    assert stored == [(480, 45, "5 km with the dog")]


# 3. What the forms accept, the database accepts; over a limit, the form again with the text.

def test_a_textarea_entry_of_19998_characters_is_saved(home):
    dawn, phone = home
    day = today_in()
    url = f"/day/{day}"
    phone.open(url)
    body = "a\r\n" * 9_999  # what a browser sends for 9,999 lines of "a": 19,998 characters to it
    r = phone.post(f"{url}/entry", {"entry": body})
    assert r.status == 303, r.text[:300]
    assert entry_rows(dawn, day) == [("a\n" * 9_999,)]


def test_an_entry_over_the_limit_comes_back_with_its_text(home):
    dawn, phone = home
    day = today_in()
    url = f"/day/{day}"
    before = entry_rows(dawn, day)
    phone.open(url)
    body = "é" * 19_990 + RUNNER * 3  # 20,002 code points, 19,993 grapheme clusters
    r = phone.post(f"{url}/entry", {"entry": body})
    assert r.status == 400
    assert textarea(r.text) == body
    assert "20,002" in r.text
    assert entry_rows(dawn, day) == before


def test_a_habit_name_of_16_runners_is_refused_with_a_message(home):
    dawn, phone = home
    before = rows(member_db(dawn, "mum"), "SELECT count(*) FROM habits")
    phone.open("/habits/new")
    r = phone.post("/habits", {"name": RUNNER * 16, "emoji": "🏃", "color": "#48DBAB",
                               "custom_color": "#888888", "duration": "30"})
    assert r.status == 400, r.text[:300]
    assert f'value="{RUNNER * 16}"' in r.text
    assert rows(member_db(dawn, "mum"), "SELECT count(*) FROM habits") == before
    phone.open("/habits/new")
    assert phone.post("/habits", {"name": RUNNER * 15, "emoji": "🏃", "color": "#48DBAB",
                                  "custom_color": "#888888", "duration": "30"}).status == 303, "60 code points fit"


def test_log_and_day_notes_count_like_the_database(home):
    dawn, phone = home
    day = today_in()
    url = f"/day/{day}"
    phone.open(url)
    logs = rows(member_db(dawn, "mum"), "SELECT count(*) FROM habit_instances")
    r = phone.post(f"{url}/instances", {"habit": "1", "start": "10:00", "duration": "30", "note": RUNNER * 51})
    assert r.status == 400 and f'value="{RUNNER * 51}"' in r.text
    assert rows(member_db(dawn, "mum"), "SELECT count(*) FROM habit_instances") == logs
    assert phone.post(f"{url}/instances", {"habit": "1", "start": "10:00", "duration": "30",
                                           "note": RUNNER * 50}).status == 303
    notes = rows(member_db(dawn, "mum"), "SELECT count(*) FROM notes")
    r = phone.post(f"{url}/notes", {"note": RUNNER * 126})
    assert r.status == 400 and "504" in r.text
    assert rows(member_db(dawn, "mum"), "SELECT count(*) FROM notes") == notes
    assert phone.post(f"{url}/notes", {"note": RUNNER * 125}).status == 303


def test_display_names_are_bounded_in_characters_and_bytes(home):
    dawn, admin = home
    from test_accounts import count
    admin.open("/account")
    for name in ["a" + "\u0301" * 150_000, RUNNER * 16]:
        r = admin.post("/account/name", {"display_name": name})
        assert r.status == 400, r.text[:200]
    assert count(dawn, "SELECT display_name FROM members WHERE username = 'mum'") == "Mum"
    admin.open("/family")
    r = add_member(admin, username="longname", name="b" + "\u0301" * 100_000)
    assert r.status == 400
    assert count(dawn, "SELECT count(*) FROM members WHERE username = 'longname'") == 0
    admin.open("/account")
    assert admin.post("/account/name", {"display_name": RUNNER * 15}).status == 303
    assert count(dawn, "SELECT display_name FROM members WHERE username = 'mum'") == RUNNER * 15
    admin.open("/account")
    assert admin.post("/account/name", {"display_name": "Mum"}).status == 303


def test_the_importer_counts_like_the_forms(home):
    dawn, admin = home
    add_member(admin, username="importer", name="Importer")
    from test_accounts import MEMBER_PASSWORD
    kid = second_device(dawn, "importer", MEMBER_PASSWORD)
    export = {"format": "dawn-export", "version": 1, "habits": [], "instances": [], "notes": [],
              "entries": [{"date": "2024-05-05", "text": "a\r\n" * 9_999}]}
    kid.open("/account")
    r = do_import(kid, json.dumps(export).encode())
    assert r.status == 303, r.text[:400]
    path = member_db(dawn, "importer")
    assert rows(path, "SELECT body FROM entries") == [("a\n" * 9_999,)]
    bad = dict(export, entries=[], habits=[{"id": 1, "name": RUNNER * 16, "emoji": "🏃", "colour": "#48DBAB",
                                            "defaultDurationMinutes": 30, "createdAt": 1}])
    r = do_import(kid, json.dumps(bad).encode())
    assert r.status == 400, r.text[:400]
    assert rows(path, "SELECT count(*) FROM habits") == [(0,)]
