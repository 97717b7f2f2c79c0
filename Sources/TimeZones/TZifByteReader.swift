/// A bounds-checked, big-endian cursor over TZif bytes: every read either
/// succeeds within the data or throws, so a lying count cannot crash.
struct TZifByteReader {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - position }

    mutating func take(_ count: Int) throws(TimeZoneError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw .malformedData(zone: nil, reason: "truncated: needs \(count) bytes at offset \(position), has \(remaining)")
        }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func skip(_ count: Int) throws(TimeZoneError) {
        _ = try take(count)
    }

    mutating func uint8() throws(TimeZoneError) -> UInt8 {
        try take(1).first!
    }

    mutating func uint32() throws(TimeZoneError) -> UInt32 {
        try take(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A transition time: 4 bytes in the v1 block, 8 bytes in the v2+ block.
    mutating func signedTime(byteCount: Int) throws(TimeZoneError) -> Int64 {
        let raw = try take(byteCount).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return byteCount == 4 ? Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: raw))) : Int64(bitPattern: raw)
    }
}
