import JSON
import PlainText
import MemberData
import Outbound
import WebPush

/// The checks on what a member gives as a notification target, before anything is stored:
/// an ntfy topic URL and token, an email address, a browser's push subscription, a
/// webhook's URL. Pure.
enum NotifyInput {
    /// What was wrong; each is a string key (`notify.error.<rawValue>`) in every language.
    enum Problem: String, Error, Equatable {
        case ntfyURL = "ntfy_url"
        /// A well-formed URL on an address no reminder may go to (this host, a private or
        /// link-local network, a reserved range…).
        case ntfyAddress = "ntfy_address"
        case ntfyToken = "ntfy_token"
        case email
        case pushJSON = "push_json"
        case pushEndpoint = "push_endpoint"
        case pushKeys = "push_keys"
        case webhookURL = "webhook_url"
        /// An http:// webhook where the operator allows public addresses only.
        case webhookHTTPS = "webhook_https"
        /// A well-formed URL on an address no webhook may go to (as `ntfyAddress`).
        case webhookAddress = "webhook_address"

        var key: String { "notify.error." + rawValue }
    }

    static let maximumURLLength = 2048
    static let maximumTokenLength = 256
    /// A push subscription's JSON is a few hundred bytes; anything much larger is not one.
    static let maximumSubscriptionBytes = 8192

    /// An ntfy topic: an http(s) URL with a host and no user information, whose host the
    /// policy does not refuse as written (an address literal in any spelling, one of this
    /// host's `localAddresses`, `localhost`); the token, when given, visible ASCII (it goes
    /// into a header). An empty URL means no ntfy target.
    static func ntfy(url: String, token: String, policy: AddressPolicy, localAddresses: [[UInt8]]) throws(Problem) -> NotifyTargets.Ntfy? {
        let url = String(PlainText.trimmed(url))
        let token = String(PlainText.trimmed(token))
        if url.isEmpty { return nil }
        guard url.utf8.count <= maximumURLLength, let host = host(of: url) else { throw .ntfyURL }
        guard !policy.refusesHost(host, localAddresses: localAddresses) else { throw .ntfyAddress }
        if token.isEmpty { return NotifyTargets.Ntfy(url: url, token: nil) }
        guard token.utf8.count <= maximumTokenLength, token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw .ntfyToken }
        return NotifyTargets.Ntfy(url: url, token: token)
    }

    /// A webhook's URL: an https URL with a host and no user information, whose host the
    /// policy does not refuse as written (the rules of an ntfy topic, `ntfy`); http only
    /// where the operator allowed private or loopback addresses (a receiver on the home
    /// network), since a call names the member's habits. An empty URL means no webhook.
    static func webhookURL(_ text: String, policy: AddressPolicy, localAddresses: [[UInt8]]) throws(Problem) -> String? {
        let url = String(PlainText.trimmed(text))
        if url.isEmpty { return nil }
        guard url.utf8.count <= maximumURLLength, let host = host(of: url) else { throw .webhookURL }
        guard url.lowercased().hasPrefix("https://") || allowsPlainHTTPWebhooks(policy) else { throw .webhookHTTPS }
        guard !policy.refusesHost(host, localAddresses: localAddresses) else { throw .webhookAddress }
        return url
    }

    /// Whether a webhook may be an http:// URL: only where the operator opened private (or
    /// loopback) addresses.
    static func allowsPlainHTTPWebhooks(_ policy: AddressPolicy) -> Bool {
        policy != .publicOnly
    }

    /// The token a save of the settings form leaves stored: the one typed replaces the
    /// stored one, an empty field keeps it, and "remove" drops it (whatever was typed), so a
    /// stored token never has to travel back to the browser.
    static func token(typed: String, stored: String?, remove: Bool) -> String {
        if remove { return "" }
        let typed = String(PlainText.trimmed(typed))
        return typed.isEmpty ? stored ?? "" : typed
    }

    /// An email address (`MailMessage.isAddress`), or nil for none.
    static func email(_ text: String) throws(Problem) -> String? {
        let address = String(PlainText.trimmed(text))
        if address.isEmpty { return nil }
        guard MailMessage.isAddress(address) else { throw .email }
        return address
    }

    /// `PushSubscription.toJSON()`: `{"endpoint": "https://…", "expirationTime": null,
    /// "keys": {"p256dh": "…", "auth": "…"}}`. The endpoint must be https (only `.any` allows
    /// http://) on a host the policy does not refuse as written; the keys a P-256 point and
    /// 16 bytes.
    static func pushSubscription(json: [UInt8], policy: AddressPolicy,
                                 localAddresses: [[UInt8]]) throws(Problem) -> (endpoint: String, keys: PushSubscriptionKeys) {
        guard json.count <= maximumSubscriptionBytes, let document = try? JSONParser.parse(json) else { throw .pushJSON }
        let body = JSONNode(document)
        guard let endpoint = try? body.member("endpoint").string(), let keys = try? body.member("keys"),
              let p256dh = try? keys.member("p256dh").string(), let auth = try? keys.member("auth").string() else {
            throw .pushJSON
        }
        guard endpoint.utf8.count <= maximumURLLength, endpoint.utf8.count >= 10,
              policy == .any || endpoint.lowercased().hasPrefix("https://"),
              let host = host(of: endpoint), !policy.refusesHost(host, localAddresses: localAddresses)
        else { throw .pushEndpoint }
        do {
            return (endpoint, try PushSubscriptionKeys(p256dh: p256dh, auth: auth))
        } catch {
            throw .pushKeys
        }
    }

    /// The host of an http(s) URL as written (`[::1]` keeps its brackets), or nil when it
    /// is not one (`VAPID.audience` is the one parser of such URLs).
    static func host(of url: String) -> String? {
        guard let origin = try? VAPID.audience(ofEndpoint: url) else { return nil }
        let authority = origin.drop { $0 != "/" }.dropFirst(2)
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { return String(authority[...close]) }
        return String(authority.prefix { $0 != ":" })
    }
}
