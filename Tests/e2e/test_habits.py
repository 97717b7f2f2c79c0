"""Habits end to end: the forms, logging on the timeline, edits, limits, activity."""
import datetime
import re

import pytest

from conftest import Browser, Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import circles, member_db, rows, today_in

HABIT = {"name": "Run", "emoji": "🏃🏽‍♀️", "color": "#48DBAB", "custom_color": "#888888", "duration": "30"}


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()


def habits(dawn, user="mum"):
    return rows(member_db(dawn, user), "SELECT id, name, emoji, color, default_duration, archived_at FROM habits ORDER BY id")


def instances(dawn, user="mum"):
    return rows(member_db(dawn, user), "SELECT habit_id, day, start_minute, duration_minutes, note FROM habit_instances ORDER BY id")


def test_add_habits_and_see_them_in_tray_and_library(home):
    dawn, admin = home
    admin.open("/habits/new")
    r = admin.post("/habits", HABIT)
    assert (r.status, r.header("Location")) == (303, f"/day/{today_in()}?done=habit-added#tray")
    admin.open("/habits/new")
    assert admin.post("/habits", {**HABIT, "name": "  Read  ", "emoji": "📚", "color": "custom",
                                  "custom_color": "#123456", "duration": "45"}).status == 303
    assert habits(dawn)[0][1:5] == ("Run", "🏃🏽‍♀️", "#48DBAB", 30)
    assert habits(dawn)[1][1:5] == ("Read", "📚", "#123456", 45), "names are trimmed, custom colours kept"
    page = admin.get("/").text
    tray = page[page.index('class="tray"'):]
    assert tray.index("Read") < tray.index("Run"), "the newest habit leads the tray until one is logged"
    css = admin.get(re.search(r'href="(/habits\.css\?v=[0-9a-f]{16}-\d+)"', page).group(1))
    assert css.header("Content-Type") == "text/css; charset=utf-8"
    assert ".habit-1{background:#48DBAB;color:#1A1A1A}" in css.text
    assert ".habit-2{background:#123456;color:#FFFFFF}" in css.text


@pytest.mark.parametrize("field,value", [
    ("name", ""), ("name", "   "), ("name", "x" * 61), ("name", "a\u202eb"),
    ("emoji", ""), ("emoji", "a"), ("emoji", "🏃🏃"), ("emoji", "1"), ("emoji", "🏃" * 20),
    ("color", "#FF6B6"), ("color", "red"), ("color", "#FF6B6B;}body{"), ("color", "custom"),
    ("duration", "25"), ("duration", "0"), ("duration", "abc"),
])
def test_bad_habit_input_is_refused_and_nothing_written(home, field, value):
    dawn, admin = home
    before = habits(dawn)
    admin.open("/habits/new")
    fields = {**HABIT, field: value}
    if field == "color" and value == "custom":
        fields["custom_color"] = "javascript:alert(1)"
    r = admin.post("/habits", fields)
    assert r.status == 400, (field, value)
    assert 'class="field-error"' in r.text
    assert habits(dawn) == before


def test_log_from_the_pill_in_two_steps_and_see_the_block(home):
    dawn, admin = home
    today = today_in()
    page = admin.get(f"/day/{today}").text
    log_url = re.search(rf'href="(/day/{today}/log/1)"', page).group(1)
    form = admin.open(log_url)
    assert form.status == 200
    assert re.search(r'name="start" type="time" step="60" value="\d\d:\d[05]"', form.text), "the next free slot"
    assert 'name="duration" type="number" min="1" max="1440" step="1" value="30"' in form.text
    r = admin.post(f"/day/{today}/instances", {"habit": "1", "start": "07:30", "duration": "30", "note": "park"})
    assert (r.status, r.header("Location")) == (303, f"/day/{today}?done=logged#timeline")
    assert instances(dawn)[-1] == (1, str(today), 450, 30, "park")
    day = admin.get(f"/day/{today}").text
    assert re.search(r'<li class="block habit-1 at-30 len-3 col-0-of-1"><a href="/day/[\d-]+/instances/\d+" '
                     r'aria-label="Run, 07:30 to 08:00: edit">', day)
    classes = {d: c for d, c, _ in circles(day)}
    assert "active" in classes[str(today)] or "entry" in classes[str(today)], "a logged habit makes the day active"
    tray = day[day.index('class="tray"'):]
    assert tray.index("Run") < tray.index("Read"), "the habit just logged leads the tray"


