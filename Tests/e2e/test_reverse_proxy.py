"""Dawn behind the reverse proxies of deploy/: the real nginx and Caddy, over HTTPS on loopback,
each run with a config made from the committed file (only addresses, ports and certificate
paths substituted, so its proxy directives are the ones tested), in front of the real dawn
binary started as deploy/dawn.service starts it (DAWN_TRUSTED_PROXIES=127.0.0.1).

Clients connect from other loopback addresses (127.0.0.2, .3, …), so the address the proxy
forwards differs from the proxy's own; Dawn's sign-in throttle (5 failures per client address)
shows which address Dawn believed."""
import os
import re
import shutil
import socket
import ssl
import subprocess
import time

import pytest

from conftest import ROOT, Browser, Dawn, Reader

SITE = "dawn.example.org"
WRONG = "not-the-password-1"
PASSWORD = "correct horse battery"


def committed(name):
    return open(os.path.join(ROOT, "deploy", name)).read()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def substitute(text, pairs):
    """Each `old` must occur exactly once: if the committed file changes shape, the test says so
    instead of quietly testing something else."""
    for old, new in pairs:
        assert text.count(old) == 1, f"expected {old!r} once in the committed file"
        text = text.replace(old, new)
    return text


class Endpoint:
    """What a `Browser` talks to: 127.0.0.1:port, from `source`, over TLS when `tls` is a context."""

    def __init__(self, port, source, tls=None, host_header=SITE):
        self.port, self.source, self.tls, self.host_header = port, source, tls, host_header

    def connect(self, timeout=5):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(timeout)
        s.bind((self.source, 0))
        s.connect(("127.0.0.1", self.port))
        return self.tls.wrap_socket(s, server_hostname=SITE) if self.tls else s


def wait_for_tls(port, context, process, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        assert process.poll() is None, "the proxy exited"
        try:
            with context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=2), server_hostname=SITE):
                return
        except (OSError, ssl.SSLError):
            time.sleep(0.1)
    raise RuntimeError(f"no TLS on port {port}")


class Proxy:
    def __init__(self, name, dawn, process, https_port, http_port, context, workdir):
        self.name, self.dawn, self.process = name, dawn, process
        self.https_port, self.http_port, self.context, self.workdir = https_port, http_port, context, workdir

    def client(self, source, headers=None):
        return Browser(Endpoint(self.https_port, source, self.context), headers=headers)

    def direct(self, source, headers=None):
        """A client talking to Dawn itself, bypassing the proxy."""
        return Browser(Endpoint(self.dawn.port, source, host_header="localhost"), headers=headers)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)
        assert self.dawn.stop() == 0, self.dawn.errors


