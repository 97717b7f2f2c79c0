import FuzzSupport
import HTTP

// Input: 1 byte of flags (bit 0: small limits, so the 413/414/431 paths are reachable),
// 8 bytes that choose the sizes of the pieces the stream arrives in (each piece is
// byte + 1 bytes, cycling), then the byte stream: any number of pipelined requests.
//
// Properties:
// - the stream gives the same requests and the same error whether it arrives whole or
//   in pieces;
// - every request obeys what the parser promises (Host on HTTP/1.1, Content-Length equals
//   the body, no control characters in fields, body within the limit);
// - written back as HTTP (a small serializer below: same fields, the body as one chunk when
//   it came chunked), the requests parse again to the same requests.

let smallLimits: HTTPLimits = {
    var limits = HTTPLimits()
    limits.maxRequestLineBytes = 64
    limits.maxHeaderBytes = 256
    limits.maxHeaderFields = 6
    limits.maxBodyBytes = 300
    limits.maxChunkLineBytes = 24
    return limits
}()

struct Outcome {
    var requests: [HTTPRequest] = []
    var consumed: [Int] = []
    var error: HTTPParseError?
    var leftover = 0
}

/// Feeds `stream` as a server does: append a piece, parse until `.needMore`, drop what each
/// request consumed, stop at the first error.
func feed(_ stream: [UInt8], pieces: [Int], limits: HTTPLimits) -> Outcome {
    var outcome = Outcome()
    var parser = RequestParser(limits: limits)
    var buffer: [UInt8] = []
    var offset = 0
    var piece = 0
    while offset < stream.count {
        let size = pieces.isEmpty ? stream.count : pieces[piece % pieces.count]
        piece += 1
        let end = min(stream.count, offset + size)
        buffer.append(contentsOf: stream[offset..<end])
        offset = end
        parsing: while !buffer.isEmpty {
            switch parser.parse(buffer[...]) {
            case .needMore:
                break parsing
            case let .request(request, consumed):
                require(consumed > 0 && consumed <= buffer.count, "consumed \(consumed) of \(buffer.count)")
                outcome.requests.append(request)
                outcome.consumed.append(consumed)
                buffer.removeFirst(consumed)
            case .spool:
                // No spooled routes in the fuzzed limits.
                require(false, "a spooled upload without spool routes")
            case let .error(error):
                outcome.error = error
                outcome.leftover = buffer.count
                return outcome
            }
        }
    }
    outcome.leftover = buffer.count
    return outcome
}

func describe(_ r: HTTPRequest) -> String {
    "\(r.method) \(r.target) \(r.version) \(r.headers.map { "\($0.name): \($0.value)" }) body \(r.body.count)B"
}

func same(_ a: HTTPRequest, _ b: HTTPRequest) -> Bool {
    a.method == b.method && a.target == b.target && a.path == b.path && a.query == b.query
        && a.version == b.version && a.body == b.body
        && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
}

func checkInvariants(_ r: HTTPRequest, limits: HTTPLimits) {
    require(r.version == .http1_0 || r.version == .http1_1, "version \(r.version)")
    require(r.target.hasPrefix("/") || (r.target == "*" && r.method == .OPTIONS), "target \(r.target)")
    require(r.target.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E && $0 != UInt8(ascii: "#") }, "target bytes \(r.target)")
    require(r.body.count <= limits.maxBodyBytes, "body \(r.body.count) over the limit")
    require(r.headers.count <= limits.maxHeaderFields, "\(r.headers.count) fields")
    for field in r.headers {
        require(isToken(field.name), "field name \(field.name)")
        require(field.value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }, "field value \(field.value)")
        require(field.value.utf8.first.map { $0 != 0x20 && $0 != 0x09 } ?? true, "value not trimmed")
        require(field.value.utf8.last.map { $0 != 0x20 && $0 != 0x09 } ?? true, "value not trimmed")
    }
    let hosts = r.headers.values(for: "Host")
    require(hosts.count <= 1, "\(hosts.count) Host fields")
    if r.version == .http1_1 { require(hosts.count == 1, "HTTP/1.1 without Host") }
    let lengths = r.headers.values(for: "Content-Length")
    let chunked = r.headers.contains("Transfer-Encoding")
    require(lengths.count <= 1, "\(lengths.count) Content-Length fields")
    require(!(chunked && !lengths.isEmpty), "Content-Length with Transfer-Encoding")
    if chunked { require(r.version == .http1_1, "Transfer-Encoding in HTTP/1.0") }
    if let length = lengths.first {
        require(Int(length) == r.body.count, "Content-Length \(length) but body \(r.body.count)")
    } else if !chunked {
        require(r.body.isEmpty, "body without framing")
    }
}

/// The request as HTTP/1.1 bytes with exactly its fields; a chunked body as one chunk.
func serialize(_ r: HTTPRequest) -> [UInt8] {
    var out = Array("\(r.method.rawValue) \(r.target) HTTP/\(r.version.major).\(r.version.minor)\r\n".utf8)
    for field in r.headers {
        out += Array("\(field.name): \(field.value)\r\n".utf8)
    }
    out += Array("\r\n".utf8)
    if r.headers.contains("Transfer-Encoding") {
        if !r.body.isEmpty {
            out += Array("\(String(r.body.count, radix: 16))\r\n".utf8) + r.body + Array("\r\n".utf8)
        }
        out += Array("0\r\n\r\n".utf8)
    } else {
        out += r.body
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let flags = input.byte()
    let pieces = input.take(8).map { Int($0) + 1 }
    let stream = input.rest()
    let limits = flags & 1 == 1 ? smallLimits : HTTPLimits.production

    let whole = feed(stream, pieces: [], limits: limits)
    let split = feed(stream, pieces: pieces.isEmpty ? [1] : pieces, limits: limits)

    require(whole.requests.count == split.requests.count,
            "\(whole.requests.count) requests whole, \(split.requests.count) split; errors \(String(describing: whole.error)) / \(String(describing: split.error))")
    for (a, b) in zip(whole.requests, split.requests) {
        require(same(a, b), "whole \(describe(a)) vs split \(describe(b))")
    }
    require(whole.consumed == split.consumed, "consumed \(whole.consumed) vs \(split.consumed)")
    require(whole.error == split.error, "error whole \(String(describing: whole.error)) vs split \(String(describing: split.error))")
    if whole.error == nil {
        require(whole.leftover == split.leftover, "leftover \(whole.leftover) vs \(split.leftover)")
    }

    for request in whole.requests { checkInvariants(request, limits: limits) }

    // Written back and parsed again, with room for the spaces the serializer adds.
    if !whole.requests.isEmpty {
        var roomy = limits
        roomy.maxRequestLineBytes = 1 << 20
        roomy.maxHeaderBytes = 1 << 20
        let written = whole.requests.flatMap(serialize)
        let again = feed(written, pieces: [], limits: roomy)
        require(again.error == nil && again.leftover == 0,
                "rewritten requests: \(String(describing: again.error)), \(again.leftover) left: \(shown(written))")
        require(again.requests.count == whole.requests.count, "rewritten: \(again.requests.count) requests of \(whole.requests.count)")
        for (a, b) in zip(whole.requests, again.requests) {
            require(same(a, b), "parsed \(describe(a)) vs rewritten \(describe(b))")
        }
    }
    return 0
}
