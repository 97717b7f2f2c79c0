import Accounts
import HTTP
import HTTPServer
import OpenIDConnect

/// Signing in with the family's OpenID provider (Authentik, Keycloak…): `GET /login/oidc`
/// sends the browser there (the authorization code flow with PKCE, a `state` and a `nonce`:
/// `OpenIDAttempts`), and `GET /login/oidc/callback` takes it back, trades the code for an
/// ID token and checks it (`OpenIDProvider`). The identity signs in the member who
/// connected it on `/account` (`AccountPage+OpenID.swift`, which starts here too), or,
/// where the admin allows it, the member whose verified address is its verified `email`;
/// anyone else gets the "ask your family's admin" page, and no account is ever made.
///
/// The button is a link, not a form: the pages' CSP allows forms to post only to Dawn
/// (`form-action 'self'`), and browsers hold a form's redirect to that too. Starting only
/// keeps an attempt in memory; what counts is checked when it comes back. Both run on the
/// worker pool: they wait on the provider.
enum OpenIDSignInPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/login/oidc", .open(slow: true) { app, page in
            let next = ReturnPath.sanitize(try page.query()["next"])
            if page.signedIn != nil { return .redirect(to: next) }
            return try start(app, page, for: .signIn(next: next))
        })
        router.add(.GET, Paths.openIDCallback, .open(slow: true) { app, page in try finish(app, page) })
    }

    /// The redirect to the provider's sign-in for a new attempt.
    static func start(_ app: Dawn, _ page: PageRequest, for purpose: OpenIDAttempts.Purpose) throws -> HTTPResponse {
        let provider = try configured(app)
        let now = app.now()
        do {
            let metadata = try provider.metadata(now: now)
            guard let redirectURI = redirectURI(page) else { throw PageError(.badRequest, key: "error.bad_address") }
            let browser = OpenIDCookie.value(page)
            let request = AuthorizationRequest(endpoint: metadata.authorizationEndpoint, clientID: provider.clientID,
                                               redirectURI: redirectURI, state: RandomBytes.token(), nonce: RandomBytes.token(),
                                               pkce: .generate())
            app.openIDAttempts.add(OpenIDAttempts.Attempt(request: request, purpose: purpose, browser: browser.value, startedAt: now))
            return .redirect(to: request.url, setCookies: browser.setCookie.map { [$0] } ?? [])
        } catch let failure as OpenIDFailure {
            throw refusal(failure, app)
        }
    }

    /// The provider's answer: the member signed in (or the identity connected), or the
    /// page saying why not.
    private static func finish(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let provider = try configured(app)
        do {
            let query = try page.query()
            guard let state = query["state"],
                  let attempt = app.openIDAttempts.take(state, browser: page.cookies[OpenIDCookie.name], now: app.now()) else {
                throw OpenIDFailure(.expired, "an answer whose state is unknown, used, run out or of another browser")
            }
            if let error = query["error"] {
                throw OpenIDFailure(.refused(reason: reasonCode(error)), "the provider answered error=\(reasonCode(error))")
            }
            // RFC 9207: a provider that names itself in its answer must be ours.
            if let named = query["iss"], named != provider.issuer.text {
                throw OpenIDFailure(.untrusted, "the answer comes from the issuer \(named.prefix(200))")
            }
            guard let code = query["code"], !code.isEmpty, code.utf8.count <= 4096 else {
                throw OpenIDFailure(.untrusted, "the answer carries no code")
            }
            let idToken = try provider.idToken(code: code, request: attempt.request, now: app.now())
            let identity = try provider.claims(of: idToken, nonce: attempt.request.nonce, now: app.now())
            switch attempt.purpose {
            case .signIn(let next):
                guard let member = try app.family.member(openIDIssuer: identity.issuer, subject: identity.subject)
                    ?? (try memberByEmail(identity, app)) else {
                    throw OpenIDFailure(.unknownMember, "no member has connected the identity \(identity.subject.prefix(80))"
                                        + (app.openIDEmailSignIn.withLock { $0 } ? ", and no member has verified the email it vouches for" : ""))
                }
                let (token, _) = try app.family.startSession(for: member.id)
                return .redirect(to: next, setCookies: [SessionCookie.set(token, secure: page.isSecure)])
            case .connect(let id):
                guard let me = page.signedIn?.member, me.id == id else {
                    throw OpenIDFailure(.otherMember, "a connection came back to a browser no longer signed in as its member")
                }
                do {
                    try app.family.linkOpenID(id, issuer: identity.issuer, subject: identity.subject, label: identity.label)
                } catch .takenByAnotherMember {
                    throw OpenIDFailure(.takenByAnotherMember, "\(me.username) tried to connect an identity another member has")
                } catch .account(let error) {
                    throw error
                }
                return .redirect(to: Paths.done(Paths.account, "oidc-connected", anchor: AccountPage.openIDAnchor))
            }
        } catch let failure as OpenIDFailure {
            throw refusal(failure, app)
        }
    }

    /// Where the family's admin allows sign-in by email (on `/family`): the member whose
    /// verified address on `/account` is the one the provider verified. The identity is not
    /// connected to them: a later sign-in matches the address again, so a member who changes
    /// or removes their address on Dawn stops being signed in by it.
    private static func memberByEmail(_ identity: IDTokenClaims, _ app: Dawn) throws -> Member? {
        guard app.openIDEmailSignIn.withLock({ $0 }), let email = identity.verifiedEmail,
              let address = try? EmailAddress(email) else { return nil }
        return try app.family.member(verifiedEmail: address)
    }

    /// The provider, or the 404 of a Dawn that has none.
    private static func configured(_ app: Dawn) throws(PageError) -> OpenIDProvider {
        guard let provider = app.openID else { throw PageError(.notFound, key: "error.not_found") }
        return provider
    }

    /// The failure as its page, said once on stderr with the detail for the operator.
    private static func refusal(_ failure: OpenIDFailure, _ app: Dawn) -> PageError {
        let name = app.openID?.name ?? OpenIDSettings.defaultName
        if let detail = failure.detail { StandardError.line("OpenID: \(name): \(detail)") }
        var arguments = ["name": name]
        if case .refused(let reason) = failure.kind { arguments["reason"] = reason }
        let (status, key) = failure.page
        return PageError(status, key: key, arguments)
    }

    /// Where the provider sends the browser back: this request's origin and the callback's
    /// path. The provider compares it with the redirect URI registered for Dawn, so a forged
    /// Host only makes the provider refuse.
    static func redirectURI(_ page: PageRequest) -> String? {
        origin(page).map { $0 + Paths.openIDCallback }
    }

    /// This request's scheme (as a trusted proxy says) and Host, for an address that leaves
    /// the browser (a redirect URI, a link in a mail); nil for a Host that is no host name.
    static func origin(_ page: PageRequest) -> String? {
        guard let host = page.http.headers["Host"], !host.isEmpty, host.utf8.count <= 255,
              host.utf8.allSatisfy({ byte in
                  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
                      || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
              }) else { return nil }
        return (page.isSecure ? "https://" : "http://") + host
    }

    /// An OAuth error code as it may appear on a page: its letters, digits and `_`, at most 40.
    static func reasonCode(_ code: String) -> String {
        let kept = String(code.unicodeScalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            || ("0"..."9").contains($0) || $0 == "_" }.prefix(40).map(Character.init))
        return kept.isEmpty ? "error" : kept
    }
}
