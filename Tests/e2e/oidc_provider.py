"""A small OpenID provider for the end-to-end tests, on 127.0.0.1 (plain HTTP, or HTTPS with a
certificate of its own): discovery, an authorization endpoint that signs the test's chosen user
in at once, a token endpoint that checks the client's secret (Basic or form), the code (once),
the redirect URI and the PKCE verifier, and a key set. ID tokens are signed with RS256 or ES256
by Python's `cryptography`. A test makes it misbehave (`misbehave`) to check that Dawn refuses
what it must, and rotates its keys (`rotate`)."""
import base64
import datetime
import hashlib
import http.server
import ipaddress
import json
import os
import secrets
import ssl
import tempfile
import threading
import time
import urllib.parse

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa, utils
from cryptography.x509.oid import NameOID


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def rsa_jwk(key, kid):
    n = key.public_key().public_numbers()
    return {"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
            "n": b64(n.n.to_bytes((n.n.bit_length() + 7) // 8, "big")), "e": b64(n.e.to_bytes(3, "big"))}


def ec_jwk(key, kid):
    n = key.public_key().public_numbers()
    return {"kty": "EC", "kid": kid, "use": "sig", "crv": "P-256", "x": b64(n.x.to_bytes(32, "big")), "y": b64(n.y.to_bytes(32, "big"))}


def self_signed_certificate(folder):
    """A certificate for 127.0.0.1 and localhost, and its key, as PEM files in `folder`."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Test provider")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = os.path.join(folder, "provider.crt"), os.path.join(folder, "provider.key")
    with open(cert_path, "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(key_path, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return cert_path, key_path


class Provider:
    """One provider. `user` is who the authorization endpoint signs in; `misbehave` changes the
    next ID tokens: wrong_nonce, expired, other_key (signed by a key it does not publish, under a
    published kid), unknown_kid, alg_none, aud_other, es256 (a good ES256 token), deny (the
    authorization answers access_denied)."""

    def __init__(self, client_id="dawn", client_secret="Dawn-client-secret-0123456789",
                 path="/application/o/dawn/", auth_methods=("client_secret_basic", "client_secret_post"), tls=False):
        self.client_id, self.client_secret, self.auth_methods = client_id, client_secret, list(auth_methods)
        self.path = path
        self.rsa, self.kid = rsa.generate_private_key(public_exponent=65537, key_size=2048), "rsa-1"
        self.ec = ec.generate_private_key(ec.SECP256R1())
        self.published = [rsa_jwk(self.rsa, self.kid), ec_jwk(self.ec, "ec-1")]
        self.user = {"sub": "nobody"}
        self.misbehave = None
        self.codes = {}
        self.log = []
        self.client_auth_seen = []
        self.lock = threading.Lock()
        self.folder = tempfile.mkdtemp(prefix="dawn-oidc-")
        provider = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                provider.answer(self, "GET")

            def do_POST(self):
                provider.answer(self, "POST")

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.scheme = "http"
        if tls:
            self.certificate, key = self_signed_certificate(self.folder)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.certificate, key)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            self.scheme = "https"
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def base(self):
        return f"{self.scheme}://127.0.0.1:{self.port}"

    @property
    def issuer(self):
        return self.base + self.path

    def count(self, path):
        with self.lock:
            return sum(1 for method, p in self.log if p == path)

    def rotate(self):
        """A new RSA key under a new kid, published in place of the old one, signs from now on."""
        self.rsa, self.kid = rsa.generate_private_key(public_exponent=65537, key_size=2048), "rsa-2"
        self.published = [rsa_jwk(self.rsa, self.kid), ec_jwk(self.ec, "ec-1")]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    # The endpoints.

    def answer(self, handler, method):
        url = urllib.parse.urlsplit(handler.path)
        with self.lock:
            self.log.append((method, url.path))
        query = dict(urllib.parse.parse_qsl(url.query))
        if method == "GET" and url.path == self.path.rstrip("/") + "/.well-known/openid-configuration":
            return self.json(handler, 200, {
                "issuer": self.issuer,
                "authorization_endpoint": self.base + "/authorize",
                "token_endpoint": self.base + "/token",
                "jwks_uri": self.base + "/jwks",
                "response_types_supported": ["code"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256", "ES256"],
                "token_endpoint_auth_methods_supported": self.auth_methods,
                "code_challenge_methods_supported": ["S256"],
                "scopes_supported": ["openid", "profile", "email"],
            })
        if method == "GET" and url.path == "/jwks":
            return self.json(handler, 200, {"keys": self.published})
        if method == "GET" and url.path == "/authorize":
            return self.authorize(handler, query)
        if method == "POST" and url.path == "/token":
            return self.token(handler)
        return self.json(handler, 404, {"error": "not_found"})

    def authorize(self, handler, query):
        problems = [name for name, ok in [
            ("response_type", query.get("response_type") == "code"),
            ("client_id", query.get("client_id") == self.client_id),
            ("redirect_uri", query.get("redirect_uri", "").endswith("/login/oidc/callback")),
            ("scope", "openid" in query.get("scope", "").split()),
            ("code_challenge_method", query.get("code_challenge_method") == "S256"),
            ("code_challenge", len(query.get("code_challenge", "")) == 43),
            ("state", len(query.get("state", "")) >= 32),
            ("nonce", len(query.get("nonce", "")) >= 32),
        ] if not ok]
        if problems:
            return self.json(handler, 400, {"error": "invalid_request", "error_description": ", ".join(problems)})
        back = {"state": query["state"], "iss": self.issuer}
        if self.misbehave == "deny":
            back["error"] = "access_denied"
        else:
            code = secrets.token_urlsafe(24)
            with self.lock:
                self.codes[code] = {"redirect_uri": query["redirect_uri"], "challenge": query["code_challenge"],
                                    "nonce": query["nonce"], "user": dict(self.user), "used": False}
            back["code"] = code
        handler.send_response(302)
        handler.send_header("Location", query["redirect_uri"] + "?" + urllib.parse.urlencode(back))
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    def token(self, handler):
        body = handler.rfile.read(int(handler.headers.get("Content-Length", "0"))).decode()
        form = dict(urllib.parse.parse_qsl(body))
        client, secret = form.get("client_id"), form.get("client_secret")
        authorization = handler.headers.get("Authorization", "")
        if authorization.startswith("Basic "):
            pair = base64.b64decode(authorization[6:]).decode()
            client, _, secret = (urllib.parse.unquote(part) for part in pair.partition(":"))
            self.client_auth_seen.append("client_secret_basic")
        elif secret is not None:
            self.client_auth_seen.append("client_secret_post")
        if client != self.client_id or secret != self.client_secret:
            return self.json(handler, 401, {"error": "invalid_client"})
        with self.lock:
            grant = self.codes.get(form.get("code", ""))
            used = grant is None or grant["used"]
            if grant is not None:
                grant["used"] = True
        if form.get("grant_type") != "authorization_code" or used:
            return self.json(handler, 400, {"error": "invalid_grant", "error_description": "unknown or used code"})
        if form.get("redirect_uri") != grant["redirect_uri"]:
            return self.json(handler, 400, {"error": "invalid_grant", "error_description": "redirect_uri"})
        verifier = form.get("code_verifier", "")
        if b64(hashlib.sha256(verifier.encode()).digest()) != grant["challenge"]:
            return self.json(handler, 400, {"error": "invalid_grant", "error_description": "PKCE verifier"})
        return self.json(handler, 200, {"access_token": secrets.token_urlsafe(16), "token_type": "Bearer", "expires_in": 300,
                                        "id_token": self.id_token(grant["user"], grant["nonce"])})

    def id_token(self, user, nonce):
        now = int(time.time())
        claims = {"iss": self.issuer, "aud": self.client_id, "iat": now, "exp": now + 300, "nonce": nonce, **user}
        header = {"alg": "RS256", "kid": self.kid, "typ": "JWT"}
        key, kind = self.rsa, "rsa"
        bad = self.misbehave
        if bad == "wrong_nonce":
            claims["nonce"] = "not-" + nonce
        elif bad == "expired":
            claims["iat"], claims["exp"] = now - 900, now - 600
        elif bad == "aud_other":
            claims["aud"] = "another-client"
        elif bad == "other_key":
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        elif bad == "unknown_kid":
            key, header["kid"] = rsa.generate_private_key(public_exponent=65537, key_size=2048), "ghost"
        elif bad == "es256":
            key, kind, header = self.ec, "ec", {"alg": "ES256", "kid": "ec-1", "typ": "JWT"}
        signing_input = b64(json.dumps(header).encode()) + "." + b64(json.dumps(claims).encode())
        if bad == "alg_none":
            return b64(json.dumps({"alg": "none"}).encode()) + "." + b64(json.dumps(claims).encode()) + "."
        if kind == "ec":
            r, s = utils.decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
            signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
        else:
            signature = key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
        return signing_input + "." + b64(signature)

    @staticmethod
    def json(handler, status, value):
        data = json.dumps(value).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.send_header("Cache-Control", "no-store")
        handler.end_headers()
        handler.wfile.write(data)
