"""Timeouts, connection limits, static files, graceful shutdown and start-up errors of the real binary."""
import os
import re
import select
import signal
import socket
import sqlite3
import subprocess
import threading
import time

import pytest

from conftest import ROOT, Dawn, Reader, dawn_binary, get, request

pytestmark = pytest.mark.serial

H = "Host: localhost\r\n"
SHORT = {"DAWN_HEADER_TIMEOUT": "0.5", "DAWN_BODY_TIMEOUT": "0.5", "DAWN_IDLE_TIMEOUT": "0.5",
         "DAWN_WRITE_TIMEOUT": "1"}


def test_slow_header_gets_408(fresh_dawn):
    dawn = fresh_dawn(env=SHORT)
    with dawn.connect() as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: local")
        started = time.time()
        r = Reader(s).read()
        assert r.status == 408
        assert 0.4 < time.time() - started < 3


def trickle(s, byte, started, limit=5):
    """Sends `byte` every 0.1 s until the server answers (or `limit` s pass);
    returns how many were sent and the seconds from `started` to the answer."""
    sent = 0
    while time.time() - started < limit and not select.select([s], [], [], 0.1)[0]:
        try:
            s.send(byte)
        except (BrokenPipeError, ConnectionResetError):
            break
        sent += 1
    return sent, time.time() - started


def test_slowloris_trickling_a_head_is_cut_at_the_header_deadline(fresh_dawn):
    # One byte every 0.1 s never leaves the connection silent, yet the head must be whole
    # within the header timeout of its first byte: the deadline is not renewed per byte.
    dawn = fresh_dawn(env=SHORT)
    with dawn.connect() as s:
        started = time.time()
        s.sendall(f"GET /healthz HTTP/1.1\r\n{H}X-Slow: ".encode())
        sent, cut = trickle(s, b"a", started)
        assert Reader(s).read().status == 408
        assert Reader(s).closed(timeout=3)
    assert sent >= 4, "it kept talking until the deadline"
    assert 0.4 < cut < 1.5, f"cut after {cut:.2f} s with a 0.5 s header timeout"


def test_silent_body_gets_408(fresh_dawn):
    dawn = fresh_dawn(env=SHORT)
    with dawn.connect() as s:
        s.sendall(f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\n"
                  f"Content-Length: 10\r\n\r\nab".encode())
        assert Reader(s).read().status == 408


def test_body_trickling_within_timeout_is_fine(fresh_dawn):
    dawn = fresh_dawn(env=SHORT)
    with dawn.connect() as s:
        s.sendall(f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\n"
                  f"Content-Length: 6\r\nConnection: close\r\n\r\n".encode())
        for b in b"a=bcde":
            time.sleep(0.2)
            s.send(bytes([b]))
        assert Reader(s).read().body == b"a=bcde\n"


def test_a_body_trickled_forever_is_cut_at_the_whole_body_deadline(fresh_dawn):
    # A byte every 0.1 s is never 0.5 s of silence; the whole body still has only 1 s.
    dawn = fresh_dawn(env=dict(SHORT, DAWN_BODY_TOTAL_TIMEOUT="1"))
    with dawn.connect() as s:
        s.sendall(f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\n"
                  f"Content-Length: 100000\r\n\r\na=".encode())
        sent, cut = trickle(s, b"b", time.time())
        assert Reader(s).read().status == 408
        assert Reader(s).closed(timeout=3)
    assert sent >= 8
    assert 0.9 < cut < 2, f"cut after {cut:.2f} s with a 1 s whole-body timeout"


def test_idle_keep_alive_connection_is_closed_silently(fresh_dawn):
    dawn = fresh_dawn(env=SHORT)
    with dawn.connect() as s:
        s.sendall(f"GET /healthz HTTP/1.1\r\n{H}\r\n".encode())
        reader = Reader(s)
        assert reader.read().status == 200
        started = time.time()
        assert reader.closed(timeout=3)
        assert reader.buffer == b""
        assert 0.4 < time.time() - started < 3


