/// A zip held in memory (an upload's body).
public struct ZipMemorySource: ZipSource {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var count: Int64 { Int64(bytes.count) }

    public func withBytes<Result>(at offset: Int64, count: Int,
                                  _ body: (UnsafeRawBufferPointer) throws(ZipError) -> Result) throws(ZipError) -> Result {
        precondition(offset >= 0 && count >= 0 && offset + Int64(count) <= self.count, "read outside the zip's bytes")
        return try bytes.withUnsafeBufferPointer { (all) throws(ZipError) -> Result in
            try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[Int(offset)..<Int(offset) + count])))
        }
    }
}
