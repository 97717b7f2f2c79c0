import Foundation
import HTTP
import Locks
import Store
import OpenIDConnect
import Outbound
import PlainText
@testable import DawnApp
@testable import WebPush
import XCTest

/// Signing in with an OpenID provider in process, on the harness's clock, against a stand-in
/// for the provider's network (`FakeProvider`): what the end-to-end tests cannot wait for (an
/// attempt's ten minutes, the documents' hour, the key set's minute between fetches), and the
/// provider's odd answers.
final class OpenIDPageTests: XCTestCase {
    private let start = PageHarness.instant("2026-11-28T10:00:00Z")
    private var provider: FakeProvider!
    private var dawn: PageHarness!

    override func setUpWithError() throws {
        provider = try FakeProvider()
        let provider = self.provider!
        dawn = try PageHarness(now: start, configure: {
            $0.openID.issuer = FakeProvider.issuer
            $0.openID.clientID = "dawn"
            $0.openID.clientSecret = "s3cret-s3cret"
            $0.openID.name = "Keycloak"
        }, openIDFetch: { request throws(OutboundError) in try provider.answer(request) })
        dawn.setUp()
    }

    /// Sends the browser to the provider and back as `subject`; Dawn's answer.
    private func roundTrip(_ path: String = "/login/oidc", as subject: String = "mum-sub", now: Int64? = nil) -> PageHarness.Page {
        let away = dawn.get(path)
        guard let location = away.location, location.hasPrefix("https://id.example.org/auth?") else {
            XCTFail("\(away.status) \(away.text.prefix(300))")
            return away
        }
        let query = Dictionary(uniqueKeysWithValues: URLComponents(string: location)!.queryItems!.map { ($0.name, $0.value!) })
        XCTAssertEqual(query["redirect_uri"], "http://localhost/login/oidc/callback")
        XCTAssertEqual(query["code_challenge_method"], "S256")
        let code = provider.issueCode(nonce: query["nonce"]!, challenge: query["code_challenge"]!, subject: subject)
        if let now { dawn.setNow(now) }
        return dawn.get("/login/oidc/callback?code=\(code)&state=\(query["state"]!)")
    }

    private func connectMum() {
        XCTAssertEqual(roundTrip("/account/oidc/connect").location, "/account?done=oidc-connected#oidc")
    }

    func testConnectingThenSigningInWithTheButton() throws {
        connectMum()
        XCTAssertTrue(dawn.get("/account?done=oidc-connected").text.contains("Your Keycloak account mum-label is connected"))
        XCTAssertEqual(try app().family.openIDLink(of: try memberID("mum"), issuer: FakeProvider.issuer)?.subject, "mum-sub")
        dawn.forgetCookies()
        let back = roundTrip("/login/oidc?next=/stats")
        XCTAssertEqual(back.location, "/stats")
        XCTAssertEqual(dawn.lastRan, .workerPool, "the callback waits on the provider: never on an event loop")
        XCTAssertNotNil(dawn.cookies["dawn_session"])
        XCTAssertEqual(dawn.get("/").status, .ok)
        XCTAssertEqual(provider.tokenRequests.last?.contains("code_verifier="), true)
        XCTAssertEqual(provider.tokenAuthorization.last, "Basic " + Data("dawn:s3cret-s3cret".utf8).base64EncodedString())
    }

