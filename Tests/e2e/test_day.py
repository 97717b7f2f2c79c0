"""The day page end to end: row and grid, entries, notes, limits, settings, isolation."""
import datetime
import os
import re
import sqlite3
from zoneinfo import ZoneInfo

import pytest

from conftest import Browser
from test_accounts import ADMIN_PASSWORD, MEMBER_PASSWORD, add_member, setup_admin, sign_in


def member_db(dawn, username):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    member_id = con.execute("SELECT id FROM members WHERE username = ?", (username,)).fetchone()[0]
    con.close()
    return os.path.join(dawn.data, "users", f"{member_id}.sqlite")


def rows(path, sql, args=()):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def today_in(zone="Europe/Rome", start_hour=0):
    now = datetime.datetime.now(ZoneInfo(zone)) - datetime.timedelta(hours=start_hour)
    return now.date()


def circles(html):
    """(date, classes, aria-current) of every date circle on the page."""
    return [(m.group(2), m.group(1).split(), "aria-current" in m.group(0))
            for m in re.finditer(r'<a class="c ([^"]*)" href="/day/([\d-]+)"[^>]*>', html)]


def choose_row(browser, zone="Europe/Rome"):
    """Chooses the row of 33 days in settings: the day page opens on the grid (seed 001),
    and these tests are about the row and its header."""
    browser.open("/settings")
    r = browser.post("/settings", {"language": "en", "time_zone": zone, "first_weekday": "monday",
                                   "day_start_hour": "0", "view": "row", "theme": "system"})
    assert r.status == 303, r.text[:600]


@pytest.fixture(scope="module")
def home(request):
    from conftest import Dawn
    dawn = Dawn()
    admin = setup_admin(dawn)
    choose_row(admin)
    yield dawn, admin
    dawn.stop()


def test_home_is_today_with_the_33_day_row(home):
    dawn, admin = home
    page = admin.get("/")
    assert page.status == 200
    today = today_in()
    found = circles(page.text)
    assert len(found) == 33
    dates = [d for d, _, _ in found]
    assert dates[0] == str(today - datetime.timedelta(days=30)) and dates[-1] == str(today + datetime.timedelta(days=2))
    classes = {d: c for d, c, _ in found}
    assert classes[str(today)] == ["today", "selected"]
    assert classes[str(today + datetime.timedelta(days=1))] == ["future"]
    assert classes[str(today - datetime.timedelta(days=1))] == ["past"]
    assert [d for d, _, current in found if current] == [str(today)]
    assert "0 Days Streak • 0 Active days • 0 Entries" in page.text
    label = re.search(rf'href="/day/{today}" aria-label="([^"]+)"', page.text).group(1)
    assert label.endswith(", today") and str(today.day) in label


def test_entry_and_notes_change_the_circles_and_counts(home):
    dawn, admin = home
    today = today_in()
    yesterday = today - datetime.timedelta(days=1)
    admin.open(f"/day/{yesterday}")
    assert admin.post(f"/day/{yesterday}/notes", {"note": "walked the dog"}).status == 303
    admin.open(f"/day/{today}")
    r = admin.post(f"/day/{today}/entry", {"entry": "A good day.\nWith two lines."})
    assert (r.status, r.header("Location")) == (303, f"/day/{today}?done=entry-saved#journal")
    admin.open(f"/day/{today}")
    assert admin.post(f"/day/{today}/notes", {"note": "  coffee  "}).status == 303

    page = admin.get(f"/day/{today}").text
    assert "A good day.\nWith two lines.</textarea>" in page
    assert "<p>coffee</p>" in page, "notes are trimmed"
    classes = {d: c for d, c, _ in circles(page)}
    assert classes[str(today)] == ["today", "selected", "entry"]
    assert classes[str(yesterday)] == ["past", "active"]
    assert re.search(rf'href="/day/{yesterday}"[^>]*><span class="dot"></span></a>', page)
    assert "2 Days Streak • 2 Active days • 1 Entry" in page
    assert rows(member_db(dawn, "mum"), "SELECT count(*) FROM notes")[0][0] == 2

    past = admin.get(f"/day/{yesterday}").text
    assert {d: c for d, c, _ in circles(past)}[str(yesterday)] == ["past", "selected", "active"]


