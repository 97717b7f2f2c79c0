/// What an entry's name may be: a relative path of plain segments that means the same on
/// every system, so whoever writes the entries out cannot be led outside a folder.
/// Names are read as UTF-8 whether or not general purpose bit 11 says so (Info-ZIP on
/// Linux writes UTF-8 without it; CP437 names with bytes over 0x7F are refused).
enum ZipEntryName {
    /// The name as text, and whether it names a folder (a trailing `/`).
    static func check(_ raw: [UInt8]) throws(ZipError) -> (name: String, isDirectory: Bool) {
        guard !raw.isEmpty else { throw .emptyName }
        guard let name = String(validating: raw, as: UTF8.self) else {
            throw .nameNotUTF8(name: String(decoding: raw, as: UTF8.self))
        }
        for scalar in name.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { throw .controlCharacterInName(name: name) }
            if scalar == "\\" { throw .backslashInName(name: name) }
        }
        if raw[0] == UInt8(ascii: "/") { throw .absoluteName(name: name) }
        if raw.count >= 2, raw[1] == UInt8(ascii: ":"),
           (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(raw[0] & 0xDF) {
            throw .driveLetterName(name: name)
        }

        let isDirectory = raw.last == UInt8(ascii: "/")
        let path = isDirectory ? raw.dropLast() : raw[...]
        for segment in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if segment.elementsEqual("..".utf8) { throw .parentSegmentInName(name: name) }
            if segment.isEmpty || segment.elementsEqual(".".utf8) { throw .redundantSegmentInName(name: name) }
        }
        return (name, isDirectory)
    }
}