def test_overlapping_logs_sit_side_by_side(home):
    dawn, admin = home
    day = today_in() - datetime.timedelta(days=1)
    admin.open(f"/day/{day}")
    admin.post(f"/day/{day}/instances", {"habit": "1", "start": "09:00", "duration": "60", "note": ""})
    admin.post(f"/day/{day}/instances", {"habit": "2", "start": "09:30", "duration": "60", "note": ""})
    page = admin.get(f"/day/{day}").text
    assert re.findall(r'class="block habit-\d (at-\d+ len-\d+ col-\d-of-\d)"', page) == [
        "at-36 len-4 col-0-of-2", "at-38 len-4 col-1-of-2"]


@pytest.mark.parametrize("fields", [
    {"start": "25:00"}, {"start": "7:30"}, {"start": ""}, {"start": "07:30:00"},
    {"duration": "0"}, {"duration": "1441"}, {"duration": "-5"}, {"duration": "ten"},
    {"note": "x" * 201}, {"note": "a\u202eb"}, {"note": "a\u2028b"}, {"note": "a\x7fb"},
    {"habit": "999"}, {"habit": "abc"},
])
def test_bad_log_input_changes_nothing(home, fields):
    dawn, admin = home
    today = today_in()
    before = instances(dawn)
    admin.open(f"/day/{today}")
    r = admin.post(f"/day/{today}/instances", {"habit": "1", "start": "10:00", "duration": "30", "note": "", **fields})
    assert r.status in (400, 404), fields
    assert instances(dawn) == before


def test_edit_and_remove_a_log(home):
    dawn, admin = home
    today = today_in()
    page = admin.get(f"/day/{today}").text
    edit = re.search(rf'href="(/day/{today}/instances/(\d+))"', page)
    form = admin.open(edit.group(1))
    assert 'value="07:30"' in form.text and 'value="park"' in form.text
    r = admin.post(edit.group(1), {"habit": "1", "start": "18:15", "duration": "45", "note": "evening"})
    assert r.status == 303
    assert (1, str(today), 18 * 60 + 15, 45, "evening") in instances(dawn)
    other = today - datetime.timedelta(days=3)
    assert admin.post(f"/day/{other}/instances/{edit.group(2)}/delete", {}).status == 404, "a log belongs to its day"
    assert admin.post(f"{edit.group(1)}/delete", {}).status == 303
    assert not [i for i in instances(dawn) if i[1] == str(today)]


def test_edit_archive_restore_and_delete_a_habit(home):
    dawn, admin = home
    today = today_in()
    form = admin.open("/habits/2/edit")
    assert form.status == 200 and 'value="Read"' in form.text
    assert admin.post("/habits/2", {**HABIT, "name": "Reading", "emoji": "📖", "color": "#FECA57",
                                    "duration": "60"}).status == 303
    assert habits(dawn)[1][1:5] == ("Reading", "📖", "#FECA57", 60)
    assert admin.post("/habits/2/archive", {}).status == 303
    page = admin.get(f"/day/{today}").text
    assert "Reading" not in page[page.index('class="tray"'):], "archived habits leave the tray"
    assert "Reading" in admin.get("/habits/archived").text
    admin.open(f"/day/{today}")
    before = instances(dawn)
    assert admin.post(f"/day/{today}/instances", {"habit": "2", "start": "10:00", "duration": "30", "note": ""}).status == 400
    assert admin.get(f"/day/{today}/log/2").status == 400
    assert instances(dawn) == before, "an archived habit cannot be logged"
    admin.open("/habits/archived")
    assert admin.post("/habits/2/restore", {}).status == 303
    assert habits(dawn)[1][5] is None

    confirm = admin.open("/habits/2/delete")
    assert confirm.status == 200 and "every time you logged it" in confirm.text
    logged_before = len([i for i in instances(dawn) if i[0] == 2])
    assert logged_before >= 1
    assert admin.post("/habits/2/delete", {}).status == 303
    assert [h for h in habits(dawn) if h[0] == 2] == []
    assert [i for i in instances(dawn) if i[0] == 2] == [], "its history goes with it"
    assert admin.get("/habits/2/edit").status == 404
    assert admin.post("/habits/2/archive", {}).status == 404


def test_habit_forms_need_csrf_and_stay_private(home):
    dawn, admin = home
    before = habits(dawn)
    admin.open("/habits/new")
    assert admin.post("/habits", HABIT, csrf=False).status == 403
    assert habits(dawn) == before
    add_member(admin, username="kid", name="Kid")
    kid, _ = sign_in(dawn, "kid", MEMBER_PASSWORD)
    assert kid.get("/habits/1/edit").status == 404, "ids name only the member's own habits"
    assert "Run" not in kid.get("/").text
    assert ".habit-1" not in kid.get("/habits.css").text
