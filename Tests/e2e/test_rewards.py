"""Children's points and rewards against the real binary: a chore's check-off posted three
times at once credits once, an undo takes it back, two approvals sent at once that together
exceed the balance let exactly one through, the ledger in instance.sqlite always sums to the
balance (and `dawn check` says so, or names the member when it does not), the child's
/api/v1/me and JSON export carry their points, and the day page shows the balance."""
import json
import os
import re
import sqlite3
import subprocess
import threading

from conftest import Browser, dawn_binary
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_api import api, conforms, make_token
from test_guardians import add_child


def db(dawn):
    return sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))


def ledger(dawn, username):
    con = db(dawn)
    try:
        member = con.execute("SELECT id FROM members WHERE username = ?", (username,)).fetchone()[0]
        rows = con.execute("SELECT amount, kind FROM points_ledger WHERE member_id = ?", (member,)).fetchall()
        balance = con.execute("SELECT coalesce((SELECT balance FROM points_balances WHERE member_id = ?), 0)",
                              (member,)).fetchone()[0]
        return rows, balance
    finally:
        con.close()


def start(fresh_dawn, points="15"):
    """Mum (admin), Dad, and the child Mia, whom Dad looks after; a daily chore worth `points`."""
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    assert add_member(admin, "dad", "Dad").status == 303
    assert add_child(admin, "mia", "Mia").status == 303
    admin.open("/family")
    assert admin.post("/family/guardians", {"guardian": "dad", "child": "mia"}).status == 303
    admin.open("/family")
    r = admin.post("/family/chores", {"name": "Walk the dog", "mark": "🐕", "schedule": "day", "points": points})
    assert r.status == 303, r.text[:500]
    con = db(dawn)
    try:
        chore = con.execute("SELECT id FROM chores").fetchone()[0]
    finally:
        con.close()
    mia, r = sign_in(dawn, "mia", MEMBER_PASSWORD)
    dad, _ = sign_in(dawn, "dad", MEMBER_PASSWORD)
    return dawn, admin, dad, mia, chore


def today_of(browser):
    page = browser.open("/").text
    m = re.search(r'name="day" value="(\d{4}-\d{2}-\d{2})"', page)
    assert m, page[:2000]
    return m.group(1)


def at_once(calls):
    """Runs the calls on threads released together; their answers in order."""
    answers = [None] * len(calls)
    gate = threading.Barrier(len(calls))

    def run(index):
        gate.wait()
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def shown_balance(html):
    m = re.search(r'<span class="points-balance">(-?\d+)</span>', html)
    return m and int(m.group(1))


def test_a_check_off_posted_three_times_at_once_credits_once_and_an_undo_takes_it_back(fresh_dawn):
    dawn, _, _, mia, chore = start(fresh_dawn)
    day = today_of(mia)
    before = mia.get("/")
    assert shown_balance(before.text) == 0
    answers = at_once([lambda: mia.post(f"/family/chores/{chore}/check", {"day": day, "action": "done"})] * 3)
    assert [a.status for a in answers] == [303, 303, 303], answers
    rows, balance = ledger(dawn, "mia")
    assert rows == [(15, "chore")] and balance == 15
    after = mia.get("/")
    assert shown_balance(after.text) == 15
    assert after.header("ETag") != before.header("ETag")

    # The undo, also sent three times at once: back to 0, once.
    answers = at_once([lambda: mia.post(f"/family/chores/{chore}/check", {"day": day, "action": "undo"})] * 3)
    assert all(a.status == 303 for a in answers), answers
    rows, balance = ledger(dawn, "mia")
    assert rows == [(0, "chore")] and balance == 0
    assert shown_balance(mia.get("/").text) == 0


def test_two_approvals_at_once_that_exceed_the_balance_let_exactly_one_through(fresh_dawn):
    dawn, admin, dad, mia, chore = start(fresh_dawn)
    day = today_of(mia)
    assert mia.post(f"/family/chores/{chore}/check", {"day": day, "action": "done"}).status == 303
    admin.open("/rewards")
    assert admin.post("/rewards", {"name": "Ice cream", "price": "10", "emoji": "🍦"}).status == 303
    con = db(dawn)
    try:
        reward = con.execute("SELECT id FROM rewards").fetchone()[0]
    finally:
        con.close()
    for _ in range(2):
        mia.open("/rewards")
        assert mia.post(f"/rewards/{reward}/request", {}).status == 303
    # A child cannot approve.
    con = db(dawn)
    try:
        requests = [row[0] for row in con.execute("SELECT id FROM reward_requests ORDER BY id")]
    finally:
        con.close()
    mia.open("/rewards")
    assert mia.post(f"/rewards/requests/{requests[0]}/approve", {}).status == 403
    page = dad.open("/rewards").text
    assert page.count("Mia: 🍦 Ice cream, 10 points") == 2, page
    answers = at_once([lambda r=r: dad.post(f"/rewards/requests/{r}/approve", {}) for r in requests])
    statuses = sorted(a.status for a in answers)
    assert statuses == [303, 400], answers
    refused = next(a for a in answers if a.status == 400)
    assert "Not enough points: Mia has 5, Ice cream costs 10. Nothing was spent." in refused.text
    rows, balance = ledger(dawn, "mia")
    assert balance == 5 and sum(amount for amount, _ in rows) == 5
    assert shown_balance(mia.open("/rewards").text) == 5

    # `dawn check` compares the ledger with the balance.
    check = subprocess.run([dawn_binary(), "check", "--data", dawn.data], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "ok  instance.sqlite" in check.stdout
    con = db(dawn)
    try:
        con.execute("UPDATE points_balances SET balance = balance + 7")
        con.commit()
    finally:
        con.close()
    check = subprocess.run([dawn_binary(), "check", "--data", dawn.data], capture_output=True, text=True, timeout=60)
    assert check.returncode == 1
    assert "the ledger sums to 5, the balance is 12" in check.stdout, check.stdout


def test_the_childs_api_and_export_carry_their_points(fresh_dawn):
    dawn, admin, dad, mia, chore = start(fresh_dawn)
    day = today_of(mia)
    assert mia.post(f"/family/chores/{chore}/check", {"day": day, "action": "done"}).status == 303
    token = make_token(mia)
    r = conforms(dawn, api(dawn, "GET", "/api/v1/me", token), "/api/v1/me")
    assert r.json["points"] == {"balance": 15, "pendingRequests": 0}
    dads = conforms(dawn, api(dawn, "GET", "/api/v1/me", make_token(dad)), "/api/v1/me")
    assert "points" not in dads.json, "an adult has no points"

    exported = mia.get("/export/dawn.json")
    assert exported.status == 200
    points = json.loads(exported.body)["points"]
    assert points["balance"] == 15
    assert [(row["amount"], row["kind"], row["date"]) for row in points["ledger"]] == [(15, "chore", day)]
    assert "points" not in json.loads(dad.get("/export/dawn.json").body)
