import CZlib

/// Raw deflate (no zlib or gzip wrapper: zip's method 8) through zlib. Every zlib call of
/// the module is here.
enum RawDeflate {
    /// Negative window bits: raw deflate; 15: the largest window, as zip writers use.
    static let windowBits: Int32 = -15
    static let level: Int32 = 6
    static let memoryLevel: Int32 = 8
    /// zlib's counts are 32-bit: input goes in slices of at most this size.
    static let sliceBytes = 1 << 30

    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let initResult = deflateInit2_(stream, level, Z_DEFLATED, windowBits, memoryLevel, Z_DEFAULT_STRATEGY,
                                       ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        // Only a bad parameter or no memory can fail here: a programming or fatal error.
        precondition(initResult == Z_OK, "deflateInit2 failed: \(initResult)")
        defer { deflateEnd(stream) }

        let scratchBytes = 64 * 1024
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchBytes)
        defer { scratch.deallocate() }
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { input in
            var start = 0
            repeat {
                let count = min(sliceBytes, input.count - start)
                let last = start + count == input.count
                // zlib's API takes a mutable pointer but does not write through next_in.
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress.map { $0 + start })
                stream.pointee.avail_in = uInt(count)
                while true {
                    stream.pointee.next_out = scratch
                    stream.pointee.avail_out = uInt(scratchBytes)
                    let result = deflate(stream, last ? Z_FINISH : Z_NO_FLUSH)
                    precondition(result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR, "deflate failed: \(result)")
                    output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: scratchBytes - Int(stream.pointee.avail_out)))
                    if result == Z_STREAM_END || (!last && stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0) { break }
                }
                start += count
            } while start < input.count
        }
        return output
    }

    /// Why inflating failed, without the entry's name (the archive adds it).
    enum Failure: Error, Equatable {
        /// The data inflates to more bytes than declared.
        case moreThanDeclared
        /// The stream ended after this many bytes, fewer than declared.
        case fewerThanDeclared(Int)
        /// The data ends before its deflate stream does.
        case endsEarly
        /// Bytes follow the end of the deflate stream within the entry's data.
        case trailingData
        /// Not valid deflate data: zlib's explanation.
        case corrupt(String)
        /// zlib failed for a reason unrelated to the data (out of memory).
        case zlib(Int32)
    }

    /// Inflates one entry into exactly `size` bytes, its data fed in pieces. The output is
    /// allocated once at the declared size; past it, a single byte of room tells "more than
    /// declared", so a stream that lies about its size costs no more than it declared.
    final class Inflater {
        private let stream: UnsafeMutablePointer<z_stream>
        private let size: Int
        private var output: [UInt8]
        private var produced = 0
        private var ended = false

        init(size: Int) throws(Failure) {
            self.size = size
            output = [UInt8](repeating: 0, count: size)
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
            let result = inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            guard result == Z_OK else {
                stream.deallocate()
                throw .zlib(result)
            }
        }

        deinit {
            inflateEnd(stream)
            stream.deallocate()
        }

        /// Inflates the next piece of compressed data.
        func feed(_ piece: UnsafeRawBufferPointer) throws(Failure) {
            guard !piece.isEmpty else { return }
            guard !ended else { throw .trailingData }
            var start = 0
            while start < piece.count {
                let count = min(sliceBytes, piece.count - start)
                // zlib's API takes a mutable pointer but does not write through next_in.
                stream.pointee.next_in = UnsafeMutablePointer(mutating: piece.baseAddress!.advanced(by: start)
                    .assumingMemoryBound(to: Bytef.self))
                stream.pointee.avail_in = uInt(count)
                try inflateAvailable()
                start += count
            }
        }

        /// The inflated bytes, once all the data was fed.
        func finish() throws(Failure) -> [UInt8] {
            guard ended else { throw .endsEarly }
            guard produced == size else { throw .fewerThanDeclared(produced) }
            return output
        }

        private func inflateAvailable() throws(Failure) {
            var probe: UInt8 = 0
            while true {
                let room = size - produced
                let result: Int32
                if room > 0 {
                    result = output.withUnsafeMutableBufferPointer { out in
                        stream.pointee.next_out = out.baseAddress! + produced
                        stream.pointee.avail_out = uInt(min(room, sliceBytes))
                        let result = inflate(stream, Z_NO_FLUSH)
                        produced += min(room, sliceBytes) - Int(stream.pointee.avail_out)
                        return result
                    }
                } else {
                    result = withUnsafeMutablePointer(to: &probe) { byte in
                        stream.pointee.next_out = byte
                        stream.pointee.avail_out = 1
                        return inflate(stream, Z_NO_FLUSH)
                    }
                    if stream.pointee.avail_out == 0 { throw .moreThanDeclared }
                }
                stream.pointee.next_out = nil
                switch result {
                case Z_STREAM_END:
                    ended = true
                    if stream.pointee.avail_in > 0 { throw .trailingData }
                    return
                case Z_OK:
                    if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
                case Z_BUF_ERROR:
                    // No progress was possible. Output room never runs out (the probe byte),
                    // so the piece must be used up.
                    if stream.pointee.avail_in == 0 { return }
                    throw .zlib(result)
                case Z_DATA_ERROR, Z_NEED_DICT:
                    throw .corrupt(stream.pointee.msg.map { String(cString: $0) } ?? "invalid data")
                default:
                    throw .zlib(result)
                }
            }
        }
    }
}
