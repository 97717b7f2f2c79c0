"""Dawn's JSON export, version 2, against the real binary: schedules, targets, pauses,
groups and the member's order, amounts, check-offs (`"start": null`), skips and vacations
go out and come back in unchanged; version 1 files still import; every refusal names its
record and imports nothing."""
import copy
import json

import pytest

from conftest import Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import member_db, rows
from test_import import do_import

TABLES = ["habits", "habit_instances", "entries", "notes", "habit_skips", "vacations"]

V2 = {
    "format": "dawn-export", "version": 2, "exportedAt": "2026-11-20T08:00:00",
    "member": {"username": "x", "displayName": "X", "timeZone": "UTC"},
    "settings": {"language": "en", "firstWeekday": "monday", "dayStartHour": 0, "showGrid": False,
                 "showGridDates": False, "theme": "system"},
    "habits": [
        {"id": 7, "name": "Read", "emoji": "📚", "colour": "#5856D6", "defaultDurationMinutes": 30, "createdAt": 1,
         "schedule": {"every": "day"}, "target": {"amount": 20, "unit": "pages", "kind": "at_least"},
         "group": "Evening", "position": 2},
        {"id": 9, "name": "Swim", "emoji": "🏊", "colour": "#54A0FF", "defaultDurationMinutes": 60, "createdAt": 2,
         "schedule": {"weekdays": ["mon", "wed", "fri"]}, "group": None, "position": 1, "pausedFrom": "2026-11-01"},
        {"id": 11, "name": "Gym", "emoji": "🏋️", "colour": "#48DBAB", "defaultDurationMinutes": 45, "createdAt": 3,
         "schedule": {"every": "week", "times": 3}, "group": "Morning", "position": 3},
        {"id": 12, "name": "Call gran", "emoji": "📞", "colour": "#FF9F43", "defaultDurationMinutes": 15, "createdAt": 4,
         "schedule": {"every": "month", "times": 2}, "target": {"amount": 2.5, "unit": "", "kind": "at_most"},
         "group": None, "position": 4},
    ],
    "instances": [
        {"habitId": 7, "date": "2026-11-18", "start": "21:00", "durationMinutes": 30, "note": "", "amount": 12.5},
        {"habitId": 7, "date": "2026-11-18", "start": None, "durationMinutes": 30, "note": "check-off", "amount": 10},
        {"habitId": 9, "date": "2026-10-30", "start": "07:00", "durationMinutes": 60, "note": ""},
        {"habitId": 11, "date": "2026-11-17", "start": None, "durationMinutes": 45, "note": ""},
    ],
    "entries": [{"date": "2026-11-18", "text": "A day."}],
    "notes": [{"date": "2026-11-18", "text": "tea", "createdAt": 5}],
    "skips": [{"habitId": 7, "date": "2026-11-17"}, {"habitId": 11, "date": "2026-11-16"}],
    "vacations": [{"from": "2026-08-01", "to": "2026-08-14"}, {"from": "2026-12-24", "to": "2026-12-26"}],
}


def comparable(export):
    """The file without what an import renumbers (ids) or stamps (export time, member)."""
    names = {h["id"]: h["name"] for h in export["habits"]}
    return {
        "habits": sorted(({k: v for k, v in h.items() if k not in ("id", "createdAt")} for h in export["habits"]),
                         key=lambda h: h["position"]),
        "instances": sorted(json.dumps(dict({k: v for k, v in i.items() if k != "habitId"}, habit=names[i["habitId"]]),
                                       sort_keys=True) for i in export["instances"]),
        "skips": sorted((names[s["habitId"]], s["date"]) for s in export["skips"]),
        "vacations": export["vacations"],
        "entries": export["entries"], "notes": export["notes"],
    }


@pytest.fixture(scope="module")
def family():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()


def member(dawn, admin, username):
    add_member(admin, username=username, name=username.title())
    browser, _ = sign_in(dawn, username, MEMBER_PASSWORD)
    return browser


def counts(dawn, username):
    path = member_db(dawn, username)
    return {t: rows(path, f"SELECT count(*) FROM {t}")[0][0] for t in TABLES}


