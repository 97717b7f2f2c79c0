"""A big import against the real binary: a zip of ~160 MB is streamed to `/import` from a
file; the server writes it to a file in `<data>/uploads` as it comes (its resident memory
stays far below the upload's size), `/healthz` and another member's page answer meanwhile,
and the file is gone afterwards. Over 200 MB is a 413 before a byte of the body is read; a
client gone halfway leaves no file behind; a client without a session gets the small limit."""
import json
import os
import secrets
import tempfile
import threading
import time
import zipfile

import pytest

from conftest import Dawn, Reader
from test_accounts import setup_admin
from test_import import member
from test_import_preview import EXPORT, counts

BIG = 160 * 1024 * 1024


def status_kib(dawn, field):
    with open(f"/proc/{dawn.process.pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(field)


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    folder = tempfile.mkdtemp(prefix="dawn-big-")
    path = os.path.join(folder, "export.zip")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        z.writestr("dawn.json", json.dumps(EXPORT))
        # A big stored entry no importer reads: the zip's size, not its contents, is the point.
        with z.open("padding.bin", "w", force_zip64=True) as padding:
            chunk = os.urandom(1 << 20)
            for _ in range(BIG >> 20):
                padding.write(chunk)
    yield dawn, admin, path
    os.remove(path)
    os.rmdir(folder)
    dawn.stop()


def uploads(dawn):
    return os.listdir(os.path.join(dawn.data, "uploads"))


def head_and_tail(browser, fields, filename):
    boundary = "----dawn" + secrets.token_hex(8)
    head = b""
    for name, value in fields.items():
        head += f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode()
    head += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n"
             "Content-Type: application/zip\r\n\r\n").encode()
    return head, f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def request_head(browser, length, content_type):
    lines = ["POST /import HTTP/1.1", "Host: localhost", "Connection: close",
             "Cookie: " + "; ".join(f"{k}={v}" for k, v in browser.jar.items()),
             f"Content-Type: {content_type}", f"Content-Length: {length}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def test_a_big_zip_is_streamed_to_a_file_and_imported(home):
    dawn, admin, path = home
    kid = member(dawn, admin, "mover")
    kid.open("/account")
    head, tail, content_type = head_and_tail(kid, {"csrf": kid.csrf, "mode": "merge"}, "export.zip")
    size = os.path.getsize(path)
    assert size > 150_000_000
    before_hwm = status_kib(dawn, "VmHWM")
    answered = []
    stop = threading.Event()

    def others():
        # While the upload runs: the health check and another member's page answer, quickly.
        while not stop.is_set():
            started = time.monotonic()
            health = admin.get("/healthz").status
            page = admin.get("/account").status
            answered.append((health, page, time.monotonic() - started, len(uploads(dawn))))
            time.sleep(0.2)

    watcher = threading.Thread(target=others)
    with dawn.connect(timeout=120) as s:
        s.sendall(request_head(kid, len(head) + size + len(tail), content_type) + head)
        watcher.start()
        peak_rss = 0
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                s.sendall(chunk)
                peak_rss = max(peak_rss, status_kib(dawn, "VmRSS"))
        s.sendall(tail)
        r = Reader(s).read()
    stop.set()
    watcher.join()
    text = r.body.decode("utf-8", "replace")
    assert r.status == 303 and r.header("Location").startswith("/account?done=imported"), text[:500]
    assert counts(dawn, "mover") == (1, 2, 2, 1)
    # Never held whole: the process's peak stays far below the upload's size.
    hwm = status_kib(dawn, "VmHWM")
    assert hwm - before_hwm < 40 * 1024, (before_hwm, hwm)
    assert peak_rss < 100 * 1024, peak_rss
    assert answered and all(h == 200 and p == 200 for h, p, _, _ in answered), answered
    assert max(t for _, _, t, _ in answered) < 2, answered
    assert any(n == 1 for _, _, _, n in answered), "the body went to a file in <data>/uploads"
    assert uploads(dawn) == [], "the file is removed once answered"


def test_over_200_mb_is_refused_before_the_body(home):
    dawn, admin, _ = home
    kid = member(dawn, admin, "toobig")
    kid.open("/account")
    with dawn.connect(timeout=10) as s:
        s.sendall(request_head(kid, 200_000_001, "multipart/form-data; boundary=x"))
        r = Reader(s).read()
    assert r.status == 413 and b"too large" in r.body
    assert uploads(dawn) == []
    # Exactly the limit is admitted (then refused as a broken form once it is all there).
    with dawn.connect(timeout=10) as s:
        s.sendall(request_head(kid, 200_000_000, "multipart/form-data; boundary=x"))
        time.sleep(0.3)
        assert len(uploads(dawn)) == 1
    deadline = time.monotonic() + 5
    while uploads(dawn) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert uploads(dawn) == [], "a client gone halfway leaves no file"


def test_without_a_session_the_small_limit_holds(home):
    dawn, _, _ = home
    with dawn.connect(timeout=10) as s:
        s.sendall(b"POST /import HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n"
                  b"Content-Length: 5000000\r\n\r\n")
        r = Reader(s).read()
    assert r.status == 413
    assert uploads(dawn) == []


def test_a_chunked_upload_needs_a_length(home):
    dawn, admin, _ = home
    kid = member(dawn, admin, "chunky")
    with dawn.connect(timeout=10) as s:
        s.sendall(request_head(kid, 0, "multipart/form-data; boundary=x").replace(
            b"Content-Length: 0", b"Transfer-Encoding: chunked"))
        r = Reader(s).read()
    assert r.status == 411
    assert uploads(dawn) == []


def test_a_spooled_form_is_checked_like_any_form(home):
    dawn, admin, _ = home
    kid = member(dawn, admin, "forger")
    kid.open("/account")
    head, tail, content_type = head_and_tail(kid, {"csrf": "wrong", "mode": "merge"}, "x.zip")
    body = head + b"PK\x05\x06" + bytes(2 << 20) + tail
    with dawn.connect(timeout=20) as s:
        s.sendall(request_head(kid, len(body), content_type) + body)
        r = Reader(s).read()
    assert r.status == 403
    assert counts(dawn, "forger") == (0, 0, 0, 0)
    assert uploads(dawn) == []
