/// The secret in the session cookie. The database keeps only its SHA-256, so a leaked
/// database or backup cannot be replayed as a sign-in.
public enum SessionToken {
    /// 32 bytes from the system CSPRNG, base64url without padding (43 characters).
    public static func generate() -> String {
        RandomToken.generate()
    }

    /// SHA-256 of the token's UTF-8 bytes (32 bytes), as stored in `sessions.token_hash`.
    public static func hash(_ token: String) -> [UInt8] {
        SHA256.hash(Array(token.utf8))
    }

    /// Exactly 43 base64url characters (with a canonical last one), as `generate` makes.
    /// Anything else is refused before it reaches the database.
    public static func isWellFormed(_ token: String) -> Bool {
        RandomToken.isWellFormed(token)
    }
}
