import CCurl

/// One email through the instance's SMTP relay, by libcurl. `smtp://host:587` asks for
/// STARTTLS and goes on in plain text when the relay does not offer it (CURLUSESSL_TRY)
/// unless `requireTLS`; `smtps://host:465` is TLS from the first byte. Credentials, when
/// the relay wants them, travel in the URL (`smtp://user:password@relay:587`).
public struct SMTPMail: Sendable {
    public var url: String
    public var from: String
    public var to: String
    public var message: MailMessage
    public var timeoutMilliseconds: Int
    public var requireTLS: Bool
    /// Where the relay may be: the same rules as every notification target.
    public var policy: AddressPolicy

    public init(url: String, from: String, to: String, message: MailMessage, timeoutMilliseconds: Int = 20_000,
                requireTLS: Bool = false, policy: AddressPolicy) {
        self.url = url
        self.from = from
        self.to = to
        self.message = message
        self.timeoutMilliseconds = timeoutMilliseconds
        self.requireTLS = requireTLS
        self.policy = policy
    }

    /// Whether `url` is one Dawn sends mail through: `smtp://` or `smtps://` and a host.
    public static func isRelayURL(_ url: String) -> Bool {
        let lowered = url.lowercased()
        guard let rest = ["smtp://", "smtps://"].first(where: lowered.hasPrefix).map({ lowered.dropFirst($0.count) }) else { return false }
        return !rest.isEmpty && rest.first != "/" && !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
    }

    /// The relay's host as written in a relay URL (lowercase, an IPv6 literal in brackets),
    /// without the credentials or the port; nil when there is none.
    public static func relayHost(of url: String) -> String? {
        guard isRelayURL(url) else { return nil }
        let rest = url.drop { $0 != ":" }.dropFirst(3)
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return authority[...close].lowercased()
        }
        let host = authority.prefix { $0 != ":" }
        return host.isEmpty ? nil : host.lowercased()
    }

    public func send() throws(OutboundError) {
        guard Self.isRelayURL(url) else { throw .urlRefused("not an smtp:// or smtps:// URL") }
        guard MailMessage.isAddress(from), MailMessage.isAddress(to) else { throw .urlRefused("not an email address") }
        guard let host = Self.relayHost(of: url), !policy.refusesHost(host, localAddresses: InterfaceAddresses.current()) else {
            throw .urlRefused("the relay's address is not allowed")
        }
        let transfer = try CurlTransfer(url: url, protocols: "smtp,smtps", policy: policy, timeoutMilliseconds: timeoutMilliseconds)
        try transfer.set(CURLOPT_USE_SSL, Int((requireTLS ? CURLUSESSL_ALL : CURLUSESSL_TRY).rawValue))
        try transfer.set(CURLOPT_MAIL_FROM, "<\(from)>")
        try transfer.set(CURLOPT_MAIL_RCPT, list: ["<\(to)>"])
        let source = MessageSource(message.bytes)
        try transfer.setReader(source)
        try withExtendedLifetime(source) { () throws(OutboundError) in try transfer.perform() }
    }
}