    /// The admin's switch for sign-in by email on `/family`: off at first, stored and held in
    /// memory together, refused to anyone else, absent without a provider.
    func testTheAdminSwitchesSignInByEmail() throws {
        let family = dawn.get("/family")
        XCTAssertTrue(family.text.contains(#"<h2 id="oidc-email-heading">Sign-in by email with Keycloak</h2>"#))
        XCTAssertTrue(family.text.contains(#"<input type="checkbox" name="on" value="1" aria-describedby="oidc-email-hint"> Let Keycloak"#))
        XCTAssertFalse(try app().family.openIDEmailSignIn())
        XCTAssertEqual(dawn.post("/family/oidc-email", [("on", "1")]).location, "/family?done=oidc-email-on#oidc-email")
        XCTAssertTrue(try app().family.openIDEmailSignIn())
        XCTAssertTrue(app().openIDEmailSignIn.withLock { $0 })
        let on = dawn.get("/family?done=oidc-email-on")
        XCTAssertTrue(on.text.contains(#"<p class="notice" role="status">Keycloak now signs members in by their verified email address too.</p>"#))
        XCTAssertTrue(on.text.contains(#"aria-describedby="oidc-email-hint" checked>"#))
        // A member who is not the admin cannot touch it.
        dawn.addMember("kid", displayName: "Kid")
        dawn.signIn("kid")
        XCTAssertEqual(dawn.post("/family/oidc-email", []).status, .forbidden)
        XCTAssertTrue(app().openIDEmailSignIn.withLock { $0 })
        dawn.signIn("mum")
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/oidc-email", []).location, "/family?done=oidc-email-off#oidc-email")
        XCTAssertFalse(try app().family.openIDEmailSignIn())
        XCTAssertFalse(app().openIDEmailSignIn.withLock { $0 })

        let plain = try PageHarness(now: start)
        plain.signedUp()
        XCTAssertFalse(plain.get("/family").text.contains("oidc-email"))
        XCTAssertEqual(plain.post("/family/oidc-email", [("on", "1")]).status, .notFound)
        XCTAssertFalse(try plain.app.family.openIDEmailSignIn())
    }

    func testAnAttemptLastsTenMinutes() {
        connectMum()
        dawn.forgetCookies()
        XCTAssertEqual(roundTrip(now: start + 600).location, "/", "at ten minutes")
        dawn.forgetCookies()
        let late = roundTrip(now: start + 1_201)
        XCTAssertEqual(late.status, .badRequest)
        XCTAssertTrue(late.text.contains("This sign-in has run out or was already used"), late.text)
        XCTAssertNil(dawn.cookies["dawn_session"])
    }

    func testTheDocumentsAreKeptAnHourAndTheKeySetRefetchedAtMostOnceAMinute() {
        connectMum()
        XCTAssertEqual(provider.count("/.well-known/openid-configuration"), 1)
        XCTAssertEqual(provider.count("/certs"), 1)
        dawn.forgetCookies()
        XCTAssertEqual(roundTrip().location, "/")
        XCTAssertEqual(provider.count("/.well-known/openid-configuration"), 1, "kept")
        // A token under a kid the set does not hold: fetched again, once a minute at most.
        provider.signUnder(kid: "unpublished", publish: false)
        dawn.forgetCookies()
        XCTAssertEqual(roundTrip().status, .badGateway)
        XCTAssertEqual(provider.count("/certs"), 2)
        dawn.forgetCookies()
        XCTAssertEqual(roundTrip().status, .badGateway)
        XCTAssertEqual(provider.count("/certs"), 2, "not again within the minute")
        provider.signUnder(kid: "k2", publish: true)
        dawn.setNow(start + 61)
        dawn.forgetCookies()
        XCTAssertEqual(roundTrip().location, "/", "a minute later the rotation is picked up")
        XCTAssertEqual(provider.count("/certs"), 3)
        dawn.setNow(start + 3_700)
        dawn.forgetCookies()
        XCTAssertEqual(roundTrip().location, "/")
        XCTAssertEqual(provider.count("/.well-known/openid-configuration"), 2, "after an hour, fetched again")
    }

    func testTheProvidersOddAnswers() {
        provider.discoveryIssuer = "https://id.example.org/realms/other"
        var page = dawn.get(Paths.connectOpenID)
        XCTAssertEqual(page.status, .badGateway)
        XCTAssertTrue(page.text.contains("Keycloak answered in a way Dawn cannot trust"), page.text)
        provider.discoveryIssuer = nil
        dawn.setNow(start + 5)
        provider.discoveryStatus = 500
        page = dawn.get(Paths.connectOpenID)
        XCTAssertEqual(page.status, .badGateway)
        XCTAssertTrue(page.text.contains("Keycloak cannot be reached just now"), page.text)
        // Within five seconds the button answers the same without asking the provider.
        provider.discoveryStatus = 200
        dawn.setNow(start + 9)
        XCTAssertEqual(dawn.get(Paths.connectOpenID).status, .badGateway)
        XCTAssertEqual(provider.count("/.well-known/openid-configuration"), 2)
        dawn.setNow(start + 10)
        connectMum()
        XCTAssertEqual(provider.count("/.well-known/openid-configuration"), 3)
        dawn.forgetCookies()
        provider.tokenStatus = 503
        XCTAssertEqual(roundTrip().status, .badGateway)
        provider.tokenStatus = 200
        provider.tokenBody = "<html>"
        XCTAssertEqual(roundTrip().status, .badGateway)
        XCTAssertNil(dawn.cookies["dawn_session"])
    }

    func testTheLoginPageInEveryLanguageAndWithoutAProvider() throws {
        dawn.forgetCookies()
        for (language, label) in [("en", "Sign in with Keycloak"), ("it", "Accedi con Keycloak"), ("fr", "Se connecter avec Keycloak"),
                                  ("de", "Mit Keycloak anmelden"), ("es", "Entrar con Keycloak")] {
            XCTAssertTrue(dawn.get("/login", headers: [("Accept-Language", language)]).text.contains(label), language)
        }
        let plain = try PageHarness(now: start)
        plain.setUp()
        XCTAssertFalse(plain.get("/account").text.contains("oidc"))
        plain.forgetCookies()
        XCTAssertFalse(plain.get("/login").text.contains("/login/oidc"))
        XCTAssertEqual(plain.get("/login/oidc").status, .notFound)
        XCTAssertEqual(plain.get(Paths.openIDCallback + "?state=x&code=y").status, .notFound)
    }

    func testEveryOpenIDPathReachesItsPage() {
        XCTAssertEqual(dawn.get(Paths.connectOpenID).status, .seeOther)
        _ = dawn.get(Paths.account)
        XCTAssertEqual(dawn.post(Paths.disconnectOpenID, []).location, "/account?done=oidc-disconnected#oidc")
        XCTAssertEqual(dawn.get(Paths.openIDCallback).status, .badRequest, "reached, with no state")
        dawn.forgetCookies()
        XCTAssertEqual(Paths.signInWithOpenID(returningTo: "/stats?g=week"), "/login/oidc?next=%2Fstats%3Fg%3Dweek")
        XCTAssertEqual(dawn.get(Paths.signInWithOpenID(returningTo: "/stats")).status, .seeOther)
    }

    func testAttemptsAreBoundedAndTakenOnce() {
        let attempts = OpenIDAttempts()
        let endpoint = try! ProviderURL.endpoint("https://id.example.org/auth", of: try! ProviderURL.issuer(FakeProvider.issuer))
        func attempt(_ state: String, at time: Int64) -> OpenIDAttempts.Attempt {
            OpenIDAttempts.Attempt(request: AuthorizationRequest(endpoint: endpoint, clientID: "dawn", redirectURI: "http://x/cb",
                                                                 state: state, nonce: "n", pkce: .generate()),
                                   purpose: .signIn(next: "/"), browser: "b", startedAt: time)
        }
        // Ten a second: none runs out while they pile up.
        for index in 0..<(OpenIDAttempts.capacity + 10) { attempts.add(attempt("s\(index)", at: Int64(index / 10))) }
        XCTAssertEqual(attempts.count, OpenIDAttempts.capacity)
        XCTAssertNil(attempts.take("s9", browser: "b", now: 100), "the oldest went first")
        XCTAssertNotNil(attempts.take("s10", browser: "b", now: 100))
        XCTAssertNil(attempts.take("s500", browser: "other", now: 100), "another browser")
        XCTAssertNil(attempts.take("s500", browser: "b", now: 100), "and then it is gone")
        XCTAssertNotNil(attempts.take("s501", browser: "b", now: 100))
        XCTAssertNil(attempts.take("s501", browser: "b", now: 100), "once")
        XCTAssertNil(attempts.take("s502", browser: "b", now: 50 + OpenIDAttempts.lifetime + 1), "run out")
        // Past capacity again, the ones run out go before any live one.
        for index in 0..<4 { attempts.add(attempt("filler\(index)", at: 10_000)) }
        XCTAssertEqual(attempts.count, OpenIDAttempts.capacity)
        attempts.add(attempt("late", at: 10_000))
        XCTAssertEqual(attempts.count, 5)
    }

    private func app() -> Dawn { dawn.app }

    private func memberID(_ username: String) throws -> MemberID {
        try XCTUnwrap(try app().family.members().first { $0.username == username }).id
    }
}

/// The provider's side of the network: discovery, a key set, a token endpoint issuing ES256
/// ID tokens signed with libgcrypt (the independent signatures are the unit tests' fixtures).
final class FakeProvider: Sendable {
    static let issuer = "https://id.example.org/realms/family"

    private struct State {
        var keys: [(kid: String, privateKey: [UInt8], publicKey: [UInt8], published: Bool)] = []
        var signingKid = "k1"
        var codes: [String: (nonce: String, challenge: String, subject: String)] = [:]
        var paths: [String] = []
        var tokenRequests: [String] = []
        var tokenAuthorization: [String] = []
        var discoveryIssuer: String?
        var discoveryStatus = 200
        var tokenStatus = 200
        var tokenBody: String?
    }

    private let state = Lock(State())

    init() throws {
        let key = try P256.generate()
        state.withLock { $0.keys = [("k1", key.privateKey, key.publicKey, true)] }
    }

    var tokenRequests: [String] { state.withLock { $0.tokenRequests } }
    var tokenAuthorization: [String] { state.withLock { $0.tokenAuthorization } }
    var discoveryIssuer: String? {
        get { state.withLock { $0.discoveryIssuer } }
        set { state.withLock { $0.discoveryIssuer = newValue } }
    }
    var discoveryStatus: Int {
        get { state.withLock { $0.discoveryStatus } }
        set { state.withLock { $0.discoveryStatus = newValue } }
    }
    var tokenStatus: Int {
        get { state.withLock { $0.tokenStatus } }
        set { state.withLock { $0.tokenStatus = newValue } }
    }
    var tokenBody: String? {
        get { state.withLock { $0.tokenBody } }
        set { state.withLock { $0.tokenBody = newValue } }
    }

    func count(_ path: String) -> Int { state.withLock { $0.paths.filter { $0.hasSuffix(path) }.count } }

    /// From now on, tokens are signed with a new key under `kid`, published or not.
    func signUnder(kid: String, publish: Bool) {
        let key = try! P256.generate()
        state.withLock {
            $0.keys.append((kid, key.privateKey, key.publicKey, publish))
            $0.signingKid = kid
        }
    }

    func issueCode(nonce: String, challenge: String, subject: String) -> String {
        let code = "code-" + String(UInt64.random(in: 0...UInt64.max))
        state.withLock { $0.codes[code] = (nonce, challenge, subject) }
        return code
    }

    func answer(_ request: HTTPFetch) throws(OutboundError) -> HTTPFetch.Response {
        let path = String(request.url.dropFirst("https://id.example.org".count))
        state.withLock { $0.paths.append(path) }
        func json(_ text: String, _ status: Int = 200) -> HTTPFetch.Response { HTTPFetch.Response(status: status, body: Array(text.utf8)) }
        switch (path, request.method) {
        case ("/realms/family/.well-known/openid-configuration", .get):
            let (issuer, status) = state.withLock { ($0.discoveryIssuer ?? Self.issuer, $0.discoveryStatus) }
            return json(#"{"issuer":"\#(issuer)","authorization_endpoint":"https://id.example.org/auth","token_endpoint":"https://id.example.org/token","jwks_uri":"https://id.example.org/certs","id_token_signing_alg_values_supported":["ES256"]}"#, status)
        case ("/certs", .get):
            let keys = state.withLock { $0.keys.filter(\.published) }.map { key in
                #"{"kty":"EC","crv":"P-256","kid":"\#(key.kid)","x":"\#(Base64URL.encode(Array(key.publicKey[1...32])))","y":"\#(Base64URL.encode(Array(key.publicKey[33...64])))"}"#
            }
            return json(#"{"keys":["# + keys.joined(separator: ",") + "]}")
        case ("/token", .postForm(let form)):
            let fields = Dictionary(form.split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { a, _ in a })
            let auth = request.headers.first { $0.name == "Authorization" }?.value ?? ""
            let (grant, status, body, kid, key) = state.withLock { state in
                state.tokenRequests.append(form)
                state.tokenAuthorization.append(auth)
                let grant = state.codes.removeValue(forKey: fields["code"] ?? "")
                let key = state.keys.first { $0.kid == state.signingKid }!
                return (grant, state.tokenStatus, state.tokenBody, state.signingKid, key)
            }
            if let body { return json(body, status) }
            guard status == 200 else { return json("{}", status) }
            guard let grant, Base64URL.encode(P256.sha256(Array((fields["code_verifier"] ?? "").utf8))) == grant.challenge else {
                return json(#"{"error":"invalid_grant"}"#, 400)
            }
            let header = Base64URL.encode(Array(#"{"alg":"ES256","kid":"\#(kid)"}"#.utf8))
            let claims = Base64URL.encode(Array(#"{"iss":"\#(Self.issuer)","aud":"dawn","sub":"\#(grant.subject)","preferred_username":"mum-label","iat":\#(FakeProvider.issuedAt),"exp":\#(FakeProvider.issuedAt + 7_200),"nonce":"\#(grant.nonce)"}"#.utf8))
            let signature = (try? P256.sign(Array((header + "." + claims).utf8), privateKey: key.privateKey, publicKey: key.publicKey)) ?? []
            return json(#"{"token_type":"Bearer","access_token":"x","id_token":"\#(header).\#(claims).\#(Base64URL.encode(signature))"}"#)
        default:
            return json("{}", 404)
        }
    }

    /// Every token is issued at the tests' start and lasts two hours, so that moving the
    /// app's clock within them keeps it valid.
    static let issuedAt = PageHarness.instant("2026-11-28T10:00:00Z")
}
