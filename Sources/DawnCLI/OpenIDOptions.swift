import DawnApp
import Files

/// The `DAWN_OIDC_*` settings checked together, once each has been read on its own: the
/// secret read from its file, and the three that go together all there.
enum OpenIDOptions {
    /// A secret file larger than this is not one line holding a secret.
    static let maximumSecretFileBytes = 4096

    static func complete(_ settings: inout OpenIDSettings) throws(CommandLineError) {
        if let path = settings.clientSecretFile {
            guard settings.clientSecret == nil else {
                throw CommandLineError("set DAWN_OIDC_CLIENT_SECRET or DAWN_OIDC_CLIENT_SECRET_FILE, not both")
            }
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(path, maxBytes: maximumSecretFileBytes)
            } catch {
                throw CommandLineError("DAWN_OIDC_CLIENT_SECRET_FILE: cannot read the client secret from \(path): \(error)")
            }
            // One line: a final newline (an editor's, LF or CR LF) is not part of the secret.
            var line = bytes[...]
            while let last = line.last, last == 10 || last == 13 { line = line.dropLast() }
            let text = String(decoding: line, as: UTF8.self)
            guard !text.isEmpty else { throw CommandLineError("DAWN_OIDC_CLIENT_SECRET_FILE: \(path) is empty") }
            settings.clientSecret = try ServeSetting.clientSecret(text, name: "the client secret in \(path)")
        }
        let given: [(String, Bool)] = [("DAWN_OIDC_ISSUER", settings.issuer != nil), ("DAWN_OIDC_CLIENT_ID", settings.clientID != nil),
                                       ("DAWN_OIDC_CLIENT_SECRET (or DAWN_OIDC_CLIENT_SECRET_FILE)", settings.clientSecret != nil)]
        let anyOther = settings.name != nil || settings.certificateAuthorities != nil
        let missing = given.filter { !$0.1 }.map(\.0)
        if !missing.isEmpty, missing.count < given.count || anyOther {
            throw CommandLineError("sign-in with an OpenID provider needs DAWN_OIDC_ISSUER, DAWN_OIDC_CLIENT_ID and "
                                   + "DAWN_OIDC_CLIENT_SECRET together; missing: " + missing.joined(separator: ", "))
        }
        if let path = settings.certificateAuthorities, !FileSystem.isRegularFile(path) {
            throw CommandLineError("DAWN_OIDC_CA_FILE: \(path) is not a file of certificates")
        }
    }
}
