import CZlib
import Files

/// CRC-32 as zip headers hold it, through zlib.
public enum ZipCRC {
    /// zlib takes a 32-bit length: larger buffers go in slices of this size.
    private static let sliceBytes = 1 << 30

    public static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
        if let crc = bytes.withContiguousStorageIfAvailable({ crc32(UnsafeRawBufferPointer($0)) }) { return crc }
        return Array(bytes).withUnsafeBytes { crc32($0) }
    }

    /// Continues `crc` (the CRC-32 of the bytes before these; 0 to start) over `bytes`.
    public static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var crc = uLong(crc)
        var start = 0
        while start < bytes.count {
            let count = min(sliceBytes, bytes.count - start)
            crc = CZlib.crc32(crc, bytes.baseAddress!.advanced(by: start).assumingMemoryBound(to: Bytef.self), uInt(count))
            start += count
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// A file's size and CRC-32, read in chunks: memory stays at one chunk however large it is.
    public static func file(atPath path: String) throws(FileError) -> (size: Int64, crc32: UInt32) {
        var crc: UInt32 = 0
        let size = try FileSystem.readChunks(path) { chunk in crc = crc32(chunk, continuing: crc) }
        return (size, crc)
    }
}
