/// Plans a zip whose entries are known up front: small ones given as bytes, large ones as
/// files whose size and CRC-32 the caller has (`ZipCRC.file(atPath:)`), so the plan never
/// holds a file's contents and its length is known before the first byte is sent. Sizes,
/// offsets or an entry count past the classic fields' range get ZIP64 records.
public struct ZipWriter {
    public let modified: ZipTimestamp
    /// Sizes and offsets at or past this are written as ZIP64 values (0xFFFFFFFF; tests
    /// lower it to write ZIP64 records with small files).
    let zip64Threshold: Int64
    /// An entry count at or past this gets the ZIP64 end records (0xFFFF).
    let zip64EntryThreshold: Int

    /// What the central directory repeats of an entry, written by `finish()`.
    private struct Record {
        var name: [UInt8]
        var method: UInt16
        var crc32: UInt32
        var compressedSize: Int64
        var size: Int64
        var localHeaderOffset: Int64
    }

    private var parts: [ZipPlan.Part] = []
    /// Bytes since the last file part: headers and small entries go out as one part.
    private var pending: [UInt8] = []
    private var offset: Int64 = 0
    private var records: [Record] = []

    public init(modified: ZipTimestamp) {
        self.init(modified: modified, zip64Threshold: Int64(ZipFormat.sentinel32), zip64EntryThreshold: Int(ZipFormat.sentinel16))
    }

    init(modified: ZipTimestamp, zip64Threshold: Int64, zip64EntryThreshold: Int) {
        self.modified = modified
        self.zip64Threshold = zip64Threshold
        self.zip64EntryThreshold = zip64EntryThreshold
    }

    /// An entry held in memory: deflated when `compress` and that makes it smaller, else stored.
    /// Names are Dawn's own paths (`photos/2026-11-24/…`): relative, plain segments, each once.
    public mutating func add(name: String, bytes: [UInt8], compress: Bool) {
        let deflated = compress ? RawDeflate.compress(bytes) : []
        let useDeflate = compress && deflated.count < bytes.count
        let record = Record(name: Self.checked(name), method: useDeflate ? ZipFormat.deflated : ZipFormat.stored,
                            crc32: ZipCRC.crc32(bytes), compressedSize: Int64(useDeflate ? deflated.count : bytes.count),
                            size: Int64(bytes.count), localHeaderOffset: offset)
        append(localHeader(record))
        append(useDeflate ? deflated : bytes)
        records.append(record)
    }

    /// A file stored as it is (photos are compressed already), read only when the zip is sent.
    public mutating func add(name: String, filePath: String, size: Int64, crc32: UInt32) {
        precondition(size >= 0, "a file's size cannot be negative")
        let record = Record(name: Self.checked(name), method: ZipFormat.stored, crc32: crc32, compressedSize: size,
                            size: size, localHeaderOffset: offset)
        append(localHeader(record))
        if !pending.isEmpty {
            parts.append(.bytes(pending))
            pending = []
        }
        parts.append(.file(path: filePath, size: size))
        offset += size
        records.append(record)
    }

    /// The plan: the entries so far, then the central directory and end records.
    public func finish() -> ZipPlan {
        assert(Set(records.map(\.name)).count == records.count, "a zip entry name was added twice")
        var tail = pending
        let directoryOffset = offset
        for record in records { tail += centralHeader(record) }
        let directorySize = Int64(tail.count - pending.count)
        let entryCount = records.count

        let needsZip64 = entryCount >= zip64EntryThreshold || directorySize >= zip64Threshold
            || directoryOffset >= zip64Threshold
        if needsZip64 {
            let zip64EndOffset = directoryOffset + directorySize
            tail.appendLittleEndian(ZipFormat.zip64EndSignature)
            tail.appendLittleEndian(UInt64(ZipFormat.zip64EndBytes - 12))
            tail.appendLittleEndian(ZipFormat.madeByUnix | ZipFormat.versionZip64)
            tail.appendLittleEndian(ZipFormat.versionZip64)
            tail.appendLittleEndian(UInt32(0))  // this disk
            tail.appendLittleEndian(UInt32(0))  // the central directory's disk
            tail.appendLittleEndian(UInt64(entryCount))
            tail.appendLittleEndian(UInt64(entryCount))
            tail.appendLittleEndian(UInt64(directorySize))
            tail.appendLittleEndian(UInt64(directoryOffset))

            tail.appendLittleEndian(ZipFormat.zip64LocatorSignature)
            tail.appendLittleEndian(UInt32(0))  // the ZIP64 end record's disk
            tail.appendLittleEndian(UInt64(zip64EndOffset))
            tail.appendLittleEndian(UInt32(1))  // disks in all
        }
        let count16 = entryCount >= zip64EntryThreshold ? ZipFormat.sentinel16 : UInt16(entryCount)
        tail.appendLittleEndian(ZipFormat.endSignature)
        tail.appendLittleEndian(UInt16(0))  // this disk
        tail.appendLittleEndian(UInt16(0))  // the central directory's disk
        tail.appendLittleEndian(count16)
        tail.appendLittleEndian(count16)
        tail.appendLittleEndian(field32(directorySize))
        tail.appendLittleEndian(field32(directoryOffset))
        tail.appendLittleEndian(UInt16(0))  // comment length

        return ZipPlan(parts: parts + [.bytes(tail)])
    }

