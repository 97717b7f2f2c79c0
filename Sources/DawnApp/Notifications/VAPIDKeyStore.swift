import Store
import WebPush

/// The instance's VAPID key pair (RFC 8292): made once, at the first start that needs it,
/// and kept in `instance.sqlite`'s `secrets` (name `vapid_key`: the 32-byte private
/// scalar then the 65-byte public point), so a backup keeps the browsers' subscriptions
/// working. Of two processes racing to make it, the first insert wins and both use that.
enum VAPIDKeyStore {
    static let secretName = "vapid_key"
    /// The private scalar (32 bytes) and the uncompressed public point (65).
    static let storedLength = 32 + 65

    struct StoredKeyLength: Error, CustomStringConvertible {
        let count: Int
        var description: String { "the VAPID key in instance.sqlite is \(count) bytes, not \(storedLength)" }
    }

    static func load(instance: Database) throws -> P256KeyPair {
        let select = "SELECT value FROM secrets WHERE name = '\(secretName)'"
        if let row = try instance.read({ try $0.queryOne(select) }) { return try keyPair(row.blob(0)) }
        let fresh = try P256KeyPair.generate()
        let stored = try instance.write { connection in
            try connection.run("INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)",
                               [.text(secretName), .blob(fresh.privateKey + fresh.publicKey)])
            return try connection.queryOne(select)?.blob(0) ?? []
        }
        return try keyPair(stored)
    }

    private static func keyPair(_ bytes: [UInt8]) throws -> P256KeyPair {
        guard bytes.count == storedLength else { throw StoredKeyLength(count: bytes.count) }
        return try P256KeyPair(privateKey: Array(bytes[..<32]), publicKey: Array(bytes[32...]))
    }
}