def test_connections_over_the_limit_are_closed_at_once(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_MAX_CONNECTIONS": "5"})
    held = [dawn.connect() for _ in range(5)]
    for s in held:  # make sure all five are accepted and counted
        s.sendall(f"GET /healthz HTTP/1.1\r\n{H}\r\n".encode())
        assert Reader(s).read().status == 200
    extra = dawn.connect()
    assert Reader(extra).closed(timeout=2), "the sixth connection is closed, not queued"
    extra.close()
    held.pop().close()
    time.sleep(0.2)
    assert get(dawn, "/healthz").status == 200, "a freed slot serves again"
    for s in held:
        s.close()


def test_static_files_are_immutable_with_etag_and_304(dawn):
    page = get(dawn, "/setup").body.decode()
    css = re.search(r'href="(/static/app\.[0-9a-f]{16}\.css)"', page).group(1)
    r = get(dawn, css, {"Accept-Encoding": "gzip"})
    assert r.status == 200
    assert r.header("Cache-Control") == "public, max-age=31536000, immutable"
    assert r.header("Content-Encoding") == "gzip"
    with open(os.path.join(ROOT, "Public", "app.css"), "rb") as f:
        import gzip
        assert gzip.decompress(r.body) == f.read()
    cached = get(dawn, css, {"If-None-Match": r.header("ETag")})
    assert cached.status == 304 and cached.body == b""
    assert get(dawn, "/static/app.css").status == 404, "only fingerprinted names are served"


@pytest.mark.parametrize("path", [
    "/static/../Package.swift", "/static/..%2fPackage.swift", "/static/%2e%2e/Package.swift",
    "/static/%2e%2e%2fREADME.md", "/static/%2E%2E/%2E%2E/etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
    "/static//etc/passwd", "/static/%00", "/static/..%5c..%5cPackage.swift", "/static/%252e%252e/Package.swift",
    "/static/./app.css", "/static/app.css%00.css",
])
def test_no_path_leaves_public(dawn, path):
    r = get(dawn, path)
    assert r.status in (400, 404), (path, r.status)
    assert b"PackageDescription" not in r.body and b"root:" not in r.body


def test_graceful_shutdown_finishes_the_request_in_flight(fresh_dawn):
    dawn = fresh_dawn()
    s = dawn.connect(timeout=10)
    s.sendall(f"GET /_test/sleep?ms=1000 HTTP/1.1\r\n{H}\r\n".encode())
    time.sleep(0.3)
    dawn.process.send_signal(signal.SIGTERM)
    r = Reader(s).read()
    assert r.status == 200 and r.body == b"slept 1000 ms\n"
    assert r.header("Connection") == "close", "no keep-alive once shutting down"
    assert dawn.process.wait(10) == 0
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", dawn.port), timeout=1)
    assert any("SIGTERM received" in l for l in dawn.lines)


def test_sigint_stops_cleanly_too(fresh_dawn):
    dawn = fresh_dawn()
    assert get(dawn, "/healthz").status == 200
    assert dawn.stop(signal.SIGINT) == 0


def run_dawn(args, env=None):
    full_env = dict(os.environ, DAWN_RESOURCES=ROOT)
    full_env.update(env or {})
    return subprocess.run([dawn_binary()] + args, env=full_env, cwd=ROOT, capture_output=True, timeout=20)


def test_port_in_use_is_a_clear_error(fresh_dawn, tmp_path):
    dawn = fresh_dawn()
    r = run_dawn(["serve", "--port", str(dawn.port), "--data", str(tmp_path)])
    assert r.returncode == 1
    assert r.stderr.decode().strip() == f"dawn: port {dawn.port} on 127.0.0.1 is already in use (is another server running?)"


def test_unwritable_data_folder_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    r = run_dawn(["serve", "--port", "0", "--data", str(blocker / "data")])
    assert r.returncode == 1
    err = r.stderr.decode()
    assert err.startswith("dawn: ") and str(blocker / "data") in err and err.count("\n") == 1, err


def test_not_sqlite_database_is_refused_and_unchanged(tmp_path):
    db = tmp_path / "instance.sqlite"
    db.write_bytes(b"this is not a database\n" * 200)
    before = db.read_bytes()
    r = run_dawn(["serve", "--port", "0", "--data", str(tmp_path)])
    assert r.returncode == 1
    assert "not" in r.stderr.decode() and "instance.sqlite" in r.stderr.decode(), r.stderr
    assert db.read_bytes() == before


def test_newer_database_is_refused_and_unchanged(tmp_path):
    db = tmp_path / "instance.sqlite"
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version = 999")
    con.close()
    before = db.read_bytes()
    r = run_dawn(["serve", "--port", "0", "--data", str(tmp_path)])
    assert r.returncode == 1
    assert "999" in r.stderr.decode(), r.stderr
    assert db.read_bytes() == before


def test_bad_flag_exits_2_with_one_line(tmp_path):
    r = run_dawn(["serve", "--port", "eighty"])
    assert r.returncode == 2
    assert r.stderr.decode() == 'dawn: --port must be a port number from 0 to 65535, not "eighty"\n'


def test_help_and_version():
    assert run_dawn(["--version"]).stdout.decode().startswith("dawn ")
    assert "dawn serve" in run_dawn(["--help"]).stdout.decode()


def test_full_worker_queue_answers_503_and_others_still_run(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_WORKERS": "1", "DAWN_WORKER_QUEUE": "1"})
    results = []

    def slow():
        with dawn.connect(timeout=10) as s:
            s.sendall(f"GET /_test/sleep?ms=700 HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode())
            results.append(Reader(s).read())

    threads = [threading.Thread(target=slow) for _ in range(3)]
    for t in threads:
        t.start()
        time.sleep(0.1)
    # The event loops stay free while the worker is busy.
    started = time.time()
    assert get(dawn, "/healthz").status == 200
    assert time.time() - started < 0.5
    for t in threads:
        t.join()
    statuses = sorted(r.status for r in results)
    assert statuses == [200, 200, 503], statuses
    busy = next(r for r in results if r.status == 503)
    assert busy.header("Retry-After") == "1"


def test_dev_mode_reloads_templates_and_static_files(fresh_dawn, tmp_path):
    import shutil
    resources = tmp_path / "res"
    shutil.copytree(os.path.join(ROOT, "Views"), resources / "Views")
    shutil.copytree(os.path.join(ROOT, "Public"), resources / "Public")
    dawn = fresh_dawn(env={"DAWN_RESOURCES": str(resources)}, args=["--dev"])
    page = get(dawn, "/setup").body.decode()
    assert "Welcome to Dawn" in page
    old_css = re.search(r'/static/app\.[0-9a-f]{16}\.css', page).group(0)
    setup = resources / "Views" / "setup.html"
    setup.write_text(setup.read_text().replace("{{t.setup.heading}}", "Hello, new Dawn"))
    with open(resources / "Public" / "app.css", "a") as f:
        f.write("\n.reloaded { color: red; }\n")
    time.sleep(0.4)
    page = get(dawn, "/setup").body.decode()
    assert "Hello, new Dawn" in page
    new_css = re.search(r'/static/app\.[0-9a-f]{16}\.css', page).group(0)
    assert new_css != old_css
    assert b".reloaded" in get(dawn, new_css).body


def test_broken_template_is_a_startup_error_with_file_and_line(tmp_path):
    import shutil
    resources = tmp_path / "res"
    shutil.copytree(os.path.join(ROOT, "Views"), resources / "Views")
    shutil.copytree(os.path.join(ROOT, "Public"), resources / "Public")
    (resources / "Views" / "broken.html").write_text("<p>fine</p>\n<a href={{url}}>x</a>\n")
    r = run_dawn(["serve", "--port", "0", "--data", str(tmp_path / "data")], env={"DAWN_RESOURCES": str(resources)})
    assert r.returncode == 1
    err = r.stderr.decode()
    assert "broken.html:2" in err, err


def test_the_server_maps_no_library_it_does_without(dawn):
    # Resident memory: Foundation, Swift's concurrency runtime and libdispatch are neither
    # linked nor loaded (a signed-out page served first, so the server is past start-up).
    assert get(dawn, "/login").status in (200, 303)
    with open(f"/proc/{dawn.process.pid}/maps") as maps:
        mapped = {line.split()[-1].rsplit("/", 1)[-1] for line in maps if "/" in line}
    without = ["libFoundation", "libFoundationEssentials", "libswift_Concurrency", "libdispatch"]
    with open(dawn_binary(), "rb") as binary:
        instrumented = any(marker in binary.read() for marker in (b"__tsan_init", b"__asan_init"))
    if instrumented:
        without.remove("libdispatch")  # a sanitizer's runtime brings libdispatch along itself
    for library in without:
        assert not [name for name in mapped if name.startswith(library + ".")], f"{library} is mapped"
    assert any(name.startswith("libswiftCore.") for name in mapped), "the check reads the server's own maps"


def malloc_arenas(pid):
    """glibc's thread arenas in a process's maps: anonymous 64 MiB reservations aligned to
    64 MiB (the part in use read-write, the rest ---p), one beside another."""
    regions = []
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) == 5:  # no path: anonymous
                start, end = (int(x, 16) for x in fields[0].split("-"))
                regions.append((start, end))
    size = 64 << 20
    arenas = 0
    for index, (start, end) in enumerate(regions):
        if start % size:
            continue
        total, at = end - start, index
        while total < size and at + 1 < len(regions) and regions[at + 1][0] == regions[at][1]:
            at += 1
            total += regions[at][1] - regions[at][0]
        arenas += total == size
    return arenas


def test_every_thread_allocates_from_one_malloc_arena(dawn):
    # Pages rendered on the workers and answered on the event loops: with glibc's default
    # each of those threads would get an arena of its own.
    for _ in range(20):
        assert get(dawn, "/setup").status == 200
        assert get(dawn, "/healthz").status == 200
    assert malloc_arenas(dawn.process.pid) == 0



def sqlite_memory(dawn):
    r = get(dawn, "/metrics")
    assert r.status == 200, r.status
    return int(re.search(rb"^dawn_sqlite_memory_bytes (\d+)$", r.body, re.M).group(1))


def test_idle_database_connections_give_their_memory_back(fresh_dawn):
    from test_accounts import setup_admin
    dawn = fresh_dawn(env={"DAWN_IDLE_DATABASE": "1", "DAWN_METRICS": "1"})
    mum = setup_admin(dawn)
    assert mum.open("/day/2026-01-05").status == 200  # a day no cache holds: read from the file
    busy = sqlite_memory(dawn)
    deadline = time.monotonic() + 15
    idle = busy
    while idle > busy - 200_000 and time.monotonic() < deadline:
        time.sleep(0.3)
        idle = sqlite_memory(dawn)
    # The member's idle reader and the writers (parsed schema, statements, pages) closed.
    assert idle <= busy - 200_000, (busy, idle)
    r = mum.open("/day/2026-01-06")
    assert r.status == 200 and "2026" in r.text
    assert sqlite_memory(dawn) > idle + 100_000, "the next page opened a reader again"
    # Idle again: the next write opens the member's writer again, and what it wrote is kept.
    deadline = time.monotonic() + 15
    while sqlite_memory(dawn) > idle + 50_000 and time.monotonic() < deadline:
        time.sleep(0.3)
    assert mum.post("/day/2026-01-06/notes", {"note": "written after a nap"}).status == 303
    assert "written after a nap" in mum.open("/day/2026-01-06").text
