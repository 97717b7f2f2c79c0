#!/usr/bin/env python3
"""Clients that cost a server sockets rather than CPU, for bench/load and bench/soak.

  hold   IDLE keep-alive connections, each served one request and then left idle, and
         SLOW slowloris connections that send a request line and then one header byte
         every INTERVAL seconds; a slowloris that is cut off is replaced, so SLOW stay
         open. Writes READY_FILE once the idle ones are served, runs until SIGTERM or
         DURATION, then asks each idle connection for one more page and writes a JSON
         report: how many idle ones were served and kept, and when the slow ones were cut.
  churn  Every 10 s: BATCH idle keep-alive connections (left for the server's idle
         timeout to close), BATCH slowloris (cut by the header timeout), BATCH requests
         with `Connection: close`, and a note written on one of the last 30 days (so the
         member's pages change). For the soak: connections closed by every path.

Loopback only: the port is on 127.0.0.1.
"""
import argparse
import datetime
import http.client
import json
import re
import resource
import selectors
import signal
import socket
import statistics
import time

HOST = "127.0.0.1"


def raise_descriptor_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def request(path, cookie, close=False):
    lines = [f"GET {path} HTTP/1.1", "Host: localhost", "Accept-Encoding: gzip"]
    if cookie:
        lines.append(cookie)
    if close:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


