import Files

/// The only file system access of this library: reading one whole, bounded file
/// (through the `Files` layer).
enum StringsFileReader {
    /// Far above what one language of a small app needs (each file is one language); a bigger file is a mistake.
    static let maxBytes = 1 << 20

    static func read(_ path: String) throws(StringsError) -> [UInt8] {
        do {
            return try FileSystem.read(path, maxBytes: maxBytes)
        } catch {
            switch error.kind {
            case .tooLarge: throw StringsError(file: path, line: 0, "larger than \(maxBytes) bytes")
            case .system where error.call == "open": throw StringsError(file: path, line: 0, "cannot open: \(error.reason)")
            default: throw StringsError(file: path, line: 0, "cannot read: \(error.reason)")
            }
        }
    }
}
