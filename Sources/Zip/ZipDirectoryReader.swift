/// Reads and checks everything of an untrusted zip but its entries' data: the end records
/// (ZIP64 ones too), the central directory, each local header against it, names, kinds,
/// limits, and that no entry's bytes lie outside the data or over another's. Strict: the
/// central directory must end where the end records start, and nothing may be ambiguous.
struct ZipDirectoryReader {
    let source: any ZipSource
    let limits: ZipLimits

    init(source: some ZipSource, limits: ZipLimits) {
        self.source = source
        self.limits = limits
    }

    /// Where the central directory is and how many entries it holds, from the end records.
    private struct Directory {
        var offset: Int64
        var size: Int64
        var entryCount: Int64
    }

    /// An entry as the central directory declares it, before its local header is read.
    private struct CentralRecord {
        var rawName: [UInt8]
        var name: String
        var isDirectory: Bool
        var method: UInt16
        var modified: ZipTimestamp
        var crc32: UInt32
        var compressedSize: Int64
        var size: Int64
        var localHeaderOffset: Int64
    }

    func entries() throws(ZipError) -> [ZipArchive.Entry] {
        let directory = try endRecords()
        let records = try centralRecords(directory)
        var entries: [ZipArchive.Entry] = []
        entries.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            let dataOffset = try localHeader(record, before: directory.offset)
            entries.append(ZipArchive.Entry(name: record.name, compressedSize: record.compressedSize, size: record.size,
                                            crc32: record.crc32, isDirectory: record.isDirectory,
                                            modified: record.modified, index: index, method: record.method,
                                            localHeaderOffset: record.localHeaderOffset, dataOffset: dataOffset))
        }
        try checkNoOverlap(entries)
        return entries
    }

    // MARK: End records

    private func endRecords() throws(ZipError) -> Directory {
        let total = source.count
        guard total >= Int64(ZipFormat.endBytes) else { throw .notAZip }
        let tailCount = Int(min(total, Int64(ZipFormat.maxEndSearchBytes)))
        let tailStart = total - Int64(tailCount)
        let tail = try read(at: tailStart, count: tailCount)

        // The last signature whose comment length reaches exactly to the end of the data: a
        // signature inside a comment does not fit.
        var found: Int?
        var position = tailCount - ZipFormat.endBytes
        while position >= 0 {
            if tail[position] == 0x50, tail[position + 1] == 0x4B, tail[position + 2] == 5, tail[position + 3] == 6 {
                let commentCount = Int(tail[position + 20]) | Int(tail[position + 21]) << 8
                if position + ZipFormat.endBytes + commentCount == tailCount {
                    found = position
                    break
                }
            }
            position -= 1
        }
        guard let found else { throw .notAZip }
        let endOffset = tailStart + Int64(found)

        var fields = ZipFieldReader(tail, at: found + 4)
        guard let disk = fields.uint16(), let directoryDisk = fields.uint16(), let entriesOnDisk = fields.uint16(),
              let entryCount = fields.uint16(), let size = fields.uint32(), let offset = fields.uint32() else {
            throw .notAZip
        }

        let locatorOffset = endOffset - Int64(ZipFormat.zip64LocatorBytes)
        var locatorSignature = locatorOffset >= 0 ? ZipFieldReader(try read(at: locatorOffset, count: 4)) : ZipFieldReader([])
        guard locatorSignature.uint32() == ZipFormat.zip64LocatorSignature else {
            guard disk == 0, directoryDisk == 0, entriesOnDisk == entryCount else { throw .multiDisk }
            return try placed(Directory(offset: Int64(offset), size: Int64(size), entryCount: Int64(entryCount)),
                              endingAt: endOffset)
        }

        // ZIP64: the locator points at the ZIP64 end record, whose values replace the end
        // record's; each of those must then be its "see ZIP64" value or the same number.
        var locator = ZipFieldReader(try read(at: locatorOffset, count: ZipFormat.zip64LocatorBytes), at: 4)
        guard let zip64Disk = locator.uint32(), let zip64Offset = locator.uint64(), let diskCount = locator.uint32() else {
            throw .corruptDirectory(reason: "its ZIP64 end of central directory locator is cut short")
        }
        guard zip64Disk == 0, diskCount <= 1 else { throw .multiDisk }
        guard locatorOffset >= Int64(ZipFormat.zip64EndBytes),
              zip64Offset <= UInt64(locatorOffset - Int64(ZipFormat.zip64EndBytes)) else {
            throw .corruptDirectory(reason: "its ZIP64 end of central directory record lies outside the file")
        }
        let zip64Start = Int64(zip64Offset)
        var record = ZipFieldReader(try read(at: zip64Start, count: ZipFormat.zip64EndBytes))
        guard record.uint32() == ZipFormat.zip64EndSignature, let recordSize = record.uint64(),
              recordSize >= UInt64(ZipFormat.zip64EndBytes - 12),
              recordSize == UInt64(locatorOffset - zip64Start - 12) else {
            throw .corruptDirectory(reason: "its ZIP64 end of central directory record is missing or misplaced")
        }
        guard record.skip(4), let disk64 = record.uint32(), let directoryDisk64 = record.uint32(),
              let entriesOnDisk64 = record.uint64(), let entryCount64 = record.uint64(),
              let size64 = record.uint64(), let offset64 = record.uint64() else {
            throw .corruptDirectory(reason: "its ZIP64 end of central directory record is cut short")
        }
        guard disk64 == 0, directoryDisk64 == 0, entriesOnDisk64 == entryCount64,
              disk == 0 || disk == ZipFormat.sentinel16, directoryDisk == 0 || directoryDisk == ZipFormat.sentinel16 else {
            throw .multiDisk
        }
        guard Self.agrees(entriesOnDisk, entryCount64), Self.agrees(entryCount, entryCount64),
              Self.agrees(size, size64), Self.agrees(offset, offset64) else {
            throw .corruptDirectory(reason: "its end record and its ZIP64 end record disagree")
        }
        guard let entryCount = Int64(exactly: entryCount64), let size = Int64(exactly: size64),
              let offset = Int64(exactly: offset64) else {
            throw .corruptDirectory(reason: "its ZIP64 end record holds impossible sizes")
        }
        return try placed(Directory(offset: offset, size: size, entryCount: entryCount), endingAt: zip64Start)
    }

    /// A 16- or 32-bit field of the end record next to its ZIP64 value.
    private static func agrees<Field: FixedWidthInteger & UnsignedInteger>(_ field: Field, _ value: UInt64) -> Bool {
        field == Field.max || UInt64(field) == value
    }

    /// The directory, checked to end exactly where the end records begin and to be of a
    /// size its entry count could fill.
    private func placed(_ directory: Directory, endingAt end: Int64) throws(ZipError) -> Directory {
        guard directory.offset <= end, directory.size == end - directory.offset else {
            throw .corruptDirectory(reason: "its central directory does not end where its end record begins")
        }
        guard directory.entryCount <= Int64(limits.maxEntries) else {
            throw .tooManyEntries(count: directory.entryCount, limit: limits.maxEntries)
        }
        // Each header is 46 bytes and at most three 16-bit lengths more.
        let smallest = directory.entryCount.multipliedReportingOverflow(by: Int64(ZipFormat.centralHeaderBytes))
        let largest = directory.entryCount.multipliedReportingOverflow(by: Int64(ZipFormat.centralHeaderBytes + 3 * 0xFFFF))
        guard !smallest.overflow, directory.size >= smallest.partialValue,
              largest.overflow || directory.size <= largest.partialValue else {
            throw .corruptDirectory(reason: "its central directory's size does not fit its \(directory.entryCount) entries")
        }
        return directory
    }

    // MARK: Central directory

    private func centralRecords(_ directory: Directory) throws(ZipError) -> [CentralRecord] {
        let bytes = try read(at: directory.offset, count: Int(directory.size))
        var fields = ZipFieldReader(bytes)
        var records: [CentralRecord] = []
        records.reserveCapacity(Int(directory.entryCount))
        var names = Set<String>()
        var totalSize: Int64 = 0
        for number in 0..<directory.entryCount {
            let record = try centralRecord(&fields, number: number + 1)
            guard names.insert(record.name).inserted else { throw .duplicateName(name: record.name) }
            let sum = totalSize.addingReportingOverflow(record.size)
            guard !sum.overflow, sum.partialValue <= limits.maxTotalBytes else {
                throw .totalTooLarge(limit: limits.maxTotalBytes)
            }
            totalSize = sum.partialValue
            records.append(record)
        }
        guard fields.remaining == 0 else {
            throw .corruptDirectory(reason: "its central directory holds more than its \(directory.entryCount) entries")
        }
        return records
    }

    private func centralRecord(_ fields: inout ZipFieldReader, number: Int64) throws(ZipError) -> CentralRecord {
        let cutShort = ZipError.corruptDirectory(reason: "its central directory is cut short at entry \(number)")
        guard let signature = fields.uint32() else { throw cutShort }
        guard signature == ZipFormat.centralHeaderSignature else {
            throw .corruptDirectory(reason: "entry \(number) of its central directory has no central header signature")
        }
        guard fields.skip(4), let flags = fields.uint16(), let method = fields.uint16(), let time = fields.uint16(),
              let date = fields.uint16(), let crc32 = fields.uint32(), let compressed32 = fields.uint32(),
              let size32 = fields.uint32(), let nameCount = fields.uint16(), let extraCount = fields.uint16(),
              let commentCount = fields.uint16(), let startDisk = fields.uint16(), fields.skip(2),
              let attributes = fields.uint32(), let offset32 = fields.uint32(),
              let rawName = fields.take(Int(nameCount)), let extra = fields.take(Int(extraCount)),
              fields.skip(Int(commentCount)) else {
            throw cutShort
        }
        let (name, isDirectory) = try ZipEntryName.check(rawName)

        guard flags & (ZipFormat.encryptedFlag | ZipFormat.strongEncryptionFlag | ZipFormat.maskedHeadersFlag) == 0 else {
            throw .encrypted(name: name)
        }
        guard method == ZipFormat.stored || method == ZipFormat.deflated else {
            throw .unsupportedMethod(name: name, method: method)
        }

        // The ZIP64 extra field holds, in this order, the values whose field says "see ZIP64".
        var size = UInt64(size32), compressedSize = UInt64(compressed32), offset = UInt64(offset32)
        if size32 == ZipFormat.sentinel32 || compressed32 == ZipFormat.sentinel32 || offset32 == ZipFormat.sentinel32
            || startDisk == ZipFormat.sentinel16 {
            guard var zip64 = Self.zip64Field(in: extra) else {
                throw .corruptEntry(name: name, reason: "its ZIP64 extra field is missing")
            }
            let missing = ZipError.corruptEntry(name: name, reason: "its ZIP64 extra field is too short")
            if size32 == ZipFormat.sentinel32 { guard let value = zip64.uint64() else { throw missing }; size = value }
            if compressed32 == ZipFormat.sentinel32 { guard let value = zip64.uint64() else { throw missing }; compressedSize = value }
            if offset32 == ZipFormat.sentinel32 { guard let value = zip64.uint64() else { throw missing }; offset = value }
            if startDisk == ZipFormat.sentinel16 {
                guard let disk = zip64.uint32() else { throw missing }
                guard disk == 0 else { throw .multiDisk }
            }
        } else {
            guard startDisk == 0 else { throw .multiDisk }
        }
        guard let size = Int64(exactly: size), let compressedSize = Int64(exactly: compressedSize),
              let offset = Int64(exactly: offset) else {
            throw .corruptEntry(name: name, reason: "its sizes or offset are impossibly large")
        }

        try checkKind(name: name, isDirectory: isDirectory, attributes: attributes)
        if isDirectory, size != 0 {
            throw .corruptEntry(name: name, reason: "it is a folder but holds \(size) bytes")
        }
        if method == ZipFormat.stored, compressedSize != size {
            throw .corruptEntry(name: name, reason: "it is stored, but its sizes differ (\(compressedSize) and \(size))")
        }
        guard size <= limits.maxEntryBytes else {
            throw .entryTooLarge(name: name, size: size, limit: limits.maxEntryBytes)
        }
        if method == ZipFormat.deflated {
            let (most, overflow) = compressedSize.multipliedReportingOverflow(by: limits.maxRatio)
            guard overflow || size <= most else {
                throw .ratioTooHigh(name: name, size: size, compressedSize: compressedSize, limit: limits.maxRatio)
            }
        }
        return CentralRecord(rawName: rawName, name: name, isDirectory: isDirectory, method: method,
                             modified: ZipTimestamp(date: date, time: time), crc32: crc32,
                             compressedSize: compressedSize, size: size, localHeaderOffset: offset)
    }

    /// The Unix file type in the high half of the external attributes, whoever made the zip:
    /// only regular files and folders pass.
    private func checkKind(name: String, isDirectory: Bool, attributes: UInt32) throws(ZipError) {
        switch (attributes >> 16) & ZipFormat.unixTypeMask {
        case 0, ZipFormat.unixRegular: return
        case ZipFormat.unixDirectory where isDirectory: return
        case ZipFormat.unixSymbolicLink: throw .symbolicLink(name: name)
        default: throw .notRegularFile(name: name)
        }
    }

    /// The data of the ZIP64 extended information field among an extra field's blocks.
    private static func zip64Field(in extra: [UInt8]) -> ZipFieldReader? {
        var blocks = ZipFieldReader(extra)
        while let id = blocks.uint16(), let count = blocks.uint16() {
            guard let data = blocks.take(Int(count)) else { return nil }
            if id == ZipFormat.zip64ExtraID { return ZipFieldReader(data) }
        }
        return nil
    }

    // MARK: Local headers

    /// Checks the entry's local header against its central record; returns where its data starts.
    private func localHeader(_ record: CentralRecord, before directoryOffset: Int64) throws(ZipError) -> Int64 {
        let name = record.name
        let headerEnd = record.localHeaderOffset.addingReportingOverflow(Int64(ZipFormat.localHeaderBytes))
        guard !headerEnd.overflow, headerEnd.partialValue <= directoryOffset else { throw .entryOutOfBounds(name: name) }
        var fields = ZipFieldReader(try read(at: record.localHeaderOffset, count: ZipFormat.localHeaderBytes))
        guard fields.uint32() == ZipFormat.localHeaderSignature else {
            throw .localHeaderMismatch(name: name, field: "signature")
        }
        guard fields.skip(2), let flags = fields.uint16(), let method = fields.uint16(), fields.skip(4),
              let crc32 = fields.uint32(), let compressed32 = fields.uint32(), let size32 = fields.uint32(),
              let nameCount = fields.uint16(), let extraCount = fields.uint16() else {
            throw .entryOutOfBounds(name: name)
        }
        let dataOffset = headerEnd.partialValue + Int64(nameCount) + Int64(extraCount)
        guard dataOffset <= directoryOffset, record.compressedSize <= directoryOffset - dataOffset else {
            throw .entryOutOfBounds(name: name)
        }
        var variable = ZipFieldReader(try read(at: headerEnd.partialValue, count: Int(nameCount) + Int(extraCount)))
        guard variable.take(Int(nameCount)) == record.rawName else { throw .localHeaderMismatch(name: name, field: "name") }
        guard flags & (ZipFormat.encryptedFlag | ZipFormat.strongEncryptionFlag | ZipFormat.maskedHeadersFlag) == 0 else {
            throw .encrypted(name: name)
        }
        guard method == record.method else { throw .localHeaderMismatch(name: name, field: "compression method") }

        var size = UInt64(size32), compressedSize = UInt64(compressed32)
        if size32 == ZipFormat.sentinel32 || compressed32 == ZipFormat.sentinel32 {
            // A local ZIP64 field holds both sizes (APPNOTE 4.5.3).
            let extra = variable.take(Int(extraCount)) ?? []
            guard var zip64 = Self.zip64Field(in: extra), let size64 = zip64.uint64(), let compressed64 = zip64.uint64() else {
                throw .localHeaderMismatch(name: name, field: "ZIP64 extra field")
            }
            size = size64
            compressedSize = compressed64
        }
        // With a data descriptor the local header may leave the CRC-32 and sizes at zero.
        let deferred = flags & ZipFormat.dataDescriptorFlag != 0
        guard crc32 == record.crc32 || (deferred && crc32 == 0) else {
            throw .localHeaderMismatch(name: name, field: "CRC-32")
        }
        guard size == UInt64(record.size) || (deferred && size == 0),
              compressedSize == UInt64(record.compressedSize) || (deferred && compressedSize == 0) else {
            throw .localHeaderMismatch(name: name, field: "size")
        }
        return dataOffset
    }

    /// No entry's local header or data may lie within another's: overlapping entries are how
    /// a small zip declares many times its size.
    private func checkNoOverlap(_ entries: [ZipArchive.Entry]) throws(ZipError) {
        let ordered = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (earlier, later) in zip(ordered, ordered.dropFirst())
        where earlier.dataOffset + earlier.compressedSize > later.localHeaderOffset {
            throw .overlappingEntries(name: later.name, other: earlier.name)
        }
    }

    // MARK: -

    /// Bytes of the source, or an error naming what is cut short.
    private func read(at offset: Int64, count: Int) throws(ZipError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= source.count, Int64(count) <= source.count - offset else {
            throw .corruptDirectory(reason: "a record lies outside the file")
        }
        return try source.withBytes(at: offset, count: count) { Array($0) }
    }
}
