"""Search end to end against the real binary: `/search` over the member's entries, notes and
log notes (accents, prefixes, phrases, newest first, twenty a page, only their own text); the
box in every signed-in page's navigation, a plain GET form; hostile queries (FTS5 operators,
open quotes, 1,000 characters, NULs) answered with a message, never a 500; a member database
from before search (schema 6) indexed by its migration; `dawn check` finding a damaged index."""
import datetime
import hashlib
import html
import re
import sqlite3
import subprocess
import time
import urllib.parse
from zoneinfo import ZoneInfo

import pytest

from conftest import Browser, Dawn, dawn_binary
from test_accounts import ADMIN_PASSWORD, MEMBER_PASSWORD, add_member, setup_admin, sign_in

ZONE = "Europe/Rome"
# What migrations 1 to 6 leave in a member database: search (migration 7) came after them.
SCHEMA_6_TABLES = {"member_settings", "entries", "notes", "habits", "habit_instances", "edit_sequence", "habit_skips",
                   "vacations", "day_summaries", "habit_days", "habit_summaries", "active_runs", "habit_runs",
                   "sqlite_sequence"}


@pytest.fixture
def site(fresh_dawn):
    """A fresh server and its admin; not across midnight in Rome (the days are relative to today)."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    left = (datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo) - now).total_seconds()
    if left < 60:
        time.sleep(left + 2)
    dawn = fresh_dawn()
    return dawn, setup_admin(dawn), datetime.datetime.now(ZoneInfo(ZONE)).date()


def search_url(query, page=None):
    return "/search?q=" + urllib.parse.quote(query, safe="") + (f"&page={page}" if page else "")


def result_days(page):
    return re.findall(r'<p class="result-head"><a href="/day/(\d{4}-\d{2}-\d{2})">', page)


def summary(page):
    m = re.search(r'<h2 id="search-summary">([^<]*)</h2>', page)
    return m.group(1) if m else None


def message(page):
    m = re.search(r'<p class="field-error" id="search-error" role="alert">([^<]*)</p>', page)
    return m.group(1) if m else None


def write_note(browser, day, text):
    browser.open(f"/day/{day}")
    r = browser.post(f"/day/{day}/notes", {"note": text})
    assert r.status == 303, r.text[:300]


def test_search_finds_accents_prefixes_phrases_newest_first(site):
    dawn, admin, today = site
    admin.open(f"/day/{today}")
    assert admin.post(f"/day/{today - datetime.timedelta(days=2)}/entry",
                      {"entry": "Siamo andati in città <script>alert(1)</script>"}).status == 303
    write_note(admin, today - datetime.timedelta(days=1), "City lights")
    for back in range(3, 28):
        write_note(admin, today - datetime.timedelta(days=back), f"rain again {back}")

    r = admin.get(search_url("citta"))
    assert r.status == 200
    assert summary(r.text) == "1 match"
    assert result_days(r.text) == [str(today - datetime.timedelta(days=2))]
    # A plain link to the day; the matched word marked; the rest of the text escaped.
    assert f'<a href="/day/{today - datetime.timedelta(days=2)}">' in r.text
    assert "Siamo andati in <mark>città</mark> &lt;<mark>" not in r.text
    # An entry's snippet is its plain text (docs/markdown.md): the raw HTML left out, as on the day page.
    assert "Siamo andati in <mark>città</mark> alert(1)</p>" in r.text
    assert "<script>alert(1)" not in r.text

    r = admin.get(search_url("cit"))
    assert summary(r.text) == "2 matches" and result_days(r.text) == [str(today - datetime.timedelta(days=d)) for d in (1, 2)]
    assert result_days(admin.get(search_url('"andati in città"')).text) == [str(today - datetime.timedelta(days=2))]
    assert result_days(admin.get(search_url('"in andati"')).text) == []

    # Twenty a page, newest first; page 2 holds the rest; past the end an empty page.
    first = admin.get(search_url("rain"))
    assert summary(first.text) == "25 matches"
    assert result_days(first.text) == [str(today - datetime.timedelta(days=back)) for back in range(3, 23)]
    assert '<a href="/search?q=rain&amp;page=2" rel="next">Older matches</a>' in first.text
    second = admin.get(search_url("rain", 2))
    assert second.status == 200
    assert result_days(second.text) == [str(today - datetime.timedelta(days=back)) for back in range(23, 28)]
    past = admin.get(search_url("rain", 7))
    assert past.status == 200 and result_days(past.text) == [] and "past the last page" in past.text

    # Another member finds none of it, and the admin none of theirs.
    assert add_member(admin, "kid", "Kid").status == 303
    kid, r = sign_in(dawn, "kid", MEMBER_PASSWORD)
    assert r.status == 303
    write_note(kid, today, "rain on the kid's day")
    assert summary(kid.get(search_url("rain")).text) == "1 match"
    assert summary(kid.get(search_url("citta")).text) == "Nothing matches “citta”."
    assert summary(admin.get(search_url("kid")).text) == "Nothing matches “kid”."


def test_the_search_box_is_a_plain_get_form_in_the_navigation(site):
    dawn, admin, today = site
    write_note(admin, today, "walk by the river")
    for path in ["/", f"/day/{today}", "/habits", "/stats", "/settings", "/account", "/board"]:
        page = admin.get(path).text
        form = re.search(r'<form method="get" action="(/search)" role="search" class="nav-search">(.*?)</form>', page, re.S)
        assert form, path
        assert '<label for="nav-search" class="visually-hidden">Search your journal</label>' in form.group(2), path
        assert re.search(r'<input id="nav-search" name="(q)" type="search"', form.group(2)), path
    # What a browser without JavaScript sends for that form: a GET of its action with q.
    r = admin.get("/search?" + urllib.parse.urlencode({"q": "river"}))
    assert r.status == 200 and result_days(r.text) == [str(today)]
    # Signed out: no box, and the search asks to sign in first.
    outsider = Browser(dawn)
    assert "nav-search" not in outsider.get("/login").text
    r = outsider.get(search_url("river"))
    assert r.status == 303 and r.header("Location").startswith("/login?next=")


def test_hostile_queries_get_a_message_never_a_500(site):
    dawn, admin, today = site
    write_note(admin, today, 'quotes " and (parentheses), NEAR OR AND NOT - ^ * :')
    long_query = "pioggia " * 125  # 1,000 characters
    assert len(long_query) == 1000
    cases = [
        (long_query, 400, "A search can be 200 characters long at most; this one has 1,000."),
        ("é" * 1000, 400, "A search can be 200 characters long at most; this one has 1,000."),
        ('"unbalanced quote', 400, "A double quote is left open."),
        ('a "b" "c', 400, "A double quote is left open."),
        ("( ) - ^ * :", 400, "There is nothing to look for"),
        (" ".join(f"w{i}" for i in range(30)), 400, "A search can hold 20 words and phrases at most; this one has 30."),
        # As FTS5's NEAR it would match (the two words are close); as typed it is the words
        # "near" and "quotes" side by side, which the note does not hold.
        ("NEAR(quotes parentheses)", 200, "Nothing matches"),
        ("quotes NEAR parentheses", 200, "1 match"),
        ("quotes AND NOT parentheses", 200, "1 match"),
        ("quotes OR nothing", 200, "Nothing matches"),
        ("body:quotes", 200, "Nothing matches"),
        ("-quotes ^near *", 200, "1 match"),
        ("quotes\t\n near", 200, "1 match"),
        ("{quotes} [near] 'and'", 200, "1 match"),
        ('""', 400, "There is nothing to look for"),
    ]
    for query, status, expected in cases:
        r = admin.get(search_url(query))
        assert r.status == status, (query[:40], r.status)
        shown = message(r.text) if status == 400 else summary(r.text)
        assert shown is not None and expected in html.unescape(shown), (query[:40], shown)
        assert "search-q" in r.text, "the box is there to try again"
    # Malformed addresses: the page's own 400s.
    for target in ["/search?q=%ZZ", "/search?q=quotes%00near", "/search?q=rain&page=abc", "/search?q=rain&page=-1", "/search?q=rain&page=" + "9" * 40]:
        r = admin.get(target)
        assert r.status == 400, (target, r.status)
    # A request line of 1,000 percent-encoded accents (6,000 bytes) is still read and answered.
    r = admin.get(search_url("à" * 1000))
    assert r.status == 400 and "this one has 1,000" in message(r.text)
    assert admin.get(search_url("quotes")).status == 200, "the server answers on"


def downgrade_to_schema_6(path):
    """A member database as Dawn wrote it before search: the index and its triggers gone,
    `user_version` 6. Refuses to go on if a later migration left objects this does not know."""
    con = sqlite3.connect(path)
    try:
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%search%'").fetchall():
            con.execute(f"DROP TRIGGER {name}")
        con.execute("DROP TABLE search_index")
        con.execute("DROP TABLE IF EXISTS moods")  # migration 8
        con.execute("DROP TABLE IF EXISTS push_subscriptions")  # migration 11
        con.execute("DROP TABLE IF EXISTS notify_results")
        con.execute("DROP TABLE IF EXISTS deleted_journal")  # migration 13
        # Migration 14: the rule history, and the habit triggers back to deciding a day by the habit's own target.
        con.execute("DROP TABLE IF EXISTS habit_rules")
        con.execute("DROP TABLE IF EXISTS photos")  # migration 15: a day's photos (its indexes go with it)
        for name, sql in con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%habit_rules%'").fetchall():
            con.execute(f"DROP TRIGGER {name}")
            con.execute(re.sub(r"\(SELECT habit_rules\.target_milli.*?LIMIT 1\),\s*", "", sql, flags=re.S))
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%revision%'").fetchall():
            con.execute(f"DROP TRIGGER {name}")  # migration 9
        if "revision" in [c[1] for c in con.execute("PRAGMA table_info(habit_summaries)")]:
            con.execute("ALTER TABLE habit_summaries DROP COLUMN revision")
        if "reminders" in [c[1] for c in con.execute("PRAGMA table_info(habits)")]:
            con.execute("ALTER TABLE habits DROP COLUMN reminders")  # migration 10
        if "logged_by" in [c[1] for c in con.execute("PRAGMA table_info(habit_instances)")]:
            con.execute("ALTER TABLE habit_instances DROP COLUMN logged_by")  # migration 12
        tables = {name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == SCHEMA_6_TABLES, f"objects of another migration to drop here too: {tables ^ SCHEMA_6_TABLES}"
        triggers = [name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
                    if "summary" not in name and "version" not in name and "active" not in name and "done" not in name]
        assert triggers == [], triggers
        con.execute("PRAGMA user_version = 6")
        con.commit()
    finally:
        con.close()


def test_a_database_from_before_search_gets_its_index_built(tmp_path):
    data = str(tmp_path / "data")
    dawn = Dawn(data=data)
    setup_admin(dawn)
    assert dawn.stop() == 0, dawn.errors
    path = f"{data}/users/1.sqlite"
    downgrade_to_schema_6(path)

    # Years of text written before search existed (the triggers of schema 6 keep the summaries).
    con = sqlite3.connect(path)
    try:
        con.execute("INSERT INTO entries (day, body, created_at, updated_at) VALUES ('2015-06-01', 'Siamo andati in città', 1, 1)")
        con.execute("INSERT INTO notes (day, body, created_at) VALUES ('2019-03-03', 'La Città Alta di sera', 2)")
        con.execute("INSERT INTO habits (name, emoji, color, default_duration, created_at) VALUES ('Walk', '🚶', '#48DBAB', 30, 1)")
        con.execute("INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at) "
                    "VALUES (1, '2021-09-09', 480, 30, 'around the città walls', 3)")
        con.execute("INSERT INTO habit_instances (habit_id, day, start_minute, duration_minutes, note, created_at) "
                    "VALUES (1, '2021-09-10', 480, 30, '', 4)")
        con.commit()
    finally:
        con.close()

    dawn = Dawn(data=data)
    try:
        admin, r = sign_in(dawn, "mum", ADMIN_PASSWORD)
        assert r.status == 303
        page = admin.get(search_url("citta"))
        assert page.status == 200
        assert summary(page.text) == "3 matches"
        assert result_days(page.text) == ["2021-09-09", "2019-03-03", "2015-06-01"]
        assert "🚶 Walk · log note" in page.text
        con = sqlite3.connect(path)
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            assert version > 6
            assert con.execute("SELECT count(*) FROM search_index").fetchone()[0] == 3
        finally:
            con.close()
        # Written after the migration: found at once.
        admin.open("/")
        today = datetime.datetime.now(ZoneInfo(ZONE)).date()
        assert admin.post(f"/day/{today}/notes", {"note": "back in città"}).status == 303
        assert summary(admin.get(search_url("citta")).text) == "4 matches"
    finally:
        assert dawn.stop() == 0, dawn.errors
    r = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "ok  users/1.sqlite" in r.stdout, r.stdout + r.stderr


def test_dawn_check_finds_an_index_that_differs_and_changes_nothing(tmp_path):
    data = str(tmp_path / "data")
    dawn = Dawn(data=data)
    admin = setup_admin(dawn)
    today = datetime.datetime.now(ZoneInfo(ZONE)).date()
    write_note(admin, today, "walked the dog")
    assert dawn.stop() == 0, dawn.errors
    r = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr

    # A text in the index that no row holds (written around the triggers).
    path = f"{data}/users/1.sqlite"
    con = sqlite3.connect(path)
    con.execute("INSERT INTO search_index (body, day, kind, source) VALUES ('ghost', ?, 'note', 999)", [str(today)])
    con.commit()
    con.close()
    before = hashlib.sha256(open(path, "rb").read()).hexdigest()
    r = subprocess.run([dawn_binary(), "check", "--data", data], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stdout
    assert ("BAD users/1.sqlite: search index differs from the texts it copies (0 missing or wrong, 1 extra; "
            "2 rows for 1 texts)") in r.stdout, r.stdout
    assert "1 of 2 databases failed the check" in r.stderr
    assert hashlib.sha256(open(path, "rb").read()).hexdigest() == before, "check changed the file"
