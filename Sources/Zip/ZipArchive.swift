import CZlib

/// Random access to a zip's bytes: memory now; a temporary file could be another.
public protocol ZipSource: Sendable {
    var count: Int64 { get }
    /// `count` bytes from `offset`; the caller keeps both inside the source.
    func bytes(at offset: Int64, count: Int) -> [UInt8]
}

/// A zip held in memory.
public struct ZipBytes: ZipSource {
    let storage: [UInt8]

    public init(_ bytes: [UInt8]) {
        storage = bytes
    }

    public var count: Int64 { Int64(storage.count) }

    public func bytes(at offset: Int64, count: Int) -> [UInt8] {
        Array(storage[Int(offset)..<Int(offset) + count])
    }
}

/// What an untrusted zip may hold, at most.
public struct ZipLimits: Sendable, Equatable {
    public var maxEntries: Int
    /// One entry, unpacked.
    public var maxEntryBytes: Int64
    /// All entries together, unpacked, as their headers declare them (and as checked when read).
    public var maxTotalBytes: Int64
    /// A deflated entry may claim at most this many bytes for each byte it holds.
    public var maxRatio: Int64

    public init(maxEntries: Int = 10_000, maxEntryBytes: Int64 = 64 << 20, maxTotalBytes: Int64 = 6 << 30,
                maxRatio: Int64 = 1_000) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxRatio = maxRatio
    }
}

