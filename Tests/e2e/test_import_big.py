"""A big import against the real binary: a zip of ~160 MB is streamed to `/import` from a
file; the server writes it to a file in `<data>/uploads` as it comes (its resident memory
stays far below the upload's size), `/healthz` and another member's page answer meanwhile,
and the file is gone afterwards. The import runs on its own thread: the POST answers with
its progress page, which refreshes itself (no script) until the notice, or says why nothing
was imported; only its own member sees it. Over 200 MB is a 413 before a byte of the body is read; a
client gone halfway leaves no file behind; a client without a session gets the small limit."""
import html
import io
import json
import os
import re
import secrets
import tempfile
import threading
import time
import zipfile

import pytest

from conftest import Dawn, Reader, dawn_binary
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


def kept(dawn):
    """Every file in the members' import folders (previews' and jobs' uploads)."""
    return [name for root, _, names in os.walk(os.path.join(dawn.data, "users")) if root.endswith("/imports")
            for name in names]


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
    assert r.status == 303 and r.header("Location").startswith("/import/progress/"), text[:500]
    location = follow_progress(kid, r.header("Location"))
    assert location.startswith("/account?done=imported"), location
    assert "Imported: 1 habits, 2 logs, 2 entries, 0 notes." in kid.get(location).text
    assert counts(dawn, "mover") == (1, 2, 2, 1)
    # Only its own member sees it.
    assert admin.get(r.header("Location")).status == 404
    # Never held whole: the process's peak stays far below the upload's size. (Not under the
    # address sanitizer: its quarantine keeps up to 256 MB of freed memory resident.)
    with open(dawn_binary(), "rb") as binary:
        instrumented = any(marker in binary.read() for marker in (b"__tsan_init", b"__asan_init"))
    if not instrumented:
        hwm = status_kib(dawn, "VmHWM")
        assert hwm - before_hwm < 40 * 1024, (before_hwm, hwm)
        assert peak_rss < 100 * 1024, peak_rss
    assert answered and all(h == 200 and p == 200 for h, p, _, _ in answered), answered
    assert max(t for _, _, t, _ in answered) < 2, answered
    assert any(n == 1 for _, _, _, n in answered), "the body went to a file in <data>/uploads"
    assert uploads(dawn) == [], "the file is removed once answered"


def follow_progress(browser, path, timeout=60):
    """Polls the progress page as a browser would (it refreshes itself) until it sends on."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = browser.get(path)
        if r.status == 303:
            return r.header("Location")
        assert r.status == 200, r.text[:300]
        assert '<meta http-equiv="refresh" content="1">' in r.text and r.header("Refresh") == "1"
        time.sleep(0.2)
    raise AssertionError("the import did not finish")


def padded_zip(export):
    """A zip over the ordinary 1 MiB limit, so that it is spooled and imported as a job."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        z.writestr("dawn.json", json.dumps(export))
        z.writestr("padding.bin", os.urandom(2 << 20))
    return buffer.getvalue()


def post_spooled(browser, dawn, data, filename="export.zip"):
    browser.open("/account")
    head, tail, content_type = head_and_tail(browser, {"csrf": browser.csrf, "mode": "merge"}, filename)
    body = head + data + tail
    with dawn.connect(timeout=20) as s:
        s.sendall(request_head(browser, len(body), content_type) + body)
        return Reader(s).read()


def test_a_refused_big_import_says_why_on_its_progress_page(home):
    dawn, admin, _ = home
    kid = member(dawn, admin, "refused")
    bad = json.loads(json.dumps(EXPORT))
    bad["instances"][1]["date"] = "2026-02-30"
    r = post_spooled(kid, dawn, padded_zip(bad))
    assert r.status == 303 and r.header("Location").startswith("/import/progress/")
    deadline = time.monotonic() + 30
    while True:
        page = kid.get(r.header("Location"))
        assert page.status == 200
        if "Nothing was imported" in page.text or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert "instances[1]" in page.text and "2026-02-30" in page.text, page.text[:2000]
    # Over: no more refreshing.
    assert page.header("Refresh") is None and 'http-equiv="refresh"' not in page.text
    assert counts(dawn, "refused") == (0, 0, 0, 0)
    assert uploads(dawn) == []
    assert kept(dawn) == [], "the job's file is removed when it ends"
    # An unknown token is a 404 too.
    assert kid.get("/import/progress/" + "0" * 32).status == 404


