"""Sign-in through a forward-auth service behind the real nginx and Caddy of deploy/, with
their commented "#| " Authelia lines switched on: the proxy asks a stand-in for Authelia on
127.0.0.1 (the identity comes in a test header where Authelia would read its own cookie),
sets Remote-User from its answer, and Dawn (DAWN_AUTH_HEADER=Remote-User) signs that member
in; a Remote-User a client sends itself never gets through."""
import http.server
import threading

import pytest

from conftest import Dawn
from test_reverse_proxy import Proxy, free_port, start_caddy, start_nginx

PASSWORD = "correct horse battery staple"


class Authelia(http.server.BaseHTTPRequestHandler):
    """Answers the proxy's check: 200 and Remote-User for a known identity, else 401."""

    def do_GET(self):
        identity = self.headers.get("X-Test-Identity")
        self.server.asked.append(self.path)
        if identity:
            self.send_response(200)
            self.send_header("Remote-User", identity)
        else:
            self.send_response(401)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_HEAD = do_POST = do_GET

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module", params=["nginx", "caddy"])
def proxy(request, tmp_path_factory):
    workdir = str(tmp_path_factory.mktemp(request.param + "-auth"))
    auth = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Authelia)
    auth.asked = []
    threading.Thread(target=auth.serve_forever, daemon=True).start()
    port = auth.server_address[1]

    def switch_on(text):
        assert "#| " in text
        return text.replace("#| ", "").replace("127.0.0.1:9091", f"127.0.0.1:{port}")

    dawn = Dawn(env={"DAWN_TRUSTED_PROXIES": "127.0.0.1", "DAWN_AUTH_HEADER": "Remote-User"})
    try:
        start = start_nginx if request.param == "nginx" else start_caddy
        process, https_port, http_port, context = start(dawn, workdir, edit=switch_on)
    except BaseException:
        dawn.stop()
        auth.shutdown()
        raise
    p = Proxy(request.param, dawn, process, https_port, http_port, context, workdir)
    p.auth = auth
    try:
        # The family's set-up, by its admin through the proxy (signed in to Authelia as "mum").
        admin = p.client("127.0.0.2", headers={"X-Test-Identity": "mum"})
        admin.open("/setup")
        r = admin.post("/setup", {"username": "mum", "display_name": "Mum", "password": PASSWORD,
                                  "password_again": PASSWORD, "time_zone": "Europe/Rome"})
        assert r.status == 303, r.text[:300]
        admin.open("/family")
        r = admin.post("/family/members", {"username": "kid", "display_name": "Kid", "password": PASSWORD,
                                           "password_again": PASSWORD})
        assert r.status == 303, r.text[:300]
        yield p
    finally:
        p.stop()
        auth.shutdown()


def test_the_member_authelia_names_is_signed_in(proxy):
    kid = proxy.client("127.0.0.3", headers={"X-Test-Identity": "kid"})
    r = kid.get("/")
    assert r.status == 303 and "Secure" in kid.cookie_header("dawn_session")
    page = kid.open("/")
    assert page.status == 200 and "Kid" in page.text
    assert proxy.auth.asked, "the proxy asked the forward-auth service"


def test_a_remote_user_sent_by_the_client_never_gets_through(proxy):
    sneaky = proxy.client("127.0.0.4", headers={"X-Test-Identity": "kid", "Remote-User": "mum"})
    assert sneaky.get("/").status == 303
    assert "Kid" in sneaky.get("/").text and "Mum</" not in sneaky.get("/").text
    # Without an identity the proxy refuses before Dawn, whatever Remote-User says.
    nobody = proxy.client("127.0.0.5", headers={"Remote-User": "mum"})
    r = nobody.get("/")
    assert r.status in (302, 401) and "dawn_session" not in nobody.jar
    if proxy.name == "nginx":
        assert r.header("Location").startswith("https://auth.example.org/?rd=https://")


def test_someone_dawn_does_not_know_is_asked_to_see_the_admin(proxy):
    stranger = proxy.client("127.0.0.6", headers={"X-Test-Identity": "grandpa"})
    r = stranger.get("/")
    assert r.status == 403 and "Ask your family" in r.text
    assert "dawn_session" not in stranger.jar
