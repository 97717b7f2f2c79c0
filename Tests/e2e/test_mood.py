"""The day's mood and the journal's Markdown export against the real binary: a mood set
and cleared with plain forms (no JavaScript), bad input a 400 that writes nothing, a mood
that is never activity, `/stats` and `/api/stats` averages (null when none), moods through
the JSON export and back in, the SQLite snapshot, `/export/journal.md`, and one member's
moods never reaching another."""
import datetime
import json
import os
import re
import sqlite3
import tempfile

import pytest

from conftest import Browser, Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import choose_row, member_db, rows, today_in
from test_import import do_import

FACES = {1: "😞", 2: "🙁", 3: "😐", 4: "🙂", 5: "😄"}


@pytest.fixture(scope="module")
def family():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    assert dawn.stop() == 0, dawn.errors


def member(dawn, admin, username):
    r = add_member(admin, username=username, name=username.title())
    assert r.status == 303, r.text[:600]
    browser, r = sign_in(dawn, username, MEMBER_PASSWORD)
    assert r.status == 303
    return browser


def days_ago(n, zone="Europe/Rome"):
    return today_in(zone) - datetime.timedelta(days=n)


def moods(dawn, username):
    return rows(member_db(dawn, username), "SELECT day, value FROM moods ORDER BY day")


def pressed(html):
    """The value of each face whose button is pressed."""
    return [int(v) for v in re.findall(r'<button type="submit" name="mood" value="(\d)" class="mood-face" aria-pressed="true"', html)]


def set_mood(browser, day, value):
    browser.open(f"/day/{day}")
    return browser.post(f"/day/{day}/mood", {"mood": str(value)})


def test_a_mood_is_set_replaced_and_cleared_with_plain_forms(family):
    dawn, admin = family
    ana = member(dawn, admin, "ana")
    day = days_ago(1)
    page = ana.open(f"/day/{day}")
    assert page.status == 200
    buttons = re.findall(r'<button type="submit" name="mood" value="(\d)" class="mood-face" aria-pressed="false" '
                         r'aria-label="(\w+)"', page.text)
    assert buttons == [("1", "Awful"), ("2", "Bad"), ("3", "Okay"), ("4", "Good"), ("5", "Great")]
    assert f'<form method="post" action="/day/{day}/mood" class="mood-form">' in page.text

    r = ana.post(f"/day/{day}/mood", {"mood": "4"})
    assert r.status == 303 and r.header("Location") == f"/day/{day}?done=mood-saved#mood"
    assert moods(dawn, "ana") == [(str(day), 4)]
    page = ana.open(f"/day/{day}?done=mood-saved")
    assert pressed(page.text) == [4] and "Your mood was saved." in page.text
    assert "You picked “Good”." in page.text

    assert ana.post(f"/day/{day}/mood", {"mood": "1"}).status == 303
    assert moods(dawn, "ana") == [(str(day), 1)], "one mood a day: the second replaces the first"
    assert pressed(ana.open(f"/day/{day}").text) == [1]

    r = ana.post(f"/day/{day}/mood", {"action": "clear"})
    assert r.status == 303 and r.header("Location") == f"/day/{day}?done=mood-cleared#mood"
    assert moods(dawn, "ana") == []
    assert pressed(ana.open(f"/day/{day}").text) == []

    # Without the session's CSRF token: a 403, nothing written.
    r = ana.post(f"/day/{day}/mood", {"mood": "5"}, csrf="forged")
    assert r.status == 403 and moods(dawn, "ana") == []


@pytest.mark.parametrize("fields,message", [
    ({"mood": "0"}, "A mood is one of the five faces, 1 to 5. Nothing was saved."),
    ({"mood": "6"}, "A mood is one of the five faces, 1 to 5. Nothing was saved."),
    ({"mood": "x"}, "A mood is one of the five faces, 1 to 5. Nothing was saved."),
    ({"mood": "3 "}, "A mood is one of the five faces, 1 to 5. Nothing was saved."),
    ({"mood": ""}, "Choose one of the five faces. Nothing was saved."),
    ({}, "Choose one of the five faces. Nothing was saved."),
    ({"action": "remove"}, "A mood is one of the five faces, 1 to 5. Nothing was saved."),
])
def test_bad_moods_are_a_400_with_a_message_and_write_nothing(family, fields, message):
    dawn, admin = family
    name = "b" + str(abs(hash(json.dumps(fields))) % 10**8)
    kid = member(dawn, admin, name)
    day = days_ago(2)
    assert set_mood(kid, day, 3).status == 303
    kid.open(f"/day/{day}")
    r = kid.post(f"/day/{day}/mood", fields)
    assert r.status == 400, r.text[:400]
    assert f'<p class="field-error" id="mood-error" role="alert">{message}</p>' in r.text
    assert pressed(r.text) == [3], "the page shows the stored mood"
    assert moods(dawn, name) == [(str(day), 3)]


