/// A zip from an untrusted source, read within `ZipLimits`. Everything but the entries'
/// data is checked when it is opened (`ZipDirectoryReader`); `contents(of:)` inflates one
/// entry into at most its declared size and checks its CRC-32.
public struct ZipArchive: Sendable {
    /// The most the reader asks of its source at once while reading entries' data.
    public static let readChunkBytes = 256 * 1024

    /// In the central directory's order.
    public let entries: [Entry]
    public let limits: ZipLimits
    private let source: any ZipSource
    private let indexByName: [String: Int]

    public init(bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
        try self.init(source: ZipMemorySource(bytes), limits: limits)
    }

    public init(source: some ZipSource, limits: ZipLimits = ZipLimits()) throws(ZipError) {
        entries = try ZipDirectoryReader(source: source, limits: limits).entries()
        var indexByName: [String: Int] = [:]
        for entry in entries { indexByName[entry.name] = entry.index }
        self.indexByName = indexByName
        self.limits = limits
        self.source = source
    }

    /// The entry with exactly this name (a folder's ends in `/`).
    public func entry(named name: String) -> Entry? {
        indexByName[name].map { entries[$0] }
    }

    /// The entry's uncompressed bytes: exactly its declared size, or an error as soon as
    /// the data would give more; its CRC-32 checked.
    public func contents(of entry: Entry) throws(ZipError) -> [UInt8] {
        guard entries.indices.contains(entry.index), entries[entry.index] == entry else {
            throw .unknownEntry(name: entry.name)
        }
        let bytes: [UInt8]
        switch entry.method {
        case ZipFormat.stored: bytes = try stored(entry)
        default: bytes = try inflated(entry)
        }
        guard ZipCRC.crc32(bytes) == entry.crc32 else { throw .crcMismatch(name: entry.name) }
        return bytes
    }

    private func stored(_ entry: Entry) throws(ZipError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(entry.size))
        try forEachChunk(of: entry) { chunk in bytes.append(contentsOf: chunk) }
        return bytes
    }

    private func inflated(_ entry: Entry) throws(ZipError) -> [UInt8] {
        let inflater: RawDeflate.Inflater
        do { inflater = try RawDeflate.Inflater(size: Int(entry.size)) } catch { throw Self.error(error, entry: entry) }
        try forEachChunk(of: entry) { (chunk) throws(ZipError) in
            do throws(RawDeflate.Failure) { try inflater.feed(chunk) } catch { throw Self.error(error, entry: entry) }
        }
        do { return try inflater.finish() } catch { throw Self.error(error, entry: entry) }
    }

    /// The entry's compressed data, a chunk at a time.
    private func forEachChunk(of entry: Entry, _ body: (UnsafeRawBufferPointer) throws(ZipError) -> Void) throws(ZipError) {
        var done: Int64 = 0
        while done < entry.compressedSize {
            let count = Int(min(Int64(Self.readChunkBytes), entry.compressedSize - done))
            try source.withBytes(at: entry.dataOffset + done, count: count, body)
            done += Int64(count)
        }
    }

    private static func error(_ failure: RawDeflate.Failure, entry: Entry) -> ZipError {
        switch failure {
        case .moreThanDeclared: .largerThanDeclared(name: entry.name, declared: entry.size)
        case let .fewerThanDeclared(actual): .smallerThanDeclared(name: entry.name, declared: entry.size, actual: Int64(actual))
        case .endsEarly: .corruptData(name: entry.name, reason: "its data ends before its deflate stream does")
        case .trailingData: .corruptData(name: entry.name, reason: "bytes follow the end of its deflate stream")
        case let .corrupt(reason): .corruptData(name: entry.name, reason: reason)
        case let .zlib(code): .zlib(code: code)
        }
    }
}
