import XCTest
@testable import HTTP

final class RequestParserTests: XCTestCase {
    /// Valid requests, each with the request it must parse to.
    static let validRequests: [(raw: [UInt8], expected: HTTPRequest)] = [
        (Array("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n".utf8),
         HTTPRequest(method: .GET, target: "/", headers: ["Host": "example.com"])),
        (Array("GET /habits/today?day=2024-02-29&x=%20y HTTP/1.1\r\nHost: localhost:8080\r\nAccept:  text/html \t\r\nX-Empty:\r\nX-Spaces: \t \r\nUser-Agent: a\tb\r\n\r\n".utf8),
         HTTPRequest(method: .GET, target: "/habits/today?day=2024-02-29&x=%20y",
                     headers: HTTPHeaders([("Host", "localhost:8080"), ("Accept", "text/html"), ("X-Empty", ""),
                                           ("X-Spaces", ""), ("User-Agent", "a\tb")]))),
        (Array("POST /habits HTTP/1.1\r\nHost: h\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 13\r\n\r\nname=Run&x=1+".utf8),
         HTTPRequest(method: .POST, target: "/habits",
                     headers: HTTPHeaders([("Host", "h"), ("Content-Type", "application/x-www-form-urlencoded"), ("Content-Length", "13")]),
                     body: Array("name=Run&x=1+".utf8))),
        (Array("POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n5;name=value;flag\r\nhello\r\n6 ; q=\"a \\\" b\"\r\n world\r\nA\r\n0123456789\r\n0\r\nX-Checksum: 42\r\nX-Other: y\r\n\r\n".utf8),
         HTTPRequest(method: .POST, target: "/upload",
                     headers: HTTPHeaders([("Host", "h"), ("Transfer-Encoding", "Chunked")]),
                     body: Array("hello world0123456789".utf8))),
        (Array("PUT /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8),
         HTTPRequest(method: .PUT, target: "/x", headers: HTTPHeaders([("Host", "h"), ("Transfer-Encoding", "chunked")]))),
        (Array("GET /old HTTP/1.0\r\n\r\n".utf8),
         HTTPRequest(method: .GET, target: "/old", version: .http1_0)),
        (Array("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n".utf8),
         HTTPRequest(method: .OPTIONS, target: "*", headers: ["Host": "h"])),
        (Array("\r\n\r\nDELETE /habits/3 HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n".utf8),
         HTTPRequest(method: .DELETE, target: "/habits/3", headers: HTTPHeaders([("Host", "h"), ("Content-Length", "0")]))),
        (Array("GET /with-body HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc".utf8),
         HTTPRequest(method: .GET, target: "/with-body", headers: HTTPHeaders([("Host", "h"), ("Content-Length", "3")]),
                     body: Array("abc".utf8))),
        (Array("GET /? HTTP/1.1\r\nHost: [::1]:80\r\nX-Name: caf\u{E9}\r\n\r\n".utf8),
         HTTPRequest(method: .GET, target: "/?", headers: HTTPHeaders([("Host", "[::1]:80"), ("X-Name", "café")]))),
    ]

    func testValidRequestsFedWhole() {
        for (raw, expected) in Self.validRequests {
            let result = Feeder.whole(raw)
            XCTAssertNil(result.error)
            XCTAssertEqual(result.requests.count, 1)
            XCTAssertEqual(result.consumed, [raw.count])
            if let request = result.requests.first { assertSameRequest(request, expected) }
        }
    }

    func testValidRequestsFedByteByByte() {
        for (raw, expected) in Self.validRequests {
            let result = Feeder.byteByByte(raw)
            XCTAssertNil(result.error)
            XCTAssertEqual(result.requests.count, 1)
            XCTAssertEqual(result.leftover, 0)
            if let request = result.requests.first { assertSameRequest(request, expected) }
        }
    }

    func testValidRequestsFedInRandomSplits() {
        var rng = SeededRandom(seed: 0xDA_77)
        for (raw, expected) in Self.validRequests {
            for _ in 0..<300 {
                let result = Feeder.randomSplits(raw, using: &rng)
                XCTAssertNil(result.error)
                XCTAssertEqual(result.requests.count, 1)
                XCTAssertEqual(result.leftover, 0)
                if let request = result.requests.first { assertSameRequest(request, expected) }
            }
        }
    }

    func testPipelinedRequestsComeOutOneByOne() {
        let pieces = Self.validRequests.map(\.raw)
        let all = pieces.flatMap { $0 }
        var parser = RequestParser()
        var buffer = all
        for (index, piece) in pieces.enumerated() {
            guard case let .request(request, consumed) = parser.parse(buffer[...]) else {
                return XCTFail("request \(index) not parsed")
            }
            XCTAssertEqual(consumed, piece.count, "request \(index)")
            assertSameRequest(request, Self.validRequests[index].expected)
            XCTAssertFalse(parser.isReceivingBody)
            buffer.removeFirst(consumed)
        }
        XCTAssertTrue(buffer.isEmpty)
        guard case .needMore = parser.parse(buffer[...]) else { return XCTFail("expected needMore on empty input") }
    }

    func testPipelinedRequestsInRandomSplits() {
        let all = Self.validRequests.flatMap(\.raw)
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let result = Feeder.randomSplits(all, using: &rng)
            XCTAssertNil(result.error)
            XCTAssertEqual(result.consumed, Self.validRequests.map(\.raw.count))
            for (request, expected) in zip(result.requests, Self.validRequests.map(\.expected)) {
                assertSameRequest(request, expected)
            }
        }
    }

