/// `multipart/form-data` (RFC 7578 over RFC 2046), strictly: the boundary comes from
/// the `Content-Type` (token or quoted string, 1–70 characters of RFC 2046's `bchars`,
/// given once); the body starts with the first delimiter (no preamble), lines end in
/// CRLF, every part has exactly one `Content-Disposition: form-data; name="…"`
/// (optionally `filename="…"`) and at most one `Content-Type`, and the body ends with
/// the closing delimiter (optionally followed by one CRLF, nothing else).
/// Header text and the values of parts without a filename must be valid UTF-8.
public struct MultipartForm: Sendable {
    public struct Part: Sendable, Equatable {
        public let name: String
        /// Present (possibly empty) when the part is a file.
        public let filename: String?
        public let contentType: String?
        public let body: [UInt8]
    }

    /// Every part, in order.
    public let parts: [Part]
    /// The parts without a filename, as text fields.
    public let fields: FormFields

    /// The file parts called `name`, in order.
    public func files(_ name: String) -> [Part] {
        parts.filter { $0.filename != nil && $0.name == name }
    }

    static let maxBoundaryLength = 70
    /// RFC 2046 §5.1.1 `bcharsnospace`, plus space (never last).
    static let boundaryCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)

    /// Whether `contentType` is `multipart/form-data` (any parameters).
    public static func isMultipart(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .trimmingSpaces.lowercased() == "multipart/form-data"
    }

    /// The boundary parameter of a `multipart/form-data` content type.
    public static func boundary(_ contentType: String) throws(MultipartError) -> String {
        guard isMultipart(contentType) else { throw .notMultipart }
        var boundary: String?
        for (name, value) in try parameters(contentType.split(separator: ";", maxSplits: 1).dropFirst().first ?? "") {
            guard name == "boundary" else { continue }
            if boundary != nil { throw .duplicateBoundary }
            boundary = value
        }
        guard let boundary else { throw .missingBoundary }
        let bytes = Array(boundary.utf8)
        guard (1...maxBoundaryLength).contains(bytes.count), bytes.allSatisfy(boundaryCharacters.contains),
              bytes.last != UInt8(ascii: " ") else {
            throw .invalidBoundary
        }
        return boundary
    }

    public static func parse(body: [UInt8], contentType: String, maxParts: Int) throws(MultipartError) -> MultipartForm {
        let boundary = Array(try boundary(contentType).utf8)
        let first = Array("--".utf8) + boundary
        let delimiter = Array("\r\n--".utf8) + boundary
        guard body.starts(with: first) else { throw .missingOpeningDelimiter }
        var position = first.count
        var parts: [Part] = []
        while true {
            // After a delimiter: "--" closes, CRLF starts a part.
            if body[position...].starts(with: [0x2D, 0x2D]) {
                let rest = body[(position + 2)...]
                guard rest.isEmpty || rest.elementsEqual([0x0D, 0x0A]) else { throw .dataAfterClosingDelimiter }
                break
            }
            guard body[position...].starts(with: [0x0D, 0x0A]) else { throw .malformedDelimiter }
            position += 2
            guard let end = find(delimiter, in: body, from: position) else { throw .missingClosingDelimiter }
            if parts.count == maxParts { throw .tooManyParts(max: maxParts) }
            parts.append(try part(body[position..<end], index: parts.count))
            position = end + delimiter.count
        }
        var fields: [FormFields.Field] = []
        for part in parts where part.filename == nil {
            guard let value = String(validating: part.body, as: UTF8.self) else { throw .invalidUTF8(part: part.name) }
            fields.append((name: part.name, value: value))
        }
        return MultipartForm(parts: parts, fields: FormFields(fields))
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let head = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == head, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    static func part(_ bytes: ArraySlice<UInt8>, index: Int) throws(MultipartError) -> Part {
        // Headers end at the first empty line; a part with no headers is refused below.
        var headerEnd: Int?
        if bytes.starts(with: [0x0D, 0x0A]) {
            headerEnd = bytes.startIndex
        } else if let end = find([0x0D, 0x0A, 0x0D, 0x0A], in: Array(bytes), from: 0) {
            headerEnd = bytes.startIndex + end + 2
        }
        guard let headerEnd else { throw .malformedHeaders(part: index) }
        let headerBytes = Array(bytes[bytes.startIndex..<headerEnd])
        guard let headerText = String(validating: headerBytes, as: UTF8.self) else { throw .invalidUTF8(part: "#\(index + 1)") }
        var disposition: (name: String, filename: String?)?
        var contentType: String?
        // Every header line ends in CRLF; a bare CR or LF anywhere is refused.
        let lines = headerText.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        for rawLine in lines {
            guard rawLine.last == 0x0D else { throw .malformedHeaders(part: index) }
            let line = Substring(rawLine.dropLast())
            guard !line.utf8.contains(0x0D), let colon = line.firstIndex(of: ":") else { throw .malformedHeaders(part: index) }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard !name.isEmpty, !name.contains(" ") else { throw .malformedHeaders(part: index) }
            switch name {
            case "content-disposition":
                guard disposition == nil else { throw .malformedHeaders(part: index) }
                disposition = try formData(String(value), index: index)
            case "content-type":
                guard contentType == nil else { throw .malformedHeaders(part: index) }
                contentType = String(value)
            default:
                continue
            }
        }
        guard let disposition else { throw .missingDisposition(part: index) }
        let body = Array(bytes[(headerEnd + 2)...])
        return Part(name: disposition.name, filename: disposition.filename, contentType: contentType, body: body)
    }

    private static func formData(_ value: String, index: Int) throws(MultipartError) -> (name: String, filename: String?) {
        let pieces = value.split(separator: ";", maxSplits: 1)
        guard pieces.first?.trimmingSpaces.lowercased() == "form-data" else { throw .missingDisposition(part: index) }
        var name: String?
        var filename: String?
        for (key, value) in try parameters(pieces.count > 1 ? pieces[1] : "") {
            switch key {
            case "name":
                guard name == nil else { throw .malformedHeaders(part: index) }
                name = value
            case "filename":
                guard filename == nil else { throw .malformedHeaders(part: index) }
                filename = value
            default:
                continue
            }
        }
        guard let name, !name.isEmpty else { throw .missingName(part: index) }
        return (name, filename)
    }

    /// `; key=value; key="quoted \" value"` pairs (keys lowercased).
    static func parameters(_ text: Substring) throws(MultipartError) -> [(String, String)] {
        var result: [(String, String)] = []
        var chars = Array(text)
        var i = 0
        func skipSpaces() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }
        while true {
            skipSpaces()
            while i < chars.count, chars[i] == ";" { i += 1; skipSpaces() }
            if i == chars.count { break }
            var key = ""
            while i < chars.count, chars[i] != "=", chars[i] != ";" { key.append(chars[i]); i += 1 }
            guard i < chars.count, chars[i] == "=" else { throw .malformedParameter }
            i += 1
            var value = ""
            if i < chars.count, chars[i] == "\"" {
                i += 1
                var closed = false
                while i < chars.count {
                    let c = chars[i]
                    i += 1
                    if c == "\\", i < chars.count { value.append(chars[i]); i += 1; continue }
                    if c == "\"" { closed = true; break }
                    value.append(c)
                }
                guard closed else { throw .malformedParameter }
                skipSpaces()
                guard i == chars.count || chars[i] == ";" else { throw .malformedParameter }
            } else {
                while i < chars.count, chars[i] != ";" { value.append(chars[i]); i += 1 }
                value = String(Substring(value).trimmingSpaces)
                guard !value.isEmpty, !value.contains(" "), !value.contains("\"") else { throw .malformedParameter }
            }
            let trimmedKey = Substring(key).trimmingSpaces.lowercased()
            guard !trimmedKey.isEmpty else { throw .malformedParameter }
            result.append((trimmedKey, value))
        }
        chars.removeAll()
        return result
    }
}

