"""Photos on a day against the real binary: a phone's JPEG with GPS and a sideways EXIF
orientation comes back upright with no metadata at all, its thumbnail small, another
member gets a 404, and a decompression bomb is refused at once while /healthz answers."""
import io
import os
import re
import struct
import threading
import time
import zlib

import pytest
from PIL import Image

from conftest import get, request
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_import import multipart

DAY = "2026-03-11"


def phone_jpeg():
    """A 600×300 JPEG stored landscape, left half red and right half blue, whose EXIF says
    "rotate 90° clockwise to show" (orientation 6) and where it was taken (GPS)."""
    image = Image.new("RGB", (600, 300), (255, 0, 0))
    image.paste((0, 0, 255), (300, 0, 600, 300))
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation
    exif[0x010F] = "PhonyPhone"  # Make
    gps = {1: "N", 2: (45.0, 26.0, 15.0), 3: "E", 4: (12.0, 20.0, 5.0)}
    exif[0x8825] = gps  # GPSInfo
    out = io.BytesIO()
    image.save(out, "JPEG", quality=92, exif=exif.tobytes())
    data = out.getvalue()
    check = Image.open(io.BytesIO(data)).getexif()
    assert check.get(0x0112) == 6 and check.get_ifd(0x8825), "the test's own picture has its EXIF"
    return data


def picture(kind, size=(640, 480), colour=(0, 160, 80)):
    """A plain picture in `kind` (JPEG, PNG, WEBP or HEIF, the iPhone's HEIC)."""
    if kind == "HEIF":
        import pillow_heif
        pillow_heif.register_heif_opener()
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, kind)
    return out.getvalue()


