import CVips
import Synchronization

/// Pictures decoded and written again through libvips (`CVips`): what a member uploads is
/// never stored as sent. Every call blocks for as long as the image takes, so it runs on
/// the worker pool, never on an event loop.
public enum PhotoEncoder {
    /// One picture at a time, process-wide: a 12-megapixel decode holds about 30 MB, so
    /// four uploads at once would hold four of them (the family's server stays under 150 MiB
    /// with one); and libvips' error buffer is global, so a failure's message is its own.
    private static let oneAtATime = Mutex(())

    /// A picture's size as its header says.
    public struct Size: Sendable, Equatable {
        public let width: Int
        public let height: Int
        public var pixels: Int { width * height }

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// A re-encoded picture: a JPEG without metadata.
    public struct Encoded: Sendable {
        public let bytes: [UInt8]
        public let width: Int
        public let height: Int
    }

    /// The header's size, read without decoding a pixel: what the refusal of a
    /// decompression bomb is decided on.
    public static func size(of bytes: [UInt8]) throws(ImagingError) -> Size {
        try load()
        var width: Int32 = 0, height: Int32 = 0
        let failure: String? = oneAtATime.withLock { _ in
            let result = bytes.withUnsafeBytes { dawn_vips_header($0.baseAddress, $0.count, &width, &height) }
            return result == 0 ? nil : takeError()
        }
        guard failure == nil, width > 0, height > 0 else { throw .unreadable(failure ?? "no size in the header") }
        return Size(width: Int(width), height: Int(height))
    }

    /// Decoded, upright by its EXIF orientation, its longest side at most `longest`, as a
    /// JPEG of `quality` with every piece of metadata (EXIF, GPS, XMP, IPTC, ICC) dropped.
    public static func jpeg(_ bytes: [UInt8], longest: Int, quality: Int) throws(ImagingError) -> Encoded {
        try load()
        var output: UnsafeMutableRawPointer?
        var length = 0
        var width: Int32 = 0, height: Int32 = 0
        let failure: String? = oneAtATime.withLock { _ in
            let result = bytes.withUnsafeBytes {
                dawn_vips_jpeg($0.baseAddress, $0.count, Int32(longest), Int32(quality), &output, &length, &width, &height)
            }
            return result == 0 && output != nil ? nil : takeError()
        }
        guard failure == nil, let output else { throw .unreadable(failure ?? "") }
        defer { dawn_vips_free(output) }
        let encoded = Array(UnsafeRawBufferPointer(start: output, count: length))
        return Encoded(bytes: encoded, width: Int(width), height: Int(height))
    }

    private static func load() throws(ImagingError) {
        guard dawn_vips_load() == 0 else { throw .unavailable(String(cString: dawn_vips_load_error())) }
    }

    private static func takeError() -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        dawn_vips_take_error(&buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
