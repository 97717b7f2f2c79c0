"""Connection slots against the real binary: one client address may hold
DAWN_MAX_CONNECTIONS_PER_CLIENT connections (64) and no more, behind a trusted proxy the
forwarded address is what counts, and a response read slower than DAWN_MIN_SEND_RATE
(1 KiB/s) over DAWN_SEND_RATE_WINDOW (30 s) is closed. Clients use loopback addresses
other than 127.0.0.1 (127.0.0.2, .3) to be other clients."""
import os
import re
import socket
import subprocess
import threading
import time

import pytest

from conftest import ROOT, Reader, dawn_binary

pytestmark = pytest.mark.serial

H = "Host: localhost\r\n"
HEALTHZ = f"GET /healthz HTTP/1.1\r\n{H}\r\n".encode()


def connect_from(dawn, source, timeout=5, receive_buffer=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    if receive_buffer:  # before connecting, so the window is small from the start
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.bind((source, 0))
    s.connect(("127.0.0.1", dawn.port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def healthz(sock, forwarded_for=None):
    extra = f"X-Forwarded-For: {forwarded_for}\r\n" if forwarded_for else ""
    sock.sendall(f"GET /healthz HTTP/1.1\r\n{H}{extra}\r\n".encode())
    return Reader(sock).read()


def served_when_free(dawn, source, timeout=3):
    """A new connection from `source` that got a 200, kept open; None if none is served
    within `timeout` (a slot freed by a client's close is given back when the server sees
    the close, a moment later)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        s = connect_from(dawn, source)
        try:
            if healthz(s).status == 200:
                return s
        except (EOFError, ConnectionResetError):
            pass
        s.close()
        time.sleep(0.05)
    return None


def assert_refused(sock):
    r = Reader(sock)
    response = r.read()
    assert response.status == 503, response
    assert response.header("Retry-After") == "5"
    assert response.header("Connection") == "close"
    assert b"Too many connections from your address" in response.body
    assert r.closed(timeout=2), "closed at once: the refused connection holds nothing"


def test_the_default_is_64_connections_per_client_address(fresh_dawn):
    dawn = fresh_dawn()
    held = [connect_from(dawn, "127.0.0.1") for _ in range(64)]
    try:
        for s in held:
            assert healthz(s).status == 200
        with connect_from(dawn, "127.0.0.1") as extra:
            extra.sendall(HEALTHZ)
            assert_refused(extra)
        assert dawn.wait_for_log(r"^GET - 503 0 0us$"), "the refusal is in the access log"
        with connect_from(dawn, "127.0.0.2") as other:
            assert healthz(other).status == 200, "another address is served meanwhile"
    finally:
        for s in held:
            s.close()


def test_one_address_over_its_slots_is_refused_others_are_served_and_a_close_frees_one(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_MAX_CONNECTIONS_PER_CLIENT": "8"})
    held = [connect_from(dawn, "127.0.0.1") for _ in range(8)]
    others = []
    try:
        for s in held:
            assert healthz(s).status == 200
        # The ninth gets a 503 even if it sends nothing: it is refused as it is accepted.
        with connect_from(dawn, "127.0.0.1") as silent:
            assert_refused(silent)
        with connect_from(dawn, "127.0.0.1") as ninth:
            ninth.sendall(HEALTHZ)
            assert_refused(ninth)
        # Another address has slots of its own, all eight of them.
        others = [connect_from(dawn, "127.0.0.2") for _ in range(8)]
        for s in others:
            assert healthz(s).status == 200
        # The connections held are served as before: a refusal cost them nothing.
        for s in held:
            assert healthz(s).status == 200
        # Closing one frees a slot for the same address, and only one.
        held.pop().close()
        again = served_when_free(dawn, "127.0.0.1")
        assert again, "a freed slot serves again"
        held.append(again)
        with connect_from(dawn, "127.0.0.1") as one_more:
            one_more.sendall(HEALTHZ)
            assert_refused(one_more)
    finally:
        for s in held + others:
            s.close()


def test_behind_a_trusted_proxy_the_forwarded_address_counts(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_MAX_CONNECTIONS_PER_CLIENT": "4", "DAWN_TRUSTED_PROXIES": "127.0.0.3",
                           "DAWN_WORKERS": "8"})
    # The proxy holds more connections than any one client may: it is not one client.
    proxy = [connect_from(dawn, "127.0.0.3", timeout=10) for _ in range(12)]
    try:
        for i, s in enumerate(proxy):
            assert healthz(s, forwarded_for=f"203.0.113.{i}").status == 200
        # One client behind it with four slow requests in flight holds its four slots...
        for s in proxy[:4]:
            s.sendall(f"GET /_test/sleep?ms=1500 HTTP/1.1\r\n{H}X-Forwarded-For: 198.51.100.7\r\n\r\n".encode())
        time.sleep(0.4)
        # ...so its fifth is refused, on a connection of the proxy's that was free,
        refused = healthz(proxy[4], forwarded_for="10.1.1.1, 198.51.100.7")
        assert refused.status == 503, refused
        assert refused.header("Retry-After") == "5" and refused.header("Connection") == "close"
        assert b"Too many connections from your address" in refused.body
        # while another client, through the same proxy, is served at once.
        started = time.time()
        assert healthz(proxy[5], forwarded_for="198.51.100.8").status == 200
        assert time.time() - started < 1
        # What a client forges before the proxy's hop does not count: the last hop does.
        assert healthz(proxy[6], forwarded_for="198.51.100.7, 198.51.100.9").status == 200
        for s in proxy[:4]:
            assert Reader(s).read().status == 200
        # A client's slots were its requests, not the proxy's connections: answered, they are free.
        assert healthz(proxy[7], forwarded_for="198.51.100.7").status == 200
        # And the proxy's own address is still not capped: four more connections from it are served.
        extra = [connect_from(dawn, "127.0.0.3") for _ in range(4)]
        for s in extra:
            assert healthz(s, forwarded_for="203.0.113.50").status == 200
            s.close()
    finally:
        for s in proxy:
            s.close()


# --- the minimum send rate ---------------------------------------------------------------------

def open_connections(dawn):
    """The server's own count of open connections (/metrics), this request's included."""
    with connect_from(dawn, "127.0.0.1") as s:
        s.sendall(f"GET /metrics HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode())
        body = Reader(s).read().body.decode()
    return int(re.search(r"^dawn_http_open_connections (\d+)$", body, re.M).group(1))


def quiet(dawn):
    """Waits until the only connection open is the one asking (earlier ones closed), and
    returns that count: 1."""
    deadline = time.time() + 3
    while open_connections(dawn) != 1 and time.time() < deadline:
        time.sleep(0.02)
    assert open_connections(dawn) == 1
    return 1


def static_css(dawn):
    with connect_from(dawn, "127.0.0.1") as s:
        s.sendall(f"GET /setup HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode())
        page = Reader(s).read().body.decode()
    return re.search(r'/static/app\.[0-9a-f]{16}\.css', page).group(0)


def pipelined(path, count):
    return (f"GET {path} HTTP/1.1\r\n{H}\r\n" * count).encode()


def test_a_client_reading_a_byte_now_and_then_is_closed_and_a_slow_steady_one_is_not(fresh_dawn):
    # Windows of 3 s instead of 30 so the test takes seconds; the rate is the default, 1 KiB/s.
    # The stalled-writer timeout stays at its 30 s: it is not what closes the trickler.
    dawn = fresh_dawn(env={"DAWN_SEND_RATE_WINDOW": "3", "DAWN_METRICS": "1", "DAWN_WRITE_TIMEOUT": "30"})
    css = static_css(dawn)
    baseline = quiet(dawn)
    # Both pipeline 300 requests for the style sheet (7 MB, far more than socket buffers hold).
    trickler = connect_from(dawn, "127.0.0.2", receive_buffer=4096)
    steady = connect_from(dawn, "127.0.0.3", receive_buffer=4096)
    trickler.sendall(pipelined(css, 300))
    steady.sendall(pipelined(css, 300))
    started = time.time()
    stop = threading.Event()
    taken = {"trickler": 0, "steady": 0}
    ended = {}

    def read(sock, name, size, pause):
        while not stop.is_set():
            try:
                data = sock.recv(size)
            except (ConnectionResetError, socket.timeout):
                data = b""
            if not data:
                ended[name] = time.time() - started
                return
            taken[name] += len(data)
            time.sleep(pause)

    threads = [threading.Thread(target=read, args=(trickler, "trickler", 1, 0.5)),   # 2 bytes a second
               threading.Thread(target=read, args=(steady, "steady", 4096, 0.25))]   # about 16 KiB a second
    for t in threads:
        t.start()
    try:
        # Both are in (the server accepts while this test goes on)...
        deadline = time.time() + 3
        while open_connections(dawn) != baseline + 2 and time.time() < deadline:
            time.sleep(0.02)
        assert open_connections(dawn) == baseline + 2
        # ...and the server closes the trickler after one window (3 s, give or take the sweep).
        cut = None
        while time.time() - started < 12:
            if open_connections(dawn) == baseline + 1:
                cut = time.time() - started
                break
            time.sleep(0.2)
        assert cut is not None, "the trickler was not closed within 12 s"
        assert 2.5 < cut < 8, f"closed after {cut:.1f} s with a 3 s window (the write timeout is 30 s)"
        # The steady reader, slow as it is, goes on through several more windows.
        time.sleep(4)
        assert open_connections(dawn) == baseline + 1, "the steady reader is still open"
        assert "steady" not in ended
        before = taken["steady"]
        time.sleep(1)
        assert taken["steady"] > before, "and still receiving"
    finally:
        stop.set()
        for t in threads:
            t.join(5)
        trickler.close()
        steady.close()
    assert taken["steady"] > 50_000, taken


def test_a_slow_steady_reader_is_progress_though_the_socket_seldom_has_room(fresh_dawn):
    # The kernel says a socket has room only once a third of its buffer (up to 4 MiB) is
    # free: for a client taking 16 KiB/s that is minutes apart. Progress is what the client
    # took, so a 2 s write timeout (the minimum rate off) does not cut it.
    dawn = fresh_dawn(env={"DAWN_WRITE_TIMEOUT": "2", "DAWN_MIN_SEND_RATE": "0", "DAWN_METRICS": "1"})
    css = static_css(dawn)
    baseline = quiet(dawn)
    with connect_from(dawn, "127.0.0.2", receive_buffer=4096) as steady:
        steady.sendall(pipelined(css, 300))
        started, taken = time.time(), 0
        while time.time() - started < 6:
            data = steady.recv(4096)
            assert data, f"cut after {time.time() - started:.1f} s and {taken} bytes"
            taken += len(data)
            time.sleep(0.25)
        assert open_connections(dawn) == baseline + 1, "still open"
    assert taken > 40_000, taken


def read_paced(sock, responses, pause):
    """Reads `responses` whole responses (Content-Length framed) at a steady pace; returns
    their bodies, and the bytes that came before the connection ended if it ends first."""
    buffer, bodies = b"", []
    while len(bodies) < responses:
        if b"\r\n\r\n" in buffer:
            head, rest = buffer.split(b"\r\n\r\n", 1)
            length = int(re.search(rb"Content-Length: (\d+)", head).group(1))
            if len(rest) >= length:
                assert head.startswith(b"HTTP/1.1 200 "), head
                bodies.append(rest[:length])
                buffer = rest[length:]
                continue
        data = sock.recv(65536)
        if not data:
            return bodies, len(buffer)
        buffer += data
        time.sleep(pause)
    return bodies, 0


def test_a_long_download_read_steadily_arrives_whole(fresh_dawn):
    # 8 MiB, twice what the kernel's socket buffers hold, read at a steady pace: whatever the
    # keep-alive idle timeout (1 s here), the linger after a last response (2 s) and the
    # send-rate window (1 s here), a response the client keeps taking is not cut.
    dawn = fresh_dawn(env={"DAWN_IDLE_TIMEOUT": "1", "DAWN_SEND_RATE_WINDOW": "1"})
    size = 4 * 1024 * 1024
    for last, pause in [("keep-alive", 0.02), ("close", 0.03)]:
        with connect_from(dawn, "127.0.0.2", timeout=10, receive_buffer=65536) as s:
            s.sendall(f"GET /_test/big?bytes={size} HTTP/1.1\r\n{H}\r\n"
                      f"GET /_test/big?bytes={size} HTTP/1.1\r\n{H}Connection: {last}\r\n\r\n".encode())
            started = time.time()
            bodies, stranded = read_paced(s, 2, pause)
            took = time.time() - started
        assert [len(b) for b in bodies] == [size, size], \
            f"Connection: {last}: {[len(b) for b in bodies]} + {stranded} bytes, cut after {took:.1f} s"
        assert took > 2.5, f"{took:.1f} s is too quick to show anything"


# --- settings ------------------------------------------------------------------------------------

def run_dawn(args, env=None):
    full_env = dict(os.environ, DAWN_RESOURCES=ROOT)
    full_env.update(env or {})
    return subprocess.run([dawn_binary()] + args, env=full_env, cwd=ROOT, capture_output=True, timeout=20)


def test_the_defaults_are_listed(tmp_path):
    lines = run_dawn(["serve", "--print-config"]).stdout.decode().splitlines()
    assert "DAWN_MAX_CONNECTIONS_PER_CLIENT=64" in lines
    assert "DAWN_MIN_SEND_RATE=1024" in lines
    assert "DAWN_SEND_RATE_WINDOW=30" in lines
    usage = run_dawn(["--help"]).stdout.decode()
    for flag, variable in [("--max-connections-per-client V", "DAWN_MAX_CONNECTIONS_PER_CLIENT"),
                           ("--min-send-rate V", "DAWN_MIN_SEND_RATE"),
                           ("--send-rate-window V", "DAWN_SEND_RATE_WINDOW")]:
        assert re.search(rf"^  {re.escape(flag)} +{variable} +\S", usage, re.M), (flag, usage)
    lines = run_dawn(["serve", "--print-config", "--max-connections-per-client=200", "--min-send-rate", "0"],
                     {"DAWN_SEND_RATE_WINDOW": "2.5"}).stdout.decode().splitlines()
    assert {"DAWN_MAX_CONNECTIONS_PER_CLIENT=200", "DAWN_MIN_SEND_RATE=0", "DAWN_SEND_RATE_WINDOW=2.5"} <= set(lines)


def test_bad_values_are_refused_at_start_with_one_line(tmp_path):
    cases = [
        ({"DAWN_MAX_CONNECTIONS_PER_CLIENT": "0"}, [],
         'DAWN_MAX_CONNECTIONS_PER_CLIENT must be a whole number from 1 to 1000000, not "0"'),
        ({"DAWN_MAX_CONNECTIONS_PER_CLIENT": "lots"}, [],
         'DAWN_MAX_CONNECTIONS_PER_CLIENT must be a whole number from 1 to 1000000, not "lots"'),
        ({}, ["--max-connections-per-client", "-5"],
         '--max-connections-per-client must be a whole number from 1 to 1000000, not "-5"'),
        ({}, ["--max-connections-per-client"], '--max-connections-per-client needs a value'),
        ({"DAWN_MIN_SEND_RATE": "1KiB"}, [],
         'DAWN_MIN_SEND_RATE must be a whole number from 0 to 1073741824, not "1KiB"'),
        ({}, ["--min-send-rate=-1"], '--min-send-rate must be a whole number from 0 to 1073741824, not "-1"'),
        ({"DAWN_SEND_RATE_WINDOW": "0"}, [],
         'DAWN_SEND_RATE_WINDOW must be a number of seconds above 0 and at most 86400, not "0"'),
        ({}, ["--send-rate-window", "forever"],
         '--send-rate-window must be a number of seconds above 0 and at most 86400, not "forever"'),
    ]
    for env, args, message in cases:
        data = tmp_path / "data"
        r = run_dawn(["serve", "--port", "0", "--data", str(data)] + args, env)
        assert r.returncode == 2, (env, args, r)
        assert r.stderr.decode() == f"dawn: {message}\n", (env, args)
        assert not data.exists(), "nothing is created on a refused start"
