/// The per-session token every POST form carries, compared to the session's copy.
public enum CSRFToken {
    /// 32 bytes from the system CSPRNG, base64url without padding (43 characters).
    public static func generate() -> String {
        RandomToken.generate()
    }

    /// Compares a submitted token with the expected one without leaking, through timing,
    /// how many leading characters matched.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        ConstantTime.equal(Array(a.utf8), Array(b.utf8))
    }
}
