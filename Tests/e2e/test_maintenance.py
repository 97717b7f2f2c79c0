"""`dawn backup`, `dawn restore` and `dawn check` end to end, with the real binary and temp folders."""
import datetime
import json
import os
import re
import shutil
import sqlite3
import subprocess
import threading

import pytest

from conftest import ROOT, Dawn, dawn_binary
from test_accounts import ADMIN_PASSWORD, MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import today_in


def dawn_cli(*args):
    return subprocess.run([dawn_binary()] + [str(a) for a in args], cwd=ROOT, capture_output=True, timeout=60)


def snapshot(folder):
    """Every file under `folder` with its bytes and mode, to show nothing changed."""
    found = {}
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(base, name)
            st = os.stat(path)
            found[os.path.relpath(path, folder)] = (st.st_mode, open(path, "rb").read() if name in files else None)
    return found


def rows(path, sql):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


@pytest.fixture(scope="module")
def backed_up(tmp_path_factory):
    """A running Dawn with an admin and a member who wrote notes, backed up while a writer keeps writing."""
    dawn = Dawn(data=str(tmp_path_factory.mktemp("live") / "data"))
    try:
        admin = setup_admin(dawn)
        assert add_member(admin).status == 303
        kid, r = sign_in(dawn, "kid", MEMBER_PASSWORD)
        assert r.status == 303
        day = today_in() - datetime.timedelta(days=1)
        assert admin.post(f"/day/{day}/notes", {"note": "mum's note"}).status == 303
        kid.open(f"/day/{day}")
        assert kid.post(f"/day/{day}/notes", {"note": "kid's note"}).status == 303

        stop = threading.Event()
        written = []

        def writer():
            n = 0
            while not stop.is_set():
                n += 1
                if admin.post(f"/day/{day}/notes", {"note": f"busy {n}"}).status == 303:
                    written.append(n)

        thread = threading.Thread(target=writer, daemon=True)
        thread.start()
        target = tmp_path_factory.mktemp("backups")
        try:
            r = dawn_cli("backup", "--to", target, "--data", dawn.data)
            second = dawn_cli("backup", "--to", target, "--data", dawn.data)
        finally:
            stop.set()
            thread.join(10)
        assert r.returncode == 0, r.stderr
        assert second.returncode == 0, second.stderr
        assert written, "the server kept writing during the backup"
        assert admin.get("/").status == 200, "the server still works after the backup"
    finally:
        assert dawn.stop() == 0, dawn.errors
    return dawn.data, target, r.stdout.decode().strip(), second.stdout.decode().strip()


def test_backup_while_the_server_runs(backed_up):
    data, target, folder, second = backed_up
    assert re.fullmatch(re.escape(str(target)) + r"/dawn-backup-\d{8}-\d{6}(-\d+)?", folder), folder
    assert second != folder and os.path.isdir(second), "each run gets its own folder"
    assert sorted(os.listdir(folder)) == ["instance.sqlite", "manifest.json", "users"]
    assert sorted(os.listdir(os.path.join(folder, "users"))) == ["1.sqlite", "2.sqlite"]
    assert os.stat(folder).st_mode & 0o777 == 0o700
    for name in ["instance.sqlite", "manifest.json", "users/1.sqlite", "users/2.sqlite"]:
        assert os.stat(os.path.join(folder, name)).st_mode & 0o777 == 0o600, name

    manifest = json.load(open(os.path.join(folder, "manifest.json")))
    assert manifest["format"] == "dawn-backup" and manifest["version"] == 1
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", manifest["created"])
    assert manifest["dawnVersion"]
    assert [f["path"] for f in manifest["files"]] == ["instance.sqlite", "users/1.sqlite", "users/2.sqlite"]
    for f in manifest["files"]:
        path = os.path.join(folder, f["path"])
        assert f["size"] == os.path.getsize(path) and f["integrity"] == "ok"
        assert f["schemaVersion"] == rows(path, "PRAGMA user_version")[0][0] > 0
        assert rows(path, "PRAGMA integrity_check") == [("ok",)]

    assert [u for (u,) in rows(os.path.join(folder, "instance.sqlite"), "SELECT username FROM members ORDER BY id")] \
        == ["mum", "kid"]
    mum_notes = [b for (b,) in rows(os.path.join(folder, "users/1.sqlite"), "SELECT body FROM notes ORDER BY id")]
    assert mum_notes[0] == "mum's note"
    assert all(re.fullmatch(r"busy \d+", b) for b in mum_notes[1:])
    assert rows(os.path.join(folder, "users/2.sqlite"), "SELECT body FROM notes") == [("kid's note",)]


def test_backup_refuses_a_missing_target_or_data_folder(tmp_path, backed_up):
    data = backed_up[0]
    r = dawn_cli("backup", "--to", tmp_path / "nowhere", "--data", data)
    assert r.returncode == 1 and "does not exist" in r.stderr.decode() and r.stderr.decode().count("\n") == 1
    r = dawn_cli("backup", "--to", tmp_path, "--data", tmp_path / "no-data")
    assert r.returncode == 1 and os.listdir(tmp_path) == []
    assert dawn_cli("backup", "--data", data).returncode == 2, "--to is required"