    func testPartialNextRequestStaysUnconsumed() {
        let first = Array("GET /a HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        let input = first + Array("GET /b HTTP/1.1\r\nHo".utf8)
        var parser = RequestParser()
        guard case let .request(request, consumed) = parser.parse(input[...]) else { return XCTFail() }
        XCTAssertEqual(request.path, "/a")
        XCTAssertEqual(consumed, first.count)
        guard case .needMore = parser.parse(input[consumed...]) else { return XCTFail() }
    }

    func testChunkedBodyByteByByteWithExtensionsAndTrailers() {
        let raw = Array("POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3;a\r\nabc\r\n1;b=\"\\\\\";c=d\r\nd\r\n0;last\r\nTrailer-One: 1\r\nTrailer-Two: 2\r\n\r\n".utf8)
        let result = Feeder.byteByByte(raw)
        XCTAssertNil(result.error)
        XCTAssertEqual(result.requests.first?.body, Array("abcd".utf8))
        // Trailers are checked, then dropped: they are not headers of the request.
        XCTAssertNil(result.requests.first?.headers["Trailer-One"])
    }

    func testIsReceivingBodyBetweenHeadAndBody() {
        let head = Array("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\n".utf8)
        var parser = RequestParser()
        XCTAssertFalse(parser.isReceivingBody)
        guard case .needMore = parser.parse(head.dropLast(2)) else { return XCTFail() }
        XCTAssertFalse(parser.isReceivingBody, "head not complete yet")
        guard case .needMore = parser.parse(head[...]) else { return XCTFail() }
        XCTAssertTrue(parser.isReceivingBody)
        guard case .needMore = parser.parse((head + Array("ab".utf8))[...]) else { return XCTFail() }
        XCTAssertTrue(parser.isReceivingBody)
        guard case let .request(request, consumed) = parser.parse((head + Array("abcd".utf8))[...]) else { return XCTFail() }
        XCTAssertEqual(request.body, Array("abcd".utf8))
        XCTAssertEqual(consumed, head.count + 4)
        XCTAssertFalse(parser.isReceivingBody, "reset for the next request")
    }

    func testChunkedIsReceivingBody() {
        let head = Array("POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var parser = RequestParser()
        guard case .needMore = parser.parse(head[...]) else { return XCTFail() }
        XCTAssertTrue(parser.isReceivingBody)
    }

    func testUnsafeBufferPointerEntryPoint() {
        let raw = Array("GET /u HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        var parser = RequestParser()
        let step = raw.withUnsafeBufferPointer { parser.parse($0) }
        guard case let .request(request, consumed) = step else { return XCTFail() }
        XCTAssertEqual(request.path, "/u")
        XCTAssertEqual(consumed, raw.count)
    }

    func testErrorIsSticky() {
        var parser = RequestParser()
        let bad = Array("GET / HTTP/1.1\nHost: h\r\n\r\n".utf8)
        guard case .error(.bareLineFeed) = parser.parse(bad[...]) else { return XCTFail() }
        guard case .error(.bareLineFeed) = parser.parse(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)[...]) else {
            return XCTFail("a failed parser must keep failing: the stream is out of sync")
        }
    }

    func testPathAndQuerySplit() {
        let request = parseOne("GET /a/b?c=d?e HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(request?.path, "/a/b")
        XCTAssertEqual(request?.query, "c=d?e")
    }

    func testObsTextIsDecodedAsLossyUTF8() {
        let raw = Array("GET / HTTP/1.1\r\nHost: h\r\nX-Bytes: a".utf8) + [0xFF, 0x80] + Array("b\r\n\r\n".utf8)
        XCTAssertEqual(parseOne(raw)?.headers["X-Bytes"], "a\u{FFFD}\u{FFFD}b")
    }

    func testHeaderLookupIsCaseInsensitiveAndKeepsOrder() {
        let request = parseOne("GET / HTTP/1.1\r\nhost: h\r\nX-A: 1\r\nx-a: 2\r\n\r\n")
        XCTAssertEqual(request?.headers["HOST"], "h")
        XCTAssertEqual(request?.headers.values(for: "X-A"), ["1", "2"])
    }

    // MARK: Keep-alive

    func testKeepAliveHTTP11() {
        func keepAlive(_ connection: String?) -> Bool? {
            let header = connection.map { "Connection: \($0)\r\n" } ?? ""
            return parseOne("GET / HTTP/1.1\r\nHost: h\r\n\(header)\r\n")?.keepAlive
        }
        XCTAssertEqual(keepAlive(nil), true)
        XCTAssertEqual(keepAlive("keep-alive"), true)
        XCTAssertEqual(keepAlive("close"), false)
        XCTAssertEqual(keepAlive("Close"), false)
        XCTAssertEqual(keepAlive("keep-alive, close"), false)
        XCTAssertEqual(keepAlive("upgrade"), true)
    }

    func testKeepAliveHTTP10() {
        func keepAlive(_ connection: String?) -> Bool? {
            let header = connection.map { "Connection: \($0)\r\n" } ?? ""
            return parseOne("GET / HTTP/1.0\r\n\(header)\r\n")?.keepAlive
        }
        XCTAssertEqual(keepAlive(nil), false)
        XCTAssertEqual(keepAlive("keep-alive"), true)
        XCTAssertEqual(keepAlive("Keep-Alive"), true)
        XCTAssertEqual(keepAlive("close"), false)
    }

    func testKeepAliveWithTwoConnectionFields() {
        let request = parseOne("GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(request?.keepAlive, false)
    }

    // MARK: Limits that must still accept

    func testRequestLineExactlyAtLimitIsAccepted() {
        let prefix = "GET /"
        let suffix = " HTTP/1.1"
        let path = String(repeating: "a", count: HTTPLimits.production.maxRequestLineBytes - prefix.utf8.count - suffix.utf8.count)
        let line = prefix + path + suffix
        XCTAssertEqual(line.utf8.count, 8192)
        XCTAssertNotNil(parseOne(line + "\r\nHost: h\r\n\r\n"))
        // Without its CRLF, and with only the CR, it is still waiting, not 414.
        var parser = RequestParser()
        guard case .needMore = parser.parse(Array(line.utf8)[...]) else { return XCTFail() }
        guard case .needMore = parser.parse(Array((line + "\r").utf8)[...]) else { return XCTFail() }
    }

    func testHeadExactlyAtLimitIsAccepted() {
        let start = "GET / HTTP/1.1\r\nHost: h\r\nX-Fill: "
        let end = "\r\n\r\n"
        let fill = String(repeating: "v", count: HTTPLimits.production.maxHeaderBytes - start.utf8.count - end.utf8.count)
        let raw = start + fill + end
        XCTAssertEqual(raw.utf8.count, 16 * 1024)
        XCTAssertNotNil(parseOne(raw))
        XCTAssertNil(Feeder.byteByByte(Array(raw.utf8)).error)
    }

    func testHundredFieldsAreAccepted() {
        var raw = "GET / HTTP/1.1\r\nHost: h\r\n"
        for i in 1..<100 { raw += "X-\(i): \(i)\r\n" }
        raw += "\r\n"
        XCTAssertEqual(parseOne(raw)?.headers.count, 100)
    }

    func testBodyExactlyAtLimitIsAccepted() {
        var limits = HTTPLimits()
        limits.maxBodyBytes = 10
        XCTAssertEqual(parseOne("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits)?.body.count, 10)
        let chunked = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n0123\r\n6\r\n456789\r\n0\r\n\r\n"
        XCTAssertEqual(parseOne(chunked, limits: limits)?.body.count, 10)
    }

    func testTwoLeadingEmptyLinesAreSkipped() {
        XCTAssertEqual(parseOne("\r\n\r\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n")?.path, "/x")
    }

    // MARK: No rescanning

    /// Byte-by-byte input must cost linear work: the parser resumes where it stopped
    /// instead of searching each line again from its start.
    func testByteByByteHeadIsNotRescanned() {
        var raw = "GET / HTTP/1.1\r\nHost: h\r\n"
        for i in 0..<90 { raw += "X-Field-\(i): " + String(repeating: "v", count: 150) + "\r\n" }
        raw += "\r\n"
        let bytes = Array(raw.utf8)
        XCTAssertGreaterThan(bytes.count, 14 * 1024)
        XCTAssertLessThanOrEqual(bytes.count, 16 * 1024)

        let result = Feeder.byteByByte(bytes)
        XCTAssertEqual(result.requests.count, 1)
        // Every byte is read once while looking for line ends and once more when its
        // line is parsed; a parser rescanning from the line start would read ~n²/2.
        XCTAssertLessThanOrEqual(result.parser.bytesExamined, 2 * bytes.count)
    }

    func testByteByByteLongLineIsNotRescanned() {
        let raw = "GET / HTTP/1.1\r\nHost: h\r\nX-Long: " + String(repeating: "v", count: 15_000) + "\r\n\r\n"
        let bytes = Array(raw.utf8)
        let result = Feeder.byteByByte(bytes)
        XCTAssertEqual(result.requests.count, 1)
        XCTAssertLessThanOrEqual(result.parser.bytesExamined, 2 * bytes.count)
    }

    func testByteByByteChunkedBodyIsNotRescanned() {
        var raw = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        for _ in 0..<100 { raw += "64;ext=\"" + String(repeating: "e", count: 50) + "\"\r\n" + String(repeating: "d", count: 100) + "\r\n" }
        raw += "0\r\n\r\n"
        let bytes = Array(raw.utf8)
        let result = Feeder.byteByByte(bytes)
        XCTAssertEqual(result.requests.first?.body.count, 10_000)
        XCTAssertLessThanOrEqual(result.parser.bytesExamined, 2 * bytes.count)
    }
}

extension RequestParserTests {
    func testExpectContinueWhileBodyIsAwaited() {
        let head = Array("POST /p HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\n".utf8)
        var parser = RequestParser()
        guard case .needMore = parser.parse(head[...]) else { return XCTFail() }
        XCTAssertTrue(parser.expectsContinue)
        guard case .request = parser.parse((head + [0x61, 0x62])[...]) else { return XCTFail() }
        XCTAssertFalse(parser.expectsContinue, "reset for the next request")

        var plain = RequestParser()
        _ = plain.parse(Array("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n".utf8)[...])
        XCTAssertFalse(plain.expectsContinue)
        var old = RequestParser()
        _ = old.parse(Array("POST /p HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8)[...])
        XCTAssertFalse(old.expectsContinue, "HTTP/1.0 clients get no 100 Continue")
    }

    func testFailedParserAnswersEvenForShorterInput() {
        var parser = RequestParser()
        guard case .error(.bareLineFeed) = parser.parse(Array("GET / HTTP/1.1\n".utf8)[...]) else { return XCTFail() }
        guard case .error(.bareLineFeed) = parser.parse([][...]) else { return XCTFail() }
    }
}

extension RequestParserTests {
    /// Damaged input must give the same outcome however it is split, and never trap.
    func testMutatedInputGivesTheSameOutcomeForEverySplit() {
        var rng = SeededRandom(seed: 0xBAD)
        let interesting: [UInt8] = Array("\r\n :;0aF\t\u{0}\u{7F}".utf8) + [0xFF]
        for _ in 0..<2000 {
            var raw = Self.validRequests.randomElement(using: &rng)!.raw
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: 0..<raw.count, using: &rng)
                raw[i] = Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
            let whole = Feeder.whole(raw)
            for split in [Feeder.byteByByte(raw), Feeder.randomSplits(raw, using: &rng)] {
                XCTAssertEqual(split.error, whole.error, String(decoding: raw, as: UTF8.self))
                XCTAssertEqual(split.consumed, whole.consumed)
                // After an error the rest is never fed, so only a clean run has a comparable leftover.
                if whole.error == nil { XCTAssertEqual(split.leftover, whole.leftover) }
                for (a, b) in zip(split.requests, whole.requests) { assertSameRequest(a, b) }
            }
        }
    }
}
