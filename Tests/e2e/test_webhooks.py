"""Webhooks end to end, over the real binary and real sockets: the receiver of
docs/integrations.md, run as written on 127.0.0.1 (with DAWN_NOTIFY_ALLOW_LOOPBACK=1), gets
the documented request — its headers, its body, its signature checked by the documented
`verified` — on a check-off from the day page and from the API, and on undo and skip; a
receiver answering 500 is called again with the same signed body until it answers 2xx; a
new secret stops the old one verifying; and without the loopback switch every URL into the
house, the cloud's metadata or plain http is refused beside its field with nothing stored."""
import hashlib
import hmac
import html
import http.server
import json
import os
import re
import sqlite3
import threading
import time
import types

import pytest

from conftest import Dawn, request
from test_accounts import setup_admin
from test_api import add_habit, make_token

SECRET = re.compile(r'<code class="api-token">(whsec_[A-Za-z0-9_-]{43})</code>')


def docs_section(title):
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "integrations.md"), encoding="utf-8") as f:
        text = f.read()
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def documented_receiver(secret):
    """The two Python blocks of the docs, run as written (the secret pasted in): `verified`,
    and `Hook` with its prints kept in `printed`."""
    verify_block, receiver_block = re.findall(r"```python\n(.*?)```", docs_section("Webhooks"), re.S)
    assert 'SECRET = b"whsec_…"' in verify_block
    printed = []
    module = types.ModuleType("dawn_webhook_receiver")
    module.print = lambda *args: printed.append(" ".join(str(a) for a in args))
    exec(verify_block.replace('b"whsec_…"', repr(secret.encode())), module.__dict__)
    exec(receiver_block, module.__dict__)  # `if __name__ == "__main__"` stays off: the module has another name
    module.printed = printed
    return module


class Receiver:
    """An HTTP server on 127.0.0.1 with `handler` (the documented `Hook`, or one of the test's),
    keeping every request it got: (path, headers, body)."""

    def __init__(self, handler):
        self.requests = []
        receiver = self

        class Recording(handler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                receiver.requests.append((self.path, dict(self.headers.items()), body))
                # The handler reads the body again, from what was kept.
                self.rfile = _Replay(body)
                handler.do_POST(self)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recording)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def wait_for(self, count, timeout=10):
        deadline = time.time() + timeout
        while len(self.requests) < count and time.time() < deadline:
            time.sleep(0.05)
        return self.requests

    def close(self):
        self.server.shutdown()


class _Replay:
    def __init__(self, data):
        self.data = data

    def read(self, n=-1):
        out, self.data = (self.data, b"") if n < 0 else (self.data[:n], self.data[n:])
        return out


@pytest.fixture(scope="module")
def server():
    dawn = Dawn(env={"DAWN_NOTIFY_ALLOW_LOOPBACK": "1", "DAWN_NOTIFY_RETRY_BASE_MS": "200"})
    yield dawn
    assert dawn.stop() == 0, dawn.errors


@pytest.fixture(scope="module")
def mum(server):
    mum = setup_admin(server)
    add_habit(mum, "Read", [("schedule", "day")])
    add_habit(mum, "Swim", [("schedule", "day")])
    return mum


def save(browser, url):
    browser.open("/settings")
    return browser.post("/settings/webhook", {"webhook_url": url})


def today_of(browser):
    return json.loads(browser.get("/api/v1/me").body)["today"]