def start_nginx(dawn, workdir, edit=lambda text: text):
    """nginx with the committed site file (after `edit`), on loopback ports, a self-signed certificate."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-days", "2", "-subj", f"/CN={SITE}", "-addext", f"subjectAltName=DNS:{SITE}",
                    "-keyout", f"{workdir}/key.pem", "-out", f"{workdir}/cert.pem"], check=True, capture_output=True)
    webroot = f"{workdir}/www"
    os.makedirs(f"{webroot}/.well-known/acme-challenge")
    open(f"{webroot}/.well-known/acme-challenge/token-1", "w").write("challenge answer")
    https_port, http_port = free_port(), free_port()
    site = substitute(edit(committed("nginx.conf")), [
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("    listen [::]:80;\n", ""),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;"),
        ("    listen [::]:443 ssl http2;\n", ""),
        ("/etc/letsencrypt/live/dawn.example.org/fullchain.pem", f"{workdir}/cert.pem"),
        ("/etc/letsencrypt/live/dawn.example.org/privkey.pem", f"{workdir}/key.pem"),
        ("root /var/www/html;", f"root {webroot};"),
        ("server 127.0.0.1:8080;", f"server 127.0.0.1:{dawn.port};"),
    ])
    assert all(a.startswith("127.0.0.1:") for a in re.findall(r"listen\s+([^;]+);", site)), site
    open(f"{workdir}/dawn.conf", "w").write(site)
    temp = "".join(f"{kind}_temp_path {workdir}/{kind};\n" for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
    # What Debian's /etc/nginx/nginx.conf would put around the site file, in a temp folder.
    open(f"{workdir}/nginx.conf", "w").write(
        ("user root;\n" if os.geteuid() == 0 else "") +
        f"daemon off;\nworker_processes 1;\npid {workdir}/nginx.pid;\nerror_log {workdir}/error.log info;\n"
        f"events {{ worker_connections 64; }}\n"
        f"http {{\naccess_log {workdir}/access.log;\n{temp}include {workdir}/dawn.conf;\n}}\n")
    check = subprocess.run([nginx, "-t", "-c", f"{workdir}/nginx.conf"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    process = subprocess.Popen([nginx, "-c", f"{workdir}/nginx.conf"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    context = ssl.create_default_context(cafile=f"{workdir}/cert.pem")
    wait_for_tls(https_port, context, process)
    return process, https_port, http_port, context


def start_caddy(dawn, workdir, edit=lambda text: text):
    """Caddy with the committed Caddyfile (after `edit`), on loopback ports, its own local CA."""
    https_port, http_port = free_port(), free_port()
    site = substitute(edit(committed("Caddyfile")), [
        (f"{SITE} {{\n", f"{SITE} {{\n\tbind 127.0.0.1\n"),
        ("reverse_proxy 127.0.0.1:8080", f"reverse_proxy 127.0.0.1:{dawn.port}"),
    ])
    # Certificates from Caddy's own local CA (no ACME), kept in the temp folder, never trusted system-wide.
    options = (f"{{\n\tadmin off\n\thttp_port {http_port}\n\thttps_port {https_port}\n\tlocal_certs\n"
               f"\tskip_install_trust\n\tstorage file_system {workdir}/storage\n}}\n\n")
    open(f"{workdir}/Caddyfile", "w").write(options + site)
    env = {**os.environ, "HOME": workdir, "XDG_DATA_HOME": f"{workdir}/data", "XDG_CONFIG_HOME": f"{workdir}/config"}
    check = subprocess.run(["caddy", "validate", "--config", f"{workdir}/Caddyfile", "--adapter", "caddyfile"],
                           capture_output=True, text=True, env=env)
    assert check.returncode == 0, check.stderr[-2000:]
    process = subprocess.Popen(["caddy", "run", "--config", f"{workdir}/Caddyfile", "--adapter", "caddyfile"],
                               env=env, stdout=subprocess.DEVNULL, stderr=open(f"{workdir}/caddy.log", "wb"))
    root = f"{workdir}/storage/pki/authorities/local/root.crt"
    deadline = time.time() + 20
    while not os.path.exists(root) and time.time() < deadline and process.poll() is None:
        time.sleep(0.1)
    context = ssl.create_default_context(cafile=root)
    wait_for_tls(https_port, context, process)
    return process, https_port, http_port, context


@pytest.fixture(scope="module", params=["nginx", "caddy"])
def proxy(request, tmp_path_factory):
    workdir = str(tmp_path_factory.mktemp(request.param))
    dawn = Dawn(env={"DAWN_TRUSTED_PROXIES": "127.0.0.1"})
    try:
        start = start_nginx if request.param == "nginx" else start_caddy
        process, https_port, http_port, context = start(dawn, workdir)
    except BaseException:
        dawn.stop()
        raise
    p = Proxy(request.param, dawn, process, https_port, http_port, context, workdir)
    try:
        # The family's set-up, through the proxy; the first test looks at its cookies.
        p.admin = p.client("127.0.0.2")
        p.setup_page = p.admin.open("/setup")
        p.setup_page_cookies = p.admin.last_set_cookies
        p.setup_result = p.admin.post("/setup", {"username": "mum", "display_name": "Mum", "password": PASSWORD,
                                                 "password_again": PASSWORD, "time_zone": "Europe/Rome"})
        p.setup_result_cookies = p.admin.last_set_cookies
        yield p
    finally:
        p.stop()


def sign_in(browser, username, password=WRONG):
    browser.open("/login")
    return browser.post("/login", {"username": username, "password": password})


def cookie(cookies, name):
    return next((c for c in cookies if c.startswith(name + "=")), "")


def test_over_https_through_the_proxy_cookies_are_secure(proxy):
    assert proxy.setup_page.status == 200
    assert "Secure" in cookie(proxy.setup_page_cookies, "dawn_csrf"), proxy.setup_page_cookies
    assert proxy.setup_page.header("Strict-Transport-Security") == "max-age=31536000"
    assert proxy.setup_result.status == 303, proxy.setup_result.text[:300]
    session = cookie(proxy.setup_result_cookies, "dawn_session")
    assert "Secure" in session and "HttpOnly" in session, proxy.setup_result_cookies
    assert proxy.admin.get("/").status == 200, "the session works through the proxy"
    member = proxy.client("127.0.0.2")
    r = sign_in(member, "mum", PASSWORD)
    assert r.status == 303 and "Secure" in member.cookie_header("dawn_session")
    # Dawn's gzip passes through untouched.
    r = proxy.admin.get("/", headers={"Accept-Encoding": "gzip"})
    assert r.status == 200 and r.header("Content-Encoding") == "gzip"


def test_the_client_address_is_forwarded_and_cannot_be_forged(proxy):
    client = proxy.client("127.0.0.3")
    for i in range(5):
        # Each time a different made-up address: the proxy replaces it with the real one.
        client.headers = {"X-Forwarded-For": f"10.0.0.{i}"}
        assert sign_in(client, f"ghost{i}").status == 400
    r = sign_in(client, "ghost5")
    assert r.status == 429, "127.0.0.3 is blocked after 5 failures, whatever X-Forwarded-For it sent"
    r = sign_in(proxy.client("127.0.0.4"), "ghost6")
    assert r.status == 400, "another client behind the same proxy is not blocked: Dawn sees client addresses"
    if proxy.name == "nginx":
        log = open(f"{proxy.workdir}/access.log").read()
        assert re.search(r"^127\.0\.0\.3 .*POST /login", log, re.M) and "10.0.0." not in log


def test_headers_sent_straight_to_dawn_are_not_believed(proxy):
    forged = {"X-Forwarded-Proto": "https"}
    b = proxy.direct("127.0.0.5", headers=forged)
    b.open("/login")
    assert "Secure" not in b.cookie_header("dawn_csrf"), "X-Forwarded-Proto from an untrusted peer is ignored"
    for i in range(5):
        b.headers = {"X-Forwarded-For": f"10.1.0.{i}"}
        assert sign_in(b, f"spook{i}").status == 400
    assert sign_in(b, "spook5").status == 429, "blocked as 127.0.0.5, not as the addresses it claimed"
    r = sign_in(proxy.direct("127.0.0.6", headers={"X-Forwarded-For": "127.0.0.5"}), "spook6")
    assert r.status == 400, "claiming to be the blocked 127.0.0.5 from 127.0.0.6 changes nothing"
    # Not vacuous: from the proxy's address the same header is believed.
    r = sign_in(proxy.direct("127.0.0.1", headers={"X-Forwarded-For": "127.0.0.5"}), "spook7")
    assert r.status == 429
    trusted = proxy.direct("127.0.0.1", headers=forged)
    trusted.open("/login")
    assert "Secure" in trusted.cookie_header("dawn_csrf")


def test_plain_http_goes_to_https(proxy):
    plain = Browser(Endpoint(proxy.http_port, "127.0.0.7"))
    r = plain.get("/day/2025-01-01?x=1")
    assert r.status in (301, 308), r
    assert re.fullmatch(rf"https://{re.escape(SITE)}(:{proxy.https_port})?/day/2025-01-01\?x=1", r.header("Location")), r
    assert not plain.last_set_cookies, "Dawn was not reached over plain HTTP"
    if proxy.name == "nginx":
        r = plain.get("/.well-known/acme-challenge/token-1")
        assert r.status == 200 and r.body == b"challenge answer"


def test_tls_is_required_and_checked(proxy):
    """The proxy's HTTPS port speaks only TLS, with the certificate for the site's name."""
    with socket.create_connection(("127.0.0.1", proxy.https_port), timeout=5) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: dawn.example.org\r\nConnection: close\r\n\r\n")
        try:
            reply = Reader(s).read()
            assert reply.status == 400, reply
        except (EOFError, ConnectionResetError):
            pass
    with pytest.raises(ssl.SSLError):  # nginx: a certificate for another name; Caddy: none at all
        with proxy.context.wrap_socket(socket.create_connection(("127.0.0.1", proxy.https_port), timeout=5),
                                       server_hostname="other.example.org"):
            pass


def test_a_photo_of_megabytes_passes_the_proxy(proxy):
    """The proxy leaves body limits to Dawn: a phone's photo of several megabytes arrives."""
    import io
    import secrets
    from PIL import Image
    from conftest import Reader
    image = Image.frombytes("RGB", (1800, 1400), os.urandom(1800 * 1400 * 3))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=95)
    photo = out.getvalue()
    assert len(photo) > 2_500_000, "past nginx's default and the old 2 MB limit"
    admin = proxy.admin
    day = "2026-03-10"
    admin.open(f"/day/{day}")
    boundary = "----dawn" + secrets.token_hex(8)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{admin.csrf}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"big.jpg\"\r\n"
            "Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    head = [f"POST /day/{day}/photos HTTP/1.1", f"Host: {SITE}", "Connection: close",
            "Cookie: " + "; ".join(f"{k}={v}" for k, v in admin.jar.items()),
            f"Content-Type: multipart/form-data; boundary={boundary}", f"Content-Length: {len(body)}"]
    with admin.server.connect(timeout=60) as s:
        s.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        r = Reader(s).read()
    assert r.status == 303, r.body[:300]
    assert "/photos/" in admin.get(f"/day/{day}").text
