import HTTPServer
import Locks
import OpenIDConnect
import Outbound

/// The family's OpenID provider as Dawn talks to it (`DAWN_OIDC_*`): its discovery
/// document and key set fetched through libcurl (`HTTPFetch`: TLS checked, no redirects, a
/// timeout) and kept for `documentLifetime`; the code traded for an ID token at the token
/// endpoint with the client secret; the ID token checked (`IDTokenCheck`), with the key set
/// fetched again when a token names a key it does not hold (a rotation), at most once every
/// `keyRefetchInterval`. The operator chose the provider, so it may be on the home network
/// (the reminders' address rules do not apply); plain http only to a loopback issuer, and
/// then only to loopback addresses (`AddressPolicy.loopbackOnly`). Every call may wait on
/// the network: the worker pool only, never an event loop.
final class OpenIDProvider: Sendable {
    /// How long a fetched discovery document or key set is used before it is fetched again.
    static let documentLifetime: Int64 = 60 * 60
    /// A token naming an unknown key fetches the set again, but not more often than this.
    static let keyRefetchInterval: Int64 = 60
    /// Each request to the provider, connecting included.
    static let timeoutMilliseconds = 10_000
    /// After the discovery document could not be fetched, the button answers with that
    /// failure for this long without asking again: a provider that does not answer must not
    /// hold a worker for ten seconds per press.
    static let retryAfterFailure: Int64 = 5

    typealias Fetch = @Sendable (HTTPFetch) throws(OutboundError) -> HTTPFetch.Response

    let issuer: ProviderURL
    let clientID: String
    private let clientSecret: String
    private let certificateAuthorities: String?
    /// The name members know the provider by, for pages and the log.
    let name: String
    private let fetch: Fetch

    private struct State {
        var metadata: (document: ProviderMetadata, fetchedAt: Int64)?
        var keys: (set: JSONWebKeySet, fetchedAt: Int64)?
        /// When a token naming an unknown key last made the set be fetched again.
        var unknownKeyFetchAt: Int64?
        /// The last failure to fetch the discovery document, and when.
        var metadataFailure: (failure: OpenIDFailure, at: Int64)?
    }

    private let state = Lock(State())

    /// The provider of `settings`, or nil when sign-in with one is not configured.
    init?(settings: OpenIDSettings, fetch: @escaping Fetch = { request throws(OutboundError) in try request.send() }) {
        guard settings.isConfigured, let text = settings.issuer, let clientID = settings.clientID,
              let secret = settings.clientSecret, let issuer = try? ProviderURL.issuer(text) else { return nil }
        self.issuer = issuer
        self.clientID = clientID
        clientSecret = secret
        certificateAuthorities = settings.certificateAuthorities
        name = settings.displayName
        self.fetch = fetch
    }

    /// The discovery document: the one kept, or fetched (and checked) anew.
    func metadata(now: Int64) throws(OpenIDFailure) -> ProviderMetadata {
        let (kept, failed) = state.withLock { ($0.metadata, $0.metadataFailure) }
        if let kept, Self.isFresh(kept.fetchedAt, now) { return kept.document }
        if let failed, now >= failed.at, now - failed.at < Self.retryAfterFailure { throw OpenIDFailure(failed.failure.kind) }
        do throws(OpenIDFailure) {
            let body = try get(issuer.discoveryURL, what: "the discovery document")
            let metadata: ProviderMetadata
            do {
                metadata = try ProviderMetadata(json: body, issuer: issuer)
            } catch {
                throw OpenIDFailure(.untrusted, "\(error)")
            }
            state.withLock {
                $0.metadata = (metadata, now)
                $0.metadataFailure = nil
            }
            return metadata
        } catch {
            state.withLock { $0.metadataFailure = (error, now) }
            throw error
        }
    }

