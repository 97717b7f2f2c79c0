"""The zip export with photos against the real binary: `/export/dawn.zip` holds dawn.json
(with its `photos`), journal.md (linking them) and each photo file once, streamed; the zip
imports into a new account with identical files and JSON, twice adds nothing, and every
damaged or hostile zip is refused with a message and nothing stored."""
import hashlib
import io
import json
import os
import re
import socket
import struct
import zipfile
import zlib

import pytest
from PIL import Image

from conftest import Dawn
from test_accounts import setup_admin
from test_day import member_db, rows
from test_import import do_import, member, multipart
from test_import_big import follow_progress
from test_photos import phone_jpeg, photo_ids, picture

DAYS = ["2026-03-10", "2026-03-11"]


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    admin.open(f"/day/{DAYS[0]}")
    assert admin.post(f"/day/{DAYS[0]}/entry", {"entry": "A lake day"}).status == 303
    r = multipart(admin, f"/day/{DAYS[0]}/photos", {"caption": "Lake [north]"},
                  [("photo", "IMG_1.JPG", phone_jpeg()), ("photo", "b.png", picture("PNG", colour=(200, 30, 30)))])
    assert r.status == 303, r.text[:400]
    admin.open(f"/day/{DAYS[1]}")
    # The same picture on another day: one file in the zip, two photos in the JSON.
    r = multipart(admin, f"/day/{DAYS[1]}/photos", {"caption": "Again"}, [("photo", "IMG_1.JPG", phone_jpeg())])
    assert r.status == 303, r.text[:400]
    yield dawn, admin
    dawn.stop()


def download(browser):
    r = browser.get("/export/dawn.zip")
    assert r.status == 200, r.text[:300]
    assert r.header("Content-Type") == "application/zip"
    assert r.header("Content-Disposition").startswith('attachment; filename="dawn-mum-')
    assert r.header("Cache-Control") == "private, no-store"
    assert r.header("Content-Encoding") is None
    assert int(r.header("Content-Length")) == len(r.body)
    return r.body


def photo_files(dawn, username):
    folder = os.path.join(os.path.dirname(member_db(dawn, username)), member_db(dawn, username).split("/")[-1][:-7], "photos")
    return {name: open(os.path.join(folder, name), "rb").read() for name in os.listdir(folder)}



def test_the_zip_holds_the_json_the_journal_and_each_photo_once(home):
    dawn, admin = home
    archive = zipfile.ZipFile(io.BytesIO(download(admin)))
    assert archive.testzip() is None
    names = archive.namelist()
    export = json.loads(archive.read("dawn.json"))
    photos = export["photos"]
    assert [(p["date"], p["caption"]) for p in photos] == [(DAYS[0], "Lake [north]"), (DAYS[0], "Lake [north]"), (DAYS[1], "Again")]
    assert photos[0]["sha256"] == photos[2]["sha256"] != photos[1]["sha256"]
    for p in photos:
        assert p["file"] == f"photos/{p['sha256']}.jpg"
        data = archive.read(p["file"])
        assert hashlib.sha256(data).hexdigest() == p["sha256"]
        assert Image.open(io.BytesIO(data)).size == (p["width"], p["height"])
    assert sorted(names) == sorted(["dawn.json", "journal.md"] + sorted({p["file"] for p in photos}))
    # Stored, not deflated: the photos are JPEGs already.
    assert all(archive.getinfo(p["file"]).compress_type == zipfile.ZIP_STORED for p in photos)
    journal = archive.read("journal.md").decode()
    assert f"![Lake \\[north\\]]({photos[0]['file']})" in journal
    assert f"![Again]({photos[2]['file']})" in journal
    # The Markdown export links the same paths; the plain JSON export has no photos.
    assert f"![Again]({photos[2]['file']})" in admin.get("/export/journal.md").text
    assert "photos" not in json.loads(admin.get("/export/dawn.json").body)


def test_a_zip_without_photos_has_no_photos_key(home):
    dawn, admin = home
    kid = member(dawn, admin, "nophotos")
    archive = zipfile.ZipFile(io.BytesIO(kid.get("/export/dawn.zip").body))
    assert sorted(archive.namelist()) == ["dawn.json", "journal.md"]
    assert "photos" not in json.loads(archive.read("dawn.json"))


