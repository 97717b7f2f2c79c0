"""A full disk: the data folder on a small tmpfs, filled to the last byte while the server
runs. Writes then fail with a 503 page in the member's language (with Retry-After) and
write nothing; reading pages keeps working, sign-in says why it cannot; once space is
freed the same writes succeed; every database passes integrity_check throughout.

Needs root (to mount a tmpfs): skipped otherwise. CI runs as root."""
import datetime
import os
import sqlite3
import subprocess
import tempfile

import pytest

from conftest import ROOT, Browser, Dawn, dawn_binary
from test_accounts import ADMIN_PASSWORD, setup_admin, sign_in
from test_day import member_db, rows, today_in

SIZE = "16m"


@pytest.fixture
def small_disk():
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mountpoint = tempfile.mkdtemp(prefix="dawn-full-")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SIZE},mode=0700", "tmpfs", mountpoint],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        os.rmdir(mountpoint)
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield mountpoint
    finally:
        subprocess.run(["umount", "-l", mountpoint], check=False)
        os.rmdir(mountpoint)


def fill(path):
    """Writes `path` until the file system refuses another byte; returns the bytes written."""
    written = 0
    with open(path, "wb", buffering=0) as filler:
        for size in [1 << 20, 1 << 12, 1]:
            chunk = b"\0" * size
            while True:
                try:
                    written += filler.write(chunk)
                except OSError:
                    break
    return written


def integrity(data):
    for path in [os.path.join(data, "instance.sqlite")] + [
            os.path.join(data, "users", f) for f in os.listdir(os.path.join(data, "users")) if f.endswith(".sqlite")]:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)], path
        finally:
            con.close()


def test_a_full_disk_refuses_writes_with_503_and_keeps_everything(small_disk):
    data = os.path.join(small_disk, "data")
    # No session cache: every request reads its session, and may want to refresh it.
    dawn = Dawn(data=data, env={"DAWN_SESSION_CACHE": "0"})
    try:
        admin = setup_admin(dawn)
        today = today_in()
        admin.open("/settings")
        assert admin.post("/settings", {"language": "fr", "time_zone": "Europe/Rome", "first_weekday": "monday",
                                        "day_start_hour": "0", "view": "row", "theme": "system"}).status == 303
        admin.open(f"/day/{today}")
        assert admin.post(f"/day/{today}/notes", {"note": "before the disk filled"}).status == 303
        assert admin.post(f"/day/{today}/entry", {"entry": "kept entry"}).status == 303
        # A second session last seen two hours ago: its next page wants to write last_seen_at.
        stale, response = sign_in(dawn, "mum", ADMIN_PASSWORD)
        assert response.status == 303
        con = sqlite3.connect(os.path.join(data, "instance.sqlite"))
        with con:
            con.execute("UPDATE sessions SET last_seen_at = last_seen_at - 7200")
        con.close()
        db = member_db(dawn, "mum")
        before = rows(db, "SELECT id, day, body FROM notes"), rows(db, "SELECT day, body FROM entries")

        filler = os.path.join(small_disk, "filler")
        assert fill(filler) > 1 << 20

        # Writes: a 503 in French with Retry-After, and nothing written.
        admin.open(f"/day/{today}")
        yesterday = today - datetime.timedelta(days=1)
        for path, fields in [(f"/day/{today}/notes", {"note": "while full"}),
                             (f"/day/{yesterday}/entry", {"entry": "é" * 20000})]:
            r = admin.post(path, fields)
            assert r.status == 503, (path, r.status, r.text[:300])
            assert r.header("Retry-After") == "60"
            assert '<html lang="fr"' in r.text and "Le disque du serveur est plein" in r.text
            assert "Service indisponible" in r.text
        assert (rows(db, "SELECT id, day, body FROM notes"), rows(db, "SELECT day, body FROM entries")) == before
        integrity(data)

        # Reads keep working, including a session that wanted to refresh itself.
        page = admin.get(f"/day/{today}")
        assert page.status == 200 and "before the disk filled" in page.text and "kept entry" in page.text
        assert admin.get("/settings").status == 200
        assert admin.get(f"/stats?g=week&p={today.isocalendar()[0]}-W{today.isocalendar()[1]:02d}").status == 200
        assert stale.get(f"/day/{today}").status == 200, "a session refresh that cannot be written is skipped"

        # Signing in cannot store a session: a 503 that says why, in the browser's language.
        b = Browser(dawn, headers={"Accept-Language": "it"})
        b.open("/login")
        r = b.post("/login", {"username": "mum", "password": ADMIN_PASSWORD})
        assert r.status == 503 and r.header("Retry-After") == "60"
        assert "Il disco del server è pieno" in r.text and '<html lang="it"' in r.text
        assert "dawn_session" not in b.jar

        # A second server on the full folder refuses to start, with one line that says why.
        second = subprocess.run([dawn_binary(), "serve", "--port", "0", "--data", data], capture_output=True,
                                text=True, timeout=20, env={**os.environ, "DAWN_RESOURCES": ROOT})
        assert second.returncode == 1 and "No space left on device" in second.stderr, second.stderr
        assert len(second.stderr.strip().splitlines()) == 1

        # Space again: the same writes succeed, and nothing was damaged.
        os.remove(filler)
        admin.open(f"/day/{today}")
        assert admin.post(f"/day/{today}/notes", {"note": "after space came back"}).status == 303
        assert admin.post(f"/day/{yesterday}/entry", {"entry": "é" * 20000}).status == 303
        assert [n for (n,) in rows(db, "SELECT body FROM notes ORDER BY id")] == \
            ["before the disk filled", "after space came back"]
        assert rows(db, "SELECT body FROM entries WHERE day = ?", (str(yesterday),)) == [("é" * 20000,)]
        assert b.post("/login", {"username": "mum", "password": ADMIN_PASSWORD}).status == 303
        integrity(data)
        check = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
        assert check.returncode == 0 and check.stdout.count("ok  ") == 2, check.stdout + check.stderr
    finally:
        assert dawn.stop() == 0, dawn.errors
