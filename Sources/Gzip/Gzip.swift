import CZlib

/// One-shot gzip (RFC 1952) through zlib. For many responses on one thread,
/// `GzipCompressor` reuses its zlib state instead.
public enum Gzip {
    /// deflate's window of 2^15 bytes, +16 for the gzip wrapper.
    static let deflateWindowBits: Int32 = 15 + 16
    /// +32: inflate accepts a gzip or zlib wrapper, whichever it finds.
    static let inflateWindowBits: Int32 = 15 + 32
    static let memoryLevel: Int32 = 8
    static let inflateChunkBytes = 64 * 1024

    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        let compressor = GzipCompressor(level: level)
        return compressor.compress(bytes)
    }

    /// Decompresses gzip data (several concatenated members too, as `gunzip` does).
    /// Stops with `.tooLarge` as soon as the output would pass `maxOutputBytes`.
    public static func decompress(_ bytes: [UInt8], maxOutputBytes: Int) throws(GzipError) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let initResult = inflateInit2_(stream, inflateWindowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initResult == Z_OK else { throw .zlib(code: initResult) }
        defer { inflateEnd(stream) }

        var output: [UInt8] = []
        return try bytes.withUnsafeBufferPointer { (input) throws(GzipError) -> [UInt8] in
            // zlib's API takes a mutable pointer but does not write through next_in.
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            var chunk = [UInt8](repeating: 0, count: inflateChunkBytes)
            while true {
                // Room for one byte past the limit, so "exactly at the limit" and "over it" differ.
                let room = min(chunk.count, maxOutputBytes + 1 - output.count)
                let result = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(room)
                    return inflate(stream, Z_NO_FLUSH)
                }
                let produced = room - Int(stream.pointee.avail_out)
                output.append(contentsOf: chunk[..<produced])
                if output.count > maxOutputBytes { throw .tooLarge(maxOutputBytes: maxOutputBytes) }

                switch result {
                case Z_STREAM_END:
                    guard stream.pointee.avail_in > 0 else { return output }
                    // Another member follows; anything else there fails as corrupt on the next round.
                    let reset = inflateReset(stream)
                    guard reset == Z_OK else { throw .zlib(code: reset) }
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    // No progress possible: either input ran out mid-stream or output room did.
                    // (Output room is never what ran out: that was caught as .tooLarge above.)
                    if stream.pointee.avail_in == 0 { throw .truncated }
                    throw .zlib(code: result)
                case Z_DATA_ERROR, Z_NEED_DICT:
                    throw .corrupt(stream.pointee.msg.map { String(cString: $0) } ?? "invalid data")
                default:
                    throw .zlib(code: result)
                }
            }
        }
    }
}
