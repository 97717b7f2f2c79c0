import CGcrypt

/// HMAC-SHA256 (RFC 2104) through libgcrypt's MAC interface: signs the device cookie and
/// members' webhook calls (`WebhookSignature`).
package enum HMACSHA256 {
    static let macLength = 32

    /// The 32-byte MAC of `message` under `key`, or nil if libgcrypt refuses (it does not
    /// for HMAC-SHA256 with any key length; nil makes a caller treat the input as unsigned).
    package static func mac(key: [UInt8], message: [UInt8]) -> [UInt8]? {
        _ = SHA256.libraryVersion
        var handle: gcry_mac_hd_t?
        guard gcry_mac_open(&handle, Int32(GCRY_MAC_HMAC_SHA256.rawValue), 0, nil) == 0, let handle else { return nil }
        defer { gcry_mac_close(handle) }
        let keyed = key.withUnsafeBytes { gcry_mac_setkey(handle, $0.baseAddress, $0.count) }
        let written = message.withUnsafeBytes { gcry_mac_write(handle, $0.baseAddress, $0.count) }
        guard keyed == 0, written == 0 else { return nil }
        var output = [UInt8](repeating: 0, count: macLength)
        var length = macLength
        let read = output.withUnsafeMutableBytes { gcry_mac_read(handle, $0.baseAddress, &length) }
        guard read == 0, length == macLength else { return nil }
        return output
    }
}
