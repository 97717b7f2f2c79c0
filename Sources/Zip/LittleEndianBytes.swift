/// Zip records are little-endian fields written one after another.
extension Array where Element == UInt8 {
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        var rest = value
        for _ in 0..<MemoryLayout<Value>.size {
            append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }
}
