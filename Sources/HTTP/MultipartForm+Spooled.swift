#if canImport(Glibc)
import Glibc
#endif

/// `multipart/form-data` in a spooled body (`SpooledBody`), by the same rules as
/// `MultipartForm.parse`, read a chunk at a time: text parts come back as fields, file parts
/// as where their bytes lie in the file, never read here.
extension MultipartForm {
    /// A file part of a spooled body: its bytes are `offset..<offset + length` of the file.
    public struct SpooledPart: Sendable, Equatable {
        public let name: String
        public let filename: String?
        public let contentType: String?
        public let offset: Int64
        public let length: Int64
    }

    /// How much is read at once.
    static let scanChunkBytes = 256 * 1024
    /// A part's headers at most.
    static let maxPartHeaderBytes = 8 * 1024

    /// `read(offset, count)` gives up to `count` bytes of the body from `offset` (fewer only
    /// at its end). Text parts larger than `maxFieldBytes` in all are refused.
    public static func parse(length: Int64, contentType: String, maxParts: Int, maxFieldBytes: Int,
                             read: (Int64, Int) throws(MultipartError) -> [UInt8])
        throws(MultipartError) -> (fields: FormFields, files: [SpooledPart]) {
        let boundary = Array(try boundary(contentType).utf8)
        let first = Array("--".utf8) + boundary
        let delimiter = Array("\r\n--".utf8) + boundary
        guard try read(0, first.count) == first else { throw .missingOpeningDelimiter }
        // Every delimiter's start after the opening one, found chunk by chunk (a delimiter
        // may straddle two chunks: the end of one is searched again with the next).
        var delimiters: [Int64] = []
        var position = Int64(first.count)
        var carry: [UInt8] = []
        var carryStart = position
        while position < length {
            let chunk = try read(position, Int(min(Int64(scanChunkBytes), length - position)))
            guard !chunk.isEmpty else { break }
            let window = carry + chunk
            var from = 0
            while let found = search(delimiter, in: window, from: from) {
                delimiters.append(carryStart + Int64(found))
                if delimiters.count > maxParts { throw .tooManyParts(max: maxParts) }
                from = found + delimiter.count
            }
            position += Int64(chunk.count)
            let keep = min(window.count - from, delimiter.count - 1)
            carry = Array(window[(window.count - max(0, keep))...])
            carryStart = position - Int64(carry.count)
        }
        var files: [SpooledPart] = []
        var fields: [FormFields.Field] = []
        var fieldBytes = 0
        var start = Int64(first.count)
        var index = 0
        for end in delimiters + [-1] {
            let after = try read(start, 2)
            if after == [0x2D, 0x2D] {
                // The closing delimiter: nothing may follow but one CRLF.
                let rest = try read(start + 2, 3)
                guard rest.isEmpty || rest == [0x0D, 0x0A] else { throw .dataAfterClosingDelimiter }
                return (FormFields(fields), files)
            }
            guard after == [0x0D, 0x0A] else { throw .malformedDelimiter }
            guard end >= 0 else { throw .missingClosingDelimiter }
            let partStart = start + 2
            let head = try read(partStart, Int(min(Int64(maxPartHeaderBytes), end - partStart)))
            let headerEnd: Int
            if head.starts(with: [0x0D, 0x0A]) {
                headerEnd = 0
            } else if let found = find([0x0D, 0x0A, 0x0D, 0x0A], in: head, from: 0) {
                headerEnd = found + 2
            } else {
                throw .malformedHeaders(part: index)
            }
            let part = try part(head[0..<(headerEnd + 2)], index: index)
            let bodyStart = partStart + Int64(headerEnd + 2)
            let bodyLength = end - bodyStart
            if part.filename != nil {
                files.append(SpooledPart(name: part.name, filename: part.filename, contentType: part.contentType,
                                         offset: bodyStart, length: bodyLength))
            } else {
                fieldBytes += Int(bodyLength)
                guard fieldBytes <= maxFieldBytes else { throw .fieldsTooLarge(max: maxFieldBytes) }
                guard let value = String(validating: try read(bodyStart, Int(bodyLength)), as: UTF8.self) else {
                    throw .invalidUTF8(part: part.name)
                }
                fields.append((name: part.name, value: value))
            }
            start = end + Int64(delimiter.count)
            index += 1
        }
        throw .missingClosingDelimiter
    }

    /// `find` by memchr and memcmp: a 200 MB body is searched at memory speed, in any build.
    static func search(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let head = needle.first, start + needle.count <= haystack.count else { return nil }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                let base = hay.baseAddress!
                var index = start
                let last = hay.count - pin.count
                while index <= last {
                    guard let found = memchr(base + index, Int32(head), last - index + 1) else { return nil }
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, pin.baseAddress!, pin.count) == 0 { return at }
                    index = at + 1
                }
                return nil
            }
        }
    }
}
