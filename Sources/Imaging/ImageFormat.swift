/// The kinds of picture Dawn takes, told by their first bytes: never by a file's name or
/// its `Content-Type`, which are whatever the sender says.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg, png, webp, heic

    /// HEIF brands of iPhone photos (and of HEIF in general) in the `ftyp` box.
    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]

    /// The format `bytes` start like, or nil when they are none of the four.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        // An ISO base media file: a box size, then `ftyp` and the major brand.
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if heifBrands.contains(brand) { return .heic }
        }
        return nil
    }
}