def png_bomb():
    """69 bytes of PNG whose header claims 10000×10000 pixels (100 megapixels)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 10000, 10000, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def photo_ids(html):
    return re.findall(r'<a href="/photos/(\d+)"><img src="/photos/\d+/thumb"', html)


@pytest.fixture(scope="module")
def home():
    from conftest import Dawn
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()


def test_a_phone_photo_is_upright_and_stripped(home):
    dawn, admin = home
    admin.open(f"/day/{DAY}")
    r = multipart(admin, f"/day/{DAY}/photos", {"caption": "Lake"}, [("photo", "IMG_0001.JPG", phone_jpeg())])
    assert r.status == 303 and r.header("Location") == f"/day/{DAY}?done=photos-added#photos", r.text[:600]
    page = admin.get(f"/day/{DAY}")
    [photo_id] = photo_ids(page.text)
    assert f'<img src="/photos/{photo_id}/thumb" alt="Lake" loading="lazy"' in page.text

    served = admin.get(f"/photos/{photo_id}")
    assert served.status == 200 and served.header("Content-Type") == "image/jpeg"
    assert served.header("Cache-Control").startswith("private")
    etag = served.header("ETag")
    assert re.fullmatch(r'"[0-9a-f]{64}"', etag)
    assert admin.get(f"/photos/{photo_id}", headers={"If-None-Match": etag}).status == 304
    image = Image.open(io.BytesIO(served.body))
    # Upright: the 600×300 landscape turned a quarter clockwise is 300×600, red on top.
    assert image.size == (300, 600)
    top, bottom = image.convert("RGB").getpixel((150, 100)), image.convert("RGB").getpixel((150, 500))
    assert top[0] > 200 and top[2] < 60, top
    assert bottom[2] > 200 and bottom[0] < 60, bottom
    # No metadata at all: no EXIF (so no GPS, no orientation left to apply twice), no XMP.
    assert len(image.getexif()) == 0
    assert b"Exif" not in served.body and b"PhonyPhone" not in served.body and b"http://ns.adobe.com/xap" not in served.body

    thumb = admin.get(f"/photos/{photo_id}/thumb")
    assert thumb.status == 200
    small = Image.open(io.BytesIO(thumb.body))
    assert max(small.size) <= 400 and small.size[1] > small.size[0]
    assert len(small.getexif()) == 0 and b"Exif" not in thumb.body


def test_another_member_gets_404(home):
    dawn, admin = home
    admin.open(f"/day/{DAY}")
    [photo_id, *_] = photo_ids(admin.get(f"/day/{DAY}").text)
    assert add_member(admin, "kid", "Kid").status == 303
    kid, r = sign_in(dawn, "kid", MEMBER_PASSWORD)
    assert r.status == 303
    for path in (f"/photos/{photo_id}", f"/photos/{photo_id}/thumb"):
        assert kid.get(path).status == 404, path
    kid.open("/")
    assert kid.post(f"/photos/{photo_id}/delete", {}).status == 404
    assert admin.get(f"/photos/{photo_id}").status == 200


def test_a_decompression_bomb_is_refused_at_once(home):
    dawn, admin = home
    admin.open(f"/day/{DAY}")
    before = photo_ids(admin.get(f"/day/{DAY}").text)
    health = []

    def probe():
        started = time.monotonic()
        health.append((get(dawn, "/healthz").status, time.monotonic() - started))

    started = time.monotonic()
    thread = threading.Thread(target=probe)
    thread.start()
    r = multipart(admin, f"/day/{DAY}/photos", {}, [("photo", "bomb.png", png_bomb())])
    elapsed = time.monotonic() - started
    thread.join()
    assert r.status == 400
    assert "“bomb.png” is over 50 megapixels, so nothing was uploaded." in r.text
    assert elapsed < 0.5, elapsed
    assert health and health[0][0] == 200 and health[0][1] < 0.5, health
    assert photo_ids(admin.get(f"/day/{DAY}").text) == before


def test_png_webp_and_an_iphones_heic_are_stored_as_jpeg(home):
    dawn, admin = home
    day = "2026-03-12"
    admin.open(f"/day/{day}")
    files = [("photo", f"picture.{ext}", picture(kind, colour=(0, 160, 80)))
             for kind, ext in (("PNG", "png"), ("WEBP", "webp"), ("HEIF", "heic"))]
    assert files[2][2][4:12] == b"ftypheic", "the test's own HEIC is one"
    r = multipart(admin, f"/day/{day}/photos", {}, files)
    assert r.status == 303, r.text[:600]
    ids = photo_ids(admin.get(f"/day/{day}").text)
    assert len(ids) == 3
    for photo_id in ids:
        served = admin.get(f"/photos/{photo_id}")
        assert served.status == 200 and served.header("Content-Type") == "image/jpeg"
        image = Image.open(io.BytesIO(served.body))
        assert image.format == "JPEG" and image.size == (640, 480)
        red, green, blue = image.convert("RGB").getpixel((320, 240))
        assert red < 40 and 130 < green < 190 and 50 < blue < 110, (red, green, blue)


def test_a_lying_name_and_an_oversized_body(home):
    dawn, admin = home
    admin.open(f"/day/{DAY}")
    r = multipart(admin, f"/day/{DAY}/photos", {}, [("photo", "holiday.jpg", b"<html>not a picture</html>")])
    assert r.status == 400 and "“holiday.jpg” is not a JPEG, PNG, WebP or HEIC picture" in r.text
    # A body past the upload limit is refused from its head, before it is read.
    raw = (f"POST /day/{DAY}/photos HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
           f"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: {65 * 1024 * 1024}\r\n\r\n")
    assert request(dawn, raw.encode()).status == 413


def test_without_libvips_an_upload_is_refused_with_a_message_and_nothing_stored():
    """The container image has no libvips yet: a server that cannot open it says so beside
    the file field, stores nothing, and goes on serving everything else."""
    from conftest import Dawn
    dawn = Dawn(env={"DAWN_VIPS_LIBRARY": "/nonexistent/libvips-missing.so"})
    try:
        admin = setup_admin(dawn)
        admin.open(f"/day/{DAY}")
        r = multipart(admin, f"/day/{DAY}/photos", {"caption": "Lake"}, [("photo", "IMG_0001.JPG", phone_jpeg())])
        assert r.status == 503, r.text[:600]
        assert "Photos can’t be added on this server yet: it lacks libvips" in r.text
        assert 'value="Lake"' in r.text, "the typed caption is kept"
        assert photo_ids(admin.get(f"/day/{DAY}").text) == []
        photos = [os.path.join(root, name) for root, _, names in os.walk(dawn.data)
                  for name in names if os.sep + "photos" in root]
        assert photos == [], photos
        assert get(dawn, "/healthz").status == 200
        assert admin.get(f"/day/{DAY}").status == 200
    finally:
        dawn.stop()


def upload_head(cookie_header, length):
    """An upload's head alone, asking to be told before its body is sent."""
    cookie = f"Cookie: {cookie_header}\r\n" if cookie_header else ""
    return (f"POST /day/{DAY}/photos HTTP/1.1\r\nHost: localhost\r\n{cookie}"
            f"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: {length}\r\n"
            "Expect: 100-continue\r\n\r\n").encode()