    /// Trades `code` for the ID token (not yet checked) at the token endpoint, with the
    /// verifier and redirect URI of `request` and the client's credentials.
    func idToken(code: String, request: AuthorizationRequest, now: Int64) throws(OpenIDFailure) -> String {
        let metadata = try metadata(now: now)
        let credentials = metadata.clientAuthentication.credentials(clientID: clientID, secret: clientSecret)
        let form = FormEncoding.encode(request.tokenRequestFields(code: code) + credentials.fields)
        let response = try send(HTTPFetch(url: metadata.tokenEndpoint.text, method: .postForm(form), headers: credentials.headers,
                                          timeoutMilliseconds: Self.timeoutMilliseconds, maximumResponseBytes: TokenResponse.maximumBytes,
                                          policy: policy, httpsOnly: !issuer.isPlainLoopback,
                                          certificateAuthorities: certificateAuthorities), what: "the token endpoint")
        // An OAuth error answer is a 400 (or 401) with a JSON body saying why.
        guard response.status == 200 || (400...401).contains(response.status) else {
            throw OpenIDFailure(.unreachable, "the token endpoint answered HTTP \(response.status)")
        }
        do {
            let answer = try TokenResponse(json: response.body)
            guard response.status == 200 else { throw OpenIDFailure(.untrusted, "the token endpoint answered HTTP \(response.status)") }
            return answer.idToken
        } catch let error as OpenIDFailure {
            throw error
        } catch let ProviderDocumentError.tokenRefused(error, description) {
            throw OpenIDFailure(.refused(reason: OpenIDSignInPage.reasonCode(error)),
                                ProviderDocumentError.tokenRefused(error: error, description: description).description)
        } catch {
            throw OpenIDFailure(.untrusted, "\(error)")
        }
    }

    /// Who the ID token says this is, once its signature (with the provider's keys) and its
    /// claims (this client, this attempt's nonce, the time) pass.
    func claims(of idToken: String, nonce: String, now: Int64) throws(OpenIDFailure) -> IDTokenClaims {
        let check = IDTokenCheck(issuer: issuer.text, clientID: clientID, nonce: nonce, now: now)
        do {
            let token = try SignedToken(compact: idToken)
            var keys = try keySet(now: now, refetch: false).candidates(keyID: token.keyID, algorithm: token.algorithm)
            if keys.isEmpty, claimRefetch(now: now) {
                keys = try keySet(now: now, refetch: true).candidates(keyID: token.keyID, algorithm: token.algorithm)
            }
            return try check.claims(of: token, keys: keys)
        } catch let error as OpenIDFailure {
            throw error
        } catch {
            throw OpenIDFailure(.untrusted, "\(error)")
        }
    }

    /// Whether a token's unknown key may fetch the set again now (and notes that it did).
    private func claimRefetch(now: Int64) -> Bool {
        state.withLock { state in
            if let last = state.unknownKeyFetchAt, now - last < Self.keyRefetchInterval, now >= last { return false }
            state.unknownKeyFetchAt = now
            return true
        }
    }

    private func keySet(now: Int64, refetch: Bool) throws(OpenIDFailure) -> JSONWebKeySet {
        if !refetch, let kept = state.withLock({ $0.keys }), Self.isFresh(kept.fetchedAt, now) { return kept.set }
        let url = try metadata(now: now).keySetURL.text
        let set: JSONWebKeySet
        do {
            set = try JSONWebKeySet(json: try get(url, what: "the key set"))
        } catch let error as OpenIDFailure {
            throw error
        } catch {
            throw OpenIDFailure(.untrusted, "\(error)")
        }
        for skipped in set.skipped { StandardError.line("OpenID: \(name)'s key set: left out \(skipped)") }
        state.withLock { $0.keys = (set, now) }
        return set
    }

    private static func isFresh(_ fetchedAt: Int64, _ now: Int64) -> Bool {
        now >= fetchedAt && now - fetchedAt < documentLifetime
    }

    /// Loopback only for a plain-http issuer; anywhere for https (the operator's choice).
    private var policy: AddressPolicy { issuer.isPlainLoopback ? .loopbackOnly : .any }

    private func get(_ url: String, what: String) throws(OpenIDFailure) -> [UInt8] {
        let response = try send(HTTPFetch(url: url, timeoutMilliseconds: Self.timeoutMilliseconds,
                                          maximumResponseBytes: ProviderMetadata.maximumBytes, policy: policy,
                                          httpsOnly: !issuer.isPlainLoopback, certificateAuthorities: certificateAuthorities),
                                what: what)
        guard response.status == 200 else { throw OpenIDFailure(.unreachable, "\(what) (\(url)) answered HTTP \(response.status)") }
        return response.body
    }

    private func send(_ request: HTTPFetch, what: String) throws(OpenIDFailure) -> HTTPFetch.Response {
        do {
            return try fetch(request)
        } catch {
            throw OpenIDFailure(.unreachable, "\(what) (\(request.url)): \(error)")
        }
    }
}
