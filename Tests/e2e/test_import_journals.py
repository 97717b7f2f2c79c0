"""Day One's JSON export, Daylio's backup and a folder of daily Markdown notes, each a zip
through /import against the real binary: the JSON export then shows exactly the entries,
notes, moods and photos expected; a second import changes nothing; a damaged file names the
record and leaves the member as they were. The files are written here from the formats'
documented shapes."""
import base64
import hashlib
import io
import json
import zipfile

import pytest
from PIL import Image

from conftest import Dawn
from test_accounts import setup_admin
from test_day import member_db, rows
from test_import import do_import, member
from test_photos import phone_jpeg, photo_ids


def zipped(files):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def day_one(entries=None):
    jpeg = phone_jpeg()
    md5 = hashlib.md5(jpeg).hexdigest()
    entries = entries or [
        {"uuid": "A1", "creationDate": "2026-03-09T23:30:00Z", "timeZone": "Europe/Rome",
         "text": "Late walk.\n\n![](dayone-moment://P1)", "tags": ["walk", "night"], "starred": True,
         "photos": [{"identifier": "P1", "md5": md5, "type": "jpeg"}]},
        {"uuid": "A2", "creationDate": "2026-03-10T06:00:00Z", "timeZone": "Europe/Rome", "text": "Morning coffee."},
        {"uuid": "A3", "creationDate": "2026-03-10T20:00:00Z", "timeZone": "America/New_York",
         "text": "Evening in NY ![](dayone-moment://MISSING)"},
        {"uuid": "A4", "creationDate": "2025-12-31T12:00:00Z", "text": "New year's eve"},
    ]
    return zipped({"Journal.json": json.dumps({"metadata": {"version": "1.0"}, "entries": entries}),
                   f"photos/{md5}.jpeg": jpeg})


def daylio(entries=None):
    doc = {"version": 15,
           "customMoods": [{"id": i, "mood_group_id": g} for i, g in [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 2)]],
           "tags": [{"id": 1, "name": "family"}, {"id": 2, "name": "work"}],
           "dayEntries": entries or [
               {"id": 1, "year": 2026, "month": 2, "day": 10, "hour": 9, "minute": 0, "datetime": 1773133200000,
                "mood": 5, "note": "Tired.", "note_title": "", "tags": [2]},
               {"id": 2, "year": 2026, "month": 2, "day": 10, "hour": 21, "minute": 0, "datetime": 1773176400000,
                "mood": 6, "note": "Better evening.", "note_title": "Evening", "tags": [1]},
               {"id": 3, "year": 2026, "month": 1, "day": 28, "hour": 12, "minute": 0, "datetime": 1772280000000,
                "mood": 1, "note": "", "note_title": "", "tags": []},
           ]}
    return zipped({"backup.daylio": base64.b64encode(json.dumps(doc).encode()).decode()})


def markdown_notes():
    return zipped({"journals/2026_03_10.md": "- walked\n- read",
                   "daily/2026-03-11.md": "---\ntags: [x]\n---\n# Wednesday\nGood day.",
                   "notes/ideas.md": "not a day",
                   "2026-03-12.md": "Hello"})


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()



def imported(browser, data, filename):
    r = do_import(browser, data, mode="merge", filename=filename)
    assert r.status == 303, r.text[:600]
    return browser.get(r.header("Location")).text


def test_day_one(home):
    dawn, admin = home
    kid = member(dawn, admin, "dayone")
    notice = imported(kid, day_one(), "Export.zip")
    assert "2 entries, 1 notes, 1 photos." in notice and "1 photo references were left out" in notice
    export = json.loads(kid.get("/export/dawn.json").body)
    assert export["entries"] == [
        {"date": "2025-12-31", "text": "New year's eve"},
        {"date": "2026-03-10", "text": "Late walk.\n\n🏷️ walk, night\n\n---\n\nMorning coffee.\n\n---\n\nEvening in NY"},
    ]
    assert [(n["date"], n["text"]) for n in export["notes"]] == [("2026-03-10", "⭐")]
    [photo_id] = photo_ids(kid.get("/day/2026-03-10").text)
    stored = Image.open(io.BytesIO(kid.get(f"/photos/{photo_id}").body))
    assert stored.size == (300, 600) and len(stored.getexif()) == 0, "turned upright, no EXIF or GPS"
    assert "Nothing new" in imported(kid, day_one(), "Export.zip")
    assert rows(member_db(dawn, "dayone"), "SELECT count(*) FROM photos")[0][0] == 1


def test_daylio(home):
    dawn, admin = home
    kid = member(dawn, admin, "daylio")
    notice = imported(kid, daylio(), "daylio_export.zip")
    assert "1 entries" in notice and "2 moods." in notice
    export = json.loads(kid.get("/export/dawn.json").body)
    assert export["entries"] == [{"date": "2026-03-10",
                                  "text": "Tired.\n\n🏷️ work\n\n---\n\nEvening\n\nBetter evening.\n\n🏷️ family"}]
    assert export["moods"] == [{"date": "2026-02-28", "value": 5}, {"date": "2026-03-10", "value": 4}]
    assert "Nothing new" in imported(kid, daylio(), "daylio_export.zip")


def test_daily_markdown_notes(home):
    dawn, admin = home
    kid = member(dawn, admin, "notes")
    assert "3 entries" in imported(kid, markdown_notes(), "vault.zip")
    export = json.loads(kid.get("/export/dawn.json").body)
    assert export["entries"] == [{"date": "2026-03-10", "text": "- walked\n- read"},
                                 {"date": "2026-03-11", "text": "# Wednesday\nGood day."},
                                 {"date": "2026-03-12", "text": "Hello"}]
    assert "Nothing new" in imported(kid, markdown_notes(), "vault.zip")


@pytest.mark.parametrize("case", ["day_one_date", "day_one_zone", "daylio_base64", "daylio_mood", "unknown_zip"])
def test_a_damaged_export_names_the_record_and_imports_nothing(home, case):
    dawn, admin = home
    name = "bad" + case.replace("_", "")[:10]
    kid = member(dawn, admin, name)
    if case == "day_one_date":
        data = day_one([{"creationDate": "2026-03-10T08:00:00Z", "text": "ok"}, {"creationDate": "yesterday", "text": "x"}])
        message = "Journal.json entries[1].creationDate: date yesterday is not a date"
    elif case == "day_one_zone":
        data = day_one([{"creationDate": "2026-03-10T08:00:00Z", "timeZone": "Mars/Olympus", "text": "x"}])
        message = "Journal.json entries[0].timeZone: time zone Mars/Olympus is not one Dawn knows"
    elif case == "daylio_base64":
        data, message = zipped({"backup.daylio": "not base64 at all!"}), "backup.daylio is not Base64 text"
    elif case == "daylio_mood":
        data = daylio([{"year": 2026, "month": 2, "day": 1, "mood": 42, "note": "x"}])
        message = "backup.daylio dayEntries[0]: mood 42 is not 1 to 5"
    else:
        data, message = zipped({"readme.txt": "hello"}), "this zip holds no dawn.json"
    r = do_import(kid, data, mode="merge", filename="export.zip")
    assert r.status == 400 and "Nothing was imported" in r.text, r.text[:300]
    text = r.text.replace("&#39;", "'")
    assert message in text, text[text.find('id="import-error"'):][:400]
    assert rows(member_db(dawn, name), "SELECT (SELECT count(*) FROM entries), (SELECT count(*) FROM moods)") == [(0, 0)]