def test_days_out_of_reach_are_refused(family):
    dawn, admin = family
    kid = member(dawn, admin, "reach")
    kid.open("/")
    ahead = today_in() + datetime.timedelta(days=2)
    r = kid.post(f"/day/{ahead}/mood", {"mood": "5"})
    assert r.status == 400 and "This day has not come yet" in r.text
    assert 'class="mood-face"' not in kid.open(f"/day/{ahead}").text, "a day to come has no mood row"
    assert kid.post("/day/2026-02-30/mood", {"mood": "5"}).status == 400
    assert kid.post("/day/20x6-01-01/mood", {"mood": "5"}).status == 400
    far = today_in() + datetime.timedelta(days=3 * 366)
    assert kid.post(f"/day/{far}/mood", {"mood": "5"}).status == 404
    assert moods(dawn, "reach") == []


def test_a_mood_alone_is_not_activity(family):
    dawn, admin = family
    kid = member(dawn, admin, "calm")
    choose_row(kid)  # the row's header counts active days
    for back in (1, 2, 3):
        assert set_mood(kid, days_ago(back), 5).status == 303
    page = kid.open("/").text
    assert "0 Day Streak" in page or "0 Days Streak" in page, page[:2000]
    assert "0 Active days" in page
    db = member_db(dawn, "calm")
    assert rows(db, "SELECT count(*) FROM day_summaries") == [(0,)]
    assert rows(db, "SELECT count(*) FROM active_runs") == [(0,)]


def test_stats_and_the_api_average_moods_and_say_null_when_none(family):
    dawn, admin = family
    eva = member(dawn, admin, "eva")
    eva.open("/habits/new")
    assert eva.post("/habits", {"name": "Run", "emoji": "🏃", "color": "#48DBAB", "duration": "30"}).status == 303
    eva.open("/habits/new")
    assert eva.post("/habits", {"name": "Tea", "emoji": "🍵", "color": "#FF9F43", "duration": "15"}).status == 303
    run_id, tea_id = [r[0] for r in rows(member_db(dawn, "eva"), "SELECT id FROM habits ORDER BY id")]
    first, last = days_ago(10), days_ago(4)
    # Seven days, moods on six: 5 4 2 1 – 3 4 (19 / 6 = 3.2). Run done on days 0, 1 and 4 (no mood):
    # 4.5 on them, (2 + 1 + 3 + 4) / 4 = 2.5 on the others. Tea never: null, and 3.2.
    for offset, value in [(0, 5), (1, 4), (2, 2), (3, 1), (5, 3), (6, 4)]:
        assert set_mood(eva, first + datetime.timedelta(days=offset), value).status == 303
    for offset in (0, 1, 4):
        day = first + datetime.timedelta(days=offset)
        eva.open(f"/day/{day}")
        assert eva.post(f"/day/{day}/instances", {"habit": str(run_id), "start": "07:00", "duration": "30", "note": ""}).status == 303
    r = eva.get(f"/api/stats?from={first}&to={last}")
    assert r.status == 200, r.text
    data = json.loads(r.body)
    assert data["moodAverage"] == 3.2
    by_id = {h["id"]: h for h in data["habits"]}
    assert (by_id[run_id]["moodWhenDone"], by_id[run_id]["moodWhenNotDone"]) == (4.5, 2.5)
    assert (by_id[tea_id]["moodWhenDone"], by_id[tea_id]["moodWhenNotDone"]) == (None, 3.2)
    assert '"moodWhenDone":null' in r.text, "null, never left out"
    assert {"from", "to", "days", "activeDays", "entries", "currentStreak", "habits"} <= set(data)
    assert data["activeDays"] == 3, "the mood-only days are not active"

    # A range without moods: null everywhere.
    long_ago = today_in() - datetime.timedelta(days=400)
    empty = json.loads(eva.get(f"/api/stats?from={long_ago}&to={long_ago + datetime.timedelta(days=6)}").body)
    assert empty["moodAverage"] is None
    assert all(h["moodWhenDone"] is None and h["moodWhenNotDone"] is None for h in empty["habits"])

    page = eva.get(f"/stats?g=day&p={first}").text
    assert "Average mood: 5.0 of 5 · 1 day with a mood" in page, page[-3000:]


