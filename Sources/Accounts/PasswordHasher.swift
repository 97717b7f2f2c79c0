import CCrypt
#if canImport(Glibc)
import Glibc
#endif

/// Password hashing with libxcrypt's yescrypt (`$y$`, as /etc/shadow uses), at the
/// library's default cost. Each call takes tens of milliseconds on purpose: call it on
/// the worker pool, never on an event loop or inside a database lock.
public enum PasswordHasher {
    static let yescryptPrefix = "$y$"

    public struct HashingFailed: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// A new hash with a fresh random salt (libxcrypt reads the OS CSPRNG itself when
    /// given no random bytes).
    public static func hash(_ password: Password) throws -> String {
        try hash(phrase: password.value)
    }

    /// A family-screen PIN's hash: yescrypt too, so a copy of the database costs a guesser
    /// the same work per try as for a password (a PIN has only 10⁴–10⁸ of them: the screen's
    /// throttle, not the hash, is what keeps it safe online).
    public static func hash(_ pin: PIN) throws -> String {
        try hash(phrase: pin.value)
    }

    private static func hash(phrase: String) throws -> String {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        let generated = setting.withUnsafeMutableBufferPointer { buffer in
            crypt_gensalt_rn(yescryptPrefix, 0, nil, 0, buffer.baseAddress, Int32(buffer.count))
        }
        guard generated != nil else {
            throw HashingFailed(description: "crypt_gensalt_rn failed: \(String(cString: strerror(errno)))")
        }
        let settingString = String(decoding: setting.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let hashed = crypt(phrase, setting: settingString), hashed.hasPrefix(yescryptPrefix) else {
            throw HashingFailed(description: "crypt_rn did not produce a yescrypt hash")
        }
        return hashed
    }

    /// Whether `password` hashes to `hash`. Only yescrypt hashes are accepted, so a
    /// tampered row cannot downgrade to a weak method; the final comparison runs in
    /// constant time.
    public static func verify(_ password: String, against hash: String) -> Bool {
        guard hash.hasPrefix(yescryptPrefix),
            password.utf8.count <= Password.maximumBytes,
            !password.utf8.contains(0),
            let computed = crypt(password, setting: hash)
        else { return false }
        return ConstantTime.equal(Array(computed.utf8), Array(hash.utf8))
    }

    /// The hash of a random password nobody knows, computed once on first use (Swift
    /// initialises statics exactly once, thread-safely). Sign-in verifies against it when
    /// the username does not exist, so unknown and known usernames cost the same time.
    public static let decoyHash: String = {
        // A 43-character random token always makes a valid Password.
        if let password = try? Password(SessionToken.generate()), let hashed = try? hash(password) {
            return hashed
        }
        // Hashing itself is broken, so real sign-ins fail too; this well-formed hash of a
        // discarded random password keeps verify(…, against: decoyHash) false.
        return "$y$j9T$fwMU/YxAPEAS2URpSkSLx.$4r0D.P4xK.0JDdiZtmh1WtQPSsvHJo5R/aSyPxiKfa/"
    }()

    /// `crypt_rn` with a zeroed, heap-allocated `struct crypt_data` (32 KiB: too big for
    /// a small thread's stack), wiped again before it is freed.
    private static func crypt(_ phrase: String, setting: String) -> String? {
        let size = MemoryLayout<crypt_data>.size
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<crypt_data>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        defer {
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            raw.deallocate()
        }
        guard let output = crypt_rn(phrase, setting, raw, Int32(size)) else { return nil }
        let result = String(cString: output)
        // On failure libxcrypt may return a "*0"/"*1" token instead of NULL.
        return result.hasPrefix("*") ? nil : result
    }
}
