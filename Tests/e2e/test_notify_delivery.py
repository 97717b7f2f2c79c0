"""Where reminders go, end to end against the real binary: a member's Web Push
subscription, ntfy topic and email address set in settings, and the "send a test" button
reaching all three real receivers on 127.0.0.1 — a push endpoint that checks the VAPID
signature against /notifications/vapid-public-key and decrypts the aes128gcm body with
Python's http-ece, an ntfy-like receiver, and an SMTP server (aiosmtpd). A receiver
answering 500 is tried again, a 410 removes the subscription, a hanging receiver never holds
up the others, and every bad target is refused with nothing stored: addresses in the house
and the cloud in any spelling (and a name resolving to loopback, when connecting), the
token never shown again, the test button throttled."""
import base64
import email
import email.policy
import http.server
import json
import os
import socket
import sqlite3
import threading
import time

import pytest

from conftest import Browser, Reader
from test_accounts import setup_admin

http_ece = pytest.importorskip("http_ece")
aiosmtpd_controller = pytest.importorskip("aiosmtpd.controller")
from cryptography.hazmat.primitives import hashes, serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec, utils  # noqa: E402


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Receivers:
    """One HTTP server on 127.0.0.1 playing push service and ntfy. Paths pick the behaviour:
    /push/ok, /push/gone (410), /ntfy/ok, /ntfy/fail2 (500 twice, then 200), /ntfy/hang."""

    def __init__(self):
        self.requests = []
        self.lock = threading.Lock()
        self.fail_counts = {}
        receivers = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receivers.lock:
                    receivers.requests.append((self.path, dict(self.headers.items()), body, time.time()))
                    seen = receivers.fail_counts.get(self.path, 0)
                    receivers.fail_counts[self.path] = seen + 1
                if self.path.endswith("/hang"):
                    time.sleep(30)
                    return
                status = 201
                if self.path.endswith("/gone"):
                    status = 410
                elif self.path.endswith("/fail2") and seen < 2:
                    status = 500
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def to(self, path):
        with self.lock:
            return [r for r in self.requests if r[0] == path]

    def wait_for(self, path, count=1, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if len(self.to(path)) >= count:
                return self.to(path)
            time.sleep(0.05)
        return self.to(path)

    def close(self):
        self.server.shutdown()


class Mailbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(envelope)
        return "250 OK"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def receivers():
    r = Receivers()
    yield r
    r.close()


@pytest.fixture
def mailbox():
    box = Mailbox()
    controller = aiosmtpd_controller.Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port
    yield box
    controller.stop()


def start(fresh_dawn, mailbox=None, loopback=True, retry_ms="200", private=False):
    env = {"DAWN_NOTIFY_RETRY_BASE_MS": retry_ms}
    if loopback:
        env["DAWN_NOTIFY_ALLOW_LOOPBACK"] = "1"
    if private:
        env["DAWN_NOTIFY_ALLOW_PRIVATE"] = "1"
    if mailbox:
        env.update({"DAWN_SMTP_URL": f"smtp://127.0.0.1:{mailbox.port}", "DAWN_SMTP_FROM": "dawn@example.org"})
    dawn = fresh_dawn(env=env)
    return dawn, setup_admin(dawn)


class Device:
    """A browser's push subscription: its own P-256 key pair and auth secret."""

    def __init__(self, endpoint):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint
        point = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.json = {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def decrypt(self, body):
        return http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")


def post_json(browser, path, payload, csrf=True):
    body = json.dumps(payload).encode() if not isinstance(payload, bytes) else payload
    lines = [f"POST {path} HTTP/1.1", "Host: localhost", "Connection: close",
             "Cookie: " + "; ".join(f"{k}={v}" for k, v in browser.jar.items()),
             "Content-Type: application/json", f"Content-Length: {len(body)}"]
    if csrf:
        lines.append(f"X-CSRF-Token: {browser.csrf}")
    with browser.server.connect(timeout=20) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        r = Reader(s).read()
    r.text = r.body.decode("utf-8", "replace")
    return r


def subscribe(browser, device):
    browser.open("/settings")
    return post_json(browser, "/notifications/push", device.json)


def set_targets(browser, ntfy_url="", token="", address=""):
    browser.open("/settings")
    return browser.post("/settings/notify", {"ntfy_url": ntfy_url, "ntfy_token": token, "email": address})


def press_test(browser):
    browser.open("/settings")
    return browser.post("/notifications/test", {})


def member_db(dawn):
    return os.path.join(dawn.data, "users", "1.sqlite")


def stored(dawn):
    con = sqlite3.connect(member_db(dawn))
    try:
        return (con.execute("SELECT key, value FROM member_settings WHERE key LIKE 'notify_%' ORDER BY key").fetchall(),
                con.execute("SELECT endpoint, p256dh, auth FROM push_subscriptions ORDER BY id").fetchall())
    finally:
        con.close()


def check_vapid(headers, endpoint_origin, public_key_b64):
    """The Authorization header is `vapid t=<JWT>, k=<key>`: k is the instance's key, the
    JWT's ES256 signature verifies with it, its audience is the endpoint's origin."""
    auth = headers["Authorization"]
    assert auth.startswith("vapid t=")
    token_part, key_part = auth[len("vapid "):].split(", ")
    token, key = token_part[2:], key_part[2:]
    assert key == public_key_b64
    head, claims, signature = token.split(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    raw = unb64url(signature)
    der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    decoded = json.loads(unb64url(claims))
    assert decoded["aud"] == endpoint_origin
    assert time.time() < decoded["exp"] <= time.time() + 24 * 3600
    assert decoded["sub"].startswith("mailto:")


def test_vapid_public_key_is_one_p256_point_kept_across_restarts(fresh_dawn):
    dawn, admin = start(fresh_dawn)
    r = admin.get("/notifications/vapid-public-key")
    assert r.status == 200
    key = unb64url(r.text.strip())
    assert len(key) == 65 and key[0] == 4
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), key)  # on the curve
    assert Browser(dawn).get("/notifications/vapid-public-key").status == 303  # signed out: to sign-in
    assert dawn.stop() == 0
    again = fresh_dawn(env={"DAWN_NOTIFY_ALLOW_LOOPBACK": "1"}, data=dawn.data)
    from test_accounts import ADMIN_PASSWORD, sign_in
    b, _ = sign_in(again, "mum", ADMIN_PASSWORD)
    assert b.get("/notifications/vapid-public-key").text == r.text


def test_the_test_button_reaches_push_ntfy_and_email(fresh_dawn, receivers, mailbox):
    dawn, admin = start(fresh_dawn, mailbox)
    device = Device(receivers.url("/push/ok"))
    r = subscribe(admin, device)
    assert r.status == 201, r.text
    r = set_targets(admin, receivers.url("/ntfy/ok"), "tk_secret123", "kid@example.org")
    assert r.status == 303 and r.header("Location") == "/settings?done=notify_saved#notify", r.text[:300]
    public_key = admin.get("/notifications/vapid-public-key").text

    r = press_test(admin)
    assert r.status == 303 and r.header("Location") == "/settings?done=notify_tested#notify"

    [(_, headers, body, _)] = receivers.wait_for("/push/ok")
    assert headers["Content-Encoding"] == "aes128gcm"
    assert headers["TTL"] == "3600" and headers["Urgency"] == "normal"
    check_vapid(headers, f"http://127.0.0.1:{receivers.port}", public_key)
    payload = json.loads(device.decrypt(body))
    assert payload["title"] == "Dawn: a test" and payload["body"] == "Your reminders will arrive here."

    [(_, headers, body, _)] = receivers.wait_for("/ntfy/ok")
    assert body.decode() == "Your reminders will arrive here."
    assert headers["Authorization"] == "Bearer tk_secret123"
    assert str(email.header.make_header(email.header.decode_header(headers["Title"]))) == "Dawn: a test"

    deadline = time.time() + 10
    while not mailbox.messages and time.time() < deadline:
        time.sleep(0.05)
    [envelope] = mailbox.messages
    assert envelope.mail_from == "dawn@example.org" and envelope.rcpt_tos == ["kid@example.org"]
    message = email.message_from_bytes(envelope.content, policy=email.policy.default)
    assert message["Subject"] == "Dawn: a test" and message["To"].addresses[0].addr_spec == "kid@example.org"
    assert message["Message-ID"] and message["Date"]
    assert message.get_content().strip() == "Your reminders will arrive here."

    page = admin.get("/settings").text
    assert page.count("delivered.") == 3, page
    # The token reached the receiver, never the page (nor the browser's cache of it).
    assert "tk_secret123" not in page and "A token is set." in page


def test_utf8_subject_in_the_members_language(fresh_dawn, receivers, mailbox):
    dawn, admin = start(fresh_dawn, mailbox)
    admin.open("/settings")
    admin.post("/settings", {"language": "fr", "time_zone": "Europe/Rome", "first_weekday": "monday",
                             "day_start_hour": "0", "view": "row", "theme": "system"})
    set_targets(admin, address="enfant@example.org")
    press_test(admin)
    deadline = time.time() + 10
    while not mailbox.messages and time.time() < deadline:
        time.sleep(0.05)
    message = email.message_from_bytes(mailbox.messages[0].content, policy=email.policy.default)
    assert message["Subject"] == "Dawn\u00a0: un test"
    assert "=?UTF-8?B?" in mailbox.messages[0].content.decode()  # an encoded-word, not raw UTF-8
    assert message.get_content().strip() == "Vos rappels arriveront ici."


def test_a_receiver_answering_500_is_tried_again_until_it_takes_it(fresh_dawn, receivers):
    dawn, admin = start(fresh_dawn, retry_ms="200")
    set_targets(admin, receivers.url("/ntfy/fail2"))
    press_test(admin)
    tries = receivers.wait_for("/ntfy/fail2", count=3, timeout=15)
    assert len(tries) == 3
    # Back-off: the second wait is longer than the first (base 200 ms, then 400 ms).
    gaps = [tries[i + 1][3] - tries[i][3] for i in range(2)]
    assert gaps[0] >= 0.18 and gaps[1] >= 0.38 and gaps[1] > gaps[0], gaps
    deadline = time.time() + 5
    while "delivered." not in admin.get("/settings").text and time.time() < deadline:
        time.sleep(0.1)
    assert "delivered." in admin.get("/settings").text
    time.sleep(1)
    assert len(receivers.to("/ntfy/fail2")) == 3  # no more once it took it


def test_a_410_removes_the_subscription(fresh_dawn, receivers):
    dawn, admin = start(fresh_dawn)
    assert subscribe(admin, Device(receivers.url("/push/gone"))).status == 201
    assert subscribe(admin, Device(receivers.url("/push/ok"))).status == 201
    assert len(stored(dawn)[1]) == 2
    press_test(admin)
    assert len(receivers.wait_for("/push/gone")) == 1
    deadline = time.time() + 5
    while len(stored(dawn)[1]) != 1 and time.time() < deadline:
        time.sleep(0.05)
    assert [row[0] for row in stored(dawn)[1]] == [receivers.url("/push/ok")]
    time.sleep(0.8)
    assert len(receivers.to("/push/gone")) == 1  # never tried again


def test_a_hanging_receiver_never_holds_up_the_others(fresh_dawn, receivers, mailbox):
    dawn, admin = start(fresh_dawn, mailbox)
    device = Device(receivers.url("/push/ok"))
    subscribe(admin, device)
    set_targets(admin, receivers.url("/ntfy/hang"), "", "kid@example.org")
    admin.open("/settings")
    started = time.time()
    pressed = {}
    thread = threading.Thread(target=lambda: pressed.setdefault("r", admin.post("/notifications/test", {})))
    thread.start()
    assert len(receivers.wait_for("/ntfy/hang", timeout=5)) == 1
    assert len(receivers.wait_for("/push/ok", timeout=5)) == 1
    while not mailbox.messages and time.time() - started < 5:
        time.sleep(0.05)
    assert mailbox.messages, "the email waited for the hanging ntfy"
    assert time.time() - started < 5 and thread.is_alive()  # the push and the email came while ntfy still hangs
    # Other members and pages go on meanwhile.
    assert Browser(dawn).get("/healthz").status == 200
    thread.join(30)
    assert pressed["r"].status == 303
    assert "failed (" in admin.get("/settings").text  # the ntfy's timeout, shown beside it


def test_bad_targets_are_refused_with_nothing_stored(fresh_dawn, receivers):
    dawn, admin = start(fresh_dawn)
    set_targets(admin, receivers.url("/ntfy/ok"), "", "kid@example.org")
    subscribe(admin, Device(receivers.url("/push/ok")))
    before = stored(dawn)

    for fields, message in [
        ({"ntfy_url": "ftp://ntfy.example.org/topic"}, "must be an http:// or https:// address"),
        ({"ntfy_url": "https://user:pw@ntfy.example.org/topic"}, "must be an http:// or https:// address"),
        ({"ntfy_url": "https://ntfy.example.org/topic", "ntfy_token": "two words"}, "only letters, digits and punctuation"),
        ({"email": "not an email"}, "not an email address Dawn can send to"),
        ({"email": "kid@example.org\r\nBcc: x@example.org"}, "not an email address Dawn can send to"),
    ]:
        admin.open("/settings")
        r = admin.post("/settings/notify", {"ntfy_url": "", "ntfy_token": "", "email": "", **fields})
        assert r.status == 400 and message in r.text, (fields, r.text[:300])
        assert stored(dawn) == before

    device = Device(receivers.url("/push/ok"))
    short = dict(device.json, keys={"p256dh": device.json["keys"]["p256dh"], "auth": b64url(os.urandom(8))})
    r = post_json(admin, "/notifications/push", short)
    assert r.status == 400 and "wrong length" in json.loads(r.text)["message"]
    bad_point = dict(device.json, keys={"p256dh": b64url(b"\x04" + os.urandom(32)), "auth": device.json["keys"]["auth"]})
    assert post_json(admin, "/notifications/push", bad_point).status == 400
    assert post_json(admin, "/notifications/push", b"{not json").status == 400
    r = post_json(admin, "/notifications/push", device.json, csrf=False)
    assert r.status == 403
    assert stored(dawn) == before


def test_without_loopback_allowed_push_must_be_public_https(fresh_dawn):
    dawn, admin = start(fresh_dawn, loopback=False)
    admin.open("/settings")
    before = stored(dawn)
    for endpoint in ["http://push.example.com/abc", "https://127.0.0.1/push", "https://[::1]/push",
                     "https://10.0.0.8/push", "https://192.168.1.2/push", "https://localhost/push",
                     "https://169.254.169.254/latest"]:
        r = post_json(admin, "/notifications/push", Device(endpoint).json)
        assert r.status == 400 and "https:// on a public host" in json.loads(r.text)["message"], endpoint
    for url in ["http://127.0.0.1:8080/topic", "http://localhost/topic"]:
        admin.open("/settings")
        r = admin.post("/settings/notify", {"ntfy_url": url, "ntfy_token": "", "email": ""})
        assert r.status == 400, url
    assert stored(dawn) == before
    # A public https endpoint is fine; a LAN ntfy only once the operator allows it.
    assert post_json(admin, "/notifications/push", Device("https://push.example.com/abc").json).status == 201
    admin.open("/settings")
    r = admin.post("/settings/notify", {"ntfy_url": "http://192.168.1.20/family", "ntfy_token": "", "email": ""})
    assert r.status == 400 and "Dawn does not send reminders to that address" in r.text
    assert stored(dawn)[0] == []


def loopback_name():
    """A name other than localhost that /etc/hosts maps to loopback only (the host's own
    name, often), or None: a target the save-time check cannot see through."""
    try:
        with open("/etc/hosts") as hosts:
            lines = [line.split("#")[0].split() for line in hosts]
    except OSError:
        return None
    for fields in lines:
        for name in fields[1:]:
            if name == "localhost" or name.endswith(".localhost") or "." in name and name.split(".")[-1].isdigit():
                continue
            try:
                addresses = {info[4][0] for info in socket.getaddrinfo(name, 80, proto=socket.IPPROTO_TCP)}
            except OSError:
                continue
            if addresses and addresses <= {"127.0.0.1", "::1"}:
                return name
    return None


def test_allow_private_opens_the_lan_never_link_local_and_names_are_checked_when_connecting(fresh_dawn, receivers):
    """DAWN_NOTIFY_ALLOW_PRIVATE=1: a LAN ntfy is saved; link-local, metadata and loopback
    addresses in any spelling are still refused with nothing stored; and a name that passes
    the save (it is only a name) but resolves to loopback is refused just before libcurl
    connects: the receiver on 127.0.0.1 never hears of it."""
    dawn, admin = start(fresh_dawn, loopback=False, private=True)
    assert set_targets(admin, "http://192.168.1.20/family").status == 303
    assert stored(dawn)[0] == [("notify_ntfy_url", "http://192.168.1.20/family")]
    before = stored(dawn)
    for url in ["http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://[::ffff:169.254.169.254]/",
                "http://[fd00:ec2::254]/", "http://100.100.100.200/", "http://0x7f000001/", "http://127.1/",
                "http://2130706433/", "http://0177.0.0.1/", "http://224.0.0.1/", receivers.url("/ntfy/ok")]:
        r = set_targets(admin, url, "tk_x")
        assert r.status == 400 and "Dawn does not send reminders to that address" in r.text, url
        assert "tk_x" not in r.text
        assert stored(dawn) == before, url
    r = post_json(admin, "/notifications/push", Device("https://169.254.169.254/push").json)
    assert r.status == 400 and stored(dawn) == before

    name = loopback_name()
    if name is None:
        pytest.skip("no name other than localhost resolves to loopback here")
    url = f"http://{name}:{receivers.port}/ntfy/ok"
    assert set_targets(admin, url).status == 303
    assert press_test(admin).status == 303
    deadline = time.time() + 10
    page = admin.get("/settings").text
    while "address refused" not in page and time.time() < deadline:
        time.sleep(0.1)
        page = admin.get("/settings").text
    assert "failed (address refused: 127.0.0.1)" in page or "failed (address refused: 0:0:0:0:0:0:0:1)" in page, page
    assert receivers.to("/ntfy/ok") == []


def test_export_writes_settings_notify_exactly_and_no_push_subscription(fresh_dawn, receivers):
    dawn, admin = start(fresh_dawn)
    exported = json.loads(admin.get("/export/dawn.json").body)
    assert exported["settings"]["notify"] == {"ntfy": None, "email": None}
    subscribe(admin, Device(receivers.url("/push/ok")))
    set_targets(admin, "https://ntfy.example.org/kid-topic", "", "kid@example.org")
    exported = json.loads(admin.get("/export/dawn.json").body)
    assert exported["settings"]["notify"] == {"ntfy": {"url": "https://ntfy.example.org/kid-topic", "token": None},
                                              "email": "kid@example.org"}
    assert receivers.url("/push/ok") not in admin.get("/export/dawn.json").text
    set_targets(admin, "https://ntfy.example.org/kid-topic", "tk_abc", "")
    exported = json.loads(admin.get("/export/dawn.json").body)
    assert exported["settings"]["notify"] == {"ntfy": {"url": "https://ntfy.example.org/kid-topic", "token": "tk_abc"},
                                              "email": None}


def test_import_reads_settings_notify_back_and_refuses_bad_targets(fresh_dawn, receivers):
    from test_import import do_import
    dawn, admin = start(fresh_dawn, loopback=False)
    subscribe(admin, Device("https://push.example.com/abc"))
    set_targets(admin, "https://ntfy.example.org/kid-topic", "tk_abc", "kid@example.org")
    exported = json.loads(admin.get("/export/dawn.json").body)
    set_targets(admin)  # cleared
    assert stored(dawn)[0] == []

    admin.open("/account")
    r = do_import(admin, json.dumps(exported).encode(), mode="merge")
    assert r.status == 303, r.text[:300]
    assert stored(dawn)[0] == [("notify_email", "kid@example.org"), ("notify_ntfy_token", "tk_abc"),
                               ("notify_ntfy_url", "https://ntfy.example.org/kid-topic")]
    assert len(stored(dawn)[1]) == 1  # the browser's subscription untouched

    before = stored(dawn)
    for notify, message in [({"ntfy": {"url": "ftp://x.example.org/t", "token": None}, "email": None}, "http:// or https://"),
                            ({"ntfy": {"url": "http://127.0.0.1/t", "token": None}, "email": None}, "does not send reminders to that address"),
                            ({"ntfy": {"url": "http://169.254.169.254/latest/meta-data/", "token": "tk_x"}, "email": None},
                             "does not send reminders to that address"),
                            ({"ntfy": {"url": "http://0x7f000001/t", "token": None}, "email": None}, "does not send reminders to that address"),
                            ({"ntfy": {"url": "http://192.168.1.20/t", "token": None}, "email": None}, "does not send reminders to that address"),
                            ({"ntfy": None, "email": "nobody"}, "not an email address")]:
        bad = dict(exported, settings=dict(exported["settings"], notify=notify))
        admin.open("/account")
        r = do_import(admin, json.dumps(bad).encode(), mode="merge")
        assert r.status == 400 and "settings.notify" in r.text and message in r.text, r.text[:400]
        assert stored(dawn) == before


def test_a_habits_reminder_reaches_every_target_when_it_comes_due(fresh_dawn, receivers, mailbox):
    """The whole path: the habit form's reminder time, the scheduler, the delivery queue, a
    push endpoint (VAPID checked, body decrypted) and an ntfy topic, within 60 s, once."""
    from test_reminders import add, next_minute
    dawn, admin = start(fresh_dawn, mailbox)
    device = Device(receivers.url("/push/ok"))
    assert subscribe(admin, device).status == 201
    assert set_targets(admin, receivers.url("/ntfy/ok"), "", "kid@example.org").status == 303
    public_key = admin.get("/notifications/vapid-public-key").text
    due, hhmm = next_minute(15)
    assert add(admin, "Read", hhmm).status == 303

    [(_, headers, body, arrived)] = receivers.wait_for("/push/ok", timeout=due - time.time() + 60)
    assert due - 1 <= arrived <= due + 60
    check_vapid(headers, f"http://127.0.0.1:{receivers.port}", public_key)
    payload = json.loads(device.decrypt(body))
    assert (payload["title"], payload["body"]) == ("📚 Read", f"Time for Read ({hhmm})")
    [(_, _, body, _)] = receivers.wait_for("/ntfy/ok")
    assert body.decode() == f"Time for Read ({hhmm})"
    deadline = time.time() + 10
    while not mailbox.messages and time.time() < deadline:
        time.sleep(0.05)
    [envelope] = mailbox.messages
    assert email.message_from_bytes(envelope.content, policy=email.policy.default)["Subject"] == "📚 Read"
    time.sleep(3)
    assert len(receivers.to("/push/ok")) == len(receivers.to("/ntfy/ok")) == 1, "once"


def test_the_test_button_is_throttled_per_member(fresh_dawn, receivers):
    """Five presses in ten minutes, then a 429 page with Retry-After; each press that went
    through reached the target, the refused one did not."""
    dawn, admin = start(fresh_dawn)
    set_targets(admin, receivers.url("/ntfy/ok"))
    for press in range(5):
        assert press_test(admin).status == 303, press
    receivers.wait_for("/ntfy/ok", count=5)
    r = press_test(admin)
    assert r.status == 429 and "You sent 5 tests in the last 10 minutes" in r.text, r.text[:300]
    assert 1 <= int(r.header("Retry-After")) <= 600
    time.sleep(0.5)
    assert len(receivers.to("/ntfy/ok")) == 5


def curl_is_mapped(dawn):
    with open(f"/proc/{dawn.process.pid}/maps") as maps:
        return "libcurl" in maps.read()


def test_libcurl_is_opened_only_when_something_is_sent(fresh_dawn, receivers):
    # A server that never sends a reminder never maps libcurl (nor its thirty libraries);
    # the first transfer opens it, and delivers.
    dawn, admin = start(fresh_dawn)
    r = set_targets(admin, receivers.url("/ntfy/ok"))
    assert r.status == 303, r.text[:300]
    admin.get("/settings")
    assert not curl_is_mapped(dawn), "libcurl was opened before anything was sent"
    assert press_test(admin).status == 303
    [(_, _, body, _)] = receivers.wait_for("/ntfy/ok")
    assert body.decode() == "Your reminders will arrive here."
    assert curl_is_mapped(dawn)
