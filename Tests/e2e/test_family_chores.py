"""Family chores against the real binary: kept by admins on /family in instance.sqlite,
checked off by any member from the day page, shown with who did each on everyone's day
page (at once: the ETag changes) and on the board; every refusal writes nothing."""
import datetime
import re
import sqlite3
import os
from urllib.parse import urlencode

from conftest import Browser
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import today_in


def rows(dawn):
    """Every chore and completion as stored: a refusal must leave these unchanged."""
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return (con.execute("SELECT id, name, mark, color, schedule, starts_on, position, created_at, archived_at"
                            " FROM chores ORDER BY id").fetchall(),
                con.execute("SELECT * FROM chore_completions ORDER BY chore_id, day").fetchall())
    finally:
        con.close()


def post_pairs(browser, path, pairs, csrf=True):
    """POSTs a form whose fields may repeat (the weekday boxes)."""
    if csrf:
        pairs = list(pairs) + [("csrf", browser.csrf)]
    return browser.request("POST", path, urlencode(pairs).encode())


def add_chore(admin, name, mark="🐕", schedule=(("schedule", "day"),), color=""):
    admin.open("/family")
    r = post_pairs(admin, "/family/chores", [("name", name), ("mark", mark), ("color", color), *schedule])
    assert r.status == 303 and r.header("Location") == "/family?done=chore-added#chores", r.text[:600]
    page = admin.open("/family").text
    m = re.search(r'<li class="chore-row" id="chore-(\d+)">\s*<div class="chore-head">[^\n]*<strong>' + re.escape(name), page)
    assert m, page
    return int(m.group(1))


def chores_section(html):
    m = re.search(r'<section class="card family-chores" id="chores".*?</section>', html, re.S)
    return m.group(0) if m else ""


def check(browser, chore, day, action="done"):
    browser.open(f"/day/{day}")
    return browser.post(f"/family/chores/{chore}/check", {"day": str(day), "action": action})


