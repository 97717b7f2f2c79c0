import CZlib

/// A gzip compressor that keeps one zlib deflate state and resets it between bodies,
/// saving the ~256 KiB allocation and setup per response. One per event-loop thread:
/// not Sendable, not thread-safe.
public final class GzipCompressor {
    public let level: Int32
    /// Heap-allocated because zlib keeps a pointer back to the stream and checks it.
    private let stream: UnsafeMutablePointer<z_stream>
    /// deflate writes here and the bytes are appended from here: no zero-filling of the
    /// destination, and memory stays fixed however large the body.
    private let scratch: UnsafeMutablePointer<UInt8>
    private static let scratchBytes = 64 * 1024

    public init(level: Int32 = 6) {
        self.level = level
        stream = .allocate(capacity: 1)
        scratch = .allocate(capacity: Self.scratchBytes)
        stream.initialize(to: z_stream())
        let result = deflateInit2_(stream, level, Z_DEFLATED, Gzip.deflateWindowBits, Gzip.memoryLevel,
                                   Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        // Only a bad level or no memory can fail here: both are programming or fatal errors.
        precondition(result == Z_OK, "deflateInit2 failed: \(result)")
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        scratch.deallocate()
    }

    public func compress(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        compress(bytes, into: &output)
        return output
    }

    /// Appends one complete gzip member holding `bytes` to `output`.
    public func compress(_ bytes: [UInt8], into output: inout [UInt8]) {
        let reset = deflateReset(stream)
        precondition(reset == Z_OK, "deflateReset failed: \(reset)")
        bytes.withUnsafeBufferPointer { input in
            // zlib's API takes a mutable pointer but does not write through next_in.
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            while true {
                stream.pointee.next_out = scratch
                stream.pointee.avail_out = uInt(Self.scratchBytes)
                let result = deflate(stream, Z_FINISH)
                precondition(result == Z_OK || result == Z_STREAM_END, "deflate failed: \(result)")
                let produced = Self.scratchBytes - Int(stream.pointee.avail_out)
                output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: produced))
                if result == Z_STREAM_END { break }
            }
        }
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
    }
}
