import CGcrypt

/// SHA-256 through libgcrypt.
package enum SHA256 {
    static let digestLength = 32

    /// libgcrypt must be started (`CGcrypt_initialize`) before any other call. A static `let` is
    /// initialised exactly once, thread-safely, on first use (`HMACSHA256` touches it too).
    static let libraryVersion: String? = CGcrypt_initialize().map { String(cString: $0) }

    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        _ = libraryVersion
        var digest = [UInt8](repeating: 0, count: digestLength)
        digest.withUnsafeMutableBytes { output in
            bytes.withUnsafeBytes { input in
                gcry_md_hash_buffer(Int32(GCRY_MD_SHA256.rawValue), output.baseAddress, input.baseAddress, input.count)
            }
        }
        return digest
    }
}
