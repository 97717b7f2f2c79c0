#!/usr/bin/env python3
"""bench/history's helper: seeds two members with the same density of history (one year,
ten years, ending yesterday) through the real forms and `/import`, then measures each
page's server time (from the access log) after a write, for both.

  history_pages.py --url http://127.0.0.1:PORT --log ACCESS_LOG --max-body BYTES
                   --rounds N --cookie-out FILE [--seed S]

Writes the ten-year member's `Cookie: …` header to FILE for the export loop that follows.
"""
import argparse
import datetime
import http.client
import json
import random
import re
import secrets
import statistics
import sys
import time
import urllib.parse
from zoneinfo import ZoneInfo

ZONE = "Europe/Rome"
PASSWORD = "bench-password-1"
SETTINGS = {"language": "en", "time_zone": ZONE, "first_weekday": "monday", "day_start_hour": "0",
            "view": "row", "theme": "system", "board": "1"}

# Twelve habits: name, emoji, colour, default minutes, preferred start hour, how often
# (share of days, in the long run), mean run of consecutive days. The shares add up to
# ~3.9 logs a day; runs from 2 to 30 days, so streaks differ from habit to habit.
HABITS = [
    ("Morning walk", "🚶", "#48DBAB", 30, 7, 0.80, 30),
    ("Read", "📚", "#FECA57", 45, 21, 0.60, 12),
    ("Stretch", "🧘", "#54A0FF", 15, 8, 0.50, 8),
    ("Piano", "🎹", "#FF6B6B", 30, 18, 0.45, 6),
    ("Run", "🏃", "#1DD1A1", 45, 6, 0.35, 5),
    ("Write", "✍️", "#5F27CD", 60, 10, 0.30, 4),
    ("Garden", "🌱", "#10AC84", 60, 17, 0.25, 10),
    ("Spanish", "🇪🇸", "#EE5253", 15, 13, 0.20, 3),
    ("Swim", "🏊", "#0ABDE3", 60, 12, 0.15, 2),
    ("Cook", "🍳", "#FF9F43", 90, 19, 0.15, 3),
    ("Call family", "📞", "#C8D6E5", 30, 20, 0.10, 2),
    ("Museum", "🖼️", "#8395A7", 120, 15, 0.05, 2),
]
# Not every habit is daily: weekday, week and month habits have streaks in their own units,
# which the pages must read at the same cost with ten years as with one.
SCHEDULES = {
    "Piano": {"weekdays": ["mon", "wed", "fri"]},
    "Run": {"every": "week", "times": 2},
    "Swim": {"every": "week", "times": 1},
    "Museum": {"every": "month", "times": 1},
    "Call family": {"every": "month", "times": 2},
}
WORDS = ("the a morning light garden walk quiet river bread coffee friend rain market school late early "
         "tired happy slow long short call letter book page music evening dinner kids dog park bus "
         "work meeting plan idea window cloud sun wind snow warm cold street neighbour laugh").split()


def text(rng, low, high):
    """Words up to a length drawn between low and high characters, as sentences."""
    target = rng.randint(low, high)
    out = ""
    while len(out) < target:
        sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 12)))
        out += sentence[0].upper() + sentence[1:] + ". "
    return out[:target].rstrip()


def created_at(day):
    return int(datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc).timestamp())


