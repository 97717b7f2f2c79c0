/// An incremental, strict HTTP/1.1 request parser: feed it every unconsumed byte so far,
/// get `.needMore`, one complete request, or the error to answer before closing.
///
/// It rejects what llhttp's strict mode rejects (see `HTTPParseError`). Choices:
/// - Up to `maxLeadingEmptyLines` CRLFs before a request line are skipped (RFC 9112 §2.2:
///   some clients send one after a POST body); one more is a 400.
/// - Header values may hold obs-text (0x80–0xFF); it is decoded as lossy UTF-8.
/// - A body on GET or HEAD is read and kept like any other.
/// - Limits are checked as bytes arrive, so an oversized request line (414), head (431) or
///   declared body (413) is refused without waiting for the rest of it.
///
/// The parser keeps offsets into the caller's buffer, so each byte is looked at a bounded
/// number of times however the input is split.
public struct RequestParser: Sendable {
    public enum Step: Sendable {
        case needMore
        /// A whole request; drop `consumed` bytes from the front of the input.
        case request(HTTPRequest, consumed: Int)
        /// Answer `error.status` and close the connection.
        case error(HTTPParseError)
    }

    /// Empty lines (CRLF) tolerated before a request line.
    public static let maxLeadingEmptyLines = 2
    /// A longer chunk size would overflow; any size this long is far past every body limit anyway.
    static let maxChunkSizeDigits = 15

    private enum State: Sendable {
        case requestLine
        case headerLines
        case fixedBody(end: Int)
        case chunkSizeLine
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailerLines(start: Int, fields: Int)
        case failed(HTTPParseError)
    }

    /// What the server says to a head that announces an upload's body (`HTTPLimits.uploadPathSuffixes`,
    /// more than `maxBodyBytes`), before a byte of it is read.
    public enum UploadDecision: Sendable, Equatable {
        /// Read it, up to `maxUploadBodyBytes`; the bytes asked for are reserved until
        /// `takeUploadReservation()` hands them back to the server.
        case admit
        /// Not for this client (no session): the body keeps the ordinary limit, so a large
        /// one is a 413 at once.
        case refuse
        /// The server holds as many upload bytes as it will: 503, try again.
        case busy
    }
    /// Asked once per upload head with the request so far (no body) and the bytes it may
    /// need: its Content-Length, or the whole upload limit when chunked.
    public typealias UploadAdmission = @Sendable (_ head: HTTPRequest, _ bytes: Int) -> UploadDecision

    public let limits: HTTPLimits
    /// Nil admits no upload: every body keeps `maxBodyBytes`.
    private let admitUpload: UploadAdmission?
    private var state = State.requestLine
    /// Start of the first unprocessed byte: the current line, or the next body byte.
    private var position = 0
    /// How far the current line has been searched for its LF.
    private var scanned = 0
    private var leadingEmptyLines = 0
    private var method = HTTPMethod.GET
    private var target = ""
    /// This request's body limit (`HTTPLimits.maxBodyBytes(method:target:)`), set by its request
    /// line, lowered to `maxBodyBytes` when its upload is not admitted.
    private var bodyLimit = 0
    private var version = HTTPVersion.http1_1
    private var headers: [HTTPHeaders.Field] = []
    /// Browsers send 8 to 14 fields, benchmarks and API clients fewer.
    private static let usualHeaderFields = 12
    private var body: [UInt8] = []
    /// The head asked for `Expect: 100-continue` and its body is awaited: the server should
    /// send `HTTP/1.1 100 Continue` once, or its final response (RFC 9110 §10.1.1).
    public private(set) var expectsContinue = false
    /// Bytes the parser has read, summed over its life: lets tests prove there is no rescanning.
    private(set) var bytesExamined = 0
    /// Upload bytes admitted and not yet handed back (`takeUploadReservation`).
    private var uploadReservation = 0

    public init(limits: HTTPLimits = .production, admitUpload: UploadAdmission? = nil) {
        self.limits = limits
        self.admitUpload = admitUpload
    }

    /// The upload bytes an `.admit` reserved, once: the server takes them after each step
    /// and gives them back to its budget when the request is answered or its connection closes.
    public mutating func takeUploadReservation() -> Int {
        defer { uploadReservation = 0 }
        return uploadReservation
    }

