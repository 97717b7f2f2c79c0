"""The family board: opt-in streaks only, never anyone's habits, notes or entries."""
import datetime
import os
import re
import sqlite3

from conftest import Dawn
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import today_in

SETTINGS = {"language": "en", "time_zone": "Europe/Rome", "first_weekday": "monday", "day_start_hour": "0",
            "view": "row", "theme": "system"}


def board_rows(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return con.execute("SELECT member_id, last_active, run FROM board ORDER BY member_id").fetchall()
    finally:
        con.close()


def test_only_opted_in_members_appear_with_their_streak(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    add_member(admin, username="kid", name="Kid")
    kid, _ = sign_in(dawn, "kid", MEMBER_PASSWORD)
    today = today_in()
    for back in [0, 1, 2]:
        day = today - datetime.timedelta(days=back)
        kid.open(f"/day/{day}")
        kid.post(f"/day/{day}/notes", {"note": "secret kid note"})
    assert "Kid" not in admin.get("/board").text, "off by default"
    assert board_rows(dawn) == []

    kid.open("/settings")
    assert kid.post("/settings", {**SETTINGS, "board": "1"}).status == 303
    board = admin.get("/board").text
    assert re.search(r"<strong>Kid</strong> <span class=\"board-streak\">3 days streak</span> <span class=\"muted\">active today</span>", board)
    listed = board[board.index('<ul class="board">'):board.index("</ul>")]
    assert "secret kid note" not in board and "Mum" not in listed, "only opted-in members, only their streak"
    assert board_rows(dawn)[0][1:] == (str(today), 3)

    # A new write refreshes the summary; deleting today's note makes today inactive.
    page = kid.open(f"/day/{today}")
    note = re.search(rf'action="/day/{today}/notes/(\d+)/delete"', page.text).group(1)
    kid.post(f"/day/{today}/notes/{note}/delete", {})
    assert re.search(r"2 days streak</span> <span class=\"muted\">not yet today", admin.get("/board").text)

    kid.open("/settings")
    assert kid.post("/settings", SETTINGS).status == 303
    assert "Kid" not in admin.get("/board").text and board_rows(dawn) == [], "opting out removes the summary"
    assert kid.post("/settings", {**SETTINGS, "board": "yes"}).status == 400