def family(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    assert add_member(admin, "anna", "Anna").status == 303
    assert add_member(admin, "ben", "Ben").status == 303
    anna, _ = sign_in(dawn, "anna", MEMBER_PASSWORD)
    ben, _ = sign_in(dawn, "ben", MEMBER_PASSWORD)
    return dawn, admin, anna, ben


def test_admins_keep_chores_and_others_get_403(fresh_dawn):
    dawn, admin, anna, _ = family(fresh_dawn)
    dog = add_chore(admin, "Walk the dog", color="#48DBAB")
    family_page = admin.open("/family?done=chore-added").text
    assert "The chore was added." in family_page and "swatch-mint" in family_page

    # A refused form: 400, the message, the typed text back, nothing stored.
    before = rows(dawn)
    r = post_pairs(admin, "/family/chores", [("name", " "), ("mark", "dog"), ("schedule", "weekdays")])
    assert r.status == 400
    assert "Names are 1 to 60 characters" in r.text and "Choose exactly one emoji." in r.text
    assert 'value="dog"' in r.text and "Choose at least one weekday" in r.text
    r = post_pairs(admin, "/family/chores", [("name", "x" * 61), ("mark", "🐕"), ("schedule", "month")])
    assert r.status == 400 and "Choose how often: every day, or on chosen weekdays." in r.text
    assert rows(dawn) == before

    # Edit to chosen weekdays; archive and restore.
    r = post_pairs(admin, f"/family/chores/{dog}", [("name", "Walk Rex"), ("mark", "🦮"), ("color", ""),
                                                    ("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "sat")])
    assert r.status == 303, r.text[:400]
    chore = rows(dawn)[0][0]
    assert chore[1:5] == ("Walk Rex", "🦮", None, "weekdays:mon,sat")
    assert admin.post(f"/family/chores/{dog}/archive", {}).status == 303
    assert rows(dawn)[0][0][-1] is not None
    assert admin.post(f"/family/chores/{dog}/restore", {}).status == 303
    assert rows(dawn)[0][0][-1] is None

    # Anna (not an admin) may not add, edit, archive or restore: 403, nothing written.
    before = rows(dawn)
    anna.open("/")
    for path, fields in [("/family/chores", {"name": "Mine", "mark": "🐕", "schedule": "day"}),
                         (f"/family/chores/{dog}", {"name": "Mine", "mark": "🐕", "schedule": "day"}),
                         (f"/family/chores/{dog}/archive", {}), (f"/family/chores/{dog}/restore", {})]:
        assert anna.post(path, fields).status == 403, path
    assert anna.get("/family").status == 403
    assert rows(dawn) == before

    # Unknown and malformed ids are 404; a POST without the CSRF token is 403.
    for path in ["/family/chores/999/archive", "/family/chores/abc/restore", "/family/chores/0/archive"]:
        assert admin.post(path, {}).status == 404, path
    assert admin.post("/family/chores", {"name": "No token", "mark": "🐕", "schedule": "day"}, csrf=False).status == 403
    assert admin.post(f"/family/chores/{dog}/archive", {}, csrf="wrong").status == 403
    assert rows(dawn) == before


def test_the_limit_of_one_hundred_chores(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    admin.open("/family")
    for index in range(100):
        r = admin.post("/family/chores", {"name": f"Chore {index}", "mark": "🧹", "schedule": "day"})
        assert r.status == 303, (index, r.text[:300])
    before = rows(dawn)
    r = admin.post("/family/chores", {"name": "One too many", "mark": "🧹", "schedule": "day"})
    assert r.status == 400
    assert "Your family has 100 chores, the most it can keep (archived ones count). Nothing was added." in r.text
    assert 'value="One too many"' in r.text
    assert rows(dawn) == before


def test_members_check_off_and_undo_with_every_refusal_clear(fresh_dawn):
    dawn, admin, anna, ben = family(fresh_dawn)
    dog = add_chore(admin, "Walk the dog")
    cat = add_chore(admin, "Feed the cat", mark="🐈")
    today = today_in()

    r = check(anna, dog, today)
    assert r.status == 303 and r.header("Location") == f"/day/{today}?done=chore-checked#chores"
    section = chores_section(anna.open(f"/day/{today}?done=chore-checked").text)
    assert "Chore checked off." in section and "Done by you" in section
    assert 'aria-label="Undo Walk the dog"' in section
    assert "Done by Anna" in chores_section(ben.open(f"/day/{today}").text)
    completion = rows(dawn)[1]
    assert [(c[0], c[1]) for c in completion] == [(dog, str(today))]

    before = rows(dawn)
    # Ben cannot undo Anna's (403), nor take the chore over (the first check-off stands).
    assert check(ben, dog, today, "undo").status == 403
    assert check(ben, dog, today).header("Location") == f"/day/{today}?done=chore-taken#chores"
    # Days to come: 400 with a clear message; before the chore existed: 400; bad dates: 400.
    future = check(ben, dog, today + datetime.timedelta(days=1))
    assert future.status == 400 and "not for a day to come" in future.text
    ben.open(f"/day/{today}")
    far = ben.post(f"/family/chores/{dog}/check", {"day": str(today + datetime.timedelta(days=800)), "action": "done"})
    assert far.status == 400 and "not for a day to come" in far.text
    assert check(ben, dog, today - datetime.timedelta(days=1)).status == 400
    ben.open(f"/day/{today}")
    for day in ["2026-02-30", "tomorrow", ""]:
        assert ben.post(f"/family/chores/{cat}/check", {"day": day, "action": "done"}).status == 400, day
    assert ben.post(f"/family/chores/{cat}/check", {"day": str(today), "action": "later"}).status == 400
    # Unknown ids 404; no CSRF token 403.
    for chore in ["999", "abc", "0"]:
        assert ben.post(f"/family/chores/{chore}/check", {"day": str(today), "action": "done"}).status == 404
    assert ben.post(f"/family/chores/{cat}/check", {"day": str(today), "action": "done"}, csrf=False).status == 403
    assert ben.post(f"/family/chores/{cat}/check", {"day": str(today), "action": "done"}, csrf="nope").status == 403
    # An archived chore: gone from the day, and its check-off refused.
    assert admin.open("/family").status == 200
    assert admin.post(f"/family/chores/{cat}/archive", {}).status == 303
    before = rows(dawn)
    assert "Feed the cat" not in chores_section(ben.open(f"/day/{today}").text)
    assert check(ben, cat, today).status == 400
    assert rows(dawn) == before

    # Anna undoes her own; an admin undoes anyone's.
    assert check(anna, dog, today, "undo").header("Location") == f"/day/{today}?done=chore-unchecked#chores"
    assert rows(dawn)[1] == []
    assert check(ben, dog, today).status == 303
    assert check(admin, dog, today, "undo").status == 303
    assert rows(dawn)[1] == []

    # A removed member's check-off stays, as "a former member".
    assert check(ben, dog, today).status == 303
    admin.open(f"/family/members/ben/remove")
    assert admin.post("/family/members/ben/remove", {}).status == 303
    assert rows(dawn)[1][0][2] is None
    assert "Done by a former member" in chores_section(anna.open(f"/day/{today}").text)


def test_another_members_check_off_shows_on_everyones_day_page_at_once(fresh_dawn):
    dawn, admin, anna, ben = family(fresh_dawn)
    dog = add_chore(admin, "Walk the dog")
    today = today_in()
    first = ben.get(f"/day/{today}")
    etag = first.header("ETag")
    assert etag and ben.get(f"/day/{today}", headers={"If-None-Match": etag}).status == 304
    assert "Mark Walk the dog as done" in chores_section(first.text)
    assert check(anna, dog, today).status == 303
    again = ben.get(f"/day/{today}", headers={"If-None-Match": etag})
    assert again.status == 200, "an old validator must not be answered 304"
    assert "Done by Anna" in chores_section(again.text)
    assert again.header("ETag") != etag
    # An admin's edit too.
    etag = again.header("ETag")
    admin.open("/family")
    assert admin.post(f"/family/chores/{dog}", {"name": "Walk Rex", "mark": "🦮", "schedule": "day"}).status == 303
    edited = ben.get(f"/day/{today}", headers={"If-None-Match": etag})
    assert edited.status == 200 and "Walk Rex" in chores_section(edited.text)


def test_the_board_shows_todays_chores_and_who_did_each(fresh_dawn):
    dawn, admin, anna, ben = family(fresh_dawn)
    dog = add_chore(admin, "Walk the dog")
    add_chore(admin, "Feed the cat", mark="🐈")
    today = today_in()
    assert check(anna, dog, today).status == 303
    board = ben.get("/board").text
    section = chores_section(board)
    assert "Today's family chores" in section or "Today&#39;s family chores" in section
    assert 'Walk the dog</strong> <span class="chore-who">Done by Anna</span>' in section
    assert 'Feed the cat</strong> <span class="chore-who">Not done yet</span>' in section
    assert f'href="/day/{today}#chores"' in section
    assert "Done by you" in chores_section(anna.get("/board").text)


def test_stats_count_who_did_each_chore(fresh_dawn):
    dawn, admin, anna, ben = family(fresh_dawn)
    dog = add_chore(admin, "Walk the dog")
    today = today_in()
    assert check(anna, dog, today).status == 303
    stats = ben.get("/stats?g=day").text
    section = chores_section(stats)
    assert re.search(r"Walk the dog</th><td><ul class=\"chore-doers\"><li>Anna: 1</li></ul></td><td>1</td><td>0</td>", section), section
