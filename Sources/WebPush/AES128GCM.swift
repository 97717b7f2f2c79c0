import CGcrypt

/// AEAD_AES_128_GCM (RFC 5116) through libgcrypt's cipher interface: 16-byte key,
/// 12-byte nonce, the 16-byte tag appended to the ciphertext.
enum AES128GCM {
    static let keyLength = 16
    static let nonceLength = 12
    static let tagLength = 16

    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) throws(WebPushError) -> [UInt8] {
        try withCipher(key: key, nonce: nonce) { handle throws(WebPushError) -> [UInt8] in
            var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
            let encrypted = ciphertext.withUnsafeMutableBytes { output in
                plaintext.withUnsafeBytes { gcry_cipher_encrypt(handle, output.baseAddress, output.count, $0.baseAddress, $0.count) }
            }
            guard encrypted == 0 else { throw .library("gcry_cipher_encrypt: \(P256.describe(encrypted))") }
            var tag = [UInt8](repeating: 0, count: tagLength)
            let tagged = tag.withUnsafeMutableBytes { gcry_cipher_gettag(handle, $0.baseAddress, $0.count) }
            guard tagged == 0 else { throw .library("gcry_cipher_gettag: \(P256.describe(tagged))") }
            return ciphertext + tag
        }
    }

    /// The plaintext, or `.decryptionFailed` when the tag does not verify.
    static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8]) throws(WebPushError) -> [UInt8] {
        guard sealed.count >= tagLength else { throw .decryptionFailed }
        let ciphertext = Array(sealed.dropLast(tagLength)), tag = Array(sealed.suffix(tagLength))
        return try withCipher(key: key, nonce: nonce) { handle throws(WebPushError) -> [UInt8] in
            var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
            let decrypted = plaintext.withUnsafeMutableBytes { output in
                ciphertext.withUnsafeBytes { gcry_cipher_decrypt(handle, output.baseAddress, output.count, $0.baseAddress, $0.count) }
            }
            guard decrypted == 0 else { throw .library("gcry_cipher_decrypt: \(P256.describe(decrypted))") }
            let checked = tag.withUnsafeBytes { gcry_cipher_checktag(handle, $0.baseAddress, $0.count) }
            guard checked == 0 else { throw .decryptionFailed }
            return plaintext
        }
    }

    private static func withCipher<T>(key: [UInt8], nonce: [UInt8], _ body: (gcry_cipher_hd_t) throws(WebPushError) -> T) throws(WebPushError) -> T {
        precondition(key.count == keyLength && nonce.count == nonceLength, "AES-128-GCM key or nonce of the wrong length")
        guard Libgcrypt.isReady else { throw .library("gcry_check_version failed") }
        var handle: gcry_cipher_hd_t?
        // GCRY_CIPHER_AES is AES-128 (Swift does not import the GCRY_CIPHER_AES128 macro).
        let opened = gcry_cipher_open(&handle, Int32(GCRY_CIPHER_AES.rawValue), Int32(GCRY_CIPHER_MODE_GCM.rawValue), 0)
        guard opened == 0, let handle else { throw .library("gcry_cipher_open AES-128-GCM: \(P256.describe(opened))") }
        defer { gcry_cipher_close(handle) }
        let keyed = key.withUnsafeBytes { gcry_cipher_setkey(handle, $0.baseAddress, $0.count) }
        let ivSet = nonce.withUnsafeBytes { gcry_cipher_setiv(handle, $0.baseAddress, $0.count) }
        guard keyed == 0, ivSet == 0 else { throw .library("gcry_cipher_setkey/setiv") }
        return try body(handle)
    }
}
