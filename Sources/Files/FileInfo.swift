/// What `stat` tells about a path.
public struct FileInfo: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case regular, directory, symbolicLink, other }

    public let kind: Kind
    public let size: Int
    /// The permission bits (`0o7777`).
    public let permissions: UInt32
    /// The last modification, in seconds since 1970 (with the nanoseconds).
    public let modified: Double
}
