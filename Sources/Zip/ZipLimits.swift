/// How much an untrusted zip may hold, checked against its central directory before any
/// entry is inflated, and again while inflating.
public struct ZipLimits: Equatable, Sendable {
    /// Entries, folders included.
    public var maxEntries: Int
    /// One entry's uncompressed size: `ZipArchive.contents(of:)` allocates this much at most.
    public var maxEntryBytes: Int64
    /// The sum of the entries' uncompressed sizes.
    public var maxTotalBytes: Int64
    /// A deflated entry's uncompressed size over its compressed size. Deflate cannot do
    /// better than about 1032:1, so a higher declared ratio is a lie; 1000:1 refuses only
    /// data that is nearly all one byte.
    public var maxRatio: Int64

    public init(maxEntries: Int = 10_000, maxEntryBytes: Int64 = 64 << 20, maxTotalBytes: Int64 = 6 << 30,
                maxRatio: Int64 = 1000) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxRatio = maxRatio
    }
}
