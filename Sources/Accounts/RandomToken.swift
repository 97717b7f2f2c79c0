import PlainText
/// 256 random bits from the system CSPRNG (`SystemRandomNumberGenerator`: getrandom on
/// Linux), written as unpadded base64url: 43 characters, safe in cookies, URLs and forms.
/// Every secret Dawn makes is one: sign-in cookies, API tokens, feed links, webhook secrets.
package enum RandomToken {
    static let byteCount = 32
    package static let length = 43

    package static func generate() -> String {
        Base64URL.encode(bytes())
    }

    /// `byteCount` random bytes, for keys rather than text.
    static func bytes() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        for _ in 0..<byteCount / 8 {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// Exactly 43 base64url characters, the last one canonical (32 bytes leave its two
    /// low bits zero), so each token has one spelling.
    package static func isWellFormed(_ token: String) -> Bool {
        var token = token
        return token.withUTF8 { bytes in  // read in place: every signed-in request checks one
            guard bytes.count == length, let last = bytes.last, let lastValue = Base64URL.value(of: last),
                  lastValue & 0b11 == 0 else { return false }
            return bytes.allSatisfy { Base64URL.value(of: $0) != nil }
        }
    }
}