/// Why a `multipart/form-data` body was refused; the server answers 400 with `message`.
public enum MultipartError: Error, Equatable, Sendable {
    case notMultipart
    case missingBoundary
    case duplicateBoundary
    case invalidBoundary
    case malformedParameter
    case missingOpeningDelimiter
    case malformedDelimiter
    case missingClosingDelimiter
    case dataAfterClosingDelimiter
    /// `part` counts from 0.
    case malformedHeaders(part: Int)
    case missingDisposition(part: Int)
    case missingName(part: Int)
    case tooManyParts(max: Int)
    case invalidUTF8(part: String)
    case fieldsTooLarge(max: Int)

    public var message: String {
        switch self {
        case .notMultipart: "The body is not multipart/form-data"
        case .missingBoundary: "The multipart body has no boundary"
        case .duplicateBoundary: "The multipart boundary is given twice"
        case .invalidBoundary: "The multipart boundary is not 1 to 70 allowed characters"
        case .malformedParameter: "A multipart parameter is malformed"
        case .missingOpeningDelimiter: "The multipart body does not start with its boundary"
        case .malformedDelimiter: "A multipart boundary is not followed by CRLF"
        case .missingClosingDelimiter: "The multipart body has no closing boundary"
        case .dataAfterClosingDelimiter: "There is data after the closing multipart boundary"
        case let .malformedHeaders(part): "The headers of part \(part + 1) are malformed"
        case let .missingDisposition(part): "Part \(part + 1) has no Content-Disposition: form-data"
        case let .missingName(part): "Part \(part + 1) has no name"
        case let .tooManyParts(max): "More than \(max) parts"
        case let .invalidUTF8(part): "Part \"\(part)\" is not valid UTF-8"
        case let .fieldsTooLarge(max): "The text parts hold more than \(max) bytes"
        }
    }
}