def test_moods_go_out_in_the_json_and_back_in_and_in_the_sqlite_snapshot(family):
    dawn, admin = family
    gus = member(dawn, admin, "gus")
    for back, value in [(1, 4), (3, 1), (6, 5)]:
        assert set_mood(gus, days_ago(back), value).status == 303
    exported = json.loads(gus.get("/export/dawn.json").body)
    assert exported["version"] == 2
    assert exported["moods"] == [{"date": str(days_ago(6)), "value": 5}, {"date": str(days_ago(3)), "value": 1},
                                 {"date": str(days_ago(1)), "value": 4}]

    ida = member(dawn, admin, "ida")
    r = do_import(ida, json.dumps(exported).encode(), mode="empty")
    assert r.status == 303, r.text[-1500:]
    assert moods(dawn, "ida") == moods(dawn, "gus")
    assert json.loads(ida.get("/export/dawn.json").body)["moods"] == exported["moods"]

    # A bad mood names its record and imports nothing; a file without moods still imports.
    bad = dict(exported, moods=exported["moods"] + [{"date": str(days_ago(9)), "value": 6}])
    jon = member(dawn, admin, "jon")
    r = do_import(jon, json.dumps(bad).encode())
    assert r.status == 400 and "moods[3].value: mood 6 is not 1 to 5" in r.text, r.text[-1500:]
    assert moods(dawn, "jon") == []
    old = {k: v for k, v in exported.items() if k != "moods"}
    assert do_import(jon, json.dumps(old).encode()).status == 303
    assert moods(dawn, "jon") == []

    r = gus.get("/export/dawn.sqlite")
    assert r.status == 200 and r.body[:16] == b"SQLite format 3\x00"
    with tempfile.NamedTemporaryFile(suffix=".sqlite", delete=False) as f:
        f.write(r.body)
    try:
        con = sqlite3.connect(f.name)
        assert con.execute("SELECT day, value FROM moods ORDER BY day").fetchall() == moods(dawn, "gus")
        con.close()
    finally:
        os.unlink(f.name)


def test_the_journal_as_markdown(family):
    dawn, admin = family
    liv = member(dawn, admin, "liv")
    older, newer = days_ago(5), days_ago(1)
    liv.open(f"/day/{newer}")
    entry = "Lake walk.\n## 2030-01-01 · forged day\n# forged title\n```\n<!-- hide the rest"
    assert liv.post(f"/day/{newer}/entry", {"entry": entry, "version": "0"}).status == 303
    assert liv.post(f"/day/{newer}/notes", {"note": "tea & *cake*"}).status == 303
    assert set_mood(liv, newer, 4).status == 303
    liv.open(f"/day/{older}")
    assert liv.post(f"/day/{older}/notes", {"note": "first note"}).status == 303
    assert set_mood(liv, days_ago(3), 1).status == 303

    r = liv.get("/export/journal.md")
    assert r.status == 200
    assert r.header("Content-Type") == "text/markdown; charset=utf-8"
    assert r.header("Content-Disposition") == f'attachment; filename="dawn-journal-liv-{today_in()}.md"'
    assert r.header("Cache-Control") == "private, no-store"
    text = r.body.decode("utf-8")
    lines = text.split("\n")
    assert lines[0] == "# Dawn journal: Liv"
    sections = [line for line in lines if line.startswith("## ")]
    assert [s[3:13] for s in sections] == [str(older), str(days_ago(3)), str(newer)], "day by day, oldest first"
    assert sections[2] == f"## {newer} · " + newer.strftime("%A, %-d %B %Y")
    newest = text[text.index(sections[2]):]
    assert "Mood: 🙂 Good" in newest and "Mood: 😞 Awful" in text
    # What she typed cannot open a section, a title, a fence or an HTML comment.
    assert "\\## 2030-01-01 · forged day\n\\# forged title\n\\```\n\\<!-- hide the rest\n" in newest
    assert re.search(r"\n- \d\d:\d\d tea & \*cake\*\n", newest), newest
    assert re.search(r"\n- \d\d:\d\d first note\n", text)
    # Linked where the other exports are.
    assert '<a href="/export/journal.md" download>' in liv.get("/account").text


def test_one_members_moods_never_reach_another(family):
    dawn, admin = family
    kim = member(dawn, admin, "kim")
    lou = member(dawn, admin, "lou")
    day = days_ago(1)
    assert set_mood(kim, day, 1).status == 303
    assert pressed(kim.open(f"/day/{day}").text) == [1]
    assert pressed(lou.open(f"/day/{day}").text) == []
    assert json.loads(lou.get(f"/api/stats?from={day}&to={day}").body)["moodAverage"] is None
    assert json.loads(lou.get("/export/dawn.json").body)["moods"] == []
    assert FACES[1] not in lou.get("/export/journal.md").body.decode()
    assert "Average mood" not in lou.get(f"/stats?g=day&p={day}").text
    # Lou's own mood on the same day is hers alone.
    assert set_mood(lou, day, 5).status == 303
    assert moods(dawn, "kim") == [(str(day), 1)] and moods(dawn, "lou") == [(str(day), 5)]
    # Signed out: no mood form reaches anyone's database.
    anonymous = Browser(dawn)
    r = anonymous.post(f"/day/{day}/mood", {"mood": "3"}, csrf="x")
    assert r.status in (303, 403) and moods(dawn, "kim") == [(str(day), 1)]
    assert anonymous.get("/export/journal.md").status == 303
