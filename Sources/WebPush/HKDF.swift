import CGcrypt

/// HKDF with SHA-256 (RFC 5869), composed from libgcrypt's HMAC-SHA-256.
enum HKDF {
    static let hashLength = 32

    /// HKDF-Extract then HKDF-Expand: `length` bytes (at most 255 hash blocks).
    static func derive(salt: [UInt8], inputKeyingMaterial: [UInt8], info: [UInt8], length: Int) throws(WebPushError) -> [UInt8] {
        let pseudorandomKey = try hmac(key: salt, message: inputKeyingMaterial)
        return try expand(pseudorandomKey: pseudorandomKey, info: info, length: length)
    }

    /// T(i) = HMAC(PRK, T(i-1) || info || i), concatenated and cut to `length`.
    static func expand(pseudorandomKey: [UInt8], info: [UInt8], length: Int) throws(WebPushError) -> [UInt8] {
        precondition(length > 0 && length <= 255 * hashLength, "HKDF output length out of range")
        var output: [UInt8] = []
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < length {
            block = try hmac(key: pseudorandomKey, message: block + info + [counter])
            output += block
            counter &+= 1
        }
        return Array(output.prefix(length))
    }

    /// HMAC-SHA-256 through libgcrypt's MAC interface.
    static func hmac(key: [UInt8], message: [UInt8]) throws(WebPushError) -> [UInt8] {
        guard Libgcrypt.isReady else { throw .library("gcry_check_version failed") }
        var handle: gcry_mac_hd_t?
        guard gcry_mac_open(&handle, Int32(GCRY_MAC_HMAC_SHA256.rawValue), 0, nil) == 0, let handle else {
            throw .library("gcry_mac_open HMAC-SHA256")
        }
        defer { gcry_mac_close(handle) }
        let keyed = key.withUnsafeBytes { gcry_mac_setkey(handle, $0.baseAddress, $0.count) }
        let written = message.withUnsafeBytes { gcry_mac_write(handle, $0.baseAddress, $0.count) }
        guard keyed == 0, written == 0 else { throw .library("gcry_mac_setkey/gcry_mac_write") }
        var output = [UInt8](repeating: 0, count: hashLength)
        var length = hashLength
        let read = output.withUnsafeMutableBytes { gcry_mac_read(handle, $0.baseAddress, &length) }
        guard read == 0, length == hashLength else { throw .library("gcry_mac_read") }
        return output
    }
}