def history(days, end, seed):
    """The history's four lists for the `days` days that end on `end`, drawn from `seed`."""
    rng = random.Random(seed)
    start = end - datetime.timedelta(days=days - 1)
    created = created_at(start)
    habits = [{"id": i + 1, "name": h[0], "emoji": h[1], "colour": h[2], "defaultDurationMinutes": h[3],
               "createdAt": created, "archivedAt": None, "schedule": SCHEDULES.get(h[0], {"every": "day"})}
              for i, h in enumerate(HABITS)]
    # Each habit is on or off for runs of days (a two-state chain): on for `run` days on
    # average, off long enough that it is on for `share` of the days in the long run.
    on = [rng.random() < h[5] for h in HABITS]
    # About once a month, 1 to 5 days away (ill, travelling): nothing logged or written,
    # so the days-active streak breaks too (~9% of days; the rest make up for them).
    away = 0
    present = 1 - 3 / 33
    instances, entries, notes = [], [], []
    for offset in range(days):
        day = start + datetime.timedelta(days=offset)
        date = day.isoformat()
        if away == 0 and rng.random() < 1 / 30:
            away = rng.randint(1, 5)
        for i, (_, _, _, minutes, hour, share, run) in enumerate(HABITS):
            share /= present
            off_run = run * (1 - share) / share
            on[i] = (rng.random() >= 1 / run) if on[i] else (rng.random() < 1 / off_run)
            if on[i] and not away:
                start_minute = min(max(hour * 60 + rng.randint(-6, 6) * 10, 0), 22 * 60)
                duration = max(5, minutes + rng.choice([-15, 0, 0, 0, 15, 30]))
                note = text(rng, 10, 60) if rng.random() < 0.2 else ""
                instances.append({"habitId": i + 1, "date": date, "start": f"{start_minute // 60:02d}:{start_minute % 60:02d}",
                                  "durationMinutes": duration, "note": note})
        if away:
            away -= 1
            continue
        if rng.random() < 0.52 / present:
            entries.append({"date": date, "text": text(rng, 200, 500)})
        for _ in range(rng.choices([0, 1, 2, 3, 4], weights=[20, 35, 28, 11, 6])[0]):  # 1.48 a day present
            at = created + offset * 86400 + rng.randint(6 * 3600, 23 * 3600)
            notes.append({"date": date, "text": text(rng, 15, 120), "createdAt": at})
    return habits, instances, entries, notes


def last_days(lists, days, end):
    """The last `days` days of a longer history: the same days, the same density, only
    less of it (its habits created at its first day)."""
    habits, instances, entries, notes = lists
    first = end - datetime.timedelta(days=days - 1)
    keep = lambda xs: [x for x in xs if x["date"] >= first.isoformat()]
    return [dict(h, createdAt=created_at(first)) for h in habits], keep(instances), keep(entries), keep(notes)


def export_file(username, habits, instances, entries, notes):
    return {"format": "dawn-export", "version": 2, "exportedAt": "2026-01-01T00:00:00Z",
            "member": {"username": username, "displayName": username.title(), "timeZone": ZONE},
            "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": False,
                         "showGridDates": False, "theme": "system"},
            "habits": habits, "instances": instances, "entries": entries, "notes": notes}


def split_by_days(username, lists, budget):
    """The history as files of consecutive days, each at most `budget` bytes of JSON
    (imports merge: the same habits by name, the days of each file new)."""
    habits, instances, entries, notes = lists
    whole = json.dumps(export_file(username, *lists)).encode()
    if len(whole) <= budget:
        return [whole], len(whole)
    days = sorted({x["date"] for x in instances + entries + notes})
    files, first = [], 0
    while first < len(days):
        # The longest run of days from `first` that fits, by halving.
        count = len(days) - first
        while True:
            chosen = set(days[first:first + count])
            part = export_file(username, habits, *[[x for x in xs if x["date"] in chosen] for xs in (instances, entries, notes)])
            body = json.dumps(part).encode()
            if len(body) <= budget:
                break
            count = max(1, count * budget // len(body) * 9 // 10)
        files.append(body)
        first += count
    return files, len(whole)


class Member:
    """A browser of one member over one keep-alive connection, with its cookies."""

    sent = 0  # requests sent by every member: the index of the next access-log line

    def __init__(self, url, name):
        parsed = urllib.parse.urlsplit(url)
        self.host, self.port, self.name = parsed.hostname, parsed.port, name
        self.jar = {}
        self.conn = None
        self.csrf = None

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
            try:
                self.conn.request(method, path, body=body, headers=headers)
                r = self.conn.getresponse()
                Member.sent += 1
                data = r.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        for value in r.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            if "Max-Age=0" in value:
                self.jar.pop(name, None)
            else:
                self.jar[name] = rest.split(";", 1)[0]
        if r.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        return r, data

    def open(self, path):
        r, data = self.request("GET", path)
        m = re.search(rb'name="csrf" value="([^"]+)"', data)
        if m:
            self.csrf = m.group(1).decode()
        return r, data

    def post(self, path, fields, expect=303):
        body = urllib.parse.urlencode({**fields, "csrf": self.csrf}).encode()
        r, data = self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})
        if r.status != expect:
            sys.exit(f"{self.name}: POST {path} answered {r.status}, not {expect}: {data[:300]!r}")
        return r, data

    def post_multipart(self, path, fields, filename, payload):
        boundary = "----dawnbench" + secrets.token_hex(8)
        body = b""
        for name, value in {**fields, "csrf": self.csrf}.items():
            body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        body += (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
                 "Content-Type: application/json\r\n\r\n").encode() + payload + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        return self.request("POST", path, body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}), len(body)

    def cookie_header(self):
        return "Cookie: " + "; ".join(f"{k}={v}" for k, v in self.jar.items())


