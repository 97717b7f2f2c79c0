"""Crash safety: three members write at once from six threads, the server is killed
with SIGKILL at random moments, and after every kill we check that

- every write the server acknowledged (its whole 303 arrived) is there, exactly;
- a write that was in flight is wholly there or wholly absent (an entry's whole body,
  all six settings rows of one save, every row of an import or none);
- nothing is there that nobody wrote;
- `PRAGMA integrity_check` says ok for every database, and `dawn check` finds every member's
  summaries equal to their rows (checked on copies of the files
  as the kill left them, so the server's own recovery still runs on the originals);
- the server starts again on the same data folder, cleanly, with the same sessions.

Sessions are believed for 5 s from memory (DAWN_SESSION_CACHE); that cache dies with
the process, so after a restart every session is read from the database again.
DAWN_CRASH_ROUNDS and DAWN_CRASH_SEED replay a run."""
import datetime
import glob
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time

import pytest

from conftest import Browser, Dawn, dawn_binary
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import today_in
from test_import import multipart

pytestmark = pytest.mark.serial

ROUNDS = int(os.environ.get("DAWN_CRASH_ROUNDS", "50"))
SEED = int(os.environ.get("DAWN_CRASH_SEED", str(random.randrange(1 << 30))))
THREADS_PER_MEMBER = 2
# An account holds at most 500 habits: each thread adds at most its share (habits and
# imports each add one), then writes only the other kinds.
HABITS_PER_THREAD = (500 - 20) // THREADS_PER_MEMBER
ENTRY_DAYS_PER_THREAD = 4
IMPORT_NOTES = 30
IMPORT_INSTANCES = 3
SETTINGS_KEYS = ["language", "first_weekday", "day_start_hour", "show_grid", "show_grid_dates", "theme"]


class Unacknowledged(Exception):
    """The request may or may not have reached the server: the process died under it."""