def test_bad_input_changes_nothing(home):
    dawn, admin = home
    db = member_db(dawn, "mum")
    today = today_in()
    before = rows(db, "SELECT * FROM notes ORDER BY id"), rows(db, "SELECT * FROM entries")
    admin.open(f"/day/{today}")
    too_long = admin.post(f"/day/{today}/entry", {"entry": "x" * 20001})
    assert too_long.status == 400 and "20,000" in too_long.text
    assert admin.post(f"/day/{today}/entry", {"entry": "é" * 20000}).status == 303, "20,000 characters fit"
    r = admin.post(f"/day/{today}/notes", {"note": "y" * 501})
    assert r.status == 400 and "500" in r.text and 'value="' + "y" * 501 + '"' in r.text
    assert admin.post(f"/day/{today}/notes", {"note": "   "}).status == 400
    for hostile in ["evil\u202etxt.exe", "two\u2028lines", "tab\there", "bell\x07", "c1\x85mid"]:
        r = admin.post(f"/day/{today}/notes", {"note": hostile})
        assert r.status == 400 and "one line" in r.text, repr(hostile)
    assert admin.post(f"/day/{today}/notes/999999/delete", {}).status == 404
    assert admin.post(f"/day/{today}/notes/abc/delete", {}).status == 404
    assert admin.post(f"/day/{today}/notes", {"note": "hi"}, csrf=False).status == 403
    for bad in ["2026-02-30", "2026-13-01", "20261122", "yesterday", "2026-1-01"]:
        assert admin.get(f"/day/{bad}").status == 400, bad
        assert admin.post(f"/day/{bad}/notes", {"note": "x"}).status == 400, bad
    far = today.replace(year=today.year + 3)
    assert admin.get(f"/day/{far}").status == 404
    assert admin.post(f"/day/{far}/notes", {"note": "x"}).status == 404
    notes, entries = rows(db, "SELECT * FROM notes ORDER BY id"), rows(db, "SELECT * FROM entries")
    assert notes == before[0]
    assert [e[1] for e in entries] == ["é" * 20000] or len(entries) == len(before[1])
    # Restore the entry the 20,000-character test replaced.
    admin.post(f"/day/{today}/entry", {"entry": "A good day.\nWith two lines."})


def test_delete_note_and_entry(home):
    dawn, admin = home
    db = member_db(dawn, "mum")
    today = today_in()
    page = admin.open(f"/day/{today}")
    note_id = re.search(rf'action="/day/{today}/notes/(\d+)/delete"', page.text).group(1)
    other_day = today - datetime.timedelta(days=5)
    assert admin.post(f"/day/{other_day}/notes/{note_id}/delete", {}).status == 404, "a note belongs to its day"
    assert admin.post(f"/day/{today}/notes/{note_id}/delete", {}).status == 303
    assert rows(db, "SELECT count(*) FROM notes WHERE id = ?", (note_id,))[0][0] == 0
    assert admin.post(f"/day/{today}/entry", {"entry": "x", "action": "delete"}).status == 303
    assert rows(db, "SELECT count(*) FROM entries WHERE day = ?", (str(today),))[0][0] == 0
    assert admin.post(f"/day/{today}/entry", {"entry": "   \n "}).status == 303
    assert rows(db, "SELECT count(*) FROM entries WHERE day = ?", (str(today),))[0][0] == 0, "blank saves nothing"


def test_members_never_see_each_others_days(home):
    dawn, admin = home
    add_member(admin, username="teen", name="Teen")
    teen, _ = sign_in(dawn, "teen", MEMBER_PASSWORD)
    choose_row(teen)
    today = today_in("UTC")
    page = teen.get(f"/day/{today}").text
    assert "walked the dog" not in page and "coffee" not in page
    assert "0 Days Streak" in page
    teen.open(f"/day/{today}")
    teen.post(f"/day/{today}/notes", {"note": "teen secret"})
    assert "teen secret" not in admin.get(f"/day/{today}").text
    assert rows(member_db(dawn, "mum"), "SELECT count(*) FROM notes WHERE body = 'teen secret'")[0][0] == 0


