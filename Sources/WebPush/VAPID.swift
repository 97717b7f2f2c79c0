import PlainText
/// Voluntary Application Server Identification (RFC 8292): a JWT signed with ES256 by
/// the instance's P-256 key, sent as `Authorization: vapid t=<jwt>, k=<public key>`.
public enum VAPID {
    /// RFC 8292 §2: the expiry must be no more than 24 hours after the request.
    public static let maximumLifetime: Int64 = 24 * 60 * 60
    /// What Dawn asks for: well inside the limit, so a push service's clock that runs a
    /// little fast still accepts it.
    public static let defaultLifetime: Int64 = 12 * 60 * 60
    /// A contact longer than this is refused (it travels in every request).
    public static let maximumSubjectLength = 320

    /// The fixed JOSE header, exactly as RFC 8292 §2 writes it.
    static let header = #"{"typ":"JWT","alg":"ES256"}"#

    /// The `Authorization` header value for a push request to `endpoint`.
    /// `now` is seconds since 1970; the token expires `lifetime` seconds later.
    public static func authorization(
        endpoint: String, subject: String, signingKey: P256KeyPair, now: Int64, lifetime: Int64 = defaultLifetime
    ) throws(WebPushError) -> String {
        let token = try token(audience: audience(ofEndpoint: endpoint), subject: subject, expiresAt: now + lifetime, now: now, signingKey: signingKey)
        return "vapid t=\(token), k=\(signingKey.publicKeyBase64URL)"
    }

    /// The signed JWT: base64url(header) "." base64url(claims) "." base64url(r || s).
    public static func token(audience: String, subject: String, expiresAt: Int64, now: Int64, signingKey: P256KeyPair) throws(WebPushError) -> String {
        guard expiresAt > now, expiresAt - now <= maximumLifetime else { throw .expiryOutOfRange(seconds: expiresAt &- now) }
        try validateSubject(subject)
        let claims = #"{"aud":"# + JSONText.quoted(audience) + #","exp":"# + String(expiresAt) + #","sub":"# + JSONText.quoted(subject) + "}"
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        let signature = try P256.sign(Array(signingInput.utf8), privateKey: signingKey.privateKey, publicKey: signingKey.publicKey)
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Whether `token` carries a valid ES256 signature by `publicKey` over its first two
    /// parts (a push service's check; claims are not read). Malformed tokens are not valid.
    public static func verify(token: String, publicKey: [UInt8]) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = Base64URL.decode(String(parts[2])) else { return false }
        let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        return P256.verify(signature, of: signingInput, publicKey: publicKey)
    }

    /// The origin of a push endpoint URL (scheme, host, port unless the default): the
    /// JWT's `aud` claim. Only http(s) URLs with a host and no user information qualify.
    public static func audience(ofEndpoint endpoint: String) throws(WebPushError) -> String {
        let invalid = WebPushError.endpointInvalid(endpoint)
        let bytes = Array(endpoint.utf8)
        // Printable ASCII only: a browser's endpoint is an absolute URL, already encoded.
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw invalid }
        let scheme: String, defaultPort: Int, rest: ArraySlice<UInt8>
        if let after = bytes.droppingPrefix("https://") {
            (scheme, defaultPort, rest) = ("https", 443, after)
        } else if let after = bytes.droppingPrefix("http://") {
            (scheme, defaultPort, rest) = ("http", 80, after)
        } else {
            throw invalid
        }
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { throw invalid }
        var host = authority
        var port: ArraySlice<UInt8>? = nil
        if authority.first == UInt8(ascii: "[") {
            // An IPv6 literal: hex digits and colons (and dots for an embedded IPv4) in brackets.
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")), close > authority.startIndex + 1 else { throw invalid }
            host = authority[...close]
            guard host.dropFirst().dropLast().allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { throw invalid }
            let after = authority[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { throw invalid }
                port = after.dropFirst()
            }
        } else {
            if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
                host = authority[..<colon]
                port = authority[(colon + 1)...]
            }
            guard !host.isEmpty, host.allSatisfy({ isHostCharacter($0) }) else { throw invalid }
        }
        var origin = scheme + "://" + String(decoding: host, as: UTF8.self).lowercased()
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let number = Int(String(decoding: port, as: UTF8.self)), (1...65_535).contains(number)
            else { throw invalid }
            if number != defaultPort { origin += ":" + String(number) }
        }
        return origin
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// Letters, digits, '-' and '.': a DNS name or an IPv4 address.
    private static func isHostCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// RFC 8292 §2.1: a `mailto:` or `https:` URI the push service can contact.
    static func validateSubject(_ subject: String) throws(WebPushError) {
        let lowered = subject.lowercased()
        let hasScheme = (lowered.hasPrefix("mailto:") && subject.utf8.count > 7) || (lowered.hasPrefix("https://") && subject.utf8.count > 8)
        guard hasScheme, subject.utf8.count <= maximumSubjectLength,
              subject.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) })
        else { throw .subjectInvalid }
    }
}

private extension Array where Element == UInt8 {
    /// The bytes after `prefix` (compared case-insensitively, for URL schemes), or nil.
    func droppingPrefix(_ prefix: String) -> ArraySlice<UInt8>? {
        let expected = Array(prefix.utf8)
        guard count >= expected.count, zip(self, expected).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return nil }
        return self[expected.count...]
    }
}