class Response:
    """Accumulates bytes until one whole Content-Length-framed response is in."""

    def __init__(self):
        self.buffer = b""
        self.status = None

    def feed(self, data):
        self.buffer += data
        head_end = self.buffer.find(b"\r\n\r\n")
        if head_end < 0:
            return False
        head = self.buffer[:head_end].decode("latin-1").split("\r\n")
        self.status = int(head[0].split(" ")[1])
        length = 0
        for line in head[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        if len(self.buffer) < head_end + 4 + length:
            return False
        self.buffer = self.buffer[head_end + 4 + length:]
        return True


def connect():
    s = socket.create_connection((HOST, PORT), timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def serve_one(sockets, path, cookie, close=False, timeout=30):
    """Sends one request on each socket and waits for the answers: {socket: status}."""
    selector = selectors.DefaultSelector()
    pending = {}
    for s in sockets:
        s.sendall(request(path, cookie, close))
        s.setblocking(False)
        pending[s] = Response()
        selector.register(s, selectors.EVENT_READ)
    statuses = {}
    deadline = time.monotonic() + timeout
    while pending and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.5):
            s = key.fileobj
            try:
                data = s.recv(65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            if not data or pending[s].feed(data):
                statuses[s] = pending.pop(s).status if data else None
                selector.unregister(s)
    for s in pending:
        statuses[s] = None
        selector.unregister(s)
    selector.close()
    return statuses


class Slowloris:
    """A connection that sends a request line, then one header byte every `interval` s."""

    def __init__(self, path, interval, phase=0.0):
        self.sock = connect()
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nX-Slow-Loris: ".encode())
        self.sock.setblocking(False)
        self.started = time.monotonic()
        self.next_byte = self.started + phase
        self.interval = interval
        self.bytes = 0
        self.response = Response()

    def trickle(self, now):
        """Sends the next byte when it is due; False once the server has closed."""
        if now < self.next_byte:
            return True
        self.next_byte += self.interval
        try:
            self.sock.send(b"a")
            self.bytes += 1
            return True
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            return False

    def read(self):
        """Reads what the server sent: 'open', '408' (or another status) once closed, or 'closed'."""
        while True:
            try:
                data = self.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                return "open"
            except OSError:
                data = b""
            if not data:
                return str(self.response.status) if self.response.status else "closed"
            self.response.feed(data)


def hold(args):
    stop = False

    def on_signal(*_):
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    began = time.monotonic()

    idle = [connect() for _ in range(args.idle)]
    first = serve_one(idle, args.path, args.cookie)
    idle_served = sum(1 for status in first.values() if status == 200)
    if args.ready_file:
        with open(args.ready_file, "w") as f:
            f.write(f"{idle_served}\n")

    selector = selectors.DefaultSelector()
    idle_closed_at = {}
    for s in idle:
        selector.register(s, selectors.EVENT_READ, ("idle", s))
    slow = set()
    for i in range(args.slow):
        c = Slowloris(args.path, args.interval, phase=args.interval * i / max(1, args.slow))
        slow.add(c)
        selector.register(c.sock, selectors.EVENT_READ, ("slow", c))
    opened = len(slow)
    cuts = []  # (seconds after its first byte, how, bytes sent)

    def cut(c, how):
        cuts.append((time.monotonic() - c.started, how, c.bytes))
        selector.unregister(c.sock)
        c.sock.close()
        slow.discard(c)

    while not stop and time.monotonic() - began < args.duration:
        for key, _ in selector.select(timeout=0.05):
            kind, obj = key.data
            if kind == "idle":
                # An idle connection is readable only when the server closes it.
                idle_closed_at[obj] = time.monotonic() - began
                selector.unregister(obj)
            else:
                how = obj.read()
                if how != "open":
                    cut(obj, how)
        now = time.monotonic()
        for c in list(slow):
            if not c.trickle(now):
                how = c.read()
                cut(c, "reset" if how == "open" else how)
        while len(slow) < args.slow and not stop:
            c = Slowloris(args.path, args.interval)
            slow.add(c)
            opened += 1
            selector.register(c.sock, selectors.EVENT_READ, ("slow", c))

    now = time.monotonic()
    still_open_ages = [now - c.started for c in slow]
    for c in list(slow):
        selector.unregister(c.sock)
        c.sock.close()
    selector.close()
    kept = [s for s in idle if s not in idle_closed_at]
    for s in kept:
        s.setblocking(True)
    second = serve_one(kept, args.path, args.cookie)
    for s in idle:
        s.close()

    after = [c[0] for c in cuts]
    report = {
        "idle": {
            "opened": args.idle,
            "served_first": idle_served,
            "closed_by_server": len(idle_closed_at),
            "closed_after_s": sorted(round(t, 1) for t in idle_closed_at.values())[:10],
            "served_again_at_end": sum(1 for status in second.values() if status == 200),
        },
        "slow": {
            "concurrent": args.slow,
            "opened": opened,
            "cut": len(cuts),
            "cut_how": {how: sum(1 for c in cuts if c[1] == how) for how in sorted({c[1] for c in cuts})},
            "cut_after_s": {
                "min": round(min(after), 2), "median": round(statistics.median(after), 2),
                "max": round(max(after), 2),
            } if after else None,
            "bytes_before_cut_max": max((c[2] for c in cuts), default=0),
            "still_open_at_end": len(still_open_ages),
            "oldest_open_at_end_s": round(max(still_open_ages), 2) if still_open_ages else 0,
        },
        "seconds": round(now - began, 1),
    }
    with open(args.report, "w") as f:
        json.dump(report, f, indent=1)


def write_note(cookie, day, text):
    """Posts a note on `day` as the signed-in member (CSRF token from the day page); the status."""
    name, _, value = cookie.partition(":")
    headers = {name.strip(): value.strip()} if cookie else {}
    connection = http.client.HTTPConnection(HOST, PORT, timeout=10)
    try:
        connection.request("GET", f"/day/{day}", headers=headers)
        page = connection.getresponse().read().decode("utf-8", "replace")
        token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        body = f"csrf={token}&note={text.replace(' ', '+')}"
        connection.request("POST", f"/day/{day}/notes", body=body, headers={
            **headers, "Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def churn(args):
    """Connections of every kind coming and going, until SIGTERM or DURATION."""
    stop = False

    def on_signal(*_):
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    began = time.monotonic()
    idle, slow = [], []
    served = failed = notes = 0
    while not stop and time.monotonic() - began < args.duration:
        day = datetime.date.today() - datetime.timedelta(days=notes % 30)
        status = write_note(args.cookie, day.isoformat(), f"soak note {notes}")
        notes += 1
        served += status == 303
        failed += status != 303
        # Short requests that close: served and closed by the server.
        for _ in range(args.batch):
            with connect() as s:
                statuses = serve_one([s], args.path, args.cookie, close=True)
                served += statuses[s] == 200
                failed += statuses[s] != 200
        # Idle keep-alive connections left for the idle timeout, slowloris for the header timeout.
        fresh = [connect() for _ in range(args.batch)]
        for status in serve_one(fresh, args.path, args.cookie).values():
            served += status == 200
            failed += status != 200
        idle += fresh
        slow += [Slowloris(args.path, args.interval) for _ in range(args.batch)]
        tick_end = time.monotonic() + 10
        while not stop and time.monotonic() < tick_end:
            now = time.monotonic()
            for c in list(slow):
                if c.read() != "open" or not c.trickle(now):
                    c.sock.close()
                    slow.remove(c)
            for s in list(idle):
                try:
                    if s.recv(1) == b"":
                        s.close()
                        idle.remove(s)
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    s.close()
                    idle.remove(s)
            time.sleep(0.2)
    for s in idle:
        s.close()
    for c in slow:
        c.sock.close()
    with open(args.report, "w") as f:
        json.dump({"served": served, "failed": failed, "notes": notes}, f)


def main():
    global PORT
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["hold", "churn"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--cookie", default="", help='a header line such as "Cookie: dawn_session=…"')
    parser.add_argument("--path", default="/")
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between slowloris bytes")
    parser.add_argument("--duration", type=float, default=120)
    parser.add_argument("--ready-file")
    parser.add_argument("--report", required=True)
    args = parser.parse_args()
    PORT = args.port
    raise_descriptor_limit()
    (hold if args.mode == "hold" else churn)(args)


if __name__ == "__main__":
    main()
