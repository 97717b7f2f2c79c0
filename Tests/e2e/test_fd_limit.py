"""Out of file descriptors: the real binary under a low RLIMIT_NOFILE keeps serving the
connections it has, does not spin on its listening socket, answers a page that needs a
new file with 503, and accepts again once descriptors free up."""
import os
import resource
import select
import socket
import time

import pytest

from conftest import Reader
from test_accounts import setup_admin

pytestmark = pytest.mark.serial

LIMIT = 64
H = "Host: localhost\r\n"


def cpu_seconds(pid):
    """User + system CPU time of the process so far (utime and stime of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def wait_until(predicate, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def answered(sock, timeout):
    """The status of the response waiting on `sock`, or None if none comes within `timeout`."""
    sock.settimeout(timeout)
    try:
        return Reader(sock).read().status
    except socket.timeout:
        return None


def get(sock, path, cookie=""):
    sock.settimeout(5)
    sock.sendall(f"GET {path} HTTP/1.1\r\n{H}{cookie}\r\n".encode())
    return Reader(sock).read()


def test_out_of_descriptors_serves_open_connections_without_spinning_and_recovers(fresh_dawn):
    # A member whose database this server has not opened yet: opening it needs descriptors.
    first = fresh_dawn()
    admin = setup_admin(first)
    session = "Cookie: " + "; ".join(f"{k}={v}" for k, v in admin.jar.items()) + "\r\n"
    assert first.stop() == 0
    dawn = fresh_dawn(data=first.data, env={"DAWN_EVENT_LOOPS": "2"})
    pid = dawn.process.pid
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (LIMIT, LIMIT))

    keep = [dawn.connect() for _ in range(3)]
    for s in keep:
        assert get(s, "/healthz").status == 200

    # More connections than descriptors left: each asks for /healthz at once.
    crowd = [dawn.connect() for _ in range(LIMIT + 20)]
    for s in crowd:
        s.sendall(f"GET /healthz HTTP/1.1\r\n{H}\r\n".encode())
    assert wait_until(lambda: open_fds(pid) == LIMIT, 5), open_fds(pid)
    time.sleep(0.5)
    readable = set(select.select(crowd, [], [], 0)[0])
    served = [s for s in crowd if s in readable]
    waiting = [s for s in crowd if s not in readable]
    assert served and waiting, (len(served), len(waiting))
    assert all(answered(s, 2) == 200 for s in served)
    # The shortage is reported on stderr.
    assert wait_until(lambda: any("accept4: Too many open files" in line for line in dawn.errors), 2), dawn.errors

    # Two seconds of exhaustion: a loop spinning on its readable listener would burn ~2 s.
    before = cpu_seconds(pid)
    time.sleep(2)
    spent = cpu_seconds(pid) - before
    assert spent < 0.5, f"{spent:.2f} s of CPU in 2 s at the descriptor limit: the loop spins"
    assert open_fds(pid) == LIMIT
    shortages = [line for line in dawn.errors if "accept4: Too many open files" in line]
    assert 1 <= len(shortages) <= 2, shortages  # one line per loop, not one per retry

    # Connections it already has keep getting answers; a page needing a new file gets 503.
    for s in keep + served[:5]:
        assert get(s, "/healthz").status == 200
    assert not select.select(waiting, [], [], 0)[0], "the rest still wait in the backlog, unanswered"
    busy = get(keep[0], "/", session)
    assert busy.status == 503, busy
    assert busy.header("Retry-After") == "1"
    assert b"too busy" in busy.body
    assert dawn.process.poll() is None

    # Descriptors come back: the waiting clients are accepted and served, and new ones too.
    for s in served:
        s.close()
    for s in waiting:
        assert answered(s, 5) == 200
    with dawn.connect() as s:
        assert get(s, "/healthz").status == 200
    day = get(keep[1], "/", session)
    assert day.status == 200, day
    assert b"<html" in day.body

    for s in keep + waiting:
        s.close()
    assert dawn.process.poll() is None, "no crash"
    assert dawn.stop() == 0, dawn.errors