    /// Head complete, body still arriving: the server switches from header to body timeout.
    public var isReceivingBody: Bool {
        switch state {
        case .fixedBody, .chunkSizeLine, .chunkData, .chunkDataEnd, .trailerLines: true
        case .requestLine, .headerLines, .failed: false
        }
    }

    public mutating func parse(_ bytes: ArraySlice<UInt8>) -> Step {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    /// `bytes`: all unconsumed input so far; each call must see the previous call's bytes
    /// as its prefix. After `.request` the parser is ready for the next request, whose bytes
    /// start `consumed` bytes in.
    public mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Step {
        if case .failed(let error) = state { return .error(error) }
        precondition(bytes.count >= scanned, "RequestParser.parse must see all unconsumed input again")
        while true {
            switch state {
            case .failed(let error):
                return .error(error)

            case .requestLine, .headerLines:
                guard let lf = findLineFeed(bytes, limit: limits.maxHeaderBytes) else {
                    if case .requestLine = state, requestLineSoFar(bytes) > limits.maxRequestLineBytes {
                        return fail(.requestLineTooLong)
                    }
                    if scanned >= limits.maxHeaderBytes { return fail(.headerSectionTooLarge) }
                    return .needMore
                }
                if let step = headLine(bytes, lf: lf) { return step }

            case .fixedBody(let end):
                guard bytes.count >= end else { return .needMore }
                body = Array(bytes[position..<end])
                bytesExamined += end - position
                return complete(consumed: end)

            case .chunkSizeLine:
                let limit = position + limits.maxChunkLineBytes + 2
                guard let lf = findLineFeed(bytes, limit: limit) else {
                    return scanned >= limit ? fail(.chunkLineTooLong) : .needMore
                }
                if let step = chunkSizeLine(bytes, lf: lf) { return step }

            case .chunkData(let remaining):
                let n = min(remaining, bytes.count - position)
                guard n > 0 else { return .needMore }
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + n]))
                bytesExamined += n
                position += n
                scanned = position
                state = remaining == n ? .chunkDataEnd : .chunkData(remaining: remaining - n)

            case .chunkDataEnd:
                // Fail on the first wrong byte rather than waiting for two.
                if bytes.count > position, bytes[position] != HTTPBytes.cr { return fail(.missingChunkTerminator) }
                guard bytes.count >= position + 2 else { return .needMore }
                if bytes[position + 1] != HTTPBytes.lf { return fail(.missingChunkTerminator) }
                bytesExamined += 2
                position += 2
                scanned = position
                state = .chunkSizeLine

            case .trailerLines(let start, let fields):
                let limit = start + limits.maxHeaderBytes
                guard let lf = findLineFeed(bytes, limit: limit) else {
                    return scanned >= limit ? fail(.headerSectionTooLarge) : .needMore
                }
                guard let content = lineContent(bytes, lf: lf) else { return fail(.bareLineFeed) }
                if content.isEmpty { return complete(consumed: lf + 1) }
                if fields == limits.maxHeaderFields { return fail(.tooManyHeaderFields) }
                // Trailers obey the header rules and are then dropped: nothing in Dawn reads them.
                if case .failure(let error) = Self.headerField(content) { return fail(error) }
                state = .trailerLines(start: start, fields: fields + 1)
            }
        }
    }

    // MARK: Lines

    /// Looks for the LF ending the current line, resuming where the last search stopped and
    /// never past `limit`. On success the next line starts after it.
    private mutating func findLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int? {
        let start = scanned
        let end = min(bytes.count, limit)
        var i = start
        while i < end {
            if bytes[i] == HTTPBytes.lf {
                bytesExamined += i + 1 - start
                scanned = i + 1
                return i
            }
            i += 1
        }
        bytesExamined += i - start
        scanned = i
        return nil
    }

    /// The current line without its CRLF, or nil when the LF is not preceded by CR.
    /// Moves `position` past the line.
    private mutating func lineContent(_ bytes: UnsafeBufferPointer<UInt8>, lf: Int) -> UnsafeBufferPointer<UInt8>? {
        let start = position
        position = lf + 1
        guard lf > start, bytes[lf - 1] == HTTPBytes.cr else { return nil }
        bytesExamined += lf - start
        return UnsafeBufferPointer(rebasing: bytes[start..<lf - 1])
    }

    /// Length of the unfinished request line so far, not counting a CR that may start its CRLF.
    private func requestLineSoFar(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let pending = scanned - position
        return pending > 0 && bytes[scanned - 1] == HTTPBytes.cr ? pending - 1 : pending
    }

    private mutating func headLine(_ bytes: UnsafeBufferPointer<UInt8>, lf: Int) -> Step? {
        let isRequestLine: Bool
        if case .requestLine = state { isRequestLine = true } else { isRequestLine = false }
        // Too long is 414 whatever ends the line, as when its LF has not arrived yet.
        if isRequestLine, lf - position > limits.maxRequestLineBytes,
           lf - position - (bytes[lf - 1] == HTTPBytes.cr ? 1 : 0) > limits.maxRequestLineBytes {
            return fail(.requestLineTooLong)
        }
        guard let content = lineContent(bytes, lf: lf) else { return fail(.bareLineFeed) }

        if isRequestLine {
            if content.isEmpty {
                leadingEmptyLines += 1
                return leadingEmptyLines > Self.maxLeadingEmptyLines ? fail(.tooManyLeadingEmptyLines) : nil
            }
            if let error = parseRequestLine(content) { return fail(error) }
            state = .headerLines
            return nil
        }

        if content.isEmpty { return endOfHead() }
        if headers.count == limits.maxHeaderFields { return fail(.tooManyHeaderFields) }
        switch Self.headerField(content) {
        case .success(let field):
            // One allocation for a usual request's few fields, not a regrowth at 1, 2, 4 and 8.
            if headers.isEmpty { headers.reserveCapacity(Self.usualHeaderFields) }
            headers.append(field)
        case .failure(let error): return fail(error)
        }
        return nil
    }

    /// `METHOD SP request-target SP HTTP-version`, exactly single spaces.
    private mutating func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> HTTPParseError? {
        guard let firstSpace = line.firstIndex(of: HTTPBytes.space),
              let secondSpace = line[(firstSpace + 1)...].firstIndex(of: HTTPBytes.space),
              !line[(secondSpace + 1)...].contains(HTTPBytes.space),
              firstSpace > 0, secondSpace > firstSpace + 1, secondSpace < line.count - 1
        else { return .malformedRequestLine }

        let methodBytes = line[..<firstSpace]
        let targetBytes = line[(firstSpace + 1)..<secondSpace]
        let versionBytes = line[(secondSpace + 1)...]

        // Every syntax check (400) comes before the "valid but unsupported" ones (505, 501).
        guard HTTPBytes.isToken(methodBytes) else { return .invalidMethod }
        guard let parsedVersion = Self.parseVersion(versionBytes) else { return .malformedVersion }
        guard targetBytes.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E && $0 != UInt8(ascii: "#") }) else {
            return .invalidTarget
        }
        guard parsedVersion == .http1_0 || parsedVersion == .http1_1 else { return .unsupportedVersion }
        guard let parsedMethod = HTTPMethod(rawValue: String(decoding: methodBytes, as: UTF8.self)) else {
            return .unknownMethod
        }
        let isOriginForm = targetBytes.first == UInt8(ascii: "/")
        let isAsterisk = targetBytes.count == 1 && targetBytes.first == UInt8(ascii: "*") && parsedMethod == .OPTIONS
        guard isOriginForm || isAsterisk else { return .invalidTarget }

        method = parsedMethod
        target = String(decoding: targetBytes, as: UTF8.self)
        bodyLimit = limits.maxBodyBytes(method: method, target: target)
        version = parsedVersion
        return nil
    }

    /// `HTTP/` DIGIT `.` DIGIT, case-sensitive.
    private static func parseVersion(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> HTTPVersion? {
        guard bytes.count == 8 else { return nil }
        // Read in place through the slice's own indices: no copy per request.
        let b = UnsafeBufferPointer(rebasing: bytes)
        guard b[0] == UInt8(ascii: "H"), b[1] == UInt8(ascii: "T"), b[2] == UInt8(ascii: "T"),
              b[3] == UInt8(ascii: "P"), b[4] == UInt8(ascii: "/"), HTTPBytes.isDigit(b[5]),
              b[6] == UInt8(ascii: "."), HTTPBytes.isDigit(b[7])
        else { return nil }
        return HTTPVersion(major: Int(b[5] - UInt8(ascii: "0")), minor: Int(b[7] - UInt8(ascii: "0")))
    }

    /// `field-name ":" OWS field-value OWS`, for header and trailer lines alike.
    private static func headerField(_ line: UnsafeBufferPointer<UInt8>) -> Result<HTTPHeaders.Field, HTTPParseError> {
        guard let first = line.first, !HTTPBytes.isOWS(first) else { return .failure(.obsoleteLineFolding) }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .failure(.missingColon) }
        let name = line[..<colon]
        guard let last = name.last else { return .failure(.invalidHeaderName) }
        if HTTPBytes.isOWS(last) { return .failure(.whitespaceBeforeColon) }
        guard name.allSatisfy(HTTPBytes.isTokenChar) else { return .failure(.invalidHeaderName) }

        var valueStart = colon + 1
        var valueEnd = line.count
        while valueStart < valueEnd, HTTPBytes.isOWS(line[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart, HTTPBytes.isOWS(line[valueEnd - 1]) { valueEnd -= 1 }
        let value = line[valueStart..<valueEnd]
        guard value.allSatisfy(HTTPBytes.isFieldValueChar) else { return .failure(.invalidHeaderValue) }

        return .success((name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
    }

    // MARK: Framing

    /// Checks Host and the body framing, then moves on to the body (or finishes).
    private mutating func endOfHead() -> Step? {
        var hosts = 0
        var host = ""
        var contentLengths: [String] = []
        var transferCodings: [Substring] = []
        var hasTransferEncoding = false
        var expect100 = false
        for field in headers {
            if HTTPHeaders.namesEqual(field.name, "Host") {
                hosts += 1
                host = field.value
            } else if HTTPHeaders.namesEqual(field.name, "Content-Length") {
                contentLengths.append(field.value)
            } else if HTTPHeaders.namesEqual(field.name, "Transfer-Encoding") {
                hasTransferEncoding = true
                for element in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                    let coding = element.trimmingSpaces
                    if !coding.isEmpty { transferCodings.append(coding) }
                }
            } else if HTTPHeaders.namesEqual(field.name, "Expect") {
                expect100 = HTTPBytes.equalsLowercased(field.value.utf8, "100-continue")
            }
        }

        if hasTransferEncoding {
            if !contentLengths.isEmpty { return fail(.contentLengthWithTransferEncoding) }
            if version == .http1_0 { return fail(.transferEncodingInHTTP10) }
            if transferCodings.isEmpty { return fail(.emptyTransferEncoding) }
            guard transferCodings.count == 1, HTTPBytes.equalsLowercased(transferCodings[0].utf8, "chunked") else {
                return fail(.unsupportedTransferEncoding)
            }
        }
        var contentLength = 0
        if contentLengths.count > 1 { return fail(.multipleContentLengths) }
        if let text = contentLengths.first {
            let digits = text.utf8
            guard (1...19).contains(digits.count), digits.allSatisfy(HTTPBytes.isDigit) else {
                return fail(.invalidContentLength)
            }
            let value = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
            if value > UInt64(bodyLimit) { return fail(.bodyTooLarge) }
            contentLength = Int(value)
        }

        if hosts > 1 { return fail(.multipleHosts) }
        if hosts == 0 && version == .http1_1 { return fail(.missingHost) }
        if hosts == 1 && !Self.isValidHost(host.utf8) { return fail(.invalidHost) }

        // An upload route's larger limit is the server's to grant, head by head, before any
        // of the body is held: a client without a session, or past the server's budget of
        // upload bytes, never gets to send more than an ordinary form.
        if bodyLimit > limits.maxBodyBytes, hasTransferEncoding || contentLength > limits.maxBodyBytes {
            let bytes = hasTransferEncoding ? bodyLimit : contentLength
            let head = HTTPRequest(method: method, target: target, version: version, headers: HTTPHeaders(headers))
            switch admitUpload?(head, bytes) ?? .refuse {
            case .admit:
                uploadReservation += bytes
            case .refuse:
                bodyLimit = limits.maxBodyBytes
                if contentLength > bodyLimit { return fail(.bodyTooLarge) }
            case .busy:
                return fail(.uploadsBusy)
            }
        }

        scanned = position
        // HTTP/1.0 clients do not know 100 Continue (RFC 9110 §10.1.1).
        expectsContinue = expect100 && version == .http1_1
        if hasTransferEncoding {
            state = .chunkSizeLine
            return nil
        }
        if contentLength > 0 {
            state = .fixedBody(end: position + contentLength)
            return nil
        }
        return complete(consumed: position)
    }

    /// uri-host [ ":" port ]: reg-name, IPv4 or IP-literal characters. Empty is allowed (RFC 9110 §7.2).
    private static func isValidHost(_ host: String.UTF8View) -> Bool {
        host.allSatisfy { b in
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                 UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
                true
            default:
                false
            }
        }
    }

    /// `chunk-size [ chunk-ext ] CRLF`.
    private mutating func chunkSizeLine(_ bytes: UnsafeBufferPointer<UInt8>, lf: Int) -> Step? {
        guard let line = lineContent(bytes, lf: lf) else { return fail(.bareLineFeed) }
        var i = 0
        var size = 0
        while i < line.count, let digit = HTTPBytes.hexValue(line[i]) {
            if i == Self.maxChunkSizeDigits { return fail(.invalidChunkSize) }
            size = size << 4 | Int(digit)
            i += 1
        }
        // The size ends at whitespace, `;` or the line end: `0x1` is a bad size, not an extension.
        if i == 0 || (i < line.count && !HTTPBytes.isOWS(line[i]) && line[i] != UInt8(ascii: ";")) {
            return fail(.invalidChunkSize)
        }
        if !Self.isValidChunkExtension(line[i...]) { return fail(.invalidChunkExtension) }
        if size > bodyLimit - body.count { return fail(.bodyTooLarge) }

        scanned = position
        state = size == 0 ? .trailerLines(start: position, fields: 0) : .chunkData(remaining: size)
        return nil
    }

    /// `*( BWS ";" BWS ext-name [ BWS "=" BWS ( token / quoted-string ) ] )`.
    private static func isValidChunkExtension(_ ext: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var i = ext.startIndex
        let end = ext.endIndex
        func skipWhitespace() { while i < end, HTTPBytes.isOWS(ext[i]) { i += 1 } }
        func token() -> Bool {
            let start = i
            while i < end, HTTPBytes.isTokenChar(ext[i]) { i += 1 }
            return i > start
        }
        while true {
            skipWhitespace()
            if i == end { return true }
            guard ext[i] == UInt8(ascii: ";") else { return false }
            i += 1
            skipWhitespace()
            guard token() else { return false }
            skipWhitespace()
            guard i < end, ext[i] == UInt8(ascii: "=") else { continue }
            i += 1
            skipWhitespace()
            if i < end, ext[i] == UInt8(ascii: "\"") {
                i += 1
                var closed = false
                while i < end {
                    let b = ext[i]
                    if b == UInt8(ascii: "\"") { closed = true; i += 1; break }
                    if b == UInt8(ascii: "\\") {
                        i += 1
                        guard i < end, HTTPBytes.isFieldValueChar(ext[i]) else { return false }
                    } else if !HTTPBytes.isFieldValueChar(b) {
                        return false
                    }
                    i += 1
                }
                guard closed else { return false }
            } else {
                guard token() else { return false }
            }
        }
    }

    // MARK: Outcomes

    private mutating func fail(_ error: HTTPParseError) -> Step {
        state = .failed(error)
        return .error(error)
    }

    private mutating func complete(consumed: Int) -> Step {
        let request = HTTPRequest(method: method, target: target, version: version,
                                  headers: HTTPHeaders(headers), body: body)
        let examined = bytesExamined
        let reserved = uploadReservation
        self = RequestParser(limits: limits, admitUpload: admitUpload)
        bytesExamined = examined
        uploadReservation = reserved
        return .request(request, consumed: consumed)
    }
}