/// A zip read from an untrusted source: its central directory checked whole before any
/// entry is read (names, kinds, sizes, where every entry's data lies), then entries unpacked
/// one at a time, never past the size their headers declare, their CRC-32 checked.
public struct ZipArchive: Sendable {
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let compressedSize: Int64
        public let size: Int64
        public let crc32: UInt32
        public let isDirectory: Bool
        let method: UInt16
        /// Where the entry's data starts.
        let dataOffset: Int64
    }

    public let entries: [Entry]
    private let source: any ZipSource
    private let byName: [String: Int]

    public init(bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
        try self.init(source: ZipBytes(bytes), limits: limits)
    }

    public init(source: any ZipSource, limits: ZipLimits = ZipLimits()) throws(ZipError) {
        self.source = source
        let end = try Self.endRecord(source)
        guard end.entries <= Int64(limits.maxEntries) else { throw .tooManyEntries(max: limits.maxEntries) }
        guard end.directoryOffset >= 0, end.directorySize >= 0,
              end.directoryOffset + end.directorySize <= end.position else { throw .inconsistent("the directory lies outside the file") }
        let directory = source.bytes(at: end.directoryOffset, count: Int(end.directorySize))
        var entries: [Entry] = []
        var byName: [String: Int] = [:]
        var total: Int64 = 0
        var at = 0
        while at < directory.count {
            let entry = try Self.centralEntry(directory, &at, source: source, directoryOffset: end.directoryOffset, limits: limits)
            guard byName[entry.name] == nil else { throw .duplicateName(entry.name) }
            total += entry.size
            guard total <= limits.maxTotalBytes else { throw .totalTooLarge(max: limits.maxTotalBytes) }
            byName[entry.name] = entries.count
            entries.append(entry)
            guard entries.count <= limits.maxEntries else { throw .tooManyEntries(max: limits.maxEntries) }
        }
        guard Int64(entries.count) == end.entries else { throw .inconsistent("it counts \(end.entries) entries, and holds \(entries.count)") }
        self.entries = entries
        self.byName = byName
    }

    public func entry(named name: String) -> Entry? {
        byName[name].map { entries[$0] }
    }

    /// The entry's bytes, unpacked: never more than its declared size (a zip bomb stops there),
    /// and refused unless they are exactly that size with the declared CRC-32.
    public func contents(of entry: Entry) throws(ZipError) -> [UInt8] {
        let data = source.bytes(at: entry.dataOffset, count: Int(entry.compressedSize))
        let output: [UInt8]
        if entry.method == 0 {
            output = data
        } else {
            output = try Self.inflate(data, size: Int(entry.size), name: entry.name)
        }
        guard Int64(output.count) == entry.size else { throw .sizeMismatch(entry.name) }
        guard ZipCRC.crc32(output) == entry.crc32 else { throw .crcMismatch(entry.name) }
        return output
    }

    // MARK: reading the directory

    private struct End {
        var entries: Int64
        var directorySize: Int64
        var directoryOffset: Int64
        /// Where the end records start: the directory must end before.
        var position: Int64
    }

    private static func endRecord(_ source: any ZipSource) throws(ZipError) -> End {
        let size = source.count
        guard size >= 22 else { throw .notAZip }
        // The record is 22 bytes plus a comment of up to 65,535.
        let windowStart = max(0, size - 22 - 0xFFFF)
        let window = source.bytes(at: windowStart, count: Int(size - windowStart))
        var i = window.count - 22
        while i >= 0 {
            if u32(window, i) == 0x0605_4B50, i + 22 + Int(u16(window, i + 20)) == window.count { break }
            i -= 1
        }
        guard i >= 0 else { throw source.count > 4 && isLocalHeader(source) ? .truncated : .notAZip }
        let disk = u16(window, i + 4), directoryDisk = u16(window, i + 6)
        var end = End(entries: Int64(u16(window, i + 10)), directorySize: Int64(u32(window, i + 12)),
                      directoryOffset: Int64(u32(window, i + 16)), position: windowStart + Int64(i))
        guard u16(window, i + 8) == u16(window, i + 10) else { throw .multiDisk }
        let maxed = end.entries == 0xFFFF || end.directorySize == 0xFFFF_FFFF || end.directoryOffset == 0xFFFF_FFFF
        if !maxed {
            guard disk == 0, directoryDisk == 0 else { throw .multiDisk }
            return end
        }
        // ZIP64: the locator sits just before the end record and names the ZIP64 record.
        guard end.position >= 20 else { throw .truncated }
        let locator = source.bytes(at: end.position - 20, count: 20)
        guard u32(locator, 0) == 0x0706_4B50 else { throw .inconsistent("a ZIP64 end record is missing") }
        guard u32(locator, 4) == 0, u32(locator, 16) == 1 else { throw .multiDisk }
        let recordOffset = Int64(bitPattern: u64(locator, 8))
        guard recordOffset >= 0, recordOffset + 56 <= end.position - 20 else { throw .inconsistent("the ZIP64 end record lies outside the file") }
        let record = source.bytes(at: recordOffset, count: 56)
        guard u32(record, 0) == 0x0606_4B50 else { throw .inconsistent("the ZIP64 end record is missing") }
        guard u32(record, 16) == 0, u32(record, 20) == 0, u64(record, 24) == u64(record, 32) else { throw .multiDisk }
        let entries = u64(record, 32), directorySize = u64(record, 40), directoryOffset = u64(record, 48)
        guard entries < 1 << 40, directorySize < 1 << 62, directoryOffset < 1 << 62 else { throw .inconsistent("impossible sizes") }
        end.entries = Int64(entries)
        end.directorySize = Int64(directorySize)
        end.directoryOffset = Int64(directoryOffset)
        end.position = recordOffset
        return end
    }

    private static func isLocalHeader(_ source: any ZipSource) -> Bool {
        u32(source.bytes(at: 0, count: 4), 0) == 0x0403_4B50
    }

    private static func centralEntry(_ d: [UInt8], _ at: inout Int, source: any ZipSource, directoryOffset: Int64,
                                     limits: ZipLimits) throws(ZipError) -> Entry {
        guard at + 46 <= d.count, u32(d, at) == 0x0201_4B50 else { throw .inconsistent("an entry's header is damaged") }
        let madeBy = u16(d, at + 4) >> 8
        let flags = u16(d, at + 8), method = u16(d, at + 10)
        let crc = u32(d, at + 16)
        var compressedSize = Int64(u32(d, at + 20)), size = Int64(u32(d, at + 24))
        let nameLength = Int(u16(d, at + 28)), extraLength = Int(u16(d, at + 30)), commentLength = Int(u16(d, at + 32))
        let diskStart = u16(d, at + 34)
        let external = u32(d, at + 38)
        var offset = Int64(u32(d, at + 42))
        let next = at + 46 + nameLength + extraLength + commentLength
        guard next <= d.count else { throw .inconsistent("an entry's header is damaged") }
        let rawName = Array(d[(at + 46)..<(at + 46 + nameLength)])
        let name = String(decoding: rawName, as: UTF8.self)
        // ZIP64 sizes and offset, in that order, for the fields that are maxed.
        var extra = at + 46 + nameLength
        let extraEnd = extra + extraLength
        while extra + 4 <= extraEnd {
            let id = u16(d, extra), length = Int(u16(d, extra + 2))
            guard extra + 4 + length <= extraEnd else { throw .inconsistent("\(name)'s extra fields are damaged") }
            if id == 0x0001 {
                var field = extra + 4
                func take() throws(ZipError) -> Int64 {
                    guard field + 8 <= extra + 4 + length else { throw .inconsistent("\(name)'s ZIP64 field is short") }
                    let value = u64(d, field)
                    field += 8
                    guard value < 1 << 62 else { throw .inconsistent("\(name)'s sizes are impossible") }
                    return Int64(value)
                }
                if size == 0xFFFF_FFFF { size = try take() }
                if compressedSize == 0xFFFF_FFFF { compressedSize = try take() }
                if offset == 0xFFFF_FFFF { offset = try take() }
            }
            extra += 4 + length
        }
        at = next

        guard String(validating: rawName, as: UTF8.self) != nil, isSafe(name) else { throw .unsafeName(name) }
        guard diskStart == 0 || diskStart == 0xFFFF else { throw .multiDisk }
        guard flags & 0x0041 == 0 else { throw .encrypted(name) }
        guard method == 0 || method == 8 else { throw .unsupportedMethod(name, method: Int(method)) }
        let isDirectory = name.hasSuffix("/")
        if madeBy == 3 {   // Unix: the mode is in the high half of the external attributes
            let kind = (external >> 16) & 0o170000
            guard kind == 0 || kind == 0o100000 || (kind == 0o040000 && isDirectory) else { throw .notARegularFile(name) }
        }
        guard !isDirectory || size == 0 else { throw .inconsistent("the folder \(name) holds data") }
        guard size <= limits.maxEntryBytes else { throw .entryTooLarge(name, max: limits.maxEntryBytes) }
        if method == 0 {
            guard compressedSize == size else { throw .sizeMismatch(name) }
        } else {
            guard size <= max(compressedSize, 1) * limits.maxRatio else { throw .suspiciousRatio(name) }
        }

        // The local header must agree, and the data lie before the directory.
        guard offset + 30 <= directoryOffset else { throw .inconsistent("\(name) lies outside the file") }
        let local = source.bytes(at: offset, count: 30)
        guard u32(local, 0) == 0x0403_4B50 else { throw .inconsistent("\(name)'s local header is missing") }
        let localNameLength = Int64(u16(local, 26)), localExtraLength = Int64(u16(local, 28))
        let dataOffset = offset + 30 + localNameLength + localExtraLength
        guard Int(localNameLength) == nameLength, dataOffset <= directoryOffset,
              source.bytes(at: offset + 30, count: nameLength) == rawName else {
            throw .inconsistent("\(name)'s local header differs from the directory")
        }
        guard u16(local, 8) == method else { throw .inconsistent("\(name)'s local header differs from the directory") }
        guard compressedSize <= directoryOffset - dataOffset else { throw .truncated }
        return Entry(name: name, compressedSize: compressedSize, size: size, crc32: crc, isDirectory: isDirectory,
                     method: method, dataOffset: dataOffset)
    }

    /// A plain relative path: no leading slash or drive, no `.`/`..` or empty segments (a
    /// folder's trailing slash aside), no backslash, no control character.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 1024, !name.hasPrefix("/"),
              !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) else { return false }
        var segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.hasSuffix("/") { segments.removeLast() }
        if let first = segments.first, first.count >= 2, first.dropFirst().first == ":" { return false }
        return !segments.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    // MARK: inflating

    /// Raw deflate into at most `size` + 1 bytes: a stream that would give more stops there.
    private static func inflate(_ data: [UInt8], size: Int, name: String) throws(ZipError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .corrupt(name) }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: size + 1)
        let result = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        switch result {
        case Z_STREAM_END:
            output.removeLast(output.count - produced)
            return output
        case Z_BUF_ERROR where stream.avail_out == 0:
            throw .sizeMismatch(name)   // more than declared
        case Z_BUF_ERROR:
            throw .truncated
        default:
            throw .corrupt(name)
        }
    }

    // MARK: little-endian fields

    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(u16(b, i)) | UInt32(u16(b, i + 2)) << 16 }
    static func u64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(u32(b, i)) | UInt64(u32(b, i + 4)) << 32 }
}