def api_check(dawn, token, day, habit, action):
    body = json.dumps({"action": action}).encode()
    r = request(dawn, (f"POST /api/v1/days/{day}/check/{habit} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                       f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                       ).encode() + body)
    assert r.status == 200, r
    return r


def member_settings(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "users", "1.sqlite"))
    try:
        return con.execute("SELECT key, value FROM member_settings ORDER BY key").fetchall()
    finally:
        con.close()


def test_the_documented_receiver_gets_signed_calls_from_the_page_and_the_api(server, mum):
    # The secret is shown once, on the answer to the first save.
    first = save(mum, "http://127.0.0.1:9/hooks/dawn")
    assert first.status == 200, first.text[:300]
    secret = SECRET.search(first.text).group(1)
    assert secret not in mum.get("/settings").text, "never shown again"
    docs = documented_receiver(secret)
    receiver = Receiver(docs.Hook)
    try:
        r = save(mum, receiver.url + "/hooks/dawn")
        assert r.status == 303 and r.header("Location") == "/settings?done=webhook_saved#webhook"
        day = today_of(mum)
        # From the day page: one tap on the checklist.
        mum.open(f"/day/{day}")
        assert mum.post(f"/day/{day}/check/1", {"action": "done"}).status == 303
        # From the API: a write token ticks Swim off, then takes it back.
        token = make_token(mum, "Webhook test", "write")
        api_check(server, token, "today", 2, "done")
        api_check(server, token, "today", 2, "undo")
        # A skip from the page.
        mum.open(f"/day/{day}")
        assert mum.post(f"/day/{day}/skip/2", {"action": "skip"}).status == 303
        got = receiver.wait_for(4)
        assert len(got) == 4, got
        assert docs.printed == [f"habit.done 📚 Read {day}", f"habit.done 📚 Swim {day}", f"habit.undone 📚 Swim {day}",
                                f"habit.skipped 📚 Swim {day}"], docs.printed
        # Each is the documented request: its path, its headers, a body of the documented shape.
        (documented,) = re.findall(r"```http\n(.*?)```", docs_section("Webhooks"), re.S)
        head, body = documented.split("\n\n", 1)
        request_line, *header_lines = head.split("\n")
        documented_headers = dict(line.split(": ", 1) for line in header_lines)
        documented_body = json.loads(body)
        for path, headers, raw in got:
            assert request_line == f"POST {path} HTTP/1.1"
            assert headers["Content-Type"] == documented_headers["Content-Type"]
            assert headers["X-Dawn-Event"] == json.loads(raw)["event"]
            assert headers["X-Dawn-Signature"].startswith("sha256=")
            assert headers["X-Dawn-Signature"] == "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()
            assert docs.verified(raw, headers["X-Dawn-Signature"])
            event = json.loads(raw)
            assert list(event) == list(documented_body) and list(event["habit"]) == list(documented_body["habit"])
            assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", event["at"]) and event["date"] == day
            assert raw == json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode(), "no spaces, UTF-8"
        assert json.loads(got[0][2])["habit"] == {"id": 1, "name": "Read", "emoji": "📚"}
        # The card says how the last call went.
        deadline = time.time() + 5
        while "delivered." not in mum.get("/settings").text and time.time() < deadline:
            time.sleep(0.05)
        assert re.search(r"Last sent [^<]*: delivered\.", mum.get("/settings").text)
        # A new secret: the old one no longer verifies the next call.
        mum.open("/settings")
        replaced = mum.post("/settings/webhook/secret", {})
        assert replaced.status == 200
        new_secret = SECRET.search(replaced.text).group(1)
        assert new_secret != secret
        mum.open(f"/day/{day}")
        assert mum.post(f"/day/{day}/skip/2", {"action": "unskip"}).status == 303
        got = receiver.wait_for(5)
        _, headers, raw = got[4]
        assert not docs.verified(raw, headers["X-Dawn-Signature"])
        assert documented_receiver(new_secret).verified(raw, headers["X-Dawn-Signature"])
    finally:
        receiver.close()
        save(mum, "")


def test_a_receiver_answering_500_is_called_again_until_it_takes_the_call(server, mum):
    answers = iter([500, 500, 204])

    class Flaky(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.send_response(next(answers, 204))
            self.send_header("Content-Length", "0")
            self.end_headers()

    receiver = Receiver(Flaky)
    try:
        add_habit(mum, "Stretch", [("schedule", "day")])
        assert save(mum, receiver.url + "/flaky").status in (200, 303)
        day = today_of(mum)
        mum.open(f"/day/{day}")
        assert mum.post(f"/day/{day}/check/3", {"action": "done"}).status == 303
        started = time.time()
        got = receiver.wait_for(3, timeout=15)
        assert len(got) == 3, got
        assert time.time() - started >= 0.5, "waited 200 ms, then 400 ms"
        assert len({raw for _, _, raw in got}) == 1 and len({h["X-Dawn-Signature"] for _, h, _ in got}) == 1, "the same call"
        assert json.loads(got[0][2])["event"] == "habit.done"
        assert json.loads(got[0][2])["habit"]["name"] == "Stretch"
        time.sleep(1)
        assert len(receiver.requests) == 3, "not again once taken"
    finally:
        receiver.close()
        save(mum, "")


@pytest.mark.parametrize("url, message", [
    ("http://127.0.0.1:8123/api/webhook/dawn", "Dawn calls webhooks on https:// addresses only."),
    ("https://127.0.0.1:8123/api/webhook/dawn", "Dawn does not call that address"),
    ("https://localhost/hook", "Dawn does not call that address"),
    ("https://192.168.1.20/hook", "Dawn does not call that address"),
    ("https://169.254.169.254/latest/meta-data/", "Dawn does not call that address"),
    ("https://[::1]/hook", "Dawn does not call that address"),
    ("https://0x7f000001/hook", "Dawn does not call that address"),
    ("hooks.example.org/dawn", "The webhook must be an https:// address with a host"),
    ("https://user:password@hooks.example.org/dawn", "The webhook must be an https:// address with a host"),
])
def test_a_bad_url_is_refused_beside_its_field_and_nothing_is_stored(fresh_dawn, url, message):
    dawn = fresh_dawn()
    mum = setup_admin(dawn)
    first = save(mum, "https://hooks.example.org/dawn")
    assert first.status == 200
    before = member_settings(dawn)
    assert ("notify_webhook_url", "https://hooks.example.org/dawn") in before
    r = save(mum, url)
    assert r.status == 400
    m = re.search(r'<input type="url" id="webhook_url" name="webhook_url" value="([^"]*)"[^>]*aria-invalid="true">'
                  r'.*?<p class="field-error" id="webhook_url-error">([^<]*)</p>', r.text, re.S)
    assert m, r.text[-3000:]
    assert html.unescape(m.group(1)) == url and html.unescape(m.group(2)).startswith(message)
    assert not SECRET.search(r.text)
    assert member_settings(dawn) == before, "nothing stored"
