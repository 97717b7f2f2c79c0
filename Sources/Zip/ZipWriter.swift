import CZlib

/// A zip planned as parts to send in order: headers and small entries as bytes, large files
/// as their paths, read only when their turn comes (`ZipPlan`). Its length is known before
/// the first byte goes out. Names are UTF-8; sizes and offsets past 4 GiB use ZIP64.
public struct ZipWriter {
    /// The entries' modification time, as the zip's DOS date and time.
    public struct Timestamp: Sendable, Equatable {
        let date: UInt16
        let time: UInt16

        /// A wall-clock time; years outside 1980...2107 (what DOS dates hold) are clamped.
        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
            let y = min(max(year, 1980), 2107) - 1980
            date = UInt16(y << 9 | min(max(month, 1), 12) << 5 | min(max(day, 1), 31))
            time = UInt16(min(max(hour, 0), 23) << 11 | min(max(minute, 0), 59) << 5 | min(max(second, 0), 59) / 2)
        }
    }

    private struct Entry {
        let name: [UInt8]
        let method: UInt16
        let crc32: UInt32
        let compressedSize: Int64
        let size: Int64
        let offset: Int64
    }

    private let modified: Timestamp
    /// Sizes and offsets at or past this use ZIP64 fields (tests lower it).
    private let zip64Threshold: Int64
    private var entries: [Entry] = []
    private var parts: [ZipPlan.Part] = []
    private var offset: Int64 = 0

    public init(modified: Timestamp) {
        self.init(modified: modified, zip64Threshold: 0xFFFF_FFFF)
    }

    package init(modified: Timestamp, zip64Threshold: Int64) {
        self.modified = modified
        self.zip64Threshold = zip64Threshold
    }

    /// An entry made in memory: deflated when `compress` and that is smaller, else stored.
    public mutating func add(name: String, bytes: [UInt8], compress: Bool) {
        let crc = ZipCRC.crc32(bytes)
        if compress, let deflated = Self.deflate(bytes), deflated.count < bytes.count {
            append(name: name, method: 8, crc32: crc, compressedSize: Int64(deflated.count), size: Int64(bytes.count),
                   data: .bytes(deflated))
        } else {
            append(name: name, method: 0, crc32: crc, compressedSize: Int64(bytes.count), size: Int64(bytes.count),
                   data: .bytes(bytes))
        }
    }

    /// A file stored as it is, read when the zip is sent; its size and CRC-32 from `ZipCRC.file`.
    public mutating func add(name: String, filePath: String, size: Int64, crc32: UInt32) {
        append(name: name, method: 0, crc32: crc32, compressedSize: size, size: size, data: .file(path: filePath, size: size))
    }

    public func finish() -> ZipPlan {
        var plan = self
        let directoryStart = plan.offset
        var directory: [UInt8] = []
        for entry in plan.entries { directory += centralHeader(entry) }
        let directorySize = Int64(directory.count)
        let needsZip64 = directoryStart >= zip64Threshold || directorySize >= zip64Threshold
            || plan.entries.count >= 0xFFFF || plan.entries.contains { isZip64($0) }
        if needsZip64 {
            let recordOffset = directoryStart + directorySize
            // ZIP64 end of central directory record (APPNOTE 4.3.14) and its locator (4.3.15).
            Self.put32(0x0606_4B50, &directory)
            Self.put64(44, &directory)
            Self.put16(0x031E, &directory); Self.put16(45, &directory)
            Self.put32(0, &directory); Self.put32(0, &directory)
            Self.put64(Int64(plan.entries.count), &directory); Self.put64(Int64(plan.entries.count), &directory)
            Self.put64(directorySize, &directory); Self.put64(directoryStart, &directory)
            Self.put32(0x0706_4B50, &directory); Self.put32(0, &directory)
            Self.put64(recordOffset, &directory); Self.put32(1, &directory)
        }
        Self.put32(0x0605_4B50, &directory)
        Self.put16(0, &directory); Self.put16(0, &directory)
        let count = needsZip64 ? 0xFFFF : UInt16(plan.entries.count)
        Self.put16(count, &directory); Self.put16(count, &directory)
        Self.put32(needsZip64 ? 0xFFFF_FFFF : UInt32(directorySize), &directory)
        Self.put32(needsZip64 ? 0xFFFF_FFFF : UInt32(directoryStart), &directory)
        Self.put16(0, &directory)
        plan.appendPart(.bytes(directory))
        return ZipPlan(parts: plan.parts)
    }

    // MARK: -

    private func isZip64(_ entry: Entry) -> Bool {
        entry.size >= zip64Threshold || entry.compressedSize >= zip64Threshold || entry.offset >= zip64Threshold
    }

    private mutating func append(name: String, method: UInt16, crc32: UInt32, compressedSize: Int64, size: Int64,
                                 data: ZipPlan.Part) {
        let entry = Entry(name: Array(name.utf8), method: method, crc32: crc32, compressedSize: compressedSize, size: size,
                          offset: offset)
        let sizesInZip64 = size >= zip64Threshold || compressedSize >= zip64Threshold
        var header: [UInt8] = []
        Self.put32(0x0403_4B50, &header)
        Self.put16(sizesInZip64 ? 45 : 20, &header)
        Self.put16(0x0800, &header)   // bit 11: the name is UTF-8
        Self.put16(method, &header)
        Self.put16(modified.time, &header); Self.put16(modified.date, &header)
        Self.put32(crc32, &header)
        Self.put32(sizesInZip64 ? 0xFFFF_FFFF : UInt32(compressedSize), &header)
        Self.put32(sizesInZip64 ? 0xFFFF_FFFF : UInt32(size), &header)
        Self.put16(UInt16(entry.name.count), &header)
        Self.put16(sizesInZip64 ? 20 : 0, &header)
        header += entry.name
        if sizesInZip64 {
            Self.put16(0x0001, &header); Self.put16(16, &header)
            Self.put64(size, &header); Self.put64(compressedSize, &header)
        }
        entries.append(entry)
        appendPart(.bytes(header))
        appendPart(data)
    }

    private func centralHeader(_ entry: Entry) -> [UInt8] {
        var extra: [UInt8] = []
        if entry.size >= zip64Threshold || entry.compressedSize >= zip64Threshold { Self.put64(entry.size, &extra); Self.put64(entry.compressedSize, &extra) }
        if entry.offset >= zip64Threshold { Self.put64(entry.offset, &extra) }
        var header: [UInt8] = []
        Self.put32(0x0201_4B50, &header)
        Self.put16(0x031E, &header)   // made by Unix, APPNOTE 3.0
        Self.put16(extra.isEmpty ? 20 : 45, &header)
        Self.put16(0x0800, &header)
        Self.put16(entry.method, &header)
        Self.put16(modified.time, &header); Self.put16(modified.date, &header)
        Self.put32(entry.crc32, &header)
        let bigSizes = entry.size >= zip64Threshold || entry.compressedSize >= zip64Threshold
        Self.put32(bigSizes ? 0xFFFF_FFFF : UInt32(entry.compressedSize), &header)
        Self.put32(bigSizes ? 0xFFFF_FFFF : UInt32(entry.size), &header)
        Self.put16(UInt16(entry.name.count), &header)
        Self.put16(extra.isEmpty ? 0 : UInt16(extra.count + 4), &header)
        Self.put16(0, &header); Self.put16(0, &header); Self.put16(0, &header)
        Self.put32(UInt32(0o100644) << 16, &header)   // a regular file, rw-r--r--
        Self.put32(entry.offset >= zip64Threshold ? 0xFFFF_FFFF : UInt32(entry.offset), &header)
        header += entry.name
        if !extra.isEmpty {
            Self.put16(0x0001, &header); Self.put16(UInt16(extra.count), &header)
            header += extra
        }
        return header
    }

    /// Adds a part, merging bytes into the bytes before them (one array per run of headers).
    private mutating func appendPart(_ part: ZipPlan.Part) {
        offset += part.count
        if case let .bytes(new) = part, case let .bytes(old)? = parts.last {
            parts[parts.count - 1] = .bytes(old + new)
        } else {
            parts.append(part)
        }
    }

    /// Raw deflate (no zlib or gzip wrapper), as zip's method 8 holds it.
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let result = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }

    static func put16(_ value: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF)); out.append(UInt8(value >> 8))
    }

    static func put32(_ value: UInt32, _ out: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    static func put64(_ value: Int64, _ out: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: UInt64(value) >> UInt64(shift))) }
    }
}

/// A zip as its parts in order, and its exact length (a response's `Content-Length`).
public struct ZipPlan: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case bytes([UInt8])
        case file(path: String, size: Int64)

        public var count: Int64 {
            switch self {
            case let .bytes(bytes): Int64(bytes.count)
            case let .file(_, size): size
            }
        }
    }

    public let parts: [Part]
    public let length: Int64

    init(parts: [Part]) {
        self.parts = parts
        length = parts.reduce(0) { $0 + $1.count }
    }
}
