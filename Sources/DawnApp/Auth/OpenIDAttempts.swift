import Store
import Accounts
import Locks
import OpenIDConnect

/// The sign-ins (and connections) sent to the OpenID provider and not yet back, in memory
/// by their `state`: each keeps the nonce, the PKCE verifier, the redirect URI and what it
/// is for. An attempt is taken out by the first answer that names it, whatever that answer
/// says, so a `state` (and the code with it) works once; it works only in the browser that
/// started it (`OpenIDCookie`), and only for `lifetime`. A restart forgets them all, which
/// costs a member one more click.
final class OpenIDAttempts: Sendable {
    /// Ten minutes to sign in at the provider and come back.
    static let lifetime: Int64 = 10 * 60
    /// Attempts held at once; past it the oldest are forgotten (a flood of button presses
    /// costs memory only up to here).
    static let capacity = 1024

    enum Purpose: Sendable, Equatable {
        /// Sign in, then go to `next` (a path on this site).
        case signIn(next: String)
        /// Connect the identity to this member (who must still be signed in when it comes back).
        case connect(MemberID)
    }

    struct Attempt: Sendable {
        let request: AuthorizationRequest
        let purpose: Purpose
        /// The `dawn_oidc` cookie of the browser that started it.
        let browser: String
        let startedAt: Int64
    }

    private struct State {
        var attempts: [String: Attempt] = [:]
    }

    private let state = Lock(State())

    /// Keeps `attempt` under its `state`.
    func add(_ attempt: Attempt) {
        state.withLock { state in
            if state.attempts.count >= Self.capacity {
                state.attempts = state.attempts.filter { attempt.startedAt - $0.value.startedAt < Self.lifetime }
                while state.attempts.count >= Self.capacity,
                      let oldest = state.attempts.min(by: { $0.value.startedAt < $1.value.startedAt })?.key {
                    state.attempts[oldest] = nil
                }
            }
            state.attempts[attempt.request.state] = attempt
        }
    }

    /// The attempt `stateValue` names, taken out for good; nil when there is none, it ran
    /// out, or `browser` is not the browser that started it.
    func take(_ stateValue: String, browser: String?, now: Int64) -> Attempt? {
        guard let attempt = state.withLock({ $0.attempts.removeValue(forKey: stateValue) }) else { return nil }
        guard now >= attempt.startedAt, now - attempt.startedAt <= Self.lifetime,
              let browser, CSRFToken.constantTimeEqual(browser, attempt.browser) else { return nil }
        return attempt
    }

    /// How many are held (for tests).
    var count: Int { state.withLock { $0.attempts.count } }
}