def test_backup_of_a_broken_database_fails_and_leaves_no_folder(tmp_path, backed_up):
    data = tmp_path / "data"
    shutil.copytree(backed_up[2], data)
    os.remove(data / "manifest.json")
    (data / "users" / "3.sqlite").write_bytes(b"this is not a database, just text " * 200)
    target = tmp_path / "backups"
    target.mkdir()
    r = dawn_cli("backup", "--to", target, "--data", data)
    assert r.returncode == 1 and "users/3.sqlite" in r.stderr.decode()
    assert os.listdir(target) == []



def listing(folder):
    """Every path under `folder` (symlinks not followed) with what it is and its bytes."""
    found = {}
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(base, name)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                found[rel] = ("link", os.readlink(path))
            elif os.path.isdir(path):
                found[rel] = ("dir", None)
            else:
                found[rel] = ("file", open(path, "rb").read())
    return found


def test_backup_keep_removes_only_the_oldest_backups(tmp_path, backed_up):
    data, _, real, _ = backed_up
    keep = 3
    target = tmp_path / "backups"
    target.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("not a backup")
    shutil.copytree(real, outside / "elsewhere")
    # Things that are not Dawn's run folders, or not only: all of them must stay.
    (target / "notes.txt").write_text("mine")
    (target / "dawn-backup-20000101-000000").write_text("a file with a backup's name")
    (target / "dawn-backup-20000102-000000").mkdir()
    (target / "dawn-backup-20000102-000000" / "photo.jpg").write_bytes(b"no manifest here")
    (target / "dawn-backup-20000103-000000").mkdir()
    (target / "dawn-backup-20000103-000000" / "manifest.json").write_text('{"format": "someone-else"}')
    os.symlink(outside / "elsewhere", target / "dawn-backup-20000104-000000")
    shutil.copytree(real, target / "dawn-backup-20000105-000000-x")
    (target / "keepme").mkdir()
    strangers = listing(target)
    top = {path.split("/")[0] for path in strangers}
    # An old run of Dawn's own, with a symlink inside that must be unlinked, not followed.
    old = target / "dawn-backup-20000106-000000"
    shutil.copytree(real, old)
    os.symlink(outside, old / "users" / "escape")

    made, removed = [], []
    for run in range(keep + 3):
        r = dawn_cli("backup", "--to", target, "--data", data, "--keep", keep)
        assert r.returncode == 0, r.stderr
        lines = r.stdout.decode().splitlines()
        made.append(lines[0])
        removed += [line[len("removed "):] for line in lines[1:]]
        assert all(line.startswith("removed ") for line in lines[1:]), lines
        ours = sorted(n for n in os.listdir(target) if n not in top)
        assert len(ours) == min(run + 2, keep), (run, ours)
        assert os.path.basename(made[-1]) in ours, "the run just made is always kept"
    assert removed == [str(old)] + made[:3], ("the oldest first, one per run once there are more than N", made, removed)
    assert sorted(os.listdir(target)) == sorted(list(top) + [os.path.basename(m) for m in made[-keep:]])
    after = listing(target)
    assert {k: v for k, v in after.items() if k.split("/")[0] in top} == strangers, "the rest is untouched"
    assert (outside / "precious.txt").read_text() == "not a backup"
    assert sorted(os.listdir(outside / "elsewhere")) == ["instance.sqlite", "manifest.json", "users"]

    # A bad N is refused before anything is done; a failed backup removes nothing.
    before = listing(target)
    for bad in ["0", "-2", "x", "1.5", "10001", ""]:
        r = dawn_cli("backup", "--to", target, "--data", data, "--keep", bad)
        assert r.returncode == 2 and "--keep" in r.stderr.decode() and r.stdout == b"", (bad, r.stderr)
    broken = tmp_path / "broken"
    shutil.copytree(real, broken)
    os.remove(broken / "manifest.json")
    (broken / "users" / "3.sqlite").write_bytes(b"this is not a database, just text " * 200)
    r = dawn_cli("backup", "--to", target, "--data", broken, "--keep", 1)
    assert r.returncode == 1 and "users/3.sqlite" in r.stderr.decode()
    assert listing(target) == before

    # --keep 1 leaves only the new run.
    r = dawn_cli("backup", "--to", target, "--data", data, "--keep", 1)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.decode().splitlines()
    assert sorted(lines[1:]) == sorted("removed " + m for m in made[-keep:])
    assert sorted(os.listdir(target)) == sorted(list(top) + [os.path.basename(lines[0])])