    // MARK: Records

    private func localHeader(_ record: Record) -> [UInt8] {
        // A local ZIP64 field holds both sizes (APPNOTE 4.5.3).
        let zip64 = record.size >= zip64Threshold || record.compressedSize >= zip64Threshold
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ZipFormat.localHeaderBytes + record.name.count + 20)
        bytes.appendLittleEndian(ZipFormat.localHeaderSignature)
        bytes.appendLittleEndian(versionNeeded(record))
        bytes.appendLittleEndian(ZipFormat.utf8NameFlag)
        bytes.appendLittleEndian(record.method)
        bytes.appendLittleEndian(modified.time)
        bytes.appendLittleEndian(modified.date)
        bytes.appendLittleEndian(record.crc32)
        bytes.appendLittleEndian(zip64 ? ZipFormat.sentinel32 : UInt32(record.compressedSize))
        bytes.appendLittleEndian(zip64 ? ZipFormat.sentinel32 : UInt32(record.size))
        bytes.appendLittleEndian(UInt16(record.name.count))
        bytes.appendLittleEndian(UInt16(zip64 ? 20 : 0))
        bytes += record.name
        if zip64 {
            bytes.appendLittleEndian(ZipFormat.zip64ExtraID)
            bytes.appendLittleEndian(UInt16(16))
            bytes.appendLittleEndian(UInt64(record.size))
            bytes.appendLittleEndian(UInt64(record.compressedSize))
        }
        return bytes
    }

    private func centralHeader(_ record: Record) -> [UInt8] {
        // Only the values too large for their field go in the ZIP64 field, in this order.
        var zip64: [UInt8] = []
        for value in [record.size, record.compressedSize, record.localHeaderOffset] where value >= zip64Threshold {
            zip64.appendLittleEndian(UInt64(value))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ZipFormat.centralHeaderBytes + record.name.count + 28)
        bytes.appendLittleEndian(ZipFormat.centralHeaderSignature)
        bytes.appendLittleEndian(ZipFormat.madeByUnix | versionNeeded(record))
        bytes.appendLittleEndian(versionNeeded(record))
        bytes.appendLittleEndian(ZipFormat.utf8NameFlag)
        bytes.appendLittleEndian(record.method)
        bytes.appendLittleEndian(modified.time)
        bytes.appendLittleEndian(modified.date)
        bytes.appendLittleEndian(record.crc32)
        bytes.appendLittleEndian(field32(record.compressedSize))
        bytes.appendLittleEndian(field32(record.size))
        bytes.appendLittleEndian(UInt16(record.name.count))
        bytes.appendLittleEndian(UInt16(zip64.isEmpty ? 0 : 4 + zip64.count))
        bytes.appendLittleEndian(UInt16(0))  // comment length
        bytes.appendLittleEndian(UInt16(0))  // disk where the entry starts
        bytes.appendLittleEndian(UInt16(0))  // internal attributes
        bytes.appendLittleEndian(ZipFormat.writtenFileMode << 16)
        bytes.appendLittleEndian(field32(record.localHeaderOffset))
        bytes += record.name
        if !zip64.isEmpty {
            bytes.appendLittleEndian(ZipFormat.zip64ExtraID)
            bytes.appendLittleEndian(UInt16(zip64.count))
            bytes += zip64
        }
        return bytes
    }

    /// A size or offset in a 32-bit field, or "see the ZIP64 field".
    private func field32(_ value: Int64) -> UInt32 {
        value >= zip64Threshold ? ZipFormat.sentinel32 : UInt32(value)
    }

    private func versionNeeded(_ record: Record) -> UInt16 {
        if [record.size, record.compressedSize, record.localHeaderOffset].contains(where: { $0 >= zip64Threshold }) {
            return ZipFormat.versionZip64
        }
        return record.method == ZipFormat.deflated ? ZipFormat.versionDeflated : ZipFormat.versionStored
    }

    // MARK: -

    private mutating func append(_ bytes: [UInt8]) {
        pending += bytes
        offset += Int64(bytes.count)
    }

    /// The name's UTF-8. One longer than a header's 16-bit field would make a broken zip;
    /// one the reader would refuse is a mistake of Dawn's, caught in debug builds.
    private static func checked(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8)
        precondition(bytes.count <= Int(UInt16.max), "a zip entry name is longer than 65,535 bytes")
        assert((try? ZipEntryName.check(bytes)) != nil, "the zip entry name \(ZipError.quoted(name)) is not a plain relative path")
        return bytes
    }
}