class AccessLog:
    """The server's access log (`GET /path 200 1234 567us`, no query string) as it grows:
    one line per request, in the order this script sent them (one request at a time)."""

    LINE = re.compile(r"^(\S+) (\S+) (\d{3}) (\d+) (\d+)us$")

    def __init__(self, path):
        self.file = open(path, encoding="utf-8", errors="replace")
        self.file.seek(0, 2)
        self.pending = ""
        self.lines = []

    def line(self, index, timeout=10):
        """The `index`-th request's line since this log was opened: (method, path, status, bytes, µs)."""
        deadline = time.monotonic() + timeout
        while len(self.lines) <= index:
            if time.monotonic() > deadline:
                sys.exit(f"the access log has {len(self.lines)} request lines, not {index + 1}, after {timeout} s")
            chunk = self.file.read()
            if not chunk:
                time.sleep(0.002)
                continue
            self.pending += chunk
            *complete, self.pending = self.pending.split("\n")
            for text in complete:
                m = self.LINE.match(text)
                if m:  # (the start-up lines are not requests)
                    self.lines.append((m.group(1), m.group(2), int(m.group(3)), int(m.group(4)), int(m.group(5))))
        return self.lines[index]


def import_history(member, username, lists, days, end, budget):
    files, whole = split_by_days(username, lists, budget)
    member.open("/account")
    totals = {"habits": 0, "logs": 0, "entries": 0, "notes": 0}
    started = time.monotonic()
    for i, payload in enumerate(files):
        (r, data), sent = member.post_multipart("/import", {"mode": "merge"}, f"{username}-{i + 1}.json", payload)
        location = r.getheader("Location") or ""
        if r.status != 303 or "done=imported" not in location:
            sys.exit(f"import of {username} part {i + 1} ({sent} bytes) answered {r.status}: {data[:400]!r}")
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
        for k in totals:
            totals[k] += int(query[k][0])
    _, instances, entries, notes = lists
    print(f"  {username}: {days} days to {end}: {len(HABITS)} habits, {len(instances):,} logs, {len(entries):,} entries, "
          f"{len(notes):,} notes; {whole:,} bytes of JSON", end="")
    if len(files) > 1:
        print(f" > the {budget + 2048:,}-byte body limit: imported as {len(files)} merges of "
              f"{min(map(len, files)):,}–{max(map(len, files)):,} bytes", end="")
    print(f" in {time.monotonic() - started:.1f} s; written: {totals['habits']} habits, {totals['logs']:,} logs, "
          f"{totals['entries']:,} entries, {totals['notes']:,} notes")
    return totals


