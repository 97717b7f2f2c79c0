/// Why a picture could not be read or written.
public enum ImagingError: Error, Equatable, Sendable {
    /// libvips could not be opened (not installed): the server's problem, not the member's.
    case unavailable(String)
    /// libvips could not read the bytes as a picture (truncated, corrupt, unsupported).
    case unreadable(String)
}
