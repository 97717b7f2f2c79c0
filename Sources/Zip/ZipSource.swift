/// Where a zip being read lives: random access to its bytes. `ZipMemorySource` holds them
/// in memory; a source over a temporary file can be added without touching the reader.
public protocol ZipSource: Sendable {
    /// The number of bytes.
    var count: Int64 { get }

    /// Calls `body` with the bytes `offset..<offset + count`, which the reader has checked lie
    /// within `0..<self.count`. The pointer is valid only during the call. The reader asks for
    /// at most `ZipArchive.readChunkBytes` at a time past the headers, so a file source needs
    /// no more memory than that.
    func withBytes<Result>(at offset: Int64, count: Int,
                           _ body: (UnsafeRawBufferPointer) throws(ZipError) -> Result) throws(ZipError) -> Result
}