def seed_one_and_ten(url, max_body, seed, yesterday):
    """The admin "one" with a year of history and the member "ten" with ten years, both
    signed in, their histories imported through /import: the one-year member's is the
    last year of the ten-year member's, so the pages about recent days show the same data
    to both and only the years behind differ."""
    one = Member(url, "one")
    one.open("/setup")
    one.post("/setup", {"username": "one", "display_name": "One", "password": PASSWORD, "password_again": PASSWORD,
                        "time_zone": ZONE})
    one.open("/family")
    one.post("/family/members", {"username": "ten", "display_name": "Ten", "password": PASSWORD, "password_again": PASSWORD})
    ten = Member(url, "ten")
    ten.open("/login")
    ten.post("/login", {"username": "ten", "password": PASSWORD})
    # A multipart body carries the form's other fields and delimiters: 2 KiB for them.
    budget = max_body - 2048
    ten_years = history(3652, yesterday, seed)
    import_history(one, "one", last_days(ten_years, 365, yesterday), 365, yesterday, budget)
    import_history(ten, "ten", ten_years, 3652, yesterday, budget)
    return one, ten


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--max-body", type=int, required=True)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cookie-out", required=True)
    parser.add_argument("--verbose", action="store_true", help="every round's time too")
    args = parser.parse_args()
    log = AccessLog(args.log)

    today = datetime.datetime.now(ZoneInfo(ZONE)).date()
    yesterday = today - datetime.timedelta(days=1)

    print(f"seeding (seed {args.seed}), imports through /import, the server's body limit {args.max_body:,} bytes:")
    one, ten = seed_one_and_ten(args.url, args.max_body, args.seed, yesterday)
    for member in (one, ten):
        member.open("/settings")
        member.post("/settings", SETTINGS)  # shares their streak on the board

    _, day_page = ten.open("/")
    stylesheet = re.search(rb'href="(/habits\.css\?v=[^"]+)"', day_page).group(1).decode()
    past = today - datetime.timedelta(days=200)
    pages = [
        ("/ (today)", "/"),
        (f"/day/{past} (200 days ago)", f"/day/{past}"),
        ("/stats?g=week", "/stats?g=week"),
        ("/stats?g=month", "/stats?g=month"),
        ("/stats?g=year", "/stats?g=year"),
        (f"/calendar/{today:%Y-%m}", f"/calendar/{today:%Y-%m}"),
        ("/habits.css?v=…", stylesheet),
        ("/api/stats (one year)", f"/api/stats?from={today - datetime.timedelta(days=364)}&to={today}"),
        ("/board", "/board"),
        # A word in most of the texts: the count walks all its matches, the page reads twenty.
        ("/search?q=garden", "/search?q=garden"),
    ]
    # Server time each page may take with ten years (2 ms unless listed here).
    budgets = {"/search?q=garden": 5000}

    # Each round: a write by the member (a note on today's page, then its deletion), so
    # every cache keyed on their data is stale, then the page with gzip; its server time
    # is its access-log line's.
    notes_url = f"/day/{today}/notes"
    pending_note = {}
    written = 0
    times = {(label, m.name): [] for label, _ in pages for m in (one, ten)}
    sizes = {}
    for member in (one, ten):
        member.open(f"/day/{today}")
    for label, url in pages:
        path = url.split("?", 1)[0]
        for _ in range(args.rounds):
            for member in (one, ten):
                added = member.name not in pending_note
                if added:
                    written += 1
                    note = f"bench note {written}"
                    member.post(notes_url, {"note": note})
                else:
                    member.post(f"/day/{today}/notes/{pending_note.pop(member.name)}/delete", {})
                index = Member.sent
                r, _ = member.request("GET", url, headers={"Accept-Encoding": "gzip"})
                method, logged, status, size, micros = log.line(index)
                if (method, logged) != ("GET", path):
                    sys.exit(f"access-log line {index} is {method} {logged}, not GET {path}: cannot attribute times")
                if r.status != 200 or status != 200:
                    sys.exit(f"{member.name}: GET {url} answered {r.status} (log: {status})")
                times[(label, member.name)].append(micros)
                sizes[(label, member.name)] = size
                if added:
                    # The note just added, for the next round's delete (not timed).
                    _, page = member.open(f"/day/{today}")
                    m = re.search(rf'<p>{note}</p>.*?action="/day/{today}/notes/(\d+)/delete"'.encode(), page, re.S)
                    if not m:
                        sys.exit(f"{member.name}: the note just added is not on /day/{today}")
                    pending_note[member.name] = m.group(1).decode()

    width = max(len(label) for label, _ in pages) + 2
    print()
    print(f"server time per page after a write (median of {args.rounds}, µs, from the access log; gzip):")
    print(f"{'page':<{width}}{'1 year':>10}{'10 years':>10}{'10y/1y':>8}{'10y gz B':>10}  target ≤ 2,000 µs (search ≤ 5,000), ≤ 1.5×")
    for label, _ in pages:
        a = statistics.median(times[(label, "one")])
        b = statistics.median(times[(label, "ten")])
        # A search counts its matches, which grow with the years: only its own budget applies.
        verdict = "ok" if b <= budgets.get(label, 2000) and (label in budgets or b / a <= 1.5) else "MISS"
        print(f"{label:<{width}}{a:>10,.0f}{b:>10,.0f}{b / a:>7.2f}×{sizes[(label, 'ten')]:>10,}  {verdict}")
        if args.verbose:
            print(f"  one: {times[(label, 'one')]}\n  ten: {times[(label, 'ten')]}")

    with open(args.cookie_out, "w") as f:
        f.write(ten.cookie_header() + "\n")


if __name__ == "__main__":
    main()
