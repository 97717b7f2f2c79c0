import JSON

/// A provider's JSON Web Key Set (its `jwks_uri`): the keys ID tokens may be checked with.
/// Keys Dawn cannot use (encryption keys, other curves, short RSA keys) are left out and
/// named in `skipped` for the log; a document that is not a set at all is refused.
public struct JSONWebKeySet: Sendable, Equatable {
    /// More keys than this is no provider's set (Keycloak publishes two or three).
    public static let maximumKeys = 64
    /// The document's largest size.
    public static let maximumBytes = 256 * 1024

    public let keys: [JSONWebKey]
    /// Why each key left out was left out, for the operator's log.
    public let skipped: [String]

    public init(keys: [JSONWebKey]) {
        self.keys = keys
        skipped = []
    }

    public init(json bytes: [UInt8]) throws(ProviderDocumentError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: JSONParser.Limits(maxDepth: 8, maxBytes: Self.maximumBytes))
        } catch {
            throw .notJSON("the key set", error.description)
        }
        guard case .array(let list)? = value["keys"] else { throw .missing("the key set", "keys") }
        guard list.count <= Self.maximumKeys else { throw .invalid("the key set", "more than \(Self.maximumKeys) keys") }
        var keys: [JSONWebKey] = []
        var skipped: [String] = []
        for (index, entry) in list.enumerated() {
            do {
                keys.append(try JSONWebKey(json: entry))
            } catch {
                let kid = entry["kid"]?.text
                skipped.append("key \(kid.map { "\"\($0)\"" } ?? "#\(index + 1)"): \(error)")
            }
        }
        self.keys = keys
        self.skipped = skipped
    }

    /// The keys a token with `keyID` and `algorithm` may be checked with: those of that
    /// `kid` (none if no key has it: the set may be out of date), or without a `kid` in
    /// the token, every key of the algorithm's type.
    public func candidates(keyID: String?, algorithm: SignatureAlgorithm) -> [JSONWebKey] {
        keys.filter { $0.fits(algorithm) && (keyID == nil || $0.keyID == keyID) }
    }
}
