/// The numbers of the zip format (PKWARE's APPNOTE.TXT 6.3.x) that the writer and the reader
/// share, each named once.
enum ZipFormat {
    // Record signatures ("PK" and two bytes), as they read little-endian.
    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endSignature: UInt32 = 0x0605_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50

    // Fixed sizes of the records, before their variable parts (name, extra field, comment).
    static let localHeaderBytes = 30
    static let centralHeaderBytes = 46
    static let endBytes = 22
    static let zip64EndBytes = 56
    static let zip64LocatorBytes = 20
    /// A comment's length is 16 bits: the end record starts at most this far before the end.
    static let maxEndSearchBytes = endBytes + 0xFFFF

    // Compression methods.
    static let stored: UInt16 = 0
    static let deflated: UInt16 = 8

    // General purpose bits.
    static let encryptedFlag: UInt16 = 1 << 0
    /// Sizes and CRC-32 follow the data (a data descriptor); the central header has them.
    static let dataDescriptorFlag: UInt16 = 1 << 3
    /// Strong encryption (APPNOTE 7.0).
    static let strongEncryptionFlag: UInt16 = 1 << 6
    static let utf8NameFlag: UInt16 = 1 << 11
    /// The local headers' values are masked because the central directory is encrypted.
    static let maskedHeadersFlag: UInt16 = 1 << 13

    // "Version needed to extract", ×10.
    static let versionStored: UInt16 = 10
    static let versionDeflated: UInt16 = 20
    static let versionZip64: UInt16 = 45
    /// "Version made by": the high byte 3 says Unix, so external attributes carry a mode.
    static let madeByUnix: UInt16 = 3 << 8

    // The ZIP64 extended information extra field, and the values saying "see it".
    static let zip64ExtraID: UInt16 = 0x0001
    static let sentinel32: UInt32 = 0xFFFF_FFFF
    static let sentinel16: UInt16 = 0xFFFF

    // Unix file types in the high 16 bits of external attributes (S_IFMT and its values).
    static let unixTypeMask: UInt32 = 0o170000
    static let unixRegular: UInt32 = 0o100000
    static let unixDirectory: UInt32 = 0o040000
    static let unixSymbolicLink: UInt32 = 0o120000
    /// A written file: regular, rw-r--r--.
    static let writtenFileMode: UInt32 = unixRegular | 0o644
}