def test_version_2_goes_out_and_comes_back_unchanged(family):
    dawn, admin = family
    kid = member(dawn, admin, "kid")
    r = do_import(kid, json.dumps(V2).encode(), mode="empty")
    assert r.status == 303, r.text[:800]
    exported = json.loads(kid.get("/export/dawn.json").body)
    assert exported["version"] == 2
    assert comparable(exported) == comparable(V2)
    # In the member's order, with every field the format pins.
    swim = exported["habits"][0]
    assert (swim["name"], swim["position"], swim["group"], swim["pausedFrom"]) == ("Swim", 1, None, "2026-11-01")
    assert swim["schedule"] == {"weekdays": ["mon", "wed", "fri"]} and "target" not in swim
    read = next(h for h in exported["habits"] if h["name"] == "Read")
    assert read["target"] == {"amount": 20, "unit": "pages", "kind": "at_least"}
    check_off = next(i for i in exported["instances"] if i["note"] == "check-off")
    assert check_off["start"] is None and check_off["amount"] == 10
    # Stored as the schema keeps them: thousandths, an untimed flag, the schedule's storage string.
    db = member_db(dawn, "kid")
    assert rows(db, "SELECT name, schedule, target_milli, target_kind, position FROM habits ORDER BY position") == [
        ("Swim", "weekdays:mon,wed,fri", None, None, 1), ("Read", "day", 20000, "at_least", 2),
        ("Gym", "week:3", None, None, 3), ("Call gran", "month:2", 2500, "at_most", 4)]
    assert rows(db, "SELECT sum(amount_milli), sum(timed) FROM habit_instances") == [(22500, 2)]
    # Read on 2026-11-18: 12.5 + 10 pages meets 20, so the day is done; its check-off counts no minutes.
    assert rows(db, "SELECT done, minutes FROM habit_days WHERE day = '2026-11-18'") == [(1, 30)]
    # A second import merges nothing new.
    before = counts(dawn, "kid")
    assert do_import(kid, json.dumps(V2).encode()).status == 303
    assert counts(dawn, "kid") == before


def test_version_1_still_imports_as_daily_habits_in_file_order(family):
    dawn, admin = family
    old = copy.deepcopy(V2)
    old["version"] = 1
    for habit in old["habits"]:
        for key in ("schedule", "target", "group", "position", "pausedFrom"):
            habit.pop(key, None)
    old["instances"] = [dict(i, start="08:00") for i in old["instances"] if "amount" not in i]
    del old["skips"], old["vacations"]
    gran = member(dawn, admin, "gran")
    r = do_import(gran, json.dumps(old).encode(), mode="empty")
    assert r.status == 303, r.text[:800]
    exported = json.loads(gran.get("/export/dawn.json").body)
    assert [(h["name"], h["position"], h["schedule"], h["group"]) for h in exported["habits"]] == [
        ("Read", 1, {"every": "day"}, None), ("Swim", 2, {"every": "day"}, None),
        ("Gym", 3, {"every": "day"}, None), ("Call gran", 4, {"every": "day"}, None)]
    assert exported["skips"] == [] and exported["vacations"] == []


def broken(change):
    data = copy.deepcopy(V2)
    change(data)
    return json.dumps(data).encode()


@pytest.mark.parametrize("change,message", [
    (lambda d: d["habits"][1]["schedule"].update(weekdays=["mon", "xyz"]), "habits[1].schedule:"),
    (lambda d: d["habits"][2]["schedule"].update(times=8), "habits[2].schedule:"),
    (lambda d: d["habits"][2]["schedule"].update(times=0), "habits[2].schedule:"),
    (lambda d: d["habits"][3]["schedule"].update(times=32), "habits[3].schedule:"),
    (lambda d: d["habits"][0]["target"].update(amount=0), "habits[0].target:"),
    (lambda d: d["habits"][0]["target"].update(amount=-3), "habits[0].target:"),
    (lambda d: d["habits"][0]["target"].update(amount=0.0004), "habits[0].target:"),
    (lambda d: d["habits"][0]["target"].update(kind="about"), "habits[0].target:"),
    (lambda d: d["instances"][0].update(amount="lots"), "instances[0].amount:"),
    (lambda d: d["instances"][0].update(amount=-1), "instances[0].amount:"),
    (lambda d: d["vacations"][0].update(to="2026-07-01"), "vacations[0]:"),
    (lambda d: d["vacations"].append({"from": "2026-08-10", "to": "2026-08-20"}), "vacations:"),
    (lambda d: d["skips"].append({"habitId": 99, "date": "2026-11-10"}), "skips[2]:"),
    (lambda d: d["habits"][0].update(group="x" * 31), "habits[0].group:"),
    (lambda d: d.update(version=3), "version:"),
])
def test_each_refusal_names_the_record_and_imports_nothing(family, change, message):
    dawn, admin = family
    name = "p" + str(abs(hash(message)) % 10**8)
    kid = member(dawn, admin, name)
    before = counts(dawn, name)
    r = do_import(kid, broken(change))
    assert r.status == 400 and message in r.text, (message, r.text[-1500:])
    assert counts(dawn, name) == before


def test_a_vacation_overlapping_the_members_own_refuses_the_import(family):
    dawn, admin = family
    aunt = member(dawn, admin, "aunt")
    aunt.open("/vacations")
    assert aunt.post("/vacations", {"first": "2026-08-10", "last": "2026-08-20"}).status == 303
    before = counts(dawn, "aunt")
    r = do_import(aunt, json.dumps(V2).encode())
    assert r.status == 400 and "overlaps your vacation 2026-08-10–2026-08-20" in r.text, r.text[-1500:]
    assert counts(dawn, "aunt") == before


