import CGcrypt

/// NIST P-256 through libgcrypt: point validation, ECDH, ECDSA over SHA-256.
/// Every check libgcrypt does not do itself (libgcrypt 1.10 multiplies by a point that is
/// off the curve without complaint) is made here with libgcrypt's own EC context.
/// `package`: ID tokens signed with ES256 (`OpenIDConnect`) are checked by the same code.
package enum P256 {
    static let curveName = "NIST P-256"
    static let scalarLength = 32
    static let publicKeyLength = 65
    static let signatureLength = 64

    /// Refuses anything but an uncompressed point (0x04 || X || Y) whose coordinates are
    /// field elements and which satisfies the curve equation.
    package static func validatePublicKey(_ point: [UInt8]) throws(WebPushError) {
        guard point.count == publicKeyLength else { throw .publicKeyLength(point.count) }
        guard point[0] == 0x04 else { throw .publicKeyNotUncompressed }
        let onCurve = try withCurve { context throws(WebPushError) -> Bool in
            guard let prime = gcry_mpi_ec_get_mpi("p", context, 1) else { throw .library("no field prime for \(curveName)") }
            defer { gcry_mpi_release(prime) }
            guard let x = mpi(point[1...32]), let y = mpi(point[33...64]) else { throw .library("gcry_mpi_scan") }
            guard let z = gcry_mpi_set_ui(nil, 1) else { gcry_mpi_release(x); gcry_mpi_release(y); throw .library("gcry_mpi_set_ui") }
            // Only reduced coordinates are an encoding (SEC 1 §2.3.4); said here rather than
            // left to how libgcrypt's curve test happens to treat X + p.
            guard gcry_mpi_cmp(x, prime) < 0, gcry_mpi_cmp(y, prime) < 0 else {
                gcry_mpi_release(x); gcry_mpi_release(y); gcry_mpi_release(z)
                return false
            }
            // The point takes ownership of x, y and z.
            guard let candidate = gcry_mpi_point_snatch_set(nil, x, y, z) else { throw .library("gcry_mpi_point_snatch_set") }
            defer { gcry_mpi_point_release(candidate) }
            return gcry_mpi_ec_curve_point(candidate, context) != 0
        }
        guard onCurve else { throw .publicKeyNotOnCurve }
    }

    /// Refuses a scalar that is not 32 bytes or not in 1 ..< n.
    static func validatePrivateKey(_ scalar: [UInt8]) throws(WebPushError) {
        guard scalar.count == scalarLength else { throw .privateKeyInvalid }
        let inRange = try withCurve { context throws(WebPushError) -> Bool in
            guard let order = gcry_mpi_ec_get_mpi("n", context, 1) else { throw .library("no order for \(curveName)") }
            defer { gcry_mpi_release(order) }
            guard let d = mpi(scalar[...]) else { throw .library("gcry_mpi_scan") }
            defer { gcry_mpi_release(d) }
            return gcry_mpi_cmp_ui(d, 0) > 0 && gcry_mpi_cmp(d, order) < 0
        }
        guard inRange else { throw .privateKeyInvalid }
    }

    /// A fresh key pair from libgcrypt's key generator: (private scalar, public point).
    static func generate() throws(WebPushError) -> (privateKey: [UInt8], publicKey: [UInt8]) {
        guard let parameters = SExpression(.list([.text("genkey"), .list([.text("ecc"), .list([.text("curve"), .text(curveName)])])])) else {
            throw .library("genkey parameters")
        }
        var result: gcry_sexp_t?
        let error = gcry_pk_genkey(&result, parameters.handle)
        guard error == 0, let key = SExpression.adopting(result) else { throw .library("gcry_pk_genkey: \(describe(error))") }
        guard let privateKey = key.find("private-key"),
              let d = privateKey.find("d")?.unsignedInteger(at: 1, width: scalarLength),
              let q = privateKey.find("q")?.data(at: 1), q.count == publicKeyLength
        else { throw .library("gcry_pk_genkey returned an unexpected key") }
        return (d, q)
    }

    /// Whether `publicKey` is d·G for `privateKey` (libgcrypt's key test), both already valid.
    static func belongTogether(privateKey: [UInt8], publicKey: [UInt8]) throws(WebPushError) -> Bool {
        guard let key = SExpression(privateKeyNode(privateKey, publicKey)) else { throw .library("private key expression") }
        return gcry_pk_testkey(key.handle) == 0
    }

    /// The ECDH shared secret: the X coordinate of `privateKey` · `peerPublicKey`.
    /// Both must be validated first.
    static func sharedSecret(privateKey: [UInt8], peerPublicKey: [UInt8]) throws(WebPushError) -> [UInt8] {
        // libgcrypt's ECDH is "encryption" with the peer's public key, the scalar as data.
        guard let key = SExpression(publicKeyNode(peerPublicKey)),
              let data = SExpression(.list([.text("data"), .list([.text("flags"), .text("raw")]), .list([.text("value"), .atom(privateKey)])]))
        else { throw .library("ECDH expressions") }
        var result: gcry_sexp_t?
        let error = gcry_pk_encrypt(&result, data.handle, key.handle)
        guard error == 0, let encrypted = SExpression.adopting(result) else { throw .library("gcry_pk_encrypt: \(describe(error))") }
        guard let point = encrypted.find("s")?.data(at: 1), point.count == publicKeyLength, point[0] == 0x04 else {
            throw .library("ECDH returned an unexpected point")
        }
        return Array(point[1...32])
    }

    /// ECDSA over SHA-256 with a deterministic nonce (RFC 6979), as raw r || s.
    static func sign(_ message: [UInt8], privateKey: [UInt8], publicKey: [UInt8]) throws(WebPushError) -> [UInt8] {
        guard let key = SExpression(privateKeyNode(privateKey, publicKey)),
              let data = SExpression(hashNode(message))
        else { throw .library("ECDSA expressions") }
        var result: gcry_sexp_t?
        let error = gcry_pk_sign(&result, data.handle, key.handle)
        guard error == 0, let signature = SExpression.adopting(result) else { throw .library("gcry_pk_sign: \(describe(error))") }
        guard let r = signature.find("r")?.unsignedInteger(at: 1, width: scalarLength),
              let s = signature.find("s")?.unsignedInteger(at: 1, width: scalarLength)
        else { throw .library("gcry_pk_sign returned an unexpected signature") }
        return r + s
    }

    /// Whether `signature` (raw r || s) is a valid ECDSA P-256 / SHA-256 signature of
    /// `message` under `publicKey`. Any malformed input is simply not valid.
    package static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == signatureLength, (try? validatePublicKey(publicKey)) != nil else { return false }
        // A leading zero byte keeps r and s positive whichever MPI format libgcrypt reads them in.
        let r = [0] + signature[0..<32], s = [0] + signature[32..<64]
        guard let key = SExpression(publicKeyNode(publicKey)),
              let data = SExpression(hashNode(message)),
              let value = SExpression(.list([.text("sig-val"), .list([.text("ecdsa"), .list([.text("r"), .atom(r)]), .list([.text("s"), .atom(s)])])]))
        else { return false }
        return gcry_pk_verify(value.handle, data.handle, key.handle) == 0
    }

    package static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        _ = Libgcrypt.version
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBytes { output in
            bytes.withUnsafeBytes { input in
                gcry_md_hash_buffer(Int32(GCRY_MD_SHA256.rawValue), output.baseAddress, input.baseAddress, input.count)
            }
        }
        return digest
    }

    // MARK: - Expressions

    private static func curveNode() -> SExpression.Node {
        .list([.text("curve"), .text(curveName)])
    }

    private static func publicKeyNode(_ q: [UInt8]) -> SExpression.Node {
        .list([.text("public-key"), .list([.text("ecc"), curveNode(), .list([.text("q"), .atom(q)])])])
    }

    private static func privateKeyNode(_ d: [UInt8], _ q: [UInt8]) -> SExpression.Node {
        .list([.text("private-key"), .list([.text("ecc"), curveNode(), .list([.text("q"), .atom(q)]), .list([.text("d"), .atom(d)])])])
    }

    /// The SHA-256 digest to sign or verify. `rfc6979` makes signing's nonce deterministic;
    /// verification needs a flag too (without one libgcrypt reads `hash` as PKCS#1 and refuses).
    private static func hashNode(_ message: [UInt8]) -> SExpression.Node {
        .list([.text("data"), .list([.text("flags"), .text("rfc6979")]), .list([.text("hash"), .text("sha256"), .atom(sha256(message))])])
    }

    // MARK: - libgcrypt helpers

    private static func withCurve<T>(_ body: (gcry_ctx_t) throws(WebPushError) -> T) throws(WebPushError) -> T {
        guard Libgcrypt.isReady else { throw .library("gcry_check_version failed") }
        var context: gcry_ctx_t?
        let error = gcry_mpi_ec_new(&context, nil, curveName)
        guard error == 0, let context else { throw .library("gcry_mpi_ec_new: \(describe(error))") }
        defer { gcry_ctx_release(context) }
        return try body(context)
    }

    /// An unsigned big-endian integer as an MPI the caller releases.
    private static func mpi(_ bytes: ArraySlice<UInt8>) -> gcry_mpi_t? {
        var result: gcry_mpi_t?
        let error = bytes.withUnsafeBytes { gcry_mpi_scan(&result, GCRYMPI_FMT_USG, $0.baseAddress, $0.count, nil) }
        return error == 0 ? result : nil
    }

    package static func describe(_ error: gcry_error_t) -> String {
        String(cString: gcry_strerror(error))
    }
}
