"""Photos in `dawn backup`, `dawn restore` and `dawn check`, and what a crash leaves: the real
binary, real uploads (libvips), temp folders. A backup holds every file a photo names,
checked against its name; a restore refuses a tampered, missing or unexpected file and leaves
DATA empty; `dawn check` hashes every file, lists orphans and removes them with `--repair`;
the server removes an upload's leftovers at start."""
import hashlib
import json
import os
import re
import shutil
import time

import pytest

from conftest import Dawn
from test_accounts import setup_admin
from test_import import multipart
from test_maintenance import dawn_cli, snapshot
from test_photos import DAY, phone_jpeg, photo_ids


def photo_files(data):
    """users/<id>/photos/<name> → bytes, for every file under a data folder's photo folders."""
    found = {}
    for base, _, names in os.walk(os.path.join(data, "users")):
        if os.path.basename(base) == "photos":
            for name in names:
                found[os.path.relpath(os.path.join(base, name), data)] = open(os.path.join(base, name), "rb").read()
    return found


@pytest.fixture(scope="module")
def album(tmp_path_factory):
    """A stopped server's data folder with one member's two photos (four files), and the
    bytes the server answered for the first photo."""
    data = str(tmp_path_factory.mktemp("album") / "data")
    dawn = Dawn(data=data)
    try:
        admin = setup_admin(dawn)
        admin.open(f"/day/{DAY}")
        r = multipart(admin, f"/day/{DAY}/photos", {"caption": "Lake"},
                      [("photo", "a.jpg", phone_jpeg()), ("photo", "b.png", png_picture())])
        assert r.status == 303, r.text[:400]
        ids = photo_ids(admin.get(f"/day/{DAY}").text)
        assert len(ids) == 2
        served = admin.get(f"/photos/{ids[0]}").body
    finally:
        dawn.stop()
    files = photo_files(data)
    assert len(files) == 4, files.keys()
    return data, ids, served, files


def png_picture():
    from PIL import Image
    import io
    out = io.BytesIO()
    Image.new("RGB", (320, 200), (10, 120, 30)).save(out, "PNG")
    return out.getvalue()


def backup_of(data, tmp_path):
    target = tmp_path / "backups"
    target.mkdir()
    r = dawn_cli("backup", "--to", target, "--data", data)
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout.decode().strip().splitlines()[-1]


def test_a_backup_holds_every_photo_file_and_a_restore_serves_them(album, tmp_path):
    data, ids, served, files = album
    folder = backup_of(data, tmp_path)
    manifest = json.load(open(os.path.join(folder, "manifest.json")))
    assert manifest["version"] == 2
    listed = {p["path"]: p["size"] for p in manifest["photos"]}
    assert listed == {path: len(b) for path, b in files.items()}
    for path, size in listed.items():
        body = open(os.path.join(folder, path), "rb").read()
        assert hashlib.sha256(body).hexdigest() + ".jpg" == os.path.basename(path) and len(body) == size

    restored = str(tmp_path / "restored")
    r = dawn_cli("restore", "--from", folder, "--data", restored)
    assert r.returncode == 0, r.stderr.decode()
    assert "and 4 photo files" in r.stdout.decode()
    assert photo_files(restored) == files
    dawn = Dawn(data=restored)
    try:
        from test_accounts import sign_in, ADMIN_PASSWORD
        admin, r = sign_in(dawn, "mum", ADMIN_PASSWORD)
        assert r.status == 303
        assert photo_ids(admin.get(f"/day/{DAY}").text) == ids
        assert admin.get(f"/photos/{ids[0]}").body == served
    finally:
        dawn.stop()


def test_a_backup_without_photos_stays_version_1(tmp_path):
    data = str(tmp_path / "data")
    dawn = Dawn(data=data)
    try:
        setup_admin(dawn)
    finally:
        dawn.stop()
    manifest = json.load(open(os.path.join(backup_of(data, tmp_path), "manifest.json")))
    assert manifest["version"] == 1 and "photos" not in manifest


def tampered_restore(album, tmp_path, change):
    """Backs up, lets `change(folder, manifest)` spoil the backup, restores: the refusal's
    text, with DATA left empty."""
    data, _, _, _ = album
    folder = backup_of(data, tmp_path)
    path = os.path.join(folder, "manifest.json")
    manifest = json.load(open(path))
    change(folder, manifest)
    with open(path, "w") as f:
        json.dump(manifest, f)
    restored = tmp_path / "restored"
    restored.mkdir()
    r = dawn_cli("restore", "--from", folder, "--data", restored)
    assert r.returncode == 1
    assert os.listdir(restored) == [], "nothing restored"
    return r.stderr.decode()


