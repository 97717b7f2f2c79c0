import CZlib
import Files

/// CRC-32 as zip keeps it (zlib's `crc32`).
public enum ZipCRC {
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// A file's size and CRC-32, read a chunk at a time (never whole into memory).
    public static func file(atPath path: String) throws(ZipError) -> (size: Int64, crc32: UInt32) {
        do {
            let file = try OpenFile(reading: path)
            var crc: uLong = 0
            var size: Int64 = 0
            while true {
                let chunk = try file.read(at: size, count: 256 * 1024)
                if chunk.isEmpty { return (size, UInt32(crc)) }
                crc = chunk.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, uInt($0.count)) }
                size += Int64(chunk.count)
            }
        } catch {
            throw .unreadable(path)
        }
    }
}
