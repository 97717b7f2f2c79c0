import CZlib
import Glibc

/// CRC-32 as zip keeps it (zlib's `crc32`).
public enum ZipCRC {
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// A file's size and CRC-32, read in chunks (never whole into memory).
    public static func file(atPath path: String) throws(ZipError) -> (size: Int64, crc32: UInt32) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path) }
        defer { close(fd) }
        var crc: uLong = 0
        var size: Int64 = 0
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .unreadable(path) }
            if n == 0 { break }
            crc = chunk.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, uInt(n)) }
            size += Int64(n)
        }
        return (size, UInt32(crc))
    }
}