def test_a_photo_changed_in_the_backup_is_refused(album, tmp_path):
    def flip(folder, manifest):
        path = os.path.join(folder, manifest["photos"][0]["path"])
        body = bytearray(open(path, "rb").read())
        body[len(body) // 2] ^= 0xFF
        open(path, "wb").write(bytes(body))
    assert "is damaged: its bytes do not match its name" in tampered_restore(album, tmp_path, flip)


def test_a_photo_missing_from_the_backup_is_refused(album, tmp_path):
    def remove(folder, manifest):
        os.remove(os.path.join(folder, manifest["photos"][0]["path"]))
    assert "is missing from the backup" in tampered_restore(album, tmp_path, remove)


def test_a_photo_the_database_names_but_the_manifest_leaves_out_is_refused(album, tmp_path):
    def unlist(folder, manifest):
        manifest["photos"] = manifest["photos"][1:]
    assert re.search(r"lacks users/\d+/photos/[0-9a-f]{64}\.jpg, which users/\d+\.sqlite names",
                     tampered_restore(album, tmp_path, unlist))


@pytest.mark.parametrize("path", ["users/1/photos/../../../evil.jpg", "instance.sqlite", "users/99/photos/" + "a" * 64 + ".jpg",
                                  "users/1/photos/notahash.jpg", "users/1/other/" + "a" * 64 + ".jpg"])
def test_an_unexpected_photo_path_is_refused(album, tmp_path, path):
    def add(folder, manifest):
        manifest["photos"].append({"path": path, "size": 1})
    assert f'lists an unexpected file "{path}"' in tampered_restore(album, tmp_path, add)


def test_check_hashes_every_file_lists_orphans_and_repairs(album, tmp_path):
    data = str(tmp_path / "data")
    shutil.copytree(album[0], data)
    r = dawn_cli("check", "--data", data)
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
    assert re.search(r"ok  users/\d+/photos \(4 files\)", r.stdout.decode())

    folder = os.path.dirname(os.path.join(data, next(iter(album[3]))))
    orphan = os.path.join(folder, "f" * 64 + ".jpg")
    leftover = os.path.join(folder, "." + "e" * 64 + ".123.tmp")
    for path in [orphan, leftover]:
        open(path, "wb").write(b"half an upload")
    r = dawn_cli("check", "--data", data)
    out = r.stdout.decode()
    assert r.returncode == 0, out
    assert "orphan" in out and os.path.basename(orphan) in out and os.path.basename(leftover) in out
    assert os.path.exists(orphan) and os.path.exists(leftover), "check alone changes nothing"
    r = dawn_cli("check", "--data", data, "--repair")
    assert r.returncode == 0
    assert not os.path.exists(orphan) and not os.path.exists(leftover)
    assert photo_files(data) == album[3], "the named files are kept"

    # A named file damaged, another gone: both reported, exit status 1, nothing removed.
    names = sorted(album[3])
    damaged, missing = os.path.join(data, names[0]), os.path.join(data, names[1])
    body = bytearray(open(damaged, "rb").read())
    body[10] ^= 0x01
    open(damaged, "wb").write(bytes(body))
    os.remove(missing)
    before = snapshot(data)
    r = dawn_cli("check", "--data", data, "--repair")
    out = r.stdout.decode()
    assert r.returncode == 1
    assert f"BAD {names[0]}: damaged" in out and f"BAD {names[1]}: missing" in out
    assert "2 photo files are missing or damaged" in r.stderr.decode()
    assert snapshot(data) == before


def test_a_backup_refuses_a_damaged_photo_and_leaves_no_folder(album, tmp_path):
    data = str(tmp_path / "data")
    shutil.copytree(album[0], data)
    name = sorted(album[3])[0]
    open(os.path.join(data, name), "r+b").write(b"\x00")
    target = tmp_path / "backups"
    target.mkdir()
    r = dawn_cli("backup", "--to", target, "--data", data)
    assert r.returncode == 1
    assert "is damaged: its bytes do not match its name" in r.stderr.decode()
    assert os.listdir(target) == []


def test_the_server_removes_an_uploads_leftovers_at_start(album, tmp_path):
    data = str(tmp_path / "data")
    shutil.copytree(album[0], data)
    folder = os.path.dirname(os.path.join(data, next(iter(album[3]))))
    leftovers = [os.path.join(folder, "d" * 64 + ".jpg"), os.path.join(folder, "." + "c" * 64 + ".9.tmp")]
    for path in leftovers:
        open(path, "wb").write(b"cut short")
    dawn = Dawn(data=data)
    try:
        assert not any(os.path.exists(p) for p in leftovers), "removed before the server listens"
        assert photo_files(data) == album[3]
        deadline = time.time() + 5
        while not any("removed 2 photo files no photo names" in line for line in dawn.errors) and time.time() < deadline:
            time.sleep(0.02)
        assert any("removed 2 photo files no photo names" in line for line in dawn.errors), dawn.errors
    finally:
        dawn.stop()


def named_files(data):
    """users/<id>/photos/<sha256>.jpg for every file a row names, read from copies of the
    databases as a kill left them (the originals keep their WAL for the server's recovery)."""
    import sqlite3
    import tempfile
    named = set()
    users = os.path.join(data, "users")
    scratch = tempfile.mkdtemp(prefix="dawn-named-")
    try:
        for name in os.listdir(users):
            if not name.endswith(".sqlite"):
                continue
            for suffix in ["", "-wal"]:
                if os.path.exists(os.path.join(users, name + suffix)):
                    shutil.copy(os.path.join(users, name + suffix), os.path.join(scratch, name + suffix))
            con = sqlite3.connect(os.path.join(scratch, name))
            try:
                if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'photos'").fetchone():
                    for (h,) in con.execute("SELECT sha256 FROM photos UNION SELECT thumb_sha256 FROM photos"):
                        named.add(f"users/{name[:-7]}/photos/{h}.jpg")
            finally:
                con.close()
    finally:
        shutil.rmtree(scratch)
    return named


@pytest.mark.serial
def test_kill_9_during_uploads_leaves_no_photo_without_its_files_and_after_a_start_no_file_without_a_photo(tmp_path):
    """Two uploaders at once, SIGKILL at a random moment, again and again: every row the kill
    left names files that are there with the bytes their names say; once the server has
    started again no file is left that no row names; `dawn check` is clean."""
    import random
    import signal
    import threading
    from conftest import Browser
    from PIL import Image
    import io
    seed = int(os.environ.get("DAWN_CRASH_SEED", str(random.randrange(1 << 30))))
    rng = random.Random(seed)
    rounds = max(2, int(os.environ.get("DAWN_CRASH_ROUNDS", "50")) // 5)
    data = str(tmp_path / "data")
    dawn = Dawn(data=data)
    admin = setup_admin(dawn)
    jar = dict(admin.jar)
    admin.open(f"/day/{DAY}")
    csrf = admin.csrf
    uploads = 0
    try:
        for round in range(rounds):
            stop = threading.Event()

            def uploader(n):
                nonlocal uploads
                b = Browser(dawn)
                b.jar, b.csrf = dict(jar), csrf
                i = 0
                while not stop.is_set():
                    i += 1
                    out = io.BytesIO()
                    Image.new("RGB", (640, 480), (round * 7 % 256, n * 90, i % 256)).save(out, "JPEG", quality=90)
                    day = f"2026-0{1 + (i + n) % 9}-{10 + round % 18:02d}"
                    try:
                        if multipart(b, f"/day/{day}/photos", {}, [("photo", "x.jpg", out.getvalue())], timeout=5).status == 303:
                            uploads += 1
                    except (OSError, EOFError):
                        return

            threads = [threading.Thread(target=uploader, args=(n,)) for n in range(2)]
            for t in threads:
                t.start()
            time.sleep(rng.uniform(0.05, 0.8))
            dawn.stop(signal.SIGKILL)
            stop.set()
            for t in threads:
                t.join(10)

            named = named_files(data)
            for path in named:
                body = open(os.path.join(data, path), "rb").read()
                assert hashlib.sha256(body).hexdigest() + ".jpg" == os.path.basename(path), (seed, round, path)
            dawn = Dawn(data=data)
            assert set(photo_files(data)) == named, (seed, round)
        dawn.stop()
        r = dawn_cli("check", "--data", data)
        assert r.returncode == 0, (seed, r.stdout.decode(), r.stderr.decode())
        assert uploads > 0, "some uploads went through between the kills"
    finally:
        dawn.stop()
