"""Drives a Dawn container over loopback for deploy/container-test, with the e2e client.

  container_drive.py wait PORT SECONDS    until GET /healthz answers 200
  container_drive.py first PORT STATE     setup → sign-in → a day note and photos (JPEG, PNG,
                                          WebP, HEIC); state saved to STATE
  container_drive.py again PORT STATE     after a restart: the old session and a new sign-in see the note
"""
import datetime
import io
import json
import os
import socket
import sys
import time
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))
from conftest import Browser, get  # noqa: E402
from test_accounts import ADMIN_PASSWORD, setup_admin, sign_in  # noqa: E402
from test_import import multipart  # noqa: E402
from test_photos import phone_jpeg, photo_ids, picture  # noqa: E402

ZONE = "Europe/Rome"   # the zone setup_admin picks


class Container:
    """What Browser needs of a server: a port on 127.0.0.1."""

    def __init__(self, port):
        self.port = port

    def connect(self, timeout=5):
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout)


def check(condition, message):
    if not condition:
        sys.exit(f"container_drive: FAILED: {message}")


def wait(server, seconds):
    deadline = time.time() + seconds
    last = None
    while time.time() < deadline:
        try:
            r = get(server, "/healthz")
            if r.status == 200:
                return
            last = r.status
        except (OSError, EOFError, ValueError) as error:
            last = error
        time.sleep(0.2)
    check(False, f"/healthz did not answer 200 within {seconds}s (last: {last})")


def first(server, state_path):
    r = Browser(server).get("/")
    check((r.status, r.header("Location")) == (303, "/setup"), f"a fresh instance sends / to /setup, got {r!r}")
    setup_admin(server)                       # asserts 303 → /
    _, r = sign_in(server, "mum", ADMIN_PASSWORD + "x")
    check(r.status != 303, "a wrong password must not sign in")
    browser, r = sign_in(server, "mum", ADMIN_PASSWORD)
    check(r.status == 303, f"sign-in answered {r.status}: {r.text[:300]}")
    day = datetime.datetime.now(ZoneInfo(ZONE)).date().isoformat()
    note = f"container note {os.getpid()}-{time.time_ns()}"
    browser.open(f"/day/{day}")
    r = browser.post(f"/day/{day}/notes", {"note": note})
    check(r.status == 303, f"saving the note answered {r.status}: {r.text[:300]}")
    page = browser.get(f"/day/{day}")
    check(page.status == 200 and f"<p>{note}</p>" in page.text, "the note is on its day page")
    photos(browser, day)
    with open(state_path, "w") as f:
        json.dump({"jar": browser.jar, "day": day, "note": note}, f)
    print(f"setup, sign-in and a note on {day}: ok")


def photos(browser, day):
    """The image's libvips reads every format Dawn accepts and strips what a phone adds."""
    from PIL import Image
    files = [("photo", "IMG_0001.JPG", phone_jpeg())]
    files += [("photo", f"picture.{ext}", picture(kind)) for kind, ext in (("PNG", "png"), ("WEBP", "webp"), ("HEIF", "heic"))]
    r = multipart(browser, f"/day/{day}/photos", {"caption": "Lake"}, files)
    check(r.status == 303, f"the upload answered {r.status}: {r.text[:400]}")
    ids = photo_ids(browser.get(f"/day/{day}").text)
    check(len(ids) == 4, f"four photos on the day page, got {ids}")
    for photo_id in ids:
        served = browser.get(f"/photos/{photo_id}")
        check(served.status == 200 and served.header("Content-Type") == "image/jpeg", f"photo {photo_id}: {served!r}")
        image = Image.open(io.BytesIO(served.body))
        check(image.format == "JPEG" and len(image.getexif()) == 0, f"photo {photo_id} is a JPEG without EXIF")
        thumb = Image.open(io.BytesIO(browser.get(f"/photos/{photo_id}/thumb").body))
        check(max(thumb.size) <= 400, f"thumbnail {photo_id} is {thumb.size}")
    upright = Image.open(io.BytesIO(browser.get(f"/photos/{ids[0]}").body))
    check(upright.size == (300, 600), f"the phone's photo is turned upright, got {upright.size}")
    print("photos: JPEG (upright, no EXIF), PNG, WebP and HEIC stored as JPEG with thumbnails: ok")


def again(server, state_path):
    with open(state_path) as f:
        state = json.load(f)
    day, note = state["day"], state["note"]
    old = Browser(server)
    old.jar = state["jar"]
    page = old.get(f"/day/{day}")
    check(page.status == 200 and f"<p>{note}</p>" in page.text,
          f"the session from before the restart sees the note (got {page.status})")
    r = Browser(server).get("/setup")
    check(r.status == 404, f"/setup is closed once an admin exists, got {r.status}")
    browser, r = sign_in(server, "mum", ADMIN_PASSWORD)
    check(r.status == 303, f"sign-in after the restart answered {r.status}")
    page = browser.get(f"/day/{day}")
    check(page.status == 200 and f"<p>{note}</p>" in page.text, "a new sign-in sees the note")
    print("after the restart, the note and the session are still there: ok")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("wait", "first", "again"):
        sys.exit(__doc__)
    command, port, arg = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    server = Container(port)
    if command == "wait":
        wait(server, float(arg))
    else:
        {"first": first, "again": again}[command](server, arg)