def test_round_trip_into_a_new_account_gives_identical_files_and_json(home):
    dawn, admin = home
    data = download(admin)
    original = json.loads(zipfile.ZipFile(io.BytesIO(data)).read("dawn.json"))
    kid = member(dawn, admin, "copy")
    r = do_import(kid, data, mode="empty", filename="dawn-mum.zip")
    assert r.status == 303, r.text[:600]
    assert "Imported: 0 habits, 0 logs, 1 entries, 0 notes, 3 photos." in kid.get(r.header("Location")).text
    again = json.loads(zipfile.ZipFile(io.BytesIO(kid.get("/export/dawn.zip").body)).read("dawn.json"))
    assert again["photos"] == original["photos"] and again["entries"] == original["entries"]
    theirs = {n: b for n, b in photo_files(dawn, "copy").items()}
    for p in original["photos"]:
        assert theirs[p["sha256"] + ".jpg"] == zipfile.ZipFile(io.BytesIO(data)).read(p["file"])
    # On the day page, as uploaded: the thumbnails with their captions.
    page = kid.get(f"/day/{DAYS[0]}").text
    assert len(photo_ids(page)) == 2 and 'alt="Lake [north]"' in page
    # The same zip again, merged: nothing new.
    before = rows(member_db(dawn, "copy"), "SELECT count(*) FROM photos")[0][0]
    r = do_import(kid, data, mode="merge", filename="dawn-mum.zip")
    assert r.status == 303, r.text[:600]
    assert "Nothing new: everything in this file is already here." in kid.get(r.header("Location")).text
    assert rows(member_db(dawn, "copy"), "SELECT count(*) FROM photos")[0][0] == before == 3


def make_zip(entries, export=None):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        if export is not None:
            z.writestr("dawn.json", json.dumps(export))
        for name, data in entries:
            z.writestr(name, data)
    return out.getvalue()


def base_export(photos):
    return {"format": "dawn-export", "version": 2, "exportedAt": "2026-03-12T08:00:00",
            "member": {"username": "x", "displayName": "X", "timeZone": "UTC"},
            "habits": [], "instances": [], "entries": [], "notes": [], "photos": photos}


def photo_record(data, date="2026-03-10", caption=""):
    digest = hashlib.sha256(data).hexdigest()
    width, height = Image.open(io.BytesIO(data)).size
    return {"date": date, "file": f"photos/{digest}.jpg", "caption": caption, "sha256": digest,
            "width": width, "height": height}


def nothing_changed(dawn, username, check):
    db = member_db(dawn, username)
    before = (rows(db, "SELECT count(*) FROM photos")[0][0], rows(db, "SELECT count(*) FROM entries")[0][0])
    folder = os.path.join(dawn.data, "users", os.path.basename(db)[:-7], "photos")
    files = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    check()
    assert (rows(db, "SELECT count(*) FROM photos")[0][0], rows(db, "SELECT count(*) FROM entries")[0][0]) == before
    assert (sorted(os.listdir(folder)) if os.path.isdir(folder) else []) == files


@pytest.mark.parametrize("case", ["no_json", "missing_photo", "wrong_hash", "not_a_picture", "traversal",
                                  "bomb", "truncated", "bad_file_name", "too_many_on_a_day"])
def test_a_bad_zip_is_refused_with_a_message_and_nothing_stored(home, case):
    dawn, admin = home
    name = f"bad{abs(hash(case)) % 10000}"
    browser = member(dawn, admin, name)
    jpeg = phone_jpeg()
    record = photo_record(jpeg)
    if case == "no_json":
        data, message = make_zip([("photos/x.jpg", jpeg)]), "this zip holds no dawn.json"
    elif case == "missing_photo":
        data, message = make_zip([], base_export([record])), f"{record['file']} is not in the zip file"
    elif case == "wrong_hash":
        data = make_zip([(record["file"], picture("JPEG"))], base_export([record]))
        message = f"{record['file']} does not hold the picture its name says"
    elif case == "not_a_picture":
        fake = b"not a picture at all" * 10
        fake_record = dict(record, sha256=hashlib.sha256(fake).hexdigest())
        fake_record["file"] = f"photos/{fake_record['sha256']}.jpg"
        data = make_zip([(fake_record["file"], fake)], base_export([fake_record]))
        message = f"{fake_record['file']} is not a picture Dawn can read"
    elif case == "traversal":
        data, message = make_zip([("../../evil.jpg", jpeg)], base_export([])), "the zip file cannot be read"
    elif case == "bomb":
        # A deflated entry whose header claims 100 bytes but which inflates to 10 MB.
        data = lying_zip(b"\0" * 10_000_000, claimed=100)
        message = "the zip file cannot be read"
    elif case == "truncated":
        data, message = make_zip([(record["file"], jpeg)], base_export([record]))[:-30], "the zip file cannot be read"
    elif case == "bad_file_name":
        data = make_zip([("photos/evil.jpg", jpeg)], base_export([dict(record, file="photos/evil.jpg")]))
        message = "photos/evil.jpg is not a photo"
    else:
        pictures = [picture("JPEG", size=(64 + i, 48), colour=(i * 12, 100, 200 - i * 9)) for i in range(21)]
        records = [photo_record(p) for p in pictures]
        assert len({r["sha256"] for r in records}) == 21
        data = make_zip([(r["file"], p) for r, p in zip(records, pictures)], base_export(records))
        message = "more than 20 photos on 2026-03-10"

    def check():
        r = do_import(browser, data, mode="merge", filename="dawn.zip")
        assert r.status == 400, r.text[:500]
        assert "Nothing was imported" in r.text and message in r.text.replace("&#39;", "'").replace("&amp;", "&"), \
            re.findall(r'id="import-error"[^>]*>([^<]*)', r.text)
    nothing_changed(dawn, name, check)