@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_backup_to_an_unwritable_folder(tmp_path, backed_up):
    target = tmp_path / "ro"
    target.mkdir(mode=0o500)
    r = dawn_cli("backup", "--to", target, "--data", backed_up[0])
    assert r.returncode == 1 and "cannot create" in r.stderr.decode()


def test_restore_into_an_empty_folder_and_serve_it(tmp_path, backed_up):
    folder = backed_up[2]
    data = tmp_path / "restored"
    data.mkdir()
    r = dawn_cli("restore", "--from", folder, "--data", data)
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert "restored users/2.sqlite" in out and "restored 3 databases" in out
    assert os.stat(data / "users").st_mode & 0o777 == 0o700
    assert os.stat(data / "users" / "2.sqlite").st_mode & 0o777 == 0o600
    before = snapshot(folder)

    dawn = Dawn(data=str(data))
    try:
        admin, r = sign_in(dawn, "mum", ADMIN_PASSWORD)
        assert r.status == 303
        day = today_in() - datetime.timedelta(days=1)
        assert "mum&#39;s note" in admin.get(f"/day/{day}").text or "mum's note" in admin.get(f"/day/{day}").text
        kid, r = sign_in(dawn, "kid", MEMBER_PASSWORD)
        assert r.status == 303
        page = kid.get(f"/day/{day}").text
        assert "kid&#39;s note" in page or "kid's note" in page
    finally:
        assert dawn.stop() == 0, dawn.errors
    assert snapshot(folder) == before, "the backup itself is never changed"

    missing = tmp_path / "new"
    assert dawn_cli("restore", "--from", folder, "--data", missing).returncode == 0, "a missing folder is created"
    assert os.stat(missing).st_mode & 0o777 == 0o700


def test_restore_refuses_a_non_empty_folder(tmp_path, backed_up):
    data = tmp_path / "data"
    (data / "users").mkdir(parents=True)
    (data / "notes.txt").write_text("mine")
    before = snapshot(data)
    r = dawn_cli("restore", "--from", backed_up[2], "--data", data)
    assert r.returncode == 1 and "not empty" in r.stderr.decode()
    assert snapshot(data) == before


@pytest.mark.parametrize("damage", ["truncate", "grow", "remove", "same-size-garbage", "bad-manifest"])
def test_restore_refuses_a_tampered_backup(tmp_path, backed_up, damage):
    folder = tmp_path / "backup"
    shutil.copytree(backed_up[2], folder)
    victim = folder / "users" / "2.sqlite"
    content = victim.read_bytes()
    if damage == "truncate":
        victim.write_bytes(content[: len(content) // 2])
    elif damage == "grow":
        victim.write_bytes(content + b"\0" * 4096)
    elif damage == "remove":
        victim.unlink()
    elif damage == "same-size-garbage":
        victim.write_bytes(content[:100] + os.urandom(len(content) - 100))
    else:
        (folder / "manifest.json").write_text("{not json")
    data = tmp_path / "data"
    r = dawn_cli("restore", "--from", folder, "--data", data)
    assert r.returncode == 1, r.stdout
    assert not data.exists(), "nothing written"
    if damage != "bad-manifest":
        assert "users/2.sqlite" in r.stderr.decode()


def test_check(tmp_path, backed_up):
    data = tmp_path / "data"
    shutil.copytree(backed_up[2], data)
    os.remove(data / "manifest.json")
    r = dawn_cli("check", "--data", data)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.decode() == "ok  instance.sqlite\nok  users/1.sqlite\nok  users/2.sqlite\n"

    # Garbage over pages in the middle of a member's file (not page 1, so it still opens).
    victim = data / "users" / "1.sqlite"
    content = bytearray(victim.read_bytes())
    page = 4096
    assert len(content) >= 6 * page
    content[2 * page: 5 * page] = os.urandom(3 * page)
    victim.write_bytes(bytes(content))
    r = dawn_cli("check", "--data", data)
    out = r.stdout.decode()
    assert r.returncode == 1
    assert "ok  instance.sqlite" in out and "ok  users/2.sqlite" in out
    assert re.search(r"^BAD users/1\.sqlite: .+", out, re.M), out
    assert "1 of 3 databases" in r.stderr.decode()

    os.remove(victim)
    (data / "users" / "7.sqlite").write_text("hello, I am a text file\n" * 100)
    r = dawn_cli("check", "--data", data)
    assert r.returncode == 1 and re.search(r"^BAD users/7\.sqlite: .*not a", r.stdout.decode(), re.M), r.stdout
    assert dawn_cli("check", "--data", tmp_path / "nothing").returncode == 1


def test_check_while_the_server_runs(tmp_path):
    dawn = Dawn(data=str(tmp_path / "data"))
    try:
        admin = setup_admin(dawn)
        r = dawn_cli("check", "--data", dawn.data)
        assert r.returncode == 0 and r.stdout.decode() == "ok  instance.sqlite\nok  users/1.sqlite\n", r.stderr
        assert admin.get("/").status == 200
    finally:
        assert dawn.stop() == 0, dawn.errors
