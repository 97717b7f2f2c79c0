"""Starts the real `dawn` binary on a free loopback port and talks to it over real sockets."""
import os
import re
import signal
import socket
import subprocess
import tempfile
import threading
import time

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def pytest_configure(config):
    # Tests/run-e2e runs these after the parallel part, alone: they measure how long
    # something takes or push the machine (processes killed, descriptors, connections,
    # a long import), and a neighbour's load would make their figures flaky.
    config.addinivalue_line("markers", "serial: run alone, after the tests that run in parallel (Tests/run-e2e)")


def dawn_binary():
    path = os.environ.get("DAWN_BIN") or os.path.join(ROOT, ".build", "debug", "dawn")
    if not os.path.exists(path):
        raise RuntimeError(f"dawn binary not found at {path}: run `swift build` first (or set DAWN_BIN)")
    return path


class Dawn:
    """One running server process, its port and its output."""

    def __init__(self, env=None, args=None, data=None):
        self.data = data or tempfile.mkdtemp(prefix="dawn-e2e-")
        full_env = dict(os.environ)
        full_env.update({"DAWN_TEST_HOOKS": "1", "DAWN_RESOURCES": ROOT})
        full_env.update(env or {})
        self.process = subprocess.Popen(
            [dawn_binary(), "serve", "--port", "0", "--data", self.data] + (args or []),
            env=full_env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        self.lines = []
        self.errors = []
        self._ready = threading.Event()
        self.port = None
        threading.Thread(target=self._pump, args=(self.process.stdout, self.lines, True), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.process.stderr, self.errors, False), daemon=True).start()
        if not self._ready.wait(20):
            self.process.kill()
            raise RuntimeError(f"dawn did not start: {self.errors}")

    def _pump(self, stream, sink, watch):
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            sink.append(line)
            if watch and self.port is None:
                m = re.search(r"listening on http://[^ ]*:(\d+)", line)
                if m:
                    self.port = int(m.group(1))
                    self._ready.set()
        self._ready.set()

    def connect(self, timeout=5):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s

    def stop(self, sig=signal.SIGTERM, timeout=20):
        if self.process.poll() is None:
            self.process.send_signal(sig)
        return self.process.wait(timeout)

    def wait_for_log(self, pattern, timeout=5):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for line in list(self.lines):
                if re.search(pattern, line):
                    return line
            time.sleep(0.02)
        return None


@pytest.fixture(scope="module")
def dawn():
    server = Dawn()
    yield server
    assert server.stop() == 0, server.errors


@pytest.fixture
def fresh_dawn():
    servers = []

    def start(**kwargs):
        server = Dawn(**kwargs)
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


class Response:
    def __init__(self, version, status, reason, headers, body):
        self.version, self.status, self.reason, self.headers, self.body = version, status, reason, headers, body

    def header(self, name):
        for k, v in self.headers:
            if k.lower() == name.lower():
                return v
        return None

    def __repr__(self):
        return f"<{self.status} {self.reason} {self.headers} {self.body[:80]!r}>"


class Reader:
    """Reads HTTP/1.1 responses (Content-Length framed) from a socket, one at a time."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("connection closed")
        self.buffer += chunk

    def read(self, head_request=False):
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        version, status, reason = lines[0].split(" ", 2)
        headers = [tuple(x.strip() for x in line.split(":", 1)) for line in lines[1:]]
        r = Response(version, int(status), reason, headers, b"")
        length = int(r.header("Content-Length") or 0)
        if head_request or r.status in (204, 304) or r.status < 200:
            return r
        if (r.header("Transfer-Encoding") or "").lower() == "chunked":  # from a reverse proxy
            r.body = self._chunked()
            return r
        while len(self.buffer) < length:
            self._fill()
        r.body, self.buffer = self.buffer[:length], self.buffer[length:]
        return r

    def _chunked(self):
        body = b""
        while True:
            while b"\r\n" not in self.buffer:
                self._fill()
            size_line, self.buffer = self.buffer.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            while len(self.buffer) < size + 2:
                self._fill()
            body, self.buffer = body + self.buffer[:size], self.buffer[size + 2:]
            if size == 0:
                return body  # (no trailers from the proxies tested)

    def closed(self, timeout=3):
        """True when the peer closes (EOF or reset) with nothing more to read."""
        self.sock.settimeout(timeout)
        try:
            return self.buffer == b"" and self.sock.recv(1) == b""
        except ConnectionResetError:
            return True
        except socket.timeout:
            return False


def request(server, raw, head_request=False):
    with server.connect() as s:
        s.sendall(raw)
        return Reader(s).read(head_request)


def get(server, path, headers=None):
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    return request(server, f"GET {path} HTTP/1.1\r\nHost: localhost\r\n{extra}Connection: close\r\n\r\n".encode())


class Browser:
    """A cookie-keeping client over raw sockets: enough to drive Dawn's forms."""

    def __init__(self, server, headers=None):
        self.server = server
        self.jar = {}
        self.headers = headers or {}
        self.last_set_cookies = []

    def request(self, method, path, body=b"", headers=None):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {getattr(self.server, 'host_header', 'localhost')}", "Connection: close"]
        if self.jar:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.jar.items()))
        for k, v in {**self.headers, **(headers or {})}.items():
            lines.append(f"{k}: {v}")
        if method == "POST":
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        with self.server.connect(timeout=20) as s:
            s.sendall(raw)
            r = Reader(s).read(head_request=(method == "HEAD"))
        self.last_set_cookies = [v for k, v in r.headers if k.lower() == "set-cookie"]
        for cookie in self.last_set_cookies:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if "Max-Age=0" in cookie:
                self.jar.pop(name, None)
            else:
                self.jar[name] = value
        r.text = r.body.decode("utf-8", "replace")
        return r

    def get(self, path, headers=None):
        return self.request("GET", path, headers=headers)

    def post(self, path, fields, headers=None, csrf=True):
        """POSTs `fields`; with csrf=True, adds the token found on the last page fetched from `csrf_page`."""
        from urllib.parse import urlencode
        fields = dict(fields)
        if csrf is True:
            fields.setdefault("csrf", self.csrf)
        elif isinstance(csrf, str):
            fields["csrf"] = csrf
        return self.request("POST", path, urlencode(fields).encode(), headers=headers)

    def open(self, path):
        """GETs a page and remembers its CSRF token for the next post."""
        r = self.get(path)
        m = re.search(r'name="csrf" value="([^"]+)"', r.text)
        self.csrf = m.group(1) if m else None
        return r

    def cookie_header(self, name):
        for cookie in self.last_set_cookies:
            if cookie.startswith(name + "="):
                return cookie
        return None
