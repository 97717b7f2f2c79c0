import Store

/// Whether the family's admin lets the OpenID provider sign members in by email
/// (`/family`): an ID token whose identity nobody connected, with `email_verified` true,
/// signs in the member whose verified address (`Family+MemberEmails.swift`) is its `email`.
/// Kept in `instance_meta` (key `oidc_email_signin`, `1` or absent), so a backup keeps it;
/// the server holds it in memory and changes both in one place (`FamilyPage+EmailSignIn`).
extension Family {
    private static let emailSignInKey = "oidc_email_signin"

    /// As stored; off until an admin turns it on.
    public func openIDEmailSignIn() throws(AccountError) -> Bool {
        try data.readingAccounts { connection in
            try connection.queryOne("SELECT value FROM instance_meta WHERE key = ?", [.text(Self.emailSignInKey)])?.string(0) == "1"
        }
    }

    public func setOpenIDEmailSignIn(_ on: Bool) throws(AccountError) {
        try data.writingAccounts { connection in
            if on {
                try connection.run("""
                    INSERT INTO instance_meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, [.text(Self.emailSignInKey)])
            } else {
                try connection.run("DELETE FROM instance_meta WHERE key = ?", [.text(Self.emailSignInKey)])
            }
        }
    }
}
