"""A member's email address on /account against the real binary and a real SMTP server
(aiosmtpd on 127.0.0.1): the confirmation mail arrives with a one-time link, opening the link
only asks, its form verifies the address, and the link is spent; `dawn user email` vouches for
an address where no mail can be sent; a trusted proxy's header holding a verified address signs
its member in, while an unverified or unknown one gets the "ask your admin" page."""
import email
import os
import re
import socket
import sqlite3

import pytest

from conftest import Browser, Dawn
from test_accounts import MEMBER_PASSWORD, add_member, run_cli, setup_admin, sign_in

aiosmtpd_controller = pytest.importorskip("aiosmtpd.controller")


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
def mailbox():
    box = Mailbox()
    controller = aiosmtpd_controller.Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port
    yield box
    controller.stop()


def emails(dawn):
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        return sorted(con.execute("SELECT m.username, e.address, e.verified_at IS NOT NULL, e.token_hash IS NOT NULL "
                                  "FROM member_emails e JOIN members m ON m.id = e.member_id"))
    finally:
        con.close()


def link_in(envelope):
    message = email.message_from_bytes(envelope.content)
    body = message.get_payload(decode=True).decode("utf-8")
    m = re.search(r"http://localhost(/account/email/confirm/[A-Za-z0-9_-]{43})", body)
    assert m, body
    return message, body, m.group(1)


def test_the_mailed_link_confirms_the_address_once(fresh_dawn, mailbox):
    dawn = fresh_dawn(env={"DAWN_NOTIFY_ALLOW_LOOPBACK": "1", "DAWN_SMTP_URL": f"smtp://127.0.0.1:{mailbox.port}",
                           "DAWN_SMTP_FROM": "dawn@example.org", "DAWN_ACCESS_LOG": "1"})
    mum = setup_admin(dawn)
    page = mum.open("/account")
    assert 'name="email" type="email"' in page.text
    r = mum.post("/account/email", {"email": " Mum@Example.ORG "})
    assert r.status == 303 and r.header("Location") == "/account?done=email-sent#email", r.text[:400]
    assert len(mailbox.messages) == 1
    envelope = mailbox.messages[0]
    assert envelope.mail_from == "dawn@example.org" and envelope.rcpt_tos == ["Mum@example.org"]
    message, body, link = link_in(envelope)
    assert message["Subject"] and "Hello Mum," in body
    assert emails(dawn) == [("mum", "Mum@example.org", 0, 1)]
    # Opening the link shows the question and verifies nothing.
    question = mum.open(link)
    assert question.status == 200 and "Confirm Mum@example.org as your email address on Dawn?" in question.text
    assert emails(dawn) == [("mum", "Mum@example.org", 0, 1)]
    r = mum.post(link, {})
    assert r.status == 303 and r.header("Location") == "/account?done=email-verified#email"
    assert emails(dawn) == [("mum", "Mum@example.org", 1, 0)]
    assert "Mum@example.org is verified." in mum.get("/account").text
    # Spent: the same link again changes nothing.
    again = mum.post(link, {})
    assert again.status == 400 and "This confirmation link does not work" in again.text
    assert emails(dawn) == [("mum", "Mum@example.org", 1, 0)]
    # The link's secret never reaches the access log.
    assert dawn.wait_for_log(r"/account/email/confirm/"), dawn.lines[-5:]
    assert not any(link[len("/account/email/confirm/"):] in line for line in dawn.lines), "the token is logged"


def test_without_a_relay_the_operator_vouches_for_an_address(fresh_dawn):
    dawn = fresh_dawn()
    mum = setup_admin(dawn)
    assert add_member(mum, "kid", "Kid").status == 303
    assert "This Dawn cannot send mail" in mum.get("/account").text
    mum.open("/account")
    assert mum.post("/account/email", {"email": "mum@example.org"}).status == 409
    assert emails(dawn) == []
    r = run_cli(["email", "kid", "Kid@Example.org"], dawn.data)
    assert r.returncode == 0 and r.stdout.decode() == "Kid@example.org is now the verified email address of kid\n", r.stderr
    assert emails(dawn) == [("kid", "Kid@example.org", 1, 0)]
    r = run_cli(["email", "mum", "KID@example.org"], dawn.data)
    assert r.returncode == 1 and "another member has verified KID@example.org already" in r.stderr.decode()
    r = run_cli(["email", "mum", "not an address"], dawn.data)
    assert r.returncode == 2 and "is not an email address" in r.stderr.decode()
    assert emails(dawn) == [("kid", "Kid@example.org", 1, 0)]
    kid, r = sign_in(dawn, "kid", MEMBER_PASSWORD)
    assert "Kid@example.org is verified." in kid.get("/account").text
    r = run_cli(["email", "kid", "--remove"], dawn.data)
    assert r.returncode == 0 and r.stdout.decode() == "removed the email address of kid\n"
    assert emails(dawn) == []