def entry_body(token, length):
    """A long body that can only be whole if it is exactly this: torn pages would show."""
    return (token + "\n" + (token + " ") * (length // (len(token) + 1) + 1))[:length]


def settings_choice(rng):
    """(form fields, the member_settings rows they store)."""
    language = rng.choice(["en", "it", "fr"])
    weekday = rng.choice(["monday", "sunday"])
    hour = str(rng.randint(0, 6))
    grid = rng.random() < 0.5
    dates = rng.random() < 0.5
    theme = rng.choice(["system", "light", "dark"])
    fields = {"language": language, "time_zone": "Europe/Rome", "first_weekday": weekday,
              "day_start_hour": hour, "view": "grid" if grid else "row", "theme": theme}
    if dates:
        fields["grid_dates"] = "1"
    stored = {"language": language, "first_weekday": weekday, "day_start_hour": hour,
              "show_grid": "1" if grid else "0", "show_grid_dates": "1" if dates else "0", "theme": theme}
    return fields, stored


class Writer:
    """One thread's writes for one member, and what it knows about them.

    Every write carries a token nobody else uses. `acked` holds the writes whose whole
    response arrived; `pending` the one in flight when the server died (or None)."""

    def __init__(self, member, index, rng, today):
        self.member, self.index, self.rng, self.today = member, index, rng, today
        self.prefix = f"{member['name']}{index}"
        self.counter = 0
        # Entries live on days only this thread writes, so the last acknowledged body of a
        # day (or the body in flight) is the only thing that day may hold.
        first = 1 + index * ENTRY_DAYS_PER_THREAD
        self.entry_days = [str(today - datetime.timedelta(days=first + k)) for k in range(ENTRY_DAYS_PER_THREAD)]
        self.acked = []
        self.pending = None
        self.failure = None
        self.habits_sent = 0

    def token(self):
        self.counter += 1
        return f"{self.prefix}x{self.counter}x{self.rng.randrange(1 << 30):x}"

    def next_write(self):
        rng, token = self.rng, self.token()
        day = str(self.today - datetime.timedelta(days=rng.randint(0, 20)))
        kinds = ["note"] * 4 + ["entry"] * 3 + ["instance"] * 3 + ["habit"]
        if self.index == 0:
            kinds += ["settings"] * 2  # one thread per member owns its settings
        else:
            kinds += ["import"]
        kind = rng.choice(kinds)
        if kind in ("habit", "import"):
            self.habits_sent += 1
            if self.habits_sent > HABITS_PER_THREAD:
                kind = rng.choice(["note", "entry", "instance"])
        if kind == "note":
            return {"kind": kind, "token": token, "day": day, "path": f"/day/{day}/notes", "fields": {"note": token}}
        if kind == "entry":
            day = rng.choice(self.entry_days)
            body = "" if rng.random() < 0.15 else entry_body(token, rng.choice([40, 3000, 19000]))
            return {"kind": kind, "token": token, "day": day, "body": body,
                    "path": f"/day/{day}/entry", "fields": {"entry": body}}
        if kind == "instance":
            start = f"{rng.randint(6, 20):02d}:{rng.choice(['00', '15', '30', '45'])}"
            duration = rng.choice([15, 30, 45, 60])
            return {"kind": kind, "token": token, "day": day, "start": start, "duration": duration,
                    "path": f"/day/{day}/instances",
                    "fields": {"habit": "1", "start": start, "duration": str(duration), "note": token}}
        if kind == "habit":
            return {"kind": kind, "token": token, "path": "/habits",
                    "fields": {"name": token, "emoji": "🌅", "color": "#54A0FF", "custom_color": "#888888",
                               "duration": "30"}}
        if kind == "settings":
            fields, stored = settings_choice(rng)
            return {"kind": kind, "token": token, "stored": stored, "path": "/settings", "fields": fields}
        notes = [{"date": day, "text": f"{token}-n{i}", "createdAt": 1_700_000_000 + i} for i in range(IMPORT_NOTES)]
        instances = [{"habitId": 1, "date": day, "start": f"{9 + i:02d}:00", "durationMinutes": 30,
                      "note": f"{token}-i{i}"} for i in range(IMPORT_INSTANCES)]
        document = {"format": "dawn-export", "version": 1,
                    "habits": [{"id": 1, "name": f"imp-{token}", "emoji": "📥", "colour": "#FECA57",
                                "defaultDurationMinutes": 15, "createdAt": 1_700_000_000, "archivedAt": None}],
                    "instances": instances, "entries": [], "notes": notes}
        return {"kind": "import", "token": token, "document": json.dumps(document).encode()}

    def send(self, browser, write):
        try:
            if write["kind"] == "import":
                response = multipart(browser, "/import", {"mode": "merge"}, [("file", "dawn.json", write["document"])])
            else:
                response = browser.post(write["path"], write["fields"])
        except (OSError, EOFError, ValueError, IndexError) as error:
            # Refused, reset, closed mid-response, or a half head: not acknowledged.
            raise Unacknowledged(error) from error
        if response.status != 303:
            raise AssertionError(f"{write['kind']} got {response.status}: {response.text[:300]}")

    def run(self, browser, stop):
        try:
            while not stop.is_set():
                write = self.next_write()
                self.pending = write
                self.send(browser, write)
                self.pending = None
                self.acked.append(write)
        except Unacknowledged:
            pass
        except Exception as error:  # noqa: BLE001 - reported by the test thread
            self.failure = error


def snapshot_and_check(data, scratch):
    """Copies every database with its WAL as the kill left them, checks their integrity,
    and returns {relative path: copy}. The originals stay untouched for the restart."""
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(os.path.join(scratch, "users"))
    copies = {}
    for path in [os.path.join(data, "instance.sqlite")] + sorted(glob.glob(os.path.join(data, "users", "*.sqlite"))):
        relative = os.path.relpath(path, data)
        target = os.path.join(scratch, relative)
        for suffix in ["", "-wal"]:
            if os.path.exists(path + suffix):
                shutil.copyfile(path + suffix, target + suffix)
        con = sqlite3.connect(target)
        try:
            result = con.execute("PRAGMA integrity_check").fetchall()
            assert result == [("ok",)], f"{relative}: {result}"
            assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        finally:
            con.close()
        copies[relative] = target
    # The member summaries (streaks, day rows, runs) still say what the rows say.
    check = subprocess.run([dawn_binary(), "check", "--data", scratch], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    return copies


class MemberState:
    """What one member's database must hold, built from every writer's history."""

    def __init__(self):
        self.notes = set()        # note bodies that must be there
        self.instances = {}       # note token -> (day, start minute, duration)
        self.habits = {"Crash"}  # names that must be there
        self.imports = set()      # import tokens that must be there whole
        self.entries = {}         # day -> body ("" when none)
        self.settings = None      # the six stored rows
        self.possible = set()     # tokens written at all (acked or in flight)


def minute(label):
    hours, minutes = label.split(":")
    return int(hours) * 60 + int(minutes)


def check_member(state, path, writers):
    """Applies each writer's acknowledged writes, then checks the database against them
    and settles the write in flight (present whole: it must stay; absent: forgotten).
    Returns (rows checked, writes in flight found whole)."""
    for writer in writers:
        for write in writer.acked:
            apply(state, write)
        writer.acked = []
    con = sqlite3.connect(path)
    try:
        notes = [body for (body,) in con.execute("SELECT body FROM notes")]
        instances = {note: (day, start, duration) for note, day, start, duration in
                     con.execute("SELECT note, day, start_minute, duration_minutes FROM habit_instances")}
        habits = {name for (name,) in con.execute("SELECT name FROM habits")}
        entries = dict(con.execute("SELECT day, body FROM entries"))
        settings = dict(con.execute("SELECT key, value FROM member_settings"))
    finally:
        con.close()
    assert len(notes) == len(set(notes)), "a note was stored twice"
    note_set = set(notes)

    # The write in flight: wholly present (then it must stay) or wholly absent.
    landed = 0
    for writer in writers:
        write, writer.pending = writer.pending, None
        if write is None:
            continue
        kind, token = write["kind"], write["token"]
        state.possible.add(token)
        if kind == "note":
            if token in note_set:
                state.notes.add(token)
                landed += 1
        elif kind == "instance":
            if token in instances:
                assert instances[token] == (write["day"], minute(write["start"]), write["duration"]), token
                state.instances[token] = instances[token]
                landed += 1
        elif kind == "habit":
            if token in habits:
                state.habits.add(token)
                landed += 1
        elif kind == "entry":
            found = entries.get(write["day"], "")
            assert found in (state.entries.get(write["day"], ""), write["body"]), \
                f"entry {write['day']} holds neither the last saved body nor the one in flight ({len(found)} chars)"
            landed += found == write["body"] != state.entries.get(write["day"], "")
            state.entries[write["day"]] = found
        elif kind == "settings":
            rows = {k: settings.get(k) for k in SETTINGS_KEYS}
            assert rows in (state.settings, write["stored"]), f"settings half saved: {rows}"
            landed += rows == write["stored"] != state.settings
            state.settings = rows
        elif kind == "import":
            parts = (sum(1 for n in note_set if origin(n) == token), sum(1 for n in instances if origin(n) == token),
                     f"imp-{token}" in habits)
            assert parts in [(0, 0, False), (IMPORT_NOTES, IMPORT_INSTANCES, True)], f"import {token} is partial: {parts}"
            if parts[2]:
                state.imports.add(token)
                landed += 1

    # Everything acknowledged (or found whole after an earlier kill) is there, exactly.
    missing = state.notes - note_set
    assert not missing, f"{len(missing)} acknowledged notes lost, e.g. {sorted(missing)[:3]}"
    for token, expected in state.instances.items():
        assert instances.get(token) == expected, f"instance {token}: {instances.get(token)} != {expected}"
    assert state.habits <= habits, f"habits lost: {state.habits - habits}"
    for token in state.imports:
        assert sum(1 for n in note_set if origin(n) == token) == IMPORT_NOTES, token
        assert sum(1 for n in instances if origin(n) == token) == IMPORT_INSTANCES, token
        assert f"imp-{token}" in habits, token
    for day, body in state.entries.items():
        assert entries.get(day, "") == body, f"entry {day}: {len(entries.get(day, ''))} chars, expected {len(body)}"
    assert {k: settings.get(k) for k in SETTINGS_KEYS} == state.settings

    # And nothing that nobody wrote.
    for body in note_set:
        assert origin(body) in state.possible, f"a note nobody wrote: {body[:60]!r}"
    for note in instances:
        assert origin(note) in state.possible, f"an instance nobody wrote: {note[:60]!r}"
    for day, body in entries.items():
        assert state.entries.get(day) == body, f"an entry nobody wrote on {day}"
    return len(note_set) + len(instances) + len(entries) + len(habits) + len(settings), landed


def origin(text):
    """The token a stored text came from: an import's rows are `TOKEN-n3`, `TOKEN-i1`."""
    return text.split("-", 1)[0]


def apply(state, write):
    kind, token = write["kind"], write["token"]
    state.possible.add(token)
    if kind == "note":
        state.notes.add(token)
    elif kind == "instance":
        state.instances[token] = (write["day"], minute(write["start"]), write["duration"])
    elif kind == "habit":
        state.habits.add(token)
    elif kind == "entry":
        state.entries[write["day"]] = write["body"]
    elif kind == "settings":
        state.settings = write["stored"]
    elif kind == "import":
        state.imports.add(token)


def start(data):
    server = Dawn(data=data)
    assert server.port, f"the server did not come back: {server.errors}"
    return server


def kill(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(10)


def member_browser(server, member):
    b = Browser(server)
    b.jar, b.csrf = dict(member["cookies"]), member["csrf"]
    return b


def test_sigkill_at_random_moments_loses_no_acknowledged_write():
    started = time.monotonic()
    rng = random.Random(SEED)
    data = tempfile.mkdtemp(prefix="dawn-crash-")
    scratch = tempfile.mkdtemp(prefix="dawn-crash-copy-")
    server = start(data)
    try:
        admin = setup_admin(server)
        for name in ["dad", "kid"]:
            assert add_member(admin, username=name, name=name.title()).status == 303
        browsers = {"mum": admin}
        for name in ["dad", "kid"]:
            browsers[name], response = sign_in(server, name, MEMBER_PASSWORD)
            assert response.status == 303
        con = sqlite3.connect(os.path.join(data, "instance.sqlite"))
        ids = dict(con.execute("SELECT username, id FROM members"))
        con.close()
        today = today_in()
        members, states = [], {}
        for name, browser in browsers.items():
            browser.open("/habits/new")
            assert browser.post("/habits", {"name": "Crash", "emoji": "💥", "color": "#FF6B6B",
                                            "custom_color": "#888888", "duration": "30"}).status == 303
            fields, stored = settings_choice(rng)
            assert browser.post("/settings", fields).status == 303
            member = {"name": name, "id": ids[name], "cookies": dict(browser.jar), "csrf": browser.csrf}
            members.append(member)
            states[name] = MemberState()
            states[name].settings = stored
        writers = [Writer(m, i, random.Random(rng.random()), today)
                   for m in members for i in range(THREADS_PER_MEMBER)]

        acknowledged = in_flight = landed = rows_checked = 0
        for round_number in range(ROUNDS):
            if round_number:
                server = start(data)
                assert server.errors == [], server.errors
            # The same sessions work after a restart, and every member's day page renders.
            for member in members:
                page = member_browser(server, member).get("/")
                assert page.status == 200 and 'name="csrf"' in page.text, (member["name"], page.status)
            stop = threading.Event()
            threads = [threading.Thread(target=w.run, args=(member_browser(server, w.member), stop), daemon=True)
                       for w in writers]
            for thread in threads:
                thread.start()
            time.sleep(rng.uniform(0.0, 0.6))
            kill(server)
            stop.set()
            for thread in threads:
                thread.join(30)
                assert not thread.is_alive(), "a writer hung after the kill"
            for writer in writers:
                assert writer.failure is None, f"{writer.prefix}: {writer.failure}"
                acknowledged += len(writer.acked)
                in_flight += writer.pending is not None
            copies = snapshot_and_check(data, scratch)
            for member in members:
                mine = [w for w in writers if w.member is member]
                rows, whole = check_member(states[member["name"]], copies[f"users/{member['id']}.sqlite"], mine)
                rows_checked += rows
                landed += whole

        # The last kill's files, checked by the server's own tool too.
        check = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
        assert check.returncode == 0 and check.stdout.count("ok  ") == 4, check.stdout + check.stderr

        # And the server shows what it kept: every note on its day page.
        server = start(data)
        shown = 0
        for member in members:
            b = member_browser(server, member)
            pages = "\n".join(b.get(f"/day/{today - datetime.timedelta(days=k)}").text for k in range(21))
            for note in states[member["name"]].notes:
                assert f"<p>{note}</p>" in pages, note
                shown += 1
        elapsed = time.monotonic() - started
        print(f"\ncrash safety: {ROUNDS} SIGKILL rounds, {acknowledged} acknowledged writes verified after every "
              f"later kill, {in_flight} unacknowledged (each thread's last; {landed} of them found whole, the rest wholly absent), "
              f"{rows_checked} row checks, {shown} notes seen on day pages, integrity_check ok every round, "
              f"seed {SEED}, {elapsed:.1f} s")
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(data, ignore_errors=True)
