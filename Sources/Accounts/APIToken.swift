/// The secret a script sends as `Authorization: Bearer dawn_…`: `dawn_` and 256 random bits
/// from the system CSPRNG as 43 base64url characters (`RandomToken`). The prefix lets a
/// secret scanner, or a person reading a config file, tell a Dawn token at a glance. The
/// database keeps only its SHA-256 (`hash`), so a copy of `instance.sqlite` or a backup
/// cannot call the API.
public enum APIToken {
    public static let prefix = "dawn_"
    /// `prefix` and the 43 characters of `RandomToken`.
    public static let length = 5 + RandomToken.length

    public static func generate() -> String {
        prefix + RandomToken.generate()
    }

    /// SHA-256 of the whole token's UTF-8 bytes (libgcrypt), as `api_tokens.token_hash` keeps it.
    public static func hash(_ token: String) -> [UInt8] {
        SHA256.hash(Array(token.utf8))
    }

    /// `prefix` and exactly what `RandomToken` makes; anything else is refused before it is hashed.
    public static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == length && token.hasPrefix(prefix) && RandomToken.isWellFormed(String(token.dropFirst(prefix.count)))
    }

    /// What a token may do: `read` answers the GET routes, `write` also the POSTs.
    public enum Scope: String, Sendable, Equatable, CaseIterable {
        case read
        case write
    }
}
