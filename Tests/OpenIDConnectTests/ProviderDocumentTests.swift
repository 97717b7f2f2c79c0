@testable import OpenIDConnect
import XCTest

/// The issuer setting, the discovery document, the token answer, the authorization URL
/// and the client's credentials.
final class ProviderDocumentTests: XCTestCase {
    private let issuer = try! ProviderURL.issuer("https://auth.example.org/application/o/dawn/")

    private func discovery(_ changes: [String: String?] = [:]) -> [UInt8] {
        var fields: [String: String] = [
            "issuer": "\"https://auth.example.org/application/o/dawn/\"",
            "authorization_endpoint": "\"https://auth.example.org/application/o/authorize/\"",
            "token_endpoint": "\"https://auth.example.org/application/o/token/\"",
            "jwks_uri": "\"https://auth.example.org/application/o/dawn/jwks/\"",
            "response_types_supported": "[\"code\",\"id_token\"]",
            "id_token_signing_alg_values_supported": "[\"RS256\"]",
            "token_endpoint_auth_methods_supported": "[\"client_secret_post\",\"client_secret_basic\"]",
            "code_challenge_methods_supported": "[\"plain\",\"S256\"]",
        ]
        for (key, value) in changes { fields[key] = value }
        return Array(("{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}").utf8)
    }

    private func refusal(_ changes: [String: String?]) -> ProviderDocumentError? {
        do {
            _ = try ProviderMetadata(json: discovery(changes), issuer: issuer)
            XCTFail("read")
            return nil
        } catch {
            return error
        }
    }

    func testIssuerSettings() throws {
        XCTAssertEqual(issuer.discoveryURL, "https://auth.example.org/application/o/dawn/.well-known/openid-configuration")
        XCTAssertEqual(try ProviderURL.issuer("https://id.example.org/realms/family").discoveryURL,
                       "https://id.example.org/realms/family/.well-known/openid-configuration")
        XCTAssertTrue(try ProviderURL.issuer("http://127.0.0.1:9000").isPlainLoopback)
        XCTAssertTrue(try ProviderURL.issuer("http://localhost:9000/x").isPlainLoopback)
        XCTAssertTrue(try ProviderURL.issuer("http://[::1]:9000").isPlainLoopback)
        XCTAssertFalse(try ProviderURL.issuer("https://192.168.1.5:9443/realms/x").isPlainLoopback, "a LAN issuer over https")
        for refused in ["http://auth.example.org", "http://192.168.1.5", "http://127.0.0.1.example.org", "ftp://x", "auth.example.org",
                        "https://user:pw@auth.example.org", "https://auth.example.org/?a=b", "https://auth.example.org/#x",
                        "https://", "https://auth example.org", "https://auth.example.org:99999", "https://ауth.example.org",
                        "http://127.0.0.256"] {
            XCTAssertThrowsError(try ProviderURL.issuer(refused), refused)
        }
        XCTAssertThrowsError(try ProviderURL.issuer("http://auth.example.org")) { XCTAssertEqual($0 as? ProviderURL.Refusal, .notHTTPS) }
    }

    func testAnAuthentikDiscoveryDocument() throws {
        let metadata = try ProviderMetadata(json: discovery(), issuer: issuer)
        XCTAssertEqual(metadata.authorizationEndpoint.text, "https://auth.example.org/application/o/authorize/")
        XCTAssertEqual(metadata.tokenEndpoint.text, "https://auth.example.org/application/o/token/")
        XCTAssertEqual(metadata.keySetURL.text, "https://auth.example.org/application/o/dawn/jwks/")
        XCTAssertEqual(metadata.clientAuthentication, .basic)
        XCTAssertEqual(try ProviderMetadata(json: discovery(["token_endpoint_auth_methods_supported": nil]), issuer: issuer)
            .clientAuthentication, .basic, "absent means client_secret_basic")
        XCTAssertEqual(try ProviderMetadata(json: discovery(["token_endpoint_auth_methods_supported": "[\"client_secret_post\"]"]),
                                            issuer: issuer).clientAuthentication, .post)
        XCTAssertNoThrow(try ProviderMetadata(json: discovery(["code_challenge_methods_supported": nil,
                                                               "response_types_supported": nil]), issuer: issuer))
    }

