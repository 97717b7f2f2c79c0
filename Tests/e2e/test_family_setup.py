"""Setting up the family end to end, against the real binary: the admin's first steps on
their day page until dismissed (a POST with the CSRF token, kept in their settings), a new family-screen code on a small page of its own (`no-store`, the code at the
top, never on /family again), and a child account refused as an adult's guardian with one
message, nothing stored."""
import re

from test_accounts import add_member, setup_admin
from test_day import member_db, rows
from test_guardians import add_child, grants

STEPS = '<section class="card setup-checklist"'


def test_the_admins_first_steps_until_dismissed(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    page = admin.open("/")
    assert STEPS in page.text
    steps = page.text[page.text.index(STEPS):]
    steps = steps[:steps.index("</section>")]
    assert '<a href="/family">' in steps and '<a href="/settings#notify">' in steps
    assert admin.post("/setup-checklist/dismiss", {}, csrf=False).status == 403
    assert admin.post("/setup-checklist/dismiss", {}, csrf="forged").status == 403
    assert STEPS in admin.open("/").text
    assert add_member(admin, username="dad", name="Dad").status == 303
    admin.open("/")
    r = admin.post("/setup-checklist/dismiss", {})
    assert (r.status, r.header("Location")) == (303, "/")
    assert STEPS not in admin.open("/").text
    assert rows(member_db(dawn, "mum"),
                "SELECT value FROM member_settings WHERE key = 'setup_checklist_dismissed'") == [("1",)]


def test_a_new_code_opens_on_its_own_page_once(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    admin.open("/family")
    r = admin.post("/family/screens/code", {"label": "Kitchen"})
    assert r.status == 200
    assert r.header("Cache-Control") == "no-store"
    code = re.search(r'<p class="enrolment-code">([^<]+)</p>', r.text).group(1)
    main = r.text[r.text.index("<main"):]
    assert main.index(code) < 400, "the code opens the page"
    assert 'id="screens"' not in r.text and 'id="guardians"' not in r.text
    assert code not in admin.open("/family").text


def test_a_child_as_an_adults_guardian_is_refused(fresh_dawn):
    dawn = fresh_dawn()
    admin = setup_admin(dawn)
    assert add_member(admin, username="dad", name="Dad").status == 303
    assert add_child(admin, "mia", "Mia").status == 303
    admin.open("/family")
    r = admin.post("/family/guardians", {"guardian": "mia", "child": "dad"})
    assert r.status == 400
    assert "Mia is a child account and Dad is an adult: a child cannot look after an adult." in r.text, r.text[:400]
    assert grants(dawn) == 0
