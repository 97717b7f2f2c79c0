/// Writes a response as HTTP/1.1 bytes into one contiguous buffer, for one write.
///
/// The encoder owns the framing: it writes `Date`, `Content-Length` and `Connection` itself
/// and drops those (and `Transfer-Encoding`) from the response's own headers.
/// A field whose name is not a token or whose value holds CR, LF, NUL or another control
/// character (HT aside) is dropped, never written: no header injection or response splitting,
/// whatever a handler puts in a header.
public enum ResponseEncoder {
    public static func encode(_ response: HTTPResponse, version: HTTPVersion, isHead: Bool, keepAlive: Bool,
                              date: String, into buffer: inout [UInt8]) {
        precondition(response.streamedBody == nil, "a streamed body is sent through an OutputQueue")
        if encodeHead(response, version: version, isHead: isHead, keepAlive: keepAlive, date: date, into: &buffer) {
            buffer.append(contentsOf: response.body)
        }
    }

    /// Encodes a response into `queue`: the head copied, the body queued as it is (a large
    /// one is not copied). Answers whether the body follows the head: a streamed body is then
    /// the caller's to send.
    @discardableResult
    public static func encode(_ response: HTTPResponse, version: HTTPVersion, isHead: Bool, keepAlive: Bool,
                              date: String, into queue: inout OutputQueue) -> Bool {
        var writesBody = false
        queue.append(writing: { buffer in
            writesBody = encodeHead(response, version: version, isHead: isHead, keepAlive: keepAlive,
                                    date: date, into: &buffer)
        })
        if writesBody { queue.append(body: response.body) }
        return writesBody
    }

    /// The status line and fields; answers whether the body follows them.
    private static func encodeHead(_ response: HTTPResponse, version: HTTPVersion, isHead: Bool, keepAlive: Bool,
                                   date: String, into buffer: inout [UInt8]) -> Bool {
        let code = response.status.code
        let hasNoBody = (100..<200).contains(code) || code == 204 || code == 304
        let writesBody = !hasNoBody && !isHead

        buffer.reserveCapacity(buffer.count + 128 + response.headers.count * 48
                               + (writesBody && response.body.count < OutputQueue.sharedBodyBytes ? response.body.count : 0))
        append("HTTP/1.1 ", to: &buffer)
        appendStatusCode(code, to: &buffer)
        buffer.append(HTTPBytes.space)
        for b in response.status.reason.utf8 where HTTPBytes.isFieldValueChar(b) { buffer.append(b) }
        appendCRLF(to: &buffer)

        if let sealed = response.sealedFields {
            buffer.append(contentsOf: sealed)
        } else {
            encodeFields(response.headers, into: &buffer)
        }
        writeField("Date", date, to: &buffer)
        if !hasNoBody {
            append("Content-Length: ", to: &buffer)
            append(String(response.bodyLength), to: &buffer)
            appendCRLF(to: &buffer)
        }
        if !keepAlive {
            append("Connection: close\r\n", to: &buffer)
        } else if version == .http1_0 {
            append("Connection: keep-alive\r\n", to: &buffer)
        }
        appendCRLF(to: &buffer)
        return writesBody
    }

    /// The fields a response's headers contribute, framing aside: what `HTTPResponse.seal()` keeps.
    static func encodeFields(_ headers: HTTPHeaders, into buffer: inout [UInt8]) {
        for field in headers where !isFramingHeader(field.name) {
            writeField(field.name, field.value, to: &buffer)
        }
    }

    /// Whether `name: value` may be written as it is.
    public static func isSafeField(name: String, value: String) -> Bool {
        HTTPBytes.isToken(name.utf8) && value.utf8.allSatisfy(HTTPBytes.isFieldValueChar)
    }

    private static func isFramingHeader(_ name: String) -> Bool {
        // By length first: "Date" 4, "Connection" 10, "Content-Length" 14, "Transfer-Encoding" 17.
        switch name.utf8.count {
        case 4: return HTTPHeaders.namesEqual(name, "Date")
        case 10: return HTTPHeaders.namesEqual(name, "Connection")
        case 14: return HTTPHeaders.namesEqual(name, "Content-Length")
        case 17: return HTTPHeaders.namesEqual(name, "Transfer-Encoding")
        default: return false
        }
    }

    private static func writeField(_ name: String, _ value: String, to buffer: inout [UInt8]) {
        var name = name, value = value
        // Native strings are contiguous UTF-8: checked and copied without an iterator each.
        let written = name.withUTF8 { n in
            value.withUTF8 { v -> Bool in
                guard HTTPBytes.isToken(n), v.allSatisfy(HTTPBytes.isFieldValueChar) else { return false }
                buffer.append(contentsOf: n)
                buffer.append(UInt8(ascii: ":"))
                buffer.append(HTTPBytes.space)
                buffer.append(contentsOf: v)
                return true
            }
        }
        if written { appendCRLF(to: &buffer) }
    }

    private static func appendStatusCode(_ code: Int, to buffer: inout [UInt8]) {
        // Three digits whatever the handler set, so the status line always parses.
        let clamped = min(max(code, 100), 999)
        buffer.append(UInt8(ascii: "0") + UInt8(clamped / 100))
        buffer.append(UInt8(ascii: "0") + UInt8(clamped / 10 % 10))
        buffer.append(UInt8(ascii: "0") + UInt8(clamped % 10))
    }

    @inline(__always)
    private static func append(_ s: String, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: s.utf8)
    }

    @inline(__always)
    private static func appendCRLF(to buffer: inout [UInt8]) {
        buffer.append(HTTPBytes.cr)
        buffer.append(HTTPBytes.lf)
    }
}