def test_a_big_preview_keeps_the_upload_for_its_import(home):
    dawn, admin, _ = home
    kid = member(dawn, admin, "previewbig")
    kid.open("/account")
    head, tail, content_type = head_and_tail(kid, {"csrf": kid.csrf, "mode": "merge", "preview": "1"}, "export.zip")
    body = head + padded_zip(EXPORT) + tail
    with dawn.connect(timeout=20) as s:
        s.sendall(request_head(kid, len(body), content_type) + body)
        r = Reader(s).read()
    text = r.body.decode()
    assert r.status == 200 and "<li>2 journal entries</li>" in html.unescape(text), text[:400]
    token = re.search(r'name="pending" value="([0-9a-f]{32})"', text).group(1)
    assert counts(dawn, "previewbig") == (0, 0, 0, 0)
    csrf = re.search(r'name="csrf" value="([^"]+)"', text).group(1)
    r = kid.post("/import", {"mode": "merge", "pending": token}, csrf=csrf)
    assert r.status == 303 and r.header("Location").startswith("/account?done=imported"), r.text[:400]
    assert counts(dawn, "previewbig") == (1, 2, 2, 1)
    assert uploads(dawn) == []
    assert kept(dawn) == [], "the kept upload is gone once imported"


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


def test_the_server_holds_a_budget_of_spooled_bytes():
    """Past `DAWN_MAX_SPOOLED_BYTES_IN_FLIGHT` an import's head is a 503 before its body;
    the bytes come back when the upload's client goes away."""
    dawn = Dawn(env={"DAWN_MAX_SPOOLED_BYTES_IN_FLIGHT": str(5_000_000)})
    try:
        admin = setup_admin(dawn)
        first = dawn.connect(timeout=10)
        first.sendall(request_head(admin, 4_000_000, "multipart/form-data; boundary=x") + b"--x\r\n")
        time.sleep(0.3)
        assert len(uploads(dawn)) == 1
        with dawn.connect(timeout=10) as s:
            s.sendall(request_head(admin, 4_000_000, "multipart/form-data; boundary=x"))
            r = Reader(s).read()
        assert r.status == 503 and r.header("Retry-After") == "5"
        assert len(uploads(dawn)) == 1
        first.close()
        deadline = time.monotonic() + 5
        while True:
            with dawn.connect(timeout=10) as s:
                s.sendall(request_head(admin, 4_000_000, "multipart/form-data; boundary=x"))
                s.settimeout(0.5)
                try:
                    answered = s.recv(100)
                except TimeoutError:
                    answered = b""
            if not answered.startswith(b"HTTP/1.1 503") or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert answered == b"", "admitted again once the first client went away"
    finally:
        dawn.stop()


def test_an_upload_the_server_cannot_store_is_a_507_and_leaves_nothing(home):
    dawn, admin, _ = home
    kid = member(dawn, admin, "nowhere")
    folder = os.path.join(dawn.data, "uploads")
    os.rmdir(folder)
    try:
        with dawn.connect(timeout=10) as s:
            s.sendall(request_head(kid, 3_000_000, "multipart/form-data; boundary=x") + b"--x\r\n")
            r = Reader(s).read()
        assert r.status == 507 and b"could not store the upload" in r.body
        assert not os.path.exists(folder)
    finally:
        os.mkdir(folder, 0o700)
    assert counts(dawn, "nowhere") == (0, 0, 0, 0)