def lying_zip(content, claimed):
    """A zip of one deflated entry, `bomb.txt`, whose headers say it unpacks to `claimed` bytes."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = compressor.compress(content) + compressor.flush()
    crc = zlib.crc32(content)
    name = b"dawn.json"
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), claimed, len(name), 0) + name
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(data), claimed, len(name),
                          0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(data), 0)
    return local + data + central + end


def test_a_zip_with_other_files_is_refused(home):
    dawn, admin = home
    browser = member(dawn, admin, "mixed")
    data = make_zip([], base_export([]))
    r = do_import(browser, [("file", "dawn.zip", data), ("file", "dawn.json", json.dumps(base_export([])).encode())])
    assert r.status == 400 and "Import a zip file on its own" in r.text


def test_a_json_naming_photos_asks_for_the_zip(home):
    dawn, admin = home
    browser = member(dawn, admin, "jsononly")
    r = do_import(browser, json.dumps(base_export([photo_record(phone_jpeg())])).encode())
    assert r.status == 400 and "Import the zip export (dawn.zip)" in r.text


def test_a_hand_made_zip_with_metadata_is_stripped_on_the_way_in(home):
    dawn, admin = home
    browser = member(dawn, admin, "handmade")
    jpeg = phone_jpeg()   # EXIF with GPS and an orientation
    record = photo_record(jpeg, caption="Phone")
    r = do_import(browser, make_zip([(record["file"], jpeg)], base_export([record])), filename="mine.zip")
    assert r.status == 303, r.text[:500]
    [photo_id] = photo_ids(browser.get("/day/2026-03-10").text)
    served = browser.get(f"/photos/{photo_id}")
    image = Image.open(io.BytesIO(served.body))
    assert image.size == (300, 600) and len(image.getexif()) == 0 and b"PhonyPhone" not in served.body


def test_a_photo_removed_mid_download_cuts_the_zip_short_and_the_server_goes_on(home):
    """The zip is streamed from the files: one that disappears before its turn ends the
    download early (the promised length is not met) instead of sending other bytes."""
    dawn, admin = home
    big = member(dawn, admin, "streamer")
    big.open("/day/2026-03-10")
    # Large, noisy pictures, so the zip is well past the socket's buffers.
    noisy = []
    for i in range(3):
        image = Image.frombytes("RGB", (2400, 1800), os.urandom(2400 * 1800 * 3))
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=0)
        noisy.append(out.getvalue())
    for i, data in enumerate(noisy):
        assert multipart(big, "/day/2026-03-10/photos", {}, [("photo", f"n{i}.png", data)], timeout=60).status == 303
    folder = os.path.join(dawn.data, "users", os.path.basename(member_db(dawn, "streamer"))[:-7], "photos")
    hashes = [h for (h,) in rows(member_db(dawn, "streamer"), "SELECT sha256 FROM photos ORDER BY day, id")]
    with dawn.connect(timeout=10) as s:
        cookie = "; ".join(f"{k}={v}" for k, v in big.jar.items())
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 256 * 1024)   # at least two loopback segments: no stalls
        s.sendall(f"GET /export/dawn.zip HTTP/1.1\r\nHost: localhost\r\nCookie: {cookie}\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += s.recv(1)
        length = int(re.search(rb"Content-Length: (\d+)", head).group(1))
        got = s.recv(4096)
        os.remove(os.path.join(folder, hashes[-1] + ".jpg"))   # the last photo's file, before its turn
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
        assert len(got) < length
    # The server is fine, and the zip without that file leaves its photo out.
    assert big.get("/healthz").status == 200
    data = big.get("/export/dawn.zip").body
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert len(json.loads(archive.read("dawn.json"))["photos"]) == 2
    # Megabytes of zip go back in through /import (past the small body limit of other forms).
    assert len(data) > 4_000_000
    copy = member(dawn, admin, "streamcopy")
    r = do_import(copy, data, mode="empty", filename="dawn.zip", timeout=120)
    # An upload of megabytes is imported in the background, behind its progress page.
    assert r.status == 303 and r.header("Location").startswith("/import/progress/"), r.text[:500]
    assert follow_progress(copy, r.header("Location")).startswith("/account")
    assert rows(member_db(dawn, "streamcopy"), "SELECT count(*) FROM photos")[0][0] == 2


def test_head_of_the_zip_gives_its_length_without_the_body(home):
    dawn, admin = home
    full = download(admin)
    with dawn.connect(timeout=10) as s:
        cookie = "; ".join(f"{k}={v}" for k, v in admin.jar.items())
        s.sendall(f"HEAD /export/dawn.zip HTTP/1.1\r\nHost: localhost\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert b"200 OK" in head and body == b""
    # The export time is to the second: the length may differ only if a second passed in the JSON's text.
    assert abs(int(re.search(rb"Content-Length: (\d+)", head).group(1)) - len(full)) < 8
