import CCrypt

/// A new password as typed: never trimmed (spaces are part of it), at least 10
/// characters (grapheme clusters, so 10 emoji count as 10), at most 511 bytes of UTF-8.
///
/// The byte limit bounds hashing work and is libxcrypt's own: it refuses passphrases of
/// `CRYPT_MAX_PASSPHRASE_SIZE` (512) bytes or more, so a longer password could never be
/// hashed. NUL is refused because the C API would end the password there.
///
/// Printing a Password never shows it.
public struct Password: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public static let minimumLength = 10
    public static let maximumBytes = Int(CRYPT_MAX_PASSPHRASE_SIZE) - 1

    public let value: String

    public init(_ raw: String) throws(AccountError) {
        guard raw.utf8.count <= Self.maximumBytes else { throw .passwordTooLong }
        guard !raw.utf8.contains(0) else { throw .passwordHasNullCharacter }
        guard raw.count >= Self.minimumLength else { throw .passwordTooShort }
        value = raw
    }

    /// The "type it twice" rule: both fields must hold exactly the same bytes (so what
    /// was confirmed is what gets hashed), and the password must be valid.
    @discardableResult
    public static func confirm(_ password: String, _ repeated: String) throws(AccountError) -> Password {
        let checked = try Password(password)
        guard password.utf8.elementsEqual(repeated.utf8) else { throw .passwordsDiffer }
        return checked
    }

    public var description: String { "Password(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
