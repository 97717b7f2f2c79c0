"""The calendar feed end to end, over the real binary and real sockets: a link made on
/account/tokens as docs/integrations.md says, the feed read by a standard iCalendar parser
(icalendar, from PyPI) with every event where the member's habits are due, its text well
formed (CRLF, lines of at most 75 octets), no journal text even when the member wrote
entries, notes, a photo's caption and moods, a replaced or turned-off link a plain 404 at
once, another member's link never showing this member's habits, an unchanged feed a 304,
and the link never written to the access log."""
import datetime
import io
import json
import os
import re

import icalendar
import pytest
from PIL import Image

from conftest import get
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_api import add_habit
from test_import import multipart

SECRETS = ["SECRET-ENTRY", "SECRET-NOTE", "SECRET-CAPTION"]
LINK = re.compile(r'<code class="api-token">(https?://[^/<]+)(/ical/[A-Za-z0-9_-]{43}\.ics)</code>')


def docs_section(title):
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "integrations.md"), encoding="utf-8") as f:
        text = f.read()
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def make_link(browser):
    """Presses "Make a calendar link" (or "Make a new link"); returns the origin and path shown."""
    browser.open("/account/tokens")
    r = browser.post("/account/tokens/feed", {})
    assert r.status == 200 and r.header("Cache-Control") == "no-store", r.text[:300]
    m = LINK.search(r.text)
    assert m, r.text[:2000]
    return m.group(1), m.group(2)


def jpeg():
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (0, 160, 80)).save(out, "JPEG")
    return out.getvalue()


@pytest.fixture(scope="module")
def home(dawn):
    """Mum (Europe/Rome) with four habits — Read every day, a swim twice a week, Piano on
    Mondays and Thursdays, grandma twice a month — Read done yesterday and skipped the day
    before; her journal full of secrets. Dad with a habit of his own."""
    mum = setup_admin(dawn)
    add_habit(mum, "Read", [("schedule", "day")])
    add_habit(mum, "Swim, then stretch; rest", [("schedule", "week"), ("week_times", "2")])
    add_habit(mum, "Piano", [("schedule", "weekdays"), ("weekdays", "mon"), ("weekdays", "thu")])
    add_habit(mum, "Call grandma", [("schedule", "month"), ("month_times", "2")])
    today = datetime.date.fromisoformat(json.loads(mum.get("/api/v1/me").body)["today"])
    yesterday, before = today - datetime.timedelta(days=1), today - datetime.timedelta(days=2)
    mum.open(f"/day/{yesterday}")
    assert mum.post(f"/day/{yesterday}/check/1", {"action": "done"}).status == 303
    assert mum.post(f"/day/{before}/skip/1", {"action": "skip"}).status == 303
    assert mum.post(f"/day/{yesterday}/entry", {"entry": "SECRET-ENTRY: dear diary", "version": "0"}).status == 303
    assert mum.post(f"/day/{yesterday}/notes", {"note": "SECRET-NOTE by the lake"}).status == 303
    assert mum.post(f"/day/{yesterday}/mood", {"mood": "2"}).status == 303
    mum.open(f"/day/{yesterday}")
    r = multipart(mum, f"/day/{yesterday}/photos", {"caption": "SECRET-CAPTION"}, [("photo", "lake.jpg", jpeg())])
    assert r.status == 303, r.text[:300]
    assert add_member(mum, username="dad", name="Dad").status == 303
    dad, _ = sign_in(dawn, "dad", MEMBER_PASSWORD)
    add_habit(dad, "Dad's own habit", [("schedule", "day")])
    return dawn, mum, dad, today


def fetch(dawn, path, headers=None):
    r = get(dawn, path, headers)
    r.text = r.body.decode("utf-8")
    return r


def test_the_documented_link_is_the_one_the_card_makes(home):
    dawn, mum = home[0], home[1]
    (documented,) = re.findall(r"```text\n(.*?)\n```", docs_section("A calendar feed"), re.S)
    assert re.fullmatch(r"https://dawn\.example\.org/ical/[A-Za-z0-9_-]{43}\.ics", documented), documented
    origin, path = make_link(mum)
    assert origin == "http://localhost", "the address as the browser reached Dawn"
    # The documented request: a plain GET of the link, no cookie, no token.
    assert fetch(dawn, path).status == 200
    # The card now says a link exists and never shows it again.
    card = mum.get("/account/tokens").text
    assert "Your calendar link was made on" in card and path not in card


