import CGcrypt

/// libgcrypt must be started (`CGcrypt_initialize`) before any other call. A static `let` is
/// initialised exactly once, thread-safely, on first use; every entry point of this
/// module touches it (`Libgcrypt.isReady`) before calling into the library.
enum Libgcrypt {
    static let version: String? = CGcrypt_initialize().map { String(cString: $0) }

    static var isReady: Bool { version != nil }

    /// `count` bytes from libgcrypt's strong random generator (salts).
    static func randomBytes(_ count: Int) -> [UInt8] {
        _ = version
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { gcry_randomize($0.baseAddress, $0.count, GCRY_STRONG_RANDOM) }
        return bytes
    }
}
