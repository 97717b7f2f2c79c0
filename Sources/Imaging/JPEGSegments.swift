/// The segments of a JPEG file, read without decoding: enough to tell a bare JPEG (as Dawn
/// writes photos: no EXIF, XMP, ICC profile or comment) from one carrying metadata.
public enum JPEGSegments {
    /// Whether the JPEG holds only what a picture needs before its scan: JFIF (APP0),
    /// quantisation and Huffman tables, the frame header, restart interval. Any other
    /// application segment (EXIF and XMP are APP1, ICC APP2, …) or a comment is metadata.
    /// Also false for a file that is not a well-formed JPEG up to its first scan.
    public static func isBare(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return false }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }   // fill bytes before a marker
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return false }
            switch marker {
            case 0xDA:   // start of scan: the entropy-coded picture follows, no more headers to read
                return true
            case 0xE0, 0xDB, 0xC4, 0xDD, 0xC0, 0xC1, 0xC2:
                break
            default:
                return false
            }
            i += 2 + length
        }
        return false
    }
}
