"""Journey's export (a zip of one JSON file an entry, photos beside them) and Diaro's backup
(DiaroBackup.xml, zipped or bare) through /import against the real binary: a preview writes
nothing; the import into an empty member then shows exactly the expected entries in the JSON
export; a second import changes nothing; a damaged file names the file and the record and
leaves the member as they were. The files are written here from the formats' shapes as
public converters read them."""
import io
import json

import pytest
from PIL import Image

from conftest import Dawn
from test_accounts import setup_admin
from test_day import member_db, rows
from test_import import do_import, member, multipart
from test_import_journals import zipped
from test_photos import phone_jpeg, photo_ids

# 2026-03-09 23:30 UTC (the 10th in Rome), 2026-03-10 06:00 and 20:00 UTC.
LATE, MORNING, EVENING = 1773099000000, 1773122400000, 1773172800000


def journey(entries=None, photos=True):
    entries = entries or {
        "k1.json": {"id": "k1", "date_journal": LATE, "date_modified": LATE, "timezone": "Europe/Rome",
                    "text": "<p>Late walk &amp; talk.</p><p>Cold<br>night</p>", "tags": ["walk", "night"],
                    "favourite": True, "mood": 4, "photos": ["k1-photo.jpg", "gone.jpg"]},
        "k2.json": {"id": "k2", "date_journal": MORNING, "date_modified": MORNING, "text": "Morning coffee.",
                    "tags": [], "favourite": False, "photos": []},
        "k3.json": {"id": "k3", "date_journal": EVENING, "date_modified": EVENING, "timezone": "Nowhere/Atlantis",
                    "text": "Evening <i>in</i> town", "photos": []},
    }
    files = {name: json.dumps(doc) for name, doc in entries.items()}
    if photos:
        files["k1-photo.jpg"] = phone_jpeg()
    return zipped(files)


def diaro_xml(entries=None):
    entries = entries or (
        f"<r><uid>e2</uid><date>{MORNING}</date><tz_offset>+00:00</tz_offset><title></title>"
        "<text>Morning coffee.</text><folder_uid/><tags></tags></r>"
        f"<r><uid>e1</uid><date>{LATE}</date><tz_offset>+01:00</tz_offset><title>Walk</title>"
        "<text>Late &amp; dark</text><folder_uid/><tags>,t1,t2,</tags></r>")
    return ('<?xml version="1.0" encoding="UTF-8"?><data version="2">'
            f'<table name="diaro_entries">{entries}</table>'
            '<table name="diaro_tags"><r><uid>t1</uid><title>walk</title></r><r><uid>t2</uid><title>night</title></r></table>'
            '<table name="diaro_attachments"><r><uid>a1</uid><entry_uid>e1</entry_uid><type>photo</type>'
            '<filename>p1.jpg</filename></r></table></data>').encode()


def diaro(entries=None):
    return zipped({"DiaroBackup.xml": diaro_xml(entries), "media/photo/p1.jpg": phone_jpeg()})


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()


def imported(browser, data, filename, mode="merge"):
    r = do_import(browser, data, mode=mode, filename=filename)
    assert r.status == 303, r.text[:600]
    return browser.get(r.header("Location")).text


def counts(dawn, name):
    return rows(member_db(dawn, name), "SELECT (SELECT count(*) FROM entries), (SELECT count(*) FROM notes),"
                                       " (SELECT count(*) FROM moods), (SELECT count(*) FROM photos)")[0]


