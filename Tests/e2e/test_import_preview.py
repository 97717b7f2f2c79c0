"""The import's preview against the real binary: `preview=1` answers what the file would
add (and which days keep the entry already here) with nothing written; its one button
imports the files the preview kept, once; another member cannot use it, an old one has
expired, and a bad file is refused as the import itself refuses it."""
import glob
import html
import json
import os
import re
import time

import pytest

from conftest import Dawn
from test_accounts import setup_admin
from test_day import member_db, rows
from test_import import member, multipart
from test_import_journals import day_one

EXPORT = {"format": "dawn-export", "version": 2, "exportedAt": "2026-03-12T08:00:00",
          "member": {"username": "x", "displayName": "X", "timeZone": "UTC"},
          "habits": [{"id": 1, "name": "Read", "emoji": "📚", "colour": "#5856D6", "defaultDurationMinutes": 30, "createdAt": 1}],
          "instances": [{"habitId": 1, "date": "2026-03-01", "start": None, "durationMinutes": 30, "note": ""},
                        {"habitId": 1, "date": "2026-03-02", "start": None, "durationMinutes": 30, "note": ""}],
          "entries": [{"date": "2026-03-01", "text": "From the file"}, {"date": "2026-03-02", "text": "Second"}],
          "notes": [], "moods": [{"date": "2026-03-02", "value": 4}]}


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()



def counts(dawn, name):
    return rows(member_db(dawn, name), "SELECT (SELECT count(*) FROM habits), (SELECT count(*) FROM habit_instances),"
                                       " (SELECT count(*) FROM entries), (SELECT count(*) FROM moods)")[0]


def preview(browser, data, filename="dawn.json", mode="merge"):
    browser.open("/account")
    return multipart(browser, "/import", {"mode": mode, "preview": "1"}, [("file", filename, data)])


def token_of(page):
    return re.search(r'name="pending" value="([0-9a-f]{32})"', page).group(1)


def test_a_preview_says_what_would_be_written_and_writes_nothing(home):
    dawn, admin = home
    kid = member(dawn, admin, "previewer")
    kid.open("/day/2026-03-02")
    assert kid.post("/day/2026-03-02/entry", {"entry": "Mine", "version": "0"}).status == 303
    before = counts(dawn, "previewer")
    r = preview(kid, json.dumps(EXPORT).encode())
    assert r.status == 200, r.text[:400]
    text = html.unescape(r.text)
    for line in ("1 habits", "2 logs and check-offs", "1 journal entries", "1 moods"):
        assert f"<li>{line}</li>" in text, line
    assert "The file's days run from Sunday, 1 March 2026 to Monday, 2 March 2026." in text
    assert "1 days already have an entry here (Monday, 2 March 2026…): merge keeps those as they are." in text
    assert counts(dawn, "previewer") == before, "nothing written by a preview"
    token = token_of(text)
    # Its one button imports what it kept, once.
    r = kid.post("/import", {"mode": "merge", "pending": token}, csrf=re.search(r'name="csrf" value="([^"]+)"', text).group(1))
    assert r.status == 303, r.text[:400]
    assert counts(dawn, "previewer") == (1, 2, 2, 1)
    assert kid.get(r.header("Location")).status == 200
    kid.open("/account")
    r = kid.post("/import", {"mode": "merge", "pending": token})
    assert r.status == 400 and "This preview has expired or was already imported" in r.text
    assert not glob.glob(os.path.join(dawn.data, "users", "*", "imports", token))


def test_another_member_cannot_use_a_preview_and_an_old_one_expires(home):
    dawn, admin = home
    owner = member(dawn, admin, "owner")
    token = token_of(preview(owner, json.dumps(EXPORT).encode()).text)
    other = member(dawn, admin, "other")
    other.open("/account")
    r = other.post("/import", {"mode": "merge", "pending": token})
    assert r.status == 400 and "expired" in r.text and counts(dawn, "other") == (0, 0, 0, 0)
    for bad in ("../../instance.sqlite", "0" * 31, "Z" * 32):
        r = other.post("/import", {"mode": "merge", "pending": bad})
        assert r.status == 400 and counts(dawn, "other") == (0, 0, 0, 0)
    # An hour old: gone.
    [path] = glob.glob(os.path.join(dawn.data, "users", "*", "imports", token))
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    old = time.time() - 3700
    os.utime(path, (old, old))
    owner.open("/account")
    r = owner.post("/import", {"mode": "merge", "pending": token})
    assert r.status == 400 and "expired" in r.text and counts(dawn, "owner") == (0, 0, 0, 0)
    assert not os.path.exists(path), "an expired upload is removed"


def test_a_zip_preview_counts_its_photos_and_imports_them(home):
    dawn, admin = home
    kid = member(dawn, admin, "zippreview")
    r = preview(kid, day_one(), filename="Export.zip")
    assert r.status == 200 and "<li>1 photos</li>" in r.text and "1 photo references were left out" in r.text
    assert rows(member_db(dawn, "zippreview"), "SELECT count(*) FROM photos")[0][0] == 0
    kid.open("/account")
    assert kid.post("/import", {"mode": "merge", "pending": token_of(r.text)}).status == 303
    assert rows(member_db(dawn, "zippreview"), "SELECT count(*) FROM photos")[0][0] == 1


def test_a_bad_file_is_refused_by_the_preview_too(home):
    dawn, admin = home
    kid = member(dawn, admin, "badpreview")
    r = preview(kid, b'{"format": "dawn-export", "version": 9, "habits": [], "instances": [], "entries": [], "notes": []}')
    assert r.status == 400 and "version 9 is not supported" in r.text
    folder = os.path.join(os.path.dirname(member_db(dawn, "badpreview")), os.path.basename(member_db(dawn, "badpreview"))[:-7])
    assert not glob.glob(os.path.join(folder, "imports", "*")), "a refused file is not kept"
