/// A signed-in browser: whose it is and the CSRF token its forms must carry.
/// The token itself is never stored, only its SHA-256 (`tokenHash`).
public struct Session: Sendable, Equatable {
    public let member: Member
    public let csrfToken: String
    public let tokenHash: [UInt8]
    /// Unix seconds.
    public let createdAt: Int64
    /// Unix seconds; refreshed at most once per `Family.lastSeenResolution`.
    public let lastSeenAt: Int64

    public init(member: Member, csrfToken: String, tokenHash: [UInt8], createdAt: Int64, lastSeenAt: Int64) {
        self.member = member
        self.csrfToken = csrfToken
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}