def test_settings_switch_to_grid_language_and_day_start(home):
    dawn, admin = home
    page = admin.open("/settings")
    assert page.status == 200 and 'name="language"' in page.text
    fields = {"language": "en", "time_zone": "Europe/Rome", "first_weekday": "monday", "day_start_hour": "0",
              "view": "grid", "grid_dates": "1", "theme": "dark"}
    r = admin.post("/settings", fields)
    assert (r.status, r.header("Location")) == (303, "/settings?done=saved")
    day = admin.get("/").text
    assert len(circles(day)) == 84
    assert 'data-theme="dark"' in day
    assert re.search(r'<span class="n">\d+</span>', day)
    last = circles(day)[-1][0]
    assert last == str(today_in() + datetime.timedelta(days=4))

    for field, bad in [("language", "nl"), ("first_weekday", "friday"), ("day_start_hour", "7"),
                       ("view", "list"), ("theme", "blue"), ("time_zone", "Mars/Base"), ("grid_dates", "yes")]:
        r = admin.post("/settings", {**fields, field: bad})
        assert r.status == 400, field
    stored = dict(rows(member_db(dawn, "mum"), "SELECT key, value FROM member_settings"))
    assert stored["show_grid"] == "1" and stored["theme"] == "dark" and stored["language"] == "en"

    r = admin.post("/settings", {**fields, "language": "it", "view": "row", "theme": "system"})
    assert r.status == 303
    italian = admin.get("/").text
    assert '<html lang="it"' in italian and "data-theme" not in italian
    admin.post("/settings", {**fields, "language": "en", "view": "row", "theme": "system"})


def test_unchanged_day_page_answers_304_and_changes_make_a_new_etag(home):
    import gzip as gz
    dawn, admin = home
    today = today_in()
    first = admin.get(f"/day/{today}", headers={"Accept-Encoding": "gzip"})
    etag = first.header("ETag")
    assert first.status == 200 and etag and first.header("Content-Encoding") == "gzip"
    assert first.header("Cache-Control") == "private, no-cache"
    plain = admin.get(f"/day/{today}")
    assert plain.header("Content-Encoding") is None and plain.header("ETag") == etag
    assert gz.decompress(first.body) == plain.body, "the cached gzip is the same page"
    assert len(first.body) <= 14 * 1024, "the day page fits in 14 KB gzipped"

    again = admin.get(f"/day/{today}", headers={"If-None-Match": etag})
    assert again.status == 304 and again.body == b"" and again.header("ETag") == etag

    admin.open(f"/day/{today}")
    admin.post(f"/day/{today}/notes", {"note": "etag check"})
    changed = admin.get(f"/day/{today}", headers={"If-None-Match": etag})
    assert changed.status == 200 and changed.header("ETag") != etag and "etag check" in changed.text

    other, _ = sign_in(dawn, "mum", ADMIN_PASSWORD)
    theirs = other.get(f"/day/{today}", headers={"If-None-Match": changed.header("ETag")})
    assert theirs.status == 200, "another session has its own CSRF token, so its own ETag"


def test_grid_page_with_dates_fits_14kb_gzipped(home):
    dawn, admin = home
    admin.open("/settings")
    fields = {"language": "fr", "time_zone": "Europe/Rome", "first_weekday": "monday", "day_start_hour": "0",
              "view": "grid", "grid_dates": "1", "theme": "system"}
    assert admin.post("/settings", fields).status == 303
    page = admin.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.status == 200 and len(page.body) <= 14 * 1024
    restore = dict(fields, language="en", view="row")
    del restore["grid_dates"]
    assert admin.post("/settings", restore).status == 303


def test_weak_and_star_if_none_match_answer_304(home):
    dawn, admin = home
    etag = admin.get("/").header("ETag")
    assert admin.get("/", headers={"If-None-Match": f"W/{etag}"}).status == 304
    assert admin.get("/", headers={"If-None-Match": '"nope", *'}).status == 304