    func testWhatADiscoveryDocumentMayNotSay() {
        XCTAssertEqual(refusal(["issuer": "\"https://auth.example.org/application/o/dawn\""]),
                       .issuerMismatch(expected: issuer.text, found: "https://auth.example.org/application/o/dawn"))
        XCTAssertEqual(refusal(["token_endpoint": nil]), .missing("the discovery document", "token_endpoint"))
        XCTAssertEqual(refusal(["jwks_uri": "7"]), .invalid("the discovery document", "jwks_uri is a number, not a string"))
        XCTAssertEqual(refusal(["token_endpoint": "\"http://auth.example.org/token\""]),
                       .invalid("the discovery document", "token_endpoint http://auth.example.org/token "
                                + ProviderURL.Refusal.notHTTPS.description))
        XCTAssertEqual(refusal(["token_endpoint": "\"http://127.0.0.1/token\""]),
                       .invalid("the discovery document", "token_endpoint http://127.0.0.1/token " + ProviderURL.Refusal.notHTTPS.description),
                       "loopback http only beside a loopback issuer")
        XCTAssertNotNil(refusal(["id_token_signing_alg_values_supported": "[\"HS256\"]"]))
        XCTAssertNotNil(refusal(["code_challenge_methods_supported": "[\"plain\"]"]))
        XCTAssertNotNil(refusal(["response_types_supported": "[\"id_token\"]"]))
        XCTAssertNotNil(refusal(["token_endpoint_auth_methods_supported": "[\"private_key_jwt\"]"]))
        XCTAssertNotNil(refusal(["token_endpoint_auth_methods_supported": "\"client_secret_basic\""]))
        XCTAssertThrowsError(try ProviderMetadata(json: Array("<html>".utf8), issuer: issuer))
    }

    func testALoopbackIssuerMayUseLoopbackEndpoints() throws {
        let local = try ProviderURL.issuer("http://127.0.0.1:9000")
        let json = #"{"issuer":"http://127.0.0.1:9000","authorization_endpoint":"http://127.0.0.1:9000/authorize","token_endpoint":"http://localhost:9000/token","jwks_uri":"https://id.example.org/jwks"}"#
        let metadata = try ProviderMetadata(json: Array(json.utf8), issuer: local)
        XCTAssertEqual(metadata.tokenEndpoint.text, "http://localhost:9000/token")
        XCTAssertThrowsError(try ProviderMetadata(json: Array(json.replacingOccurrences(of: "http://localhost", with: "http://10.0.0.2").utf8),
                                                  issuer: local))
    }

    func testTheTokenResponse() throws {
        XCTAssertEqual(try TokenResponse(json: Array(#"{"access_token":"x","token_type":"Bearer","id_token":"a.b.c"}"#.utf8)).idToken, "a.b.c")
        XCTAssertThrowsError(try TokenResponse(json: Array(#"{"error":"invalid_grant","error_description":"Code used"}"#.utf8))) {
            XCTAssertEqual($0 as? ProviderDocumentError, .tokenRefused(error: "invalid_grant", description: "Code used"))
        }
        XCTAssertThrowsError(try TokenResponse(json: Array(#"{"access_token":"x"}"#.utf8))) {
            XCTAssertEqual($0 as? ProviderDocumentError, .missing("the token response", "id_token"))
        }
        XCTAssertThrowsError(try TokenResponse(json: Array(#"{"id_token":"a.b.c","token_type":"mac"}"#.utf8)))
        XCTAssertThrowsError(try TokenResponse(json: Array(#"{"id_token":5}"#.utf8)))
    }

    func testTheAuthorizationURL() throws {
        let request = AuthorizationRequest(endpoint: try ProviderURL.endpoint("https://auth.example.org/authorize?tenant=home", of: issuer),
                                           clientID: "dawn client", redirectURI: "https://dawn.example.org/login/oidc/callback",
                                           state: "st", nonce: "no", pkce: PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        XCTAssertEqual(request.url, "https://auth.example.org/authorize?tenant=home&response_type=code&client_id=dawn%20client"
                       + "&redirect_uri=https%3A%2F%2Fdawn.example.org%2Flogin%2Foidc%2Fcallback&scope=openid%20profile%20email"
                       + "&state=st&nonce=no&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256")
        XCTAssertEqual(FormEncoding.encode(request.tokenRequestFields(code: "c/d")),
                       "grant_type=authorization_code&code=c%2Fd&redirect_uri=https%3A%2F%2Fdawn.example.org%2Flogin%2Foidc%2Fcallback"
                       + "&code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    }

    /// RFC 6749 §2.3.1's example client, and the characters Basic must carry form-encoded.
    func testTheClientsCredentials() {
        let basic = ClientAuthentication.basic.credentials(clientID: "s6BhdRkqt3", secret: "gX1fBat3bV")
        XCTAssertEqual(basic.headers.map(\.value), ["Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW"])
        XCTAssertTrue(basic.fields.isEmpty)
        XCTAssertEqual(ClientAuthentication.basic.credentials(clientID: "a:b", secret: "p+ w").headers.first?.value,
                       "Basic " + ClientAuthentication.base64(Array("a%3Ab:p%2B%20w".utf8)))
        let post = ClientAuthentication.post.credentials(clientID: "s6BhdRkqt3", secret: "gX1fBat3bV")
        XCTAssertTrue(post.headers.isEmpty)
        XCTAssertEqual(post.fields.map(\.0), ["client_id", "client_secret"])
    }
}