def test_journey(home):
    dawn, admin = home
    kid = member(dawn, admin, "journey")
    kid.open("/account")
    r = multipart(kid, "/import", {"mode": "empty", "preview": "1"}, [("file", "journey.zip", journey())])
    assert r.status == 200 and counts(dawn, "journey") == (0, 0, 0, 0), "a preview writes nothing"
    notice = imported(kid, journey(), "journey.zip", mode="empty")
    assert "1 entries, 1 notes, 1 photos." in notice and "1 photo references were left out" in notice, notice[:800]
    export = json.loads(kid.get("/export/dawn.json").body)
    assert export["entries"] == [{"date": "2026-03-10", "text": "Late walk & talk.\n\nCold\nnight\n\n🏷️ walk, night"
                                  "\n\n---\n\nMorning coffee.\n\n---\n\nEvening in town"}]
    assert [(n["date"], n["text"]) for n in export["notes"]] == [("2026-03-10", "⭐")]
    assert export["moods"] == [], "Journey's mood scale is not published: left out"
    [photo_id] = photo_ids(kid.get("/day/2026-03-10").text)
    stored = Image.open(io.BytesIO(kid.get(f"/photos/{photo_id}").body))
    assert len(stored.getexif()) == 0, "written again, no EXIF or GPS"
    assert "Nothing new" in imported(kid, journey(), "journey.zip")
    assert counts(dawn, "journey") == (1, 1, 0, 1)


def test_diaro_zipped_and_bare(home):
    dawn, admin = home
    kid = member(dawn, admin, "diaro")
    assert ".xml," in kid.get("/account").text, "the form's file picker offers Diaro's bare XML"
    notice = imported(kid, diaro(), "Diaro_20260310.zip", mode="empty")
    assert "1 entries" in notice and "1 photos." in notice, notice[:800]
    export = json.loads(kid.get("/export/dawn.json").body)
    assert export["entries"] == [{"date": "2026-03-10",
                                  "text": "Walk\n\nLate & dark\n\n🏷️ walk, night\n\n---\n\nMorning coffee."}]
    assert len(photo_ids(kid.get("/day/2026-03-10").text)) == 1
    assert "Nothing new" in imported(kid, diaro(), "Diaro_20260310.zip")
    assert "Nothing new" in imported(kid, diaro_xml(), "DiaroBackup.xml"), "the bare XML is the same backup"
    assert counts(dawn, "diaro") == (1, 0, 0, 1)


@pytest.mark.parametrize("case", ["journey_date", "journey_json", "diaro_xml", "diaro_doctype", "diaro_date"])
def test_a_damaged_export_names_the_record_and_imports_nothing(home, case):
    dawn, admin = home
    name = "bad" + case.replace("_", "")[:11]
    kid = member(dawn, admin, name)
    kid.open("/day/2026-03-10")
    assert kid.post("/day/2026-03-10/entry", {"entry": "Mine", "version": "0"}).status == 303
    filename = "export.zip"
    if case == "journey_date":
        data = journey({"a.json": {"date_journal": LATE, "text": "ok"}, "b.json": {"date_journal": "yesterday", "text": "x"}})
        message = "b.json date_journal: missing, or of the wrong type"
    elif case == "journey_json":
        data = zipped({"a.json": json.dumps({"date_journal": LATE, "text": "ok"}), "b.json": '{"date_journal": 1'})
        message = "b.json: the file is not valid JSON"
    elif case == "diaro_xml":
        data = diaro(f"<r><uid>e1</uid><date>{LATE}</date><text>ok</text></r><r><uid>e2</uid><text>cut</r>")
        message = "DiaroBackup.xml diaro_entries[1].text: the XML is not well-formed"
    elif case == "diaro_doctype":
        data = b'<?xml version="1.0"?><!DOCTYPE data [<!ENTITY x SYSTEM "file:///etc/passwd">]><data>&x;</data>'
        filename, message = "DiaroBackup.xml", "DiaroBackup.xml: a DOCTYPE or ENTITY declaration, which Dawn does not read"
    else:
        data = diaro("<r><uid>e1</uid><date>soon</date><text>x</text></r>")
        message = "DiaroBackup.xml diaro_entries[0].date: date soon is not a date"
    r = do_import(kid, data, mode="merge", filename=filename)
    assert r.status == 400 and "Nothing was imported" in r.text, r.text[:300]
    text = r.text.replace("&#39;", "'")
    assert message in text, text[text.find('id="import-error"'):][:400]
    assert counts(dawn, name) == (1, 0, 0, 0)
    assert rows(member_db(dawn, name), "SELECT body FROM entries") == [("Mine",)]