# Loop Habit Tracker's CSV export as today's Loop writes it: the frequency as
# FrequencyNumerator/FrequencyDenominator, numerical habits with a unit and a target,
# check-marks as words (numbers × 1000 for numerical habits), and a separator ending
# every line of Checkmarks.csv.
LOOP_HABITS_TODAY = (
    b"Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
    b"001,Stretch,YES_NO,,,1,1,#8E24AA,,,,false\n"
    b"002,Run,YES_NO,,,2,7,#FF8F00,,,,false\n"
    b"003,Read,NUMERICAL,,,1,1,#5856D6,pages,AT_LEAST,20.0,false\n"
    b"004,Call gran,YES_NO,,,4,30,#54A0FF,,,,false\n"
    b"005,Plants,YES_NO,,,1,3,#48DBAB,,,,false\n")
LOOP_CHECKMARKS_TODAY = (
    b"Date,Stretch,Run,Read,Call gran,Plants,\n"
    b"2026-03-03,YES_MANUAL,YES_AUTO,25000,NO,UNKNOWN,\n"
    b"2026-03-02,SKIP,YES_MANUAL,12500,YES_MANUAL,YES_MANUAL,\n")


def test_todays_loop_export_maps_frequency_targets_amounts_and_skips(family):
    dawn, admin = family
    loopy = member(dawn, admin, "loopy")
    r = do_import(loopy, [("file", "Habits.csv", LOOP_HABITS_TODAY), ("file", "Checkmarks.csv", LOOP_CHECKMARKS_TODAY)],
                  mode="empty")
    assert r.status == 303, r.text[-1500:]
    data = json.loads(loopy.get("/export/dawn.json").body)
    habits = {h["name"]: h for h in data["habits"]}
    assert {n: h["schedule"] for n, h in habits.items()} == {
        "Stretch": {"every": "day"}, "Run": {"every": "week", "times": 2}, "Read": {"every": "day"},
        "Call gran": {"every": "month", "times": 4}, "Plants": {"every": "week", "times": 2}}
    assert habits["Read"]["target"] == {"amount": 20, "unit": "pages", "kind": "at_least"}
    names = {h["id"]: h["name"] for h in data["habits"]}
    logged = sorted((names[i["habitId"]], i["date"], i["start"], i.get("amount")) for i in data["instances"])
    assert logged == [("Call gran", "2026-03-02", None, None), ("Plants", "2026-03-02", None, None),
                      ("Read", "2026-03-02", None, 12.5), ("Read", "2026-03-03", None, 25),
                      ("Run", "2026-03-02", None, None), ("Stretch", "2026-03-03", None, None)]
    assert [(names[s["habitId"]], s["date"]) for s in data["skips"]] == [("Stretch", "2026-03-02")]
    # 12.5 pages do not meet 20; 25 do.
    db = member_db(dawn, "loopy")
    assert rows(db, "SELECT day, done FROM habit_days WHERE habit_id = 3 ORDER BY day") == [("2026-03-02", 0), ("2026-03-03", 1)]


@pytest.mark.parametrize("habits,checkmarks,message", [
    (LOOP_HABITS_TODAY.replace(b",2,7,", b",0,7,"), LOOP_CHECKMARKS_TODAY, "Habits.csv, line 3: frequency 0/7"),
    (LOOP_HABITS_TODAY.replace(b",2,7,", b",9,7,"), LOOP_CHECKMARKS_TODAY, "Habits.csv, line 3: frequency 9/7"),
    (LOOP_HABITS_TODAY.replace(b"pages,AT_LEAST", b"pages and pages and pages,AT_LEAST"), LOOP_CHECKMARKS_TODAY,
     "Habits.csv, line 4: target"),
    (LOOP_HABITS_TODAY.replace(b"AT_LEAST,20.0", b"AT_LEAST,0.0001"), LOOP_CHECKMARKS_TODAY, "Habits.csv, line 4: target"),
    (LOOP_HABITS_TODAY, LOOP_CHECKMARKS_TODAY.replace(b"YES_AUTO", b"MAYBE"), "Checkmarks.csv, line 2: MAYBE is not a number"),
])
def test_a_bad_loop_export_names_the_line_and_imports_nothing(family, habits, checkmarks, message):
    dawn, admin = family
    name = "l" + str(abs(hash(message)) % 10**8)
    kid = member(dawn, admin, name)
    before = counts(dawn, name)
    r = do_import(kid, [("file", "Habits.csv", habits), ("file", "Checkmarks.csv", checkmarks)])
    assert r.status == 400 and message in r.text, (message, r.text[-1500:])
    assert counts(dawn, name) == before


def test_a_habits_page_shows_its_plan_and_is_the_members_own(family):
    dawn, admin = family
    owner = member(dawn, admin, "owner")
    assert do_import(owner, json.dumps(V2).encode(), mode="empty").status == 303
    ids = {h["name"]: h["id"] for h in json.loads(owner.get("/export/dawn.json").body)["habits"]}
    page = owner.get(f"/habits/{ids['Gym']}")
    assert page.status == 200 and "3 times a week" in page.text and "Strength" in page.text, page.text[:2000]
    read = owner.get(f"/habits/{ids['Read']}").text
    assert "at least 20\u00a0pages a day" in read
    # Another member asking for that id sees their own habits only: none with it.
    other = member(dawn, admin, "other")
    assert other.get(f"/habits/{ids['Gym']}").status == 404
    assert owner.get("/habits/999999").status == 404
