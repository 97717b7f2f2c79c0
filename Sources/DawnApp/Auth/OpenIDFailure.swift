import HTTP

/// Why signing in (or connecting) with the OpenID provider stopped, as the page the
/// browser gets: each says what happened in the member's language, and nobody is signed in
/// on any of them. `detail` is the operator's log line (stderr), never shown on the page.
struct OpenIDFailure: Error {
    enum Kind: Equatable {
        /// The attempt's `state` is unknown, already used, run out, or of another browser.
        case expired
        /// The provider cannot be reached, or answered with an HTTP error.
        case unreachable
        /// An answer that cannot be trusted: a document, key set or ID token refused.
        case untrusted
        /// The provider said no: an `error` on the way back, or the code refused.
        case refused(reason: String)
        /// The identity signs nobody in: no member has connected it.
        case unknownMember
        /// Connecting: another member has this identity already.
        case takenByAnotherMember
        /// Connecting: the browser is not signed in as the member who started it.
        case otherMember
    }

    let kind: Kind
    let detail: String?

    init(_ kind: Kind, _ detail: String? = nil) {
        self.kind = kind
        self.detail = detail
    }

    /// The error page's status and message key (`{name}` is the provider's name).
    var page: (status: HTTPStatus, key: String) {
        switch kind {
        case .expired: (.badRequest, "error.oidc_expired")
        case .unreachable: (.badGateway, "error.oidc_unreachable")
        case .untrusted: (.badGateway, "error.oidc_untrusted")
        case .refused: (.forbidden, "error.oidc_refused")
        case .unknownMember: (.forbidden, "error.oidc_unknown_member")
        case .takenByAnotherMember: (.conflict, "error.oidc_taken")
        case .otherMember: (.forbidden, "error.oidc_other_member")
        }
    }
}
