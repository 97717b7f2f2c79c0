"""Exports (CSV, JSON, SQLite snapshot) and the stats API, end to end."""
import csv
import datetime
import io
import json
import os
import sqlite3
import tempfile

import pytest

from conftest import Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import today_in


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    admin.open("/habits/new")
    admin.post("/habits", {"name": "Run, fast", "emoji": "🏃", "color": "#48DBAB", "custom_color": "#888888", "duration": "30"})
    admin.open("/habits/new")
    admin.post("/habits", {"name": "=SUM(A1)", "emoji": "📚", "color": "#FECA57", "custom_color": "#888888", "duration": "45"})
    today = today_in()
    admin.open(f"/day/{today}")
    admin.post(f"/day/{today}/instances", {"habit": "1", "start": "07:30", "duration": "30", "note": 'said "hi"'})
    admin.post(f"/day/{today}/instances", {"habit": "2", "start": "21:00", "duration": "45", "note": ""})
    admin.post(f"/day/{today}/entry", {"entry": "Line one\nLine two"})
    admin.post(f"/day/{today}/notes", {"note": "coffee"})
    yield dawn, admin, today
    dawn.stop()


def test_csv_has_one_row_per_logged_habit(home):
    dawn, admin, today = home
    r = admin.get("/export/dawn.csv")
    assert r.status == 200 and r.header("Content-Type") == "text/csv; charset=utf-8"
    assert r.header("Content-Disposition") == f'attachment; filename="dawn-mum-{today}.csv"'
    rows = list(csv.reader(io.StringIO(r.body.decode())))
    assert rows[0] == ["date", "start", "duration_minutes", "habit", "emoji", "colour", "note"]
    assert rows[1] == [str(today), "07:30", "30", "Run, fast", "🏃", "#48DBAB", 'said "hi"']
    assert rows[2] == [str(today), "21:00", "45", "'=SUM(A1)", "📚", "#FECA57", ""], "formulas are defused"
    assert len(rows) == 3


def test_json_has_everything(home):
    dawn, admin, today = home
    r = admin.get("/export/dawn.json")
    data = json.loads(r.body)
    assert data["format"] == "dawn-export" and data["member"]["username"] == "mum"
    assert [h["name"] for h in data["habits"]] == ["Run, fast", "=SUM(A1)"]
    assert data["instances"][0] == {"habitId": 1, "date": str(today), "start": "07:30", "durationMinutes": 30, "note": 'said "hi"'}
    assert data["entries"] == [{"date": str(today), "text": "Line one\nLine two"}]
    assert data["notes"][0]["text"] == "coffee"
    assert data["settings"]["language"] == "en"


def test_sqlite_snapshot_opens_and_holds_the_data(home):
    dawn, admin, today = home
    r = admin.get("/export/dawn.sqlite")
    assert r.status == 200 and r.body[:16] == b"SQLite format 3\x00"
    with tempfile.NamedTemporaryFile(suffix=".sqlite", delete=False) as f:
        f.write(r.body)
    con = sqlite3.connect(f.name)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("SELECT count(*) FROM habit_instances").fetchone()[0] == 2
    assert con.execute("SELECT body FROM entries").fetchone()[0] == "Line one\nLine two"
    con.close()
    os.unlink(f.name)
    assert not [n for n in os.listdir(dawn.data) if n.startswith("export-")], "the snapshot file is removed"


def test_stats_api_matches_the_page(home):
    dawn, admin, today = home
    r = admin.get(f"/api/stats?from={today - datetime.timedelta(days=6)}&to={today}")
    assert r.status == 200 and r.header("Content-Type") == "application/json; charset=utf-8"
    data = json.loads(r.body)
    assert (data["days"], data["activeDays"], data["entries"]) == (7, 1, 1)
    run = next(h for h in data["habits"] if h["id"] == 1)
    assert (run["count"], run["minutes"], run["activeDays"], run["currentStreak"], run["bestStreak"]) == (1, 30, 1, 1, 1)
    for bad in ["", "from=2026-01-01", "from=2026-02-30&to=2026-03-01", f"from={today}&to={today - datetime.timedelta(days=1)}",
                "from=2020-01-01&to=2026-01-01"]:
        r = admin.get(f"/api/stats?{bad}")
        assert r.status == 400 and "error" in json.loads(r.body), bad


def test_exports_are_private(home):
    dawn, admin, today = home
    add_member(admin, username="kid", name="Kid")
    kid, _ = sign_in(dawn, "kid", MEMBER_PASSWORD)
    assert "Run" not in kid.get("/export/dawn.csv").text
    assert json.loads(kid.get("/export/dawn.json").body)["habits"] == []
    from conftest import Browser
    anonymous = Browser(dawn)
    for path in ["/export/dawn.csv", "/export/dawn.json", "/export/dawn.sqlite", "/api/stats?from=2026-01-01&to=2026-01-02"]:
        assert anonymous.get(path).status == 303, path