def first_answer(sock):
    """The status line and head of what the server says first, read up to its blank line."""
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = sock.recv(4096)
        if not chunk:
            break
        got += chunk
    return got.split(b"\r\n\r\n", 1)[0].decode("latin-1")


def test_only_a_signed_in_member_may_send_an_upload_and_the_server_holds_a_budget_of_them():
    """An upload route's 64 MiB limit is granted head by head: without a session (or with
    a stale one) a body past an ordinary form's megabyte is a 413 before a byte of it is
    read; signed in, it is asked for (100 Continue) while it fits the server's budget of
    upload bytes in flight, and a 503 past it. Bytes come back to the budget when an upload
    is answered and when its client goes away."""
    from conftest import Dawn
    two_mib = 2 * 1024 * 1024
    dawn = Dawn(env={"DAWN_MAX_UPLOAD_BYTES_IN_FLIGHT": str(3 * 1024 * 1024)})
    try:
        admin = setup_admin(dawn)
        cookies = "; ".join(f"{k}={v}" for k, v in admin.jar.items())
        for who in ["", "dawn_session=" + "A" * 43]:
            with dawn.connect() as s:
                s.sendall(upload_head(who, two_mib))
                head = first_answer(s)
                assert head.startswith("HTTP/1.1 413"), (who, head)
        # Signed in: a small upload (under a megabyte) is never asked about at all.
        with dawn.connect() as s:
            s.sendall(upload_head(cookies, 1000))
            assert first_answer(s).startswith("HTTP/1.1 100 Continue")

        first = dawn.connect()
        first.sendall(upload_head(cookies, two_mib))
        assert first_answer(first).startswith("HTTP/1.1 100 Continue")
        with dawn.connect() as s:
            s.sendall(upload_head(cookies, two_mib))
            head = first_answer(s)
            assert head.startswith("HTTP/1.1 503"), head
            assert "Retry-After: 5" in head

        def admitted():
            """A connection whose upload head got 100 Continue, tried again while the server
            still counts a client that has just gone (it learns of a close a moment later)."""
            deadline = time.monotonic() + 5
            while True:
                s = dawn.connect(timeout=20)
                s.sendall(upload_head(cookies, two_mib))
                head = first_answer(s)
                if head.startswith("HTTP/1.1 100") or time.monotonic() > deadline:
                    return s, head
                s.close()
                time.sleep(0.05)

        # The first client leaves without sending its body: its bytes are free again.
        first.close()
        s, head = admitted()
        s.close()
        assert head.startswith("HTTP/1.1 100 Continue"), head

        # An upload that is answered (here: not a form at all, 400) gives its bytes back too,
        # before its answer goes out.
        s, head = admitted()
        with s:
            assert head.startswith("HTTP/1.1 100 Continue"), head
            s.sendall(b"x" * two_mib)
            answer = first_answer(s)
            assert answer.startswith("HTTP/1.1 4"), answer
            with dawn.connect() as again:
                again.sendall(upload_head(cookies, two_mib))
                assert first_answer(again).startswith("HTTP/1.1 100 Continue")
        assert photo_ids(admin.get(f"/day/{DAY}").text) == []
        assert get(dawn, "/healthz").status == 200
    finally:
        dawn.stop()
