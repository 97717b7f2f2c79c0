import Foundation
@testable import WebPush
import XCTest
import PlainText

/// An independent check by Python's `cryptography` (OpenSSL underneath): it verifies our
/// VAPID signature and decrypts our aes128gcm body with its own ECDH, HKDF and AES-GCM.
/// Skipped where /usr/bin/python3 has no `cryptography`.
final class PythonCryptographyTests: XCTestCase {
    private static let python = "/usr/bin/python3"

    private static let script = """
        import base64, json, sys
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        def b64d(text):
            return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

        def hkdf(salt, ikm, info, length):
            return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)

        request = json.load(sys.stdin)
        answer = {}

        # RFC 8292: the header is "vapid t=<jwt>, k=<key>", the JWT signed with ES256.
        scheme, _, fields = request["authorization"].partition(" ")
        params = dict(field.strip().split("=", 1) for field in fields.split(","))
        vapid_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64d(params["k"]))
        header, claims, signature = params["t"].split(".")
        raw = b64d(signature)
        try:
            vapid_key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                             (header + "." + claims).encode(), ec.ECDSA(hashes.SHA256()))
            answer["signature"] = "valid"
        except Exception as error:
            answer["signature"] = "invalid: %r" % error
        answer["scheme"] = scheme
        answer["header"] = json.loads(b64d(header))
        answer["claims"] = json.loads(b64d(claims))

        # RFC 8291 + RFC 8188, from the user agent's side.
        body = b64d(request["body"])
        salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        as_public = body[21:21 + idlen]
        ua_private = ec.derive_private_key(int.from_bytes(b64d(request["ua_private"]), "big"), ec.SECP256R1())
        ua_public = ua_private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        secret = ua_private.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), as_public))
        ikm = hkdf(b64d(request["auth"]), secret, b"WebPush: info\\x00" + ua_public + as_public, 32)
        cek = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\\x00", 16)
        nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\\x00", 12)
        padded = AESGCM(cek).decrypt(nonce, body[21 + idlen:], None)
        answer["rs"] = rs
        answer["delimiter"] = padded[-1]
        answer["plaintext"] = padded[:-1].decode()
        json.dump(answer, sys.stdout)
        """

    private struct Answer: Decodable {
        let signature: String
        let scheme: String
        let header: [String: String]
        let claims: Claims
        let rs: Int
        let delimiter: Int
        let plaintext: String

        struct Claims: Decodable {
            let aud: String
            let exp: Int64
            let sub: String
        }
    }

    private func pythonHasCryptography() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-c", "import cryptography"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private func ask(_ request: [String: String]) throws -> Answer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-c", Self.script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(request))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3 failed")
        return try JSONDecoder().decode(Answer.self, from: data)
    }

    func testPythonVerifiesTheVAPIDSignatureAndDecryptsTheBody() throws {
        guard pythonHasCryptography() else { throw XCTSkip("/usr/bin/python3 has no cryptography module") }
        for round in 0..<5 {
            let vapid = try P256KeyPair.generate(), userAgent = try P256KeyPair.generate()
            let auth = Libgcrypt.randomBytes(16)
            let text = "Stretch 🧘 — round \(round) " + String(repeating: "x", count: round * 700)
            let body = try PushMessageEncryption.encrypt(Array(text.utf8), for: PushSubscriptionKeys(p256dh: userAgent.publicKey, auth: auth))
            let authorization = try VAPID.authorization(
                endpoint: "https://push.example.net:8443/push/abc", subject: "mailto:admin@example.org", signingKey: vapid, now: 1_790_000_000)
            let answer = try ask([
                "authorization": authorization, "body": Base64URL.encode(body),
                "ua_private": Base64URL.encode(userAgent.privateKey), "auth": Base64URL.encode(auth),
            ])
            XCTAssertEqual(answer.signature, "valid")
            XCTAssertEqual(answer.scheme, "vapid")
            XCTAssertEqual(answer.header, ["typ": "JWT", "alg": "ES256"])
            XCTAssertEqual(answer.claims.aud, "https://push.example.net:8443")
            XCTAssertEqual(answer.claims.exp, 1_790_000_000 + VAPID.defaultLifetime)
            XCTAssertEqual(answer.claims.sub, "mailto:admin@example.org")
            XCTAssertEqual(answer.rs, 4096)
            XCTAssertEqual(answer.delimiter, 2)
            XCTAssertEqual(answer.plaintext, text)
        }
    }

    /// The same script must say "invalid" for a tampered token, or its "valid" proves nothing.
    func testPythonRefusesATamperedSignature() throws {
        guard pythonHasCryptography() else { throw XCTSkip("/usr/bin/python3 has no cryptography module") }
        let vapid = try P256KeyPair.generate(), userAgent = try P256KeyPair.generate()
        let auth = Libgcrypt.randomBytes(16)
        let body = try PushMessageEncryption.encrypt(Array("hi".utf8), for: PushSubscriptionKeys(p256dh: userAgent.publicKey, auth: auth))
        let authorization = try VAPID.authorization(endpoint: "https://push.example.net/x", subject: "mailto:a@example.org", signingKey: vapid, now: 1_790_000_000)
        let other = try P256KeyPair.generate()
        let forged = authorization.replacingOccurrences(of: vapid.publicKeyBase64URL, with: other.publicKeyBase64URL)
        let answer = try ask(["authorization": forged, "body": Base64URL.encode(body), "ua_private": Base64URL.encode(userAgent.privateKey), "auth": Base64URL.encode(auth)])
        XCTAssertTrue(answer.signature.hasPrefix("invalid"), answer.signature)
    }
}
