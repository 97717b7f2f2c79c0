#!/usr/bin/env python3
"""Writes IDTokenFixtures.swift: keys and ID tokens signed by Python's `cryptography` (OpenSSL
underneath), an implementation independent of libgcrypt, so the Swift tests check Dawn's
verification against signatures it did not make. Run it again only to change the fixtures:
the keys are new each run, and the file is committed as it came out.

    python3 Tests/OpenIDConnectTests/make-fixtures.py
"""
import base64
import hashlib
import hmac
import json
import os

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa, utils

ISSUER = "https://auth.example.org/application/o/dawn/"
CLIENT = "dawn-client"
NONCE = "n-0S6_WzA2Mj"
IAT = 1_800_000_000


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def number(n, length=None):
    length = length or (n.bit_length() + 7) // 8
    return b64(n.to_bytes(length, "big"))


def rsa_jwk(key, kid):
    numbers = key.public_key().public_numbers()
    return {"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": number(numbers.n), "e": number(numbers.e)}


def ec_jwk(key, kid):
    numbers = key.public_key().public_numbers()
    return {"kty": "EC", "kid": kid, "use": "sig", "crv": "P-256", "x": number(numbers.x, 32), "y": number(numbers.y, 32)}


def encode(header, claims):
    return b64(json.dumps(header, separators=(",", ":")).encode()) + "." + b64(json.dumps(claims, separators=(",", ":")).encode())


def sign_rs256(key, header, claims):
    signing_input = encode(header, claims)
    return signing_input + "." + b64(key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256()))


def sign_es256(key, header, claims):
    signing_input = encode(header, claims)
    r, s = utils.decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    return signing_input + "." + b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def claims(**changes):
    base = {"iss": ISSUER, "sub": "248289761001", "aud": CLIENT, "exp": IAT + 300, "iat": IAT, "nonce": NONCE,
            "preferred_username": "alice", "email": "alice@example.org"}
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
other_rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
short_rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
ec_key = ec.generate_private_key(ec.SECP256R1())

rs = {"alg": "RS256", "kid": "rsa-1", "typ": "JWT"}
es = {"alg": "ES256", "kid": "ec-1", "typ": "JWT"}
tokens = {
    "rs256": sign_rs256(rsa_key, rs, claims()),
    "es256": sign_es256(ec_key, es, claims()),
    "rs256NoKid": sign_rs256(rsa_key, {"alg": "RS256"}, claims()),
    "rs256ByAnotherKey": sign_rs256(other_rsa_key, rs, claims()),
    "rs256ByShortKey": sign_rs256(short_rsa_key, {"alg": "RS256", "kid": "short"}, claims()),
    "rs256OtherAudience": sign_rs256(rsa_key, rs, claims(aud="someone-else")),
    "rs256WrongNonce": sign_rs256(rsa_key, rs, claims(nonce="another-nonce")),
    "rs256WrongIssuer": sign_rs256(rsa_key, rs, claims(iss="https://evil.example.org/")),
    "es256AsRS256": sign_es256(ec_key, {"alg": "RS256", "kid": "ec-1"}, claims()),
    "algNone": encode({"alg": "none"}, claims()) + ".",
    "algNoneSigned": encode({"alg": "none"}, claims()) + "." + b64(b"x"),
    # HS256 with the RSA key's public modulus as the secret: the old key-confusion attack.
    "hs256": (lambda i: i + "." + b64(hmac.new(rsa_jwk(rsa_key, "rsa-1")["n"].encode(), i.encode(), hashlib.sha256).digest()))(
        encode({"alg": "HS256", "kid": "rsa-1"}, claims())),
}

jwks = {"keys": [rsa_jwk(rsa_key, "rsa-1"), ec_jwk(ec_key, "ec-1"),
                 {"kty": "oct", "kid": "secret", "k": b64(os.urandom(32))},
                 dict(rsa_jwk(other_rsa_key, "enc-1"), use="enc", alg="RSA-OAEP"),
                 rsa_jwk(short_rsa_key, "short")]}


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


lines = [
    "// Written by make-fixtures.py (Python's `cryptography`, OpenSSL underneath): do not edit.",
    "/// Keys and ID tokens signed outside libgcrypt, for `IDTokenTests`. Every token but the",
    "/// altered ones carries the claims of `claims()` in make-fixtures.py.",
    "enum IDTokenFixtures {",
    f"    static let issuer = {swift_string(ISSUER)}",
    f"    static let clientID = {swift_string(CLIENT)}",
    f"    static let nonce = {swift_string(NONCE)}",
    f"    static let issuedAt: Int64 = {IAT}",
    f"    static let subject = \"248289761001\"",
    "    /// The provider's key set: the RSA and EC keys, an HMAC secret, an encryption key and a",
    "    /// 1024-bit RSA key (the last three left out when read).",
    f"    static let keySet = {swift_string(json.dumps(jwks, separators=(',', ':')))}",
    "    /// The RSA key of another provider, published under the same kid as ours.",
    f"    static let otherRSAKey = {swift_string(json.dumps(rsa_jwk(other_rsa_key, 'rsa-1'), separators=(',', ':')))}",
]
for name, token in tokens.items():
    lines.append(f"    static let {name} = {swift_string(token)}")
lines.append("}")
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "IDTokenFixtures.swift")
with open(path, "w") as f:
    f.write("\n".join(lines) + "\n")
print("wrote", path)
