/// Reads a record's little-endian fields front to back from bytes already bounds-checked
/// as a whole; reading past the end answers nil, never traps.
struct ZipFieldReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var remaining: Int { bytes.count - position }

    mutating func uint16() -> UInt16? { integer() }
    mutating func uint32() -> UInt32? { integer() }
    mutating func uint64() -> UInt64? { integer() }

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        position += count
        return true
    }

    private mutating func integer<Value: FixedWidthInteger & UnsignedInteger>() -> Value? {
        let size = MemoryLayout<Value>.size
        guard size <= remaining else { return nil }
        var value: Value = 0
        for offset in (0..<size).reversed() {
            value = value << 8 | Value(bytes[position + offset])
        }
        position += size
        return value
    }
}
