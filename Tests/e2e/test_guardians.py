"""Guardians end to end: grants on /family (over child accounts only, by adults only), who
reaches /members/{child}/…, revocation on the very next request, CSRF on the new forms, the
journal kept private unless shared, "loggedBy" in the JSON export and back through the importer,
grants removed with a member, and the migration that drops grants over adults (one stderr line
each)."""
import json
import os
import sqlite3
import time

import pytest

from conftest import Browser
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import member_db, rows, today_in
from test_import import do_import

SECRET_ENTRY = "SECRET-ENTRY-e2e-31"
SECRET_NOTE = "SECRET-NOTE-e2e-52"
SECRET_LOG_NOTE = "SECRET-LOGNOTE-e2e-73"


def grants(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return con.execute("SELECT count(*) FROM guardians").fetchone()[0]
    finally:
        con.close()


def member(dawn, username):
    browser, r = sign_in(dawn, username, MEMBER_PASSWORD)
    assert r.status == 303, r.text[:300]
    return browser


def add_child(admin, username, name):
    admin.open("/family")
    return admin.post("/family/members", {"username": username, "display_name": name, "password": MEMBER_PASSWORD,
                                          "password_again": MEMBER_PASSWORD, "child": "1"})


def start_family(fresh_dawn):
    """Mum (admin), Dad, and the child accounts Mia and Leo; Dad looks after Mia, who has a
    habit, a log with a note, an entry, a note and a mood today."""
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    assert add_member(admin, username="dad", name="Dad").status == 303
    for username in ["mia", "leo"]:
        assert add_child(admin, username, username.title()).status == 303
    admin.open("/family")
    r = admin.post("/family/guardians", {"guardian": "dad", "child": "mia"})
    assert (r.status, r.header("Location")) == (303, "/family?done=guardian-granted#guardians"), r.text[:400]
    mia = member(dawn, "mia")
    today = today_in()
    mia.open("/habits/new")
    assert mia.post("/habits", {"name": "Piano", "emoji": "🎹", "color": "#54A0FF", "duration": "30"}).status == 303
    mia.open("/habits/new")
    assert mia.post("/habits", {"name": "Teeth", "emoji": "🪥", "color": "#48DBAB", "duration": "15"}).status == 303
    mia.open(f"/day/{today}")
    assert mia.post(f"/day/{today}/instances", {"habit": "1", "start": "08:00", "duration": "30",
                                                "note": SECRET_LOG_NOTE}).status == 303
    assert mia.post(f"/day/{today}/entry", {"entry": SECRET_ENTRY, "version": "0"}).status == 303
    assert mia.post(f"/day/{today}/notes", {"note": SECRET_NOTE}).status == 303
    assert mia.post(f"/day/{today}/mood", {"mood": "4"}).status == 303
    dad = member(dawn, "dad")
    return dawn, admin, dad, mia, today


@pytest.fixture
def family(fresh_dawn):
    return start_family(fresh_dawn)


def test_every_access_rule(family):
    dawn, admin, dad, mia, today = family
    unknown = Browser(dawn).get("/no-such-page")
    assert unknown.status == 404
    day = f"/members/mia/day/{today}"
    page = dad.open(day)
    assert page.status == 200, page.text[:400]
    assert "Mia’s day" in page.text and "Piano" in page.text
    assert f'action="/members/mia/day/{today}/check/2"' in page.text
    assert 'action="/day/' not in page.text and 'href="/day/' not in page.text
    assert page.header("Cache-Control") == "no-store"

    def hidden(r, why):
        assert r.status == 404, (why, r.status)
        assert r.body == unknown.body, why
        assert "Mia" not in r.text, why

    # Not the guardian: the admin without a grant, the child herself, another member, nobody.
    leo = member(dawn, "leo")
    for who, browser in [("admin", admin), ("child", mia), ("other", leo), ("signed out", Browser(dawn))]:
        browser.open("/")
        hidden(browser.get(day), who)
        hidden(browser.get("/members/mia"), who)
        hidden(browser.get("/members/mia/habits"), who)
        hidden(browser.post(f"{day}/check/2", {"action": "done"}), who)
    # The guardian, off the allowlist or at a member he does not look after.
    for path in ["/members/mia/settings", "/members/mia/account", "/members/mia/export/dawn.json",
                 "/members/mia/search?q=SECRET", "/members/mia/habits/1/delete", "/members/mia/vacations",
                 "/members/leo/day/" + str(today), "/members/nobody", "/members/mia/no-such-page"]:
        hidden(dad.get(path), path)
    for path, fields in [(f"{day}/entry", {"entry": "x", "version": "0"}), (f"{day}/notes", {"note": "x"}),
                         (f"{day}/mood", {"mood": "1"}), ("/members/mia/habits/1/delete", {}),
                         (f"{day}/instances/1/delete", {}), ("/members/mia/settings", {"language": "it"})]:
        hidden(dad.post(path, fields), path)
    # The guardian's own forms carry his session's token like any other.
    assert dad.post(f"{day}/check/2", {"action": "done"}, csrf=False).status == 403
    assert dad.post(f"{day}/check/2", {"action": "done"}, csrf="forged").status == 403
    # Nothing the refused forms named was written.
    assert rows(member_db(dawn, "mia"), "SELECT count(*) FROM habit_instances")[0][0] == 1
    assert rows(member_db(dawn, "mia"), "SELECT body FROM entries")[0][0] == SECRET_ENTRY
    assert rows(member_db(dawn, "mia"), "SELECT value FROM moods")[0][0] == 4


def test_the_guardian_logs_and_edits_for_the_child(family):
    dawn, admin, dad, mia, today = family
    day = f"/members/mia/day/{today}"
    dad.open(day)
    r = dad.post(f"{day}/check/2", {"action": "done"})
    assert (r.status, r.header("Location")) == (303, f"{day}?done=checked#checklist")
    r = dad.post(f"{day}/instances", {"habit": "1", "start": "18:00", "duration": "45", "note": "mine"})
    assert (r.status, r.header("Location")) == (303, f"{day}?done=logged#timeline")
    assert rows(member_db(dawn, "mia"), "SELECT timed, note, logged_by FROM habit_instances ORDER BY id") == [
        (1, SECRET_LOG_NOTE, None), (0, "", "dad"), (1, "", "dad")]
    assert "logged by Dad" in mia.get(f"/day/{today}").text
    assert "logged by Dad" in dad.get(day).text
    # Habit forms: add, edit, archive, schedule; never delete.
    dad.open("/members/mia/habits/new")
    r = dad.post("/members/mia/habits", {"name": "Reading", "emoji": "📚", "color": "#FECA57", "duration": "30",
                                         "from": "habits"})
    assert r.status == 303 and r.header("Location").startswith("/members/mia/habits?done=added"), r.text[:400]
    assert rows(member_db(dawn, "mia"), "SELECT name FROM habits ORDER BY id")[-1][0] == "Reading"
    assert rows(member_db(dawn, "dad"), "SELECT count(*) FROM habits")[0][0] == 0
    edit = dad.open("/members/mia/habits/3/edit")
    assert edit.status == 200 and "/habits/3/delete" not in edit.text
    r = dad.post("/members/mia/habits/3/archive", {"day": str(today)})
    assert r.status == 303 and r.header("Location").startswith(f"/members/mia/day/{today}")
    assert rows(member_db(dawn, "mia"), "SELECT archived_at IS NOT NULL FROM habits WHERE id = 3")[0][0] == 1


def test_revocation_takes_effect_on_the_very_next_request(family):
    dawn, admin, dad, mia, today = family
    day = f"/members/mia/day/{today}"
    assert dad.get(day).status == 200
    assert "/members/mia" in dad.get("/account").text
    admin.open("/family")
    r = admin.post("/family/guardians/dad/mia/revoke", {})
    assert (r.status, r.header("Location")) == (303, "/family?done=guardian-revoked#guardians")
    assert grants(dawn) == 0
    assert dad.get(day).status == 404
    assert dad.post(f"{day}/check/2", {"action": "done"}).status == 404
    assert "Mia" not in dad.get("/account").text
    # Granting again opens it again, at once.
    admin.open("/family")
    assert admin.post("/family/guardians", {"guardian": "dad", "child": "mia"}).status == 303
    assert dad.get(day).status == 200


def test_csrf_admin_only_and_refusals_on_the_new_forms(family):
    dawn, admin, dad, mia, today = family
    admin.open("/family")
    for fields in [{"guardian": "leo", "child": "mia"}, {"guardian": "leo", "child": "mia", "csrf": "forged"}]:
        csrf = fields.pop("csrf", False)
        assert admin.post("/family/guardians", fields, csrf=csrf).status == 403
    assert admin.post("/family/guardians/dad/mia/revoke", {}, csrf=False).status == 403
    assert admin.post("/family/guardians/dad/mia/revoke", {}, csrf="forged").status == 403
    assert grants(dawn) == 1
    for fields, message in [({"guardian": "nobody", "child": "mia"}, "There is no member called “nobody”"),
                            ({"guardian": "mia", "child": "mia"}, "cannot be their own guardian"),
                            ({"guardian": "dad", "child": "mia"}, "Dad already looks after Mia"),
                            ({"guardian": "dad", "child": "mum"}, "Mum is not a child account"),
                            ({"guardian": "leo", "child": "mia"}, "Leo is a child account and cannot be a guardian")]:
        r = admin.post("/family/guardians", fields)
        assert r.status == 400 and message in r.text, (fields, r.text[:300])
    assert admin.post("/family/guardians/leo/mia/revoke", {}).status == 404
    dad.open("/account")
    assert dad.post("/family/guardians", {"guardian": "dad", "child": "leo"}).status == 403
    assert dad.post("/family/guardians/dad/mia/revoke", {}).status == 403
    assert grants(dawn) == 1
    # The journal-sharing form: CSRF too.
    mia.open("/settings")
    assert mia.post("/settings/share-journal", {"share": "1"}, csrf=False).status == 403
    assert rows(member_db(dawn, "mia"), "SELECT count(*) FROM member_settings WHERE key = 'share_journal' AND value = '1'")[0][0] == 0


def test_the_journal_is_private_unless_shared(family):
    dawn, admin, dad, mia, today = family
    pages = [f"/members/mia/day/{today}", "/members/mia", "/members/mia/stats", "/members/mia/stats?g=year",
             f"/members/mia/calendar/{str(today)[:7]}", "/members/mia/habits", "/members/mia/habits/1",
             f"/members/mia/day/{today}/instances/1"]
    for path in pages:
        r = dad.get(path)
        assert r.status == 200, path
        for secret in [SECRET_ENTRY, SECRET_NOTE, SECRET_LOG_NOTE]:
            assert secret not in r.text, (secret, path)
    assert "journal-sharing" not in member(dawn, "leo").get("/settings").text
    mia.open("/settings")
    assert mia.post("/settings/share-journal", {"share": "1"}).status == 303
    shared = dad.get(f"/members/mia/day/{today}").text
    assert SECRET_ENTRY in shared and SECRET_NOTE in shared and "<textarea" not in shared
    assert SECRET_LOG_NOTE in dad.get(f"/members/mia/day/{today}/instances/1").text
    assert dad.post(f"/members/mia/day/{today}/entry", {"entry": "x", "version": "0"}).status == 404


def test_logged_by_in_the_export_and_back_through_the_importer(family):
    dawn, admin, dad, mia, today = family
    dad.open(f"/members/mia/day/{today}")
    assert dad.post(f"/members/mia/day/{today}/check/2", {"action": "done"}).status == 303
    exported = json.loads(mia.get("/export/dawn.json").body)
    by = [(i["habitId"], i.get("loggedBy")) for i in exported["instances"]]
    assert sorted(by, key=str) == sorted([(1, None), (2, "dad")], key=str)
    own = next(i for i in exported["instances"] if i["habitId"] == 1)
    assert "loggedBy" not in own, "absent, not null, on the member's own logs"
    # Into Leo's empty account: Dad is not Leo's guardian, so the log comes in as Leo's own
    # (the name dropped, not the file refused).
    leo = member(dawn, "leo")
    r = do_import(leo, json.dumps(exported).encode(), mode="empty")
    assert r.status == 303, r.text[:400]
    assert rows(member_db(dawn, "leo"), "SELECT logged_by FROM habit_instances WHERE timed = 0") == [(None,)]
    assert "logged by" not in leo.get(f"/day/{today}").text
    # A restore into the empty account of a child Dad looks after keeps his name, and the
    # same export comes back out.
    assert add_child(admin, "ivy", "Ivy").status == 303
    admin.open("/family")
    assert admin.post("/family/guardians", {"guardian": "dad", "child": "ivy"}).status == 303
    ivy = member(dawn, "ivy")
    r = do_import(ivy, json.dumps(exported).encode(), mode="empty")
    assert r.status == 303, r.text[:400]
    assert rows(member_db(dawn, "ivy"), "SELECT logged_by FROM habit_instances WHERE timed = 0") == [("dad",)]
    again = json.loads(ivy.get("/export/dawn.json").body)
    assert [i.get("loggedBy") for i in again["instances"]] == [i.get("loggedBy") for i in exported["instances"]]
    # A merge credits nobody, not even her guardian.
    r = do_import(ivy, json.dumps(exported).encode(), mode="merge")
    assert r.status == 303, r.text[:400]
    assert rows(member_db(dawn, "ivy"), "SELECT count(*) FROM habit_instances WHERE logged_by IS NOT NULL") == [(1,)]
    # A loggedBy that is no username: the file is refused, nothing written.
    bad = dict(exported, instances=[dict(exported["instances"][0], loggedBy="Not A Name!")])
    before = rows(member_db(dawn, "leo"), "SELECT count(*) FROM habit_instances")
    r = do_import(leo, json.dumps(bad).encode())
    assert r.status == 400 and "instances[0].loggedBy" in r.text and "is not a username" in r.text, r.text[:500]
    assert rows(member_db(dawn, "leo"), "SELECT count(*) FROM habit_instances") == before


def test_removing_a_member_removes_their_grants(family):
    dawn, admin, dad, mia, today = family
    admin.open("/family")
    assert admin.post("/family/guardians", {"guardian": "dad", "child": "leo"}).status == 303
    assert grants(dawn) == 2
    admin.open("/family/members/mia/remove")
    assert admin.post("/family/members/mia/remove", {}).status == 303
    assert grants(dawn) == 1
    assert dad.get(f"/members/mia/day/{today}").status == 404
    admin.open("/family/members/dad/remove")
    assert admin.post("/family/members/dad/remove", {}).status == 303
    assert grants(dawn) == 0
    assert "looks after" not in admin.get("/family").text


def test_the_migration_drops_grants_over_adults_with_one_stderr_line_each(fresh_dawn):
    """An instance.sqlite from before the rule (schema 9) with grants over an adult and an
    admin: the next start drops those, keeps the grant over a child, and says so on stderr."""
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    assert add_member(admin, username="dad", name="Dad").status == 303
    assert add_child(admin, "mia", "Mia").status == 303
    dawn.stop()
    path = os.path.join(dawn.data, "instance.sqlite")
    con = sqlite3.connect(path)
    try:
        ids = dict(con.execute("SELECT username, id FROM members"))
        # Back to schema 9: what migrations 10-18 added goes, and grants over adults are made.
        con.executescript("""
            DROP TRIGGER guardians_over_children; DROP TABLE dropped_guardianships; DROP TABLE pin_failures;
            ALTER TABLE members DROP COLUMN device_generation; DROP TABLE api_tokens; DROP TABLE feed_tokens; DROP TABLE openid_links;
            ALTER TABLE chores DROP COLUMN points; DROP TABLE habit_points; DROP TABLE points_ledger; DROP TABLE points_balances;
            DROP TABLE reward_requests; DROP TABLE rewards; DROP TABLE allowances; DROP TABLE member_emails;""")
        for guardian, child in [("dad", "mum"), ("mum", "dad"), ("dad", "mia")]:
            con.execute("INSERT INTO guardians (guardian_id, child_id, created_at) VALUES (?, ?, 0)", (ids[guardian], ids[child]))
        con.execute("PRAGMA user_version = 9")
        con.commit()
    finally:
        con.close()
    again = fresh_dawn(data=dawn.data)
    assert again.wait_for_log("listening")
    expected = ["dawn: dropped the grant that made dad the guardian of mum (not a child account)",
                "dawn: dropped the grant that made mum the guardian of dad (not a child account)"]
    deadline = time.time() + 5
    while time.time() < deadline and not all(line in again.errors for line in expected):
        time.sleep(0.05)
    assert [line for line in again.errors if "dropped the grant" in line] == expected, again.errors
    assert grants(again) == 1
    dad = member(again, "dad")
    assert dad.get("/members/mum").status == 404, "no longer Mum's guardian"
    assert dad.get("/members/mia").status == 200
    assert again.stop() == 0
    # Reported once: the next start says nothing more.
    third = fresh_dawn(data=dawn.data)
    time.sleep(0.3)
    assert not [line for line in third.errors if "dropped the grant" in line]