def test_the_feed_parses_with_icalendar_where_the_habits_are_due(home):
    dawn, mum, _, today = home
    _, path = make_link(mum)
    r = fetch(dawn, path)
    assert r.status == 200
    assert r.header("Content-Type") == "text/calendar; charset=utf-8"
    assert r.header("Cache-Control") == "private, max-age=300"
    # CRLF everywhere, no line over 75 octets.
    assert b"\n" not in r.body.replace(b"\r\n", b"") and b"\r" not in r.body.replace(b"\r\n", b"")
    assert max(len(line) for line in r.body.split(b"\r\n")) <= 75
    calendar = icalendar.Calendar.from_ical(r.body)
    assert str(calendar["VERSION"]) == "2.0" and str(calendar["X-WR-CALNAME"]) == "Dawn: Mum's habits"
    events = calendar.walk("VEVENT")
    by_habit = {}
    for event in events:
        uid = str(event["UID"])
        m = re.fullmatch(r"habit-(\d+)-(\d{4}-\d\d-\d\d)@dawn", uid)
        assert m, uid
        start = event["DTSTART"].dt
        assert isinstance(start, datetime.date) and not isinstance(start, datetime.datetime), "all day"
        assert event["DTEND"].dt == start + datetime.timedelta(days=1)
        assert m.group(2) == start.isoformat()
        assert event["DTSTAMP"].dt.tzinfo is not None
        by_habit.setdefault(int(m.group(1)), []).append(event)
    first, last = today - datetime.timedelta(days=7), today + datetime.timedelta(days=60)
    window = [first + datetime.timedelta(days=n) for n in range((last - first).days + 1)]
    # Read: every day; Piano: Mondays and Thursdays; the swim: each Monday; grandma: each 1st.
    assert [e["DTSTART"].dt for e in by_habit[1]] == window
    assert [e["DTSTART"].dt for e in by_habit[3]] == [d for d in window if d.weekday() in (0, 3)]
    assert [e["DTSTART"].dt for e in by_habit[2]] == [d for d in window if d.weekday() == 0]
    assert [e["DTSTART"].dt for e in by_habit[4]] == [d for d in window if d.day == 1]
    assert {str(e["SUMMARY"]) for e in by_habit[2]} == {"📚 Swim, then stretch; rest"}, "unescaped by the parser"
    states = {e["DTSTART"].dt: (str(e["X-DAWN-STATE"]), str(e.get("DESCRIPTION", ""))) for e in by_habit[1]}
    assert states[today - datetime.timedelta(days=1)] == ("DONE", "Done")
    assert states[today - datetime.timedelta(days=2)] == ("SKIPPED", "Skipped")
    assert states[today] == ("OPEN", "")
    assert all(str(e["DESCRIPTION"]).endswith("this week") for e in by_habit[2])


def test_no_journal_text_ever_reaches_the_feed(home):
    dawn, mum = home[0], home[1]
    assert "SECRET-NOTE" in mum.get(f"/day/{home[3] - datetime.timedelta(days=1)}").text, "the journal is there"
    _, path = make_link(mum)
    text = fetch(dawn, path).text
    for secret in SECRETS + ["diary", "lake"]:
        assert secret not in text, secret
    for event in icalendar.Calendar.from_ical(text).walk("VEVENT"):
        assert set(event) <= {"UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "DESCRIPTION", "TRANSP", "X-DAWN-STATE"}, set(event)


def test_a_replaced_or_turned_off_link_is_a_plain_404_at_once(home):
    dawn, mum = home[0], home[1]
    _, old = make_link(mum)
    assert fetch(dawn, old).status == 200
    _, new = make_link(mum)
    assert new != old
    r = fetch(dawn, old)
    assert (r.status, r.text, r.header("Content-Type")) == (404, "Not found\n", "text/plain; charset=utf-8")
    assert fetch(dawn, new).status == 200
    for path in ["/ical/" + "A" * 43 + ".ics", new[:-4], new.replace(".ics", ".ical"), "/ical/x.ics", new + ".ics"]:
        r = fetch(dawn, path)
        assert r.status == 404 and "Dawn" not in r.text, path
    mum.open("/account/tokens")
    r = mum.post("/account/tokens/feed/remove", {})
    assert r.status == 303 and r.header("Location") == "/account/tokens?done=feed_removed"
    assert fetch(dawn, new).status == 404
    assert "The calendar feed is off" in mum.get("/account/tokens?done=feed_removed").text


def test_another_members_link_never_shows_this_members_habits(home):
    dawn, mum, dad, _ = home
    _, mums = make_link(mum)
    _, dads = make_link(dad)
    dads_text = fetch(dawn, dads).text
    assert "Dad's own habit" in dads_text and "X-WR-CALNAME:Dawn: Dad's habits" in dads_text
    for theirs in ["Read", "Piano", "grandma", "Swim"] + SECRETS:
        assert theirs not in dads_text, theirs
    assert "Dad's own habit" not in fetch(dawn, mums).text
    assert fetch(dawn, mums).status == 200, "Dad's link left Mum's alone"


def test_an_unchanged_feed_is_a_304_and_a_check_off_changes_it(home):
    dawn, mum, _, today = home
    _, path = make_link(mum)
    first = fetch(dawn, path)
    etag = first.header("ETag")
    assert etag.startswith('W/"')
    assert fetch(dawn, path, {"If-None-Match": etag}).status == 304
    mum.open(f"/day/{today}")
    assert mum.post(f"/day/{today}/check/1", {"action": "done"}).status == 303
    changed = fetch(dawn, path, {"If-None-Match": etag})
    assert changed.status == 200 and changed.header("ETag") != etag
    today_read = [e for e in icalendar.Calendar.from_ical(changed.body).walk("VEVENT")
                  if str(e["UID"]) == f"habit-1-{today}@dawn"]
    assert [str(e["X-DAWN-STATE"]) for e in today_read] == ["DONE"]


def test_the_link_never_reaches_the_access_log(home):
    dawn, mum = home[0], home[1]
    _, path = make_link(mum)
    token = path[len("/ical/"):-len(".ics")]
    assert fetch(dawn, path).status == 200
    assert dawn.wait_for_log(r"^GET /ical/… 200 "), dawn.lines[-5:]
    assert not [line for line in dawn.lines if token in line]
