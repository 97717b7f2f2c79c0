@testable import Zip

/// A zip written field by field with no checks, so tests can make the hostile ones the
/// writer never would.
struct HandMadeZip {
    struct Entry {
        var name: [UInt8]
        /// As it lies in the file: compressed already for method 8.
        var data: [UInt8]
        var method: UInt16 = 0
        var flags: UInt16 = 0x0800
        var crc32: UInt32
        var compressedSize: UInt32
        var size: UInt32
        var madeBy: UInt16 = 0x0314
        var externalAttributes: UInt32 = 0o100644 << 16
        /// Set: no local header of its own; the central record points here (at another's).
        var localHeaderOffset: UInt32?

        static func stored(_ name: String, _ bytes: [UInt8]) -> Entry {
            Entry(name: Array(name.utf8), data: bytes, crc32: ZipCRC.crc32(bytes), compressedSize: UInt32(bytes.count),
                  size: UInt32(bytes.count))
        }

        static func deflated(_ name: String, _ bytes: [UInt8]) -> Entry {
            let data = RawDeflate.compress(bytes)
            return Entry(name: Array(name.utf8), data: data, method: 8, crc32: ZipCRC.crc32(bytes),
                         compressedSize: UInt32(data.count), size: UInt32(bytes.count))
        }
    }

    var entries: [Entry]

    init(_ entries: [Entry]) {
        self.entries = entries
    }

    static func localHeader(_ entry: Entry) -> [UInt8] {
        le(UInt32(0x0403_4B50)) + le(UInt16(20)) + le(entry.flags) + le(entry.method) + le(UInt16(0))
            + le(UInt16(0x21)) + le(entry.crc32) + le(entry.compressedSize) + le(entry.size)
            + le(UInt16(entry.name.count)) + le(UInt16(0)) + entry.name
    }

    var bytes: [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let offset: UInt32
            if let shared = entry.localHeaderOffset {
                offset = shared
            } else {
                offset = UInt32(out.count)
                out += Self.localHeader(entry) + entry.data
            }
            central += le(UInt32(0x0201_4B50)) + le(entry.madeBy) + le(UInt16(20)) + le(entry.flags) + le(entry.method)
                + le(UInt16(0)) + le(UInt16(0x21)) + le(entry.crc32) + le(entry.compressedSize) + le(entry.size)
                + le(UInt16(entry.name.count)) + le(UInt16(0)) + le(UInt16(0)) + le(UInt16(0)) + le(UInt16(0))
                + le(entry.externalAttributes) + le(offset) + entry.name
        }
        let directoryOffset = UInt32(out.count)
        out += central
        out += le(UInt32(0x0605_4B50)) + le(UInt16(0)) + le(UInt16(0)) + le(UInt16(entries.count))
            + le(UInt16(entries.count)) + le(UInt32(central.count)) + le(directoryOffset) + le(UInt16(0))
        return out
    }
}
