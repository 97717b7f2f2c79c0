import XCTest
@testable import HTTP

/// One test per rule: each asserts the exact error and status, fed whole and byte by byte.
final class RequestParserRejectionTests: XCTestCase {
    private func chunked(_ body: String, target: String = "/") -> String {
        "POST \(target) HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + body
    }

    // MARK: Request line

    func testMethodNotATokenIs400() {
        assertRejects("GE(T / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidMethod, status: 400)
        assertRejects("G\u{7F}T / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidMethod, status: 400)
    }

    func testUnknownMethodIs501() {
        assertRejects("BREW / HTTP/1.1\r\nHost: h\r\n\r\n", .unknownMethod, status: 501)
        // Methods are case-sensitive: `get` is a valid token but not GET.
        assertRejects("get / HTTP/1.1\r\nHost: h\r\n\r\n", .unknownMethod, status: 501)
    }

    func testUnsupportedVersionIs505() {
        assertRejects("GET / HTTP/2.0\r\nHost: h\r\n\r\n", .unsupportedVersion, status: 505)
        assertRejects("GET / HTTP/1.2\r\nHost: h\r\n\r\n", .unsupportedVersion, status: 505)
        assertRejects("GET / HTTP/0.9\r\n\r\n", .unsupportedVersion, status: 505)
    }

    func testMalformedVersionIs400() {
        for version in ["HTTP/1.10", "http/1.1", "HTTP/1", "HTTP/1.x", "HTTP/11", "HTTPS/1.1", "HTTP/1.1/"] {
            assertRejects("GET / \(version)\r\nHost: h\r\n\r\n", .malformedVersion, status: 400)
        }
    }

    func testRequestLineSpacingIs400() {
        assertRejects("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, status: 400)
        assertRejects("GET / HTTP/1.1 \r\nHost: h\r\n\r\n", .malformedRequestLine, status: 400)
        assertRejects(" GET / HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, status: 400)
        assertRejects("GET /a b HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, status: 400)
        assertRejects("GET /\r\nHost: h\r\n\r\n", .malformedRequestLine, status: 400)
        assertRejects("GET\t/ HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, status: 400)
    }

    func testTargetMustBeOriginFormIs400() {
        assertRejects("GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n", .invalidTarget, status: 400)
        assertRejects("GET example.com:443 HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget, status: 400)
        assertRejects("GET * HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget, status: 400)
        assertRejects("OPTIONS *x HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget, status: 400)
    }

    func testTargetWithFragmentIs400() {
        assertRejects("GET /a#frag HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget, status: 400)
    }

    func testTargetWithNonVisibleBytesIs400() {
        assertRejects(Array("GET /caf".utf8) + [0xC3, 0xA9] + Array(" HTTP/1.1\r\nHost: h\r\n\r\n".utf8), .invalidTarget, status: 400)
        assertRejects("GET /a\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget, status: 400)
        assertRejects("GET /a\u{01}b HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget, status: 400)
        assertRejects("GET /a\rb HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget, status: 400)
    }

    func testRequestLineOverLimitIs414() {
        let line = "GET /" + String(repeating: "a", count: 8192 - 13) + " HTTP/1.1"
        XCTAssertEqual(line.utf8.count, 8193)
        assertRejects(line + "\r\nHost: h\r\n\r\n", .requestLineTooLong, status: 414)
    }

    func testRequestLineOverLimitIs414BeforeItsCRLF() {
        let partial = Array(("GET /" + String(repeating: "a", count: 8192 - 4)).utf8)
        XCTAssertEqual(partial.count, 8193)
        var parser = RequestParser()
        guard case .needMore = parser.parse(partial.dropLast()) else { return XCTFail("8192 bytes may still be a valid line") }
        guard case .error(let error) = parser.parse(partial[...]) else { return XCTFail("no 414 before the CRLF") }
        XCTAssertEqual(error, .requestLineTooLong)
        XCTAssertEqual(error.status.code, 414)
        assertRejects(partial, .requestLineTooLong, status: 414)
    }

    func testThreeLeadingEmptyLinesAre400() {
        assertRejects("\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n", .tooManyLeadingEmptyLines, status: 400)
    }

    func testLeadingBareLineFeedIs400() {
        assertRejects("\nGET / HTTP/1.1\r\nHost: h\r\n\r\n", .bareLineFeed, status: 400)
    }

    // MARK: Line endings and header syntax

    func testBareLineFeedIs400() {
        assertRejects("GET / HTTP/1.1\nHost: h\r\n\r\n", .bareLineFeed, status: 400)
        assertRejects("GET / HTTP/1.1\r\nHost: h\n\r\n", .bareLineFeed, status: 400)
        assertRejects("GET / HTTP/1.1\r\nHost: h\r\n\n", .bareLineFeed, status: 400)
    }

    func testObsFoldIs400() {
        assertRejects("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\r\n b\r\n\r\n", .obsoleteLineFolding, status: 400)
        assertRejects("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\r\n\tb\r\n\r\n", .obsoleteLineFolding, status: 400)
        assertRejects("GET / HTTP/1.1\r\n Host: h\r\n\r\n", .obsoleteLineFolding, status: 400)
    }

    func testWhitespaceBeforeColonIs400() {
        assertRejects("GET / HTTP/1.1\r\nHost : h\r\n\r\n", .whitespaceBeforeColon, status: 400)
        assertRejects("GET / HTTP/1.1\r\nHost\t: h\r\n\r\n", .whitespaceBeforeColon, status: 400)
    }

    func testEmptyHeaderNameIs400() {
        assertRejects("GET / HTTP/1.1\r\nHost: h\r\n: x\r\n\r\n", .invalidHeaderName, status: 400)
    }

    func testNonTokenHeaderNameIs400() {
        assertRejects("GET / HTTP/1.1\r\nHost: h\r\nX(A): x\r\n\r\n", .invalidHeaderName, status: 400)
        assertRejects("GET / HTTP/1.1\r\nHost: h\r\nX A: x\r\n\r\n", .invalidHeaderName, status: 400)
        assertRejects(Array("GET / HTTP/1.1\r\nHost: h\r\nX".utf8) + [0xC3, 0xA9] + Array(": x\r\n\r\n".utf8), .invalidHeaderName, status: 400)
    }

    func testHeaderWithoutColonIs400() {
        assertRejects("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", .missingColon, status: 400)
    }

    func testControlCharactersInValueAre400() {
        for control in ["\u{00}", "\u{01}", "\u{1F}", "\u{7F}", "\r"] {
            assertRejects("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\(control)b\r\n\r\n", .invalidHeaderValue, status: 400)
        }
    }

    // MARK: Size limits

    func testHeadOverLimitIs431() {
        let start = "GET / HTTP/1.1\r\nHost: h\r\nX-Fill: "
        let end = "\r\n\r\n"
        let fill = String(repeating: "v", count: 16 * 1024 - start.utf8.count - end.utf8.count + 1)
        assertRejects(start + fill + end, .headerSectionTooLarge, status: 431)
    }

    func testHeadOverLimitIs431BeforeItEnds() {
        var raw = "GET / HTTP/1.1\r\nHost: h\r\n"
        while raw.utf8.count < 16 * 1024 + 1 { raw += "X-Fill: " + String(repeating: "v", count: 400) + "\r\n" }
        let bytes = Array(raw.utf8)
        var parser = RequestParser()
        guard case .needMore = parser.parse(bytes[..<(16 * 1024 - 1)]) else { return XCTFail() }
        guard case .error(.headerSectionTooLarge) = parser.parse(bytes[...]) else { return XCTFail("no 431 before the head ends") }
        assertRejects(bytes, .headerSectionTooLarge, status: 431)
    }

    func testHundredAndOneFieldsAre431() {
        var raw = "GET / HTTP/1.1\r\nHost: h\r\n"
        for i in 1...100 { raw += "X-\(i): \(i)\r\n" }
        assertRejects(raw + "\r\n", .tooManyHeaderFields, status: 431)
        // Refused on the 101st field itself, before the head ends.
        assertRejects(raw, .tooManyHeaderFields, status: 431)
    }

    func testContentLengthOverLimitIs413WithHeadOnly() {
        let head = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(1024 * 1024 + 1)\r\n\r\n"
        assertRejects(head, .bodyTooLarge, status: 413)
        assertRejects("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 9999999999999999999\r\n\r\n", .bodyTooLarge, status: 413)
    }

    private var uploadLimits: HTTPLimits {
        var limits = HTTPLimits()
        limits.maxBodyBytes = 10
        limits.uploadPathSuffixes = ["/photos"]
        limits.maxUploadBodyBytes = 100
        return limits
    }

    private func post(_ target: String, _ length: Int, method: String = "POST", cookie: String = "") -> [UInt8] {
        Array("\(method) \(target) HTTP/1.1\r\nHost: h\r\n\(cookie)Content-Length: \(length)\r\n\r\n".utf8)
    }

    /// Every question the parser asked, and its answer.
    private final class Asked: @unchecked Sendable {
        var heads: [(target: String, bytes: Int)] = []
    }

    private func parser(answering decision: RequestParser.UploadDecision, _ asked: Asked = Asked()) -> RequestParser {
        RequestParser(limits: uploadLimits) { head, bytes in
            asked.heads.append((head.target, bytes))
            return decision
        }
    }

    func testASpooledUploadHandsItsBodyToTheServerAndNeedsALength() {
        var limits = uploadLimits
        limits.spoolPathSuffixes = ["/import"]
        limits.maxSpooledBodyBytes = 1000
        let asked = Asked()
        var spooling = RequestParser(limits: limits) { head, bytes in asked.heads.append((head.target, bytes)); return .admit }
        let head = post("/import", 1000)
        switch spooling.parse((head + Array("abc".utf8))[...]) {
        case let .spool(request, consumed, length):
            XCTAssertEqual(request.target, "/import")
            XCTAssertEqual(consumed, head.count, "the head only: the body is the server's to write")
            XCTAssertEqual(length, 1000)
            XCTAssertTrue(request.body.isEmpty)
        default:
            XCTFail("an admitted spooled upload")
        }
        XCTAssertEqual(spooling.takeUploadReservation(), 1000)
        XCTAssertEqual(asked.heads.map(\.bytes), [1000])
        // The parser is ready for the next request, after the body.
        guard case .request = spooling.parse(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)[...]) else {
            return XCTFail("the next request")
        }
        // Past the spooled limit: 413 before anyone is asked.
        var over = RequestParser(limits: limits) { _, _ in .admit }
        guard case .error(.bodyTooLarge) = over.parse(post("/import", 1001)[...]) else { return XCTFail("1001 bytes") }
        // Chunked: 411, never admitted.
        var chunked = RequestParser(limits: limits) { _, _ in XCTFail("not asked"); return .admit }
        guard case .error(.lengthRequired) = chunked.parse(
            Array("POST /import HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)[...]) else {
            return XCTFail("chunked")
        }
        XCTAssertEqual(HTTPParseError.lengthRequired.status.code, 411)
        // Refused (no session): the ordinary limit.
        var refused = RequestParser(limits: limits) { _, _ in .refuse }
        guard case .error(.bodyTooLarge) = refused.parse(post("/import", 11)[...]) else { return XCTFail("refused") }
        // Small enough for the ordinary limit: read in memory as any form, nobody asked.
        var small = RequestParser(limits: limits) { _, _ in XCTFail("not asked"); return .admit }
        guard case let .request(request, _) = small.parse((post("/import", 3) + Array("abc".utf8))[...]) else {
            return XCTFail("small")
        }
        XCTAssertEqual(request.body, Array("abc".utf8))
    }

    func testAnAdmittedUploadIsReadUpToTheUploadLimitAndReservesItsLength() {
        let asked = Asked()
        var admitted = parser(answering: .admit, asked)
        guard case .needMore = admitted.parse(post("/day/2026-01-01/photos?x=1", 100)[...]) else {
            return XCTFail("an admitted upload of 100 bytes is read")
        }
        XCTAssertEqual(asked.heads.map(\.target), ["/day/2026-01-01/photos?x=1"])
        XCTAssertEqual(asked.heads.map(\.bytes), [100])
        XCTAssertEqual(admitted.takeUploadReservation(), 100)
        XCTAssertEqual(admitted.takeUploadReservation(), 0, "handed over once")

        // Past the upload limit it is refused before anyone is asked.
        var over = parser(answering: .admit, asked)
        guard case .error(.bodyTooLarge) = over.parse(post("/day/2026-01-01/photos", 101)[...]) else {
            return XCTFail("101 bytes is past the upload limit")
        }
        XCTAssertEqual(asked.heads.count, 1)
        XCTAssertEqual(over.takeUploadReservation(), 0)
    }

    func testAChunkedUploadReservesTheWholeUploadLimit() {
        var admitted = parser(answering: .admit)
        let raw = Array(chunked("32\r\n", target: "/day/2026-01-01/photos").utf8)
        guard case .needMore = admitted.parse(raw[...]) else { return XCTFail("a chunk of 50 is read") }
        XCTAssertEqual(admitted.takeUploadReservation(), 100)
    }

    func testTheReservationOutlivesTheRequestUntilTaken() {
        var admitted = parser(answering: .admit)
        let raw = post("/day/2026-01-01/photos", 20) + Array(repeating: UInt8(ascii: "x"), count: 20)
        guard case .request(let request, let consumed) = admitted.parse(raw[...]) else {
            return XCTFail("the whole upload arrives")
        }
        XCTAssertEqual(request.body.count, 20)
        XCTAssertEqual(consumed, raw.count)
        XCTAssertEqual(admitted.takeUploadReservation(), 20)
    }

    func testARefusedUploadKeepsTheOrdinaryLimit() {
        let asked = Asked()
        var refused = parser(answering: .refuse, asked)
        guard case .error(.bodyTooLarge) = refused.parse(post("/day/2026-01-01/photos", 11)[...]) else {
            return XCTFail("11 bytes is past the ordinary limit when the upload is refused")
        }
        XCTAssertEqual(asked.heads.map(\.bytes), [11])
        XCTAssertEqual(refused.takeUploadReservation(), 0)

        // Chunked: refused at the first chunk that passes the ordinary limit.
        var chunkedRefused = parser(answering: .refuse)
        let raw = Array(chunked("b\r\n", target: "/day/2026-01-01/photos").utf8)
        guard case .error(.bodyTooLarge) = chunkedRefused.parse(raw[...]) else {
            return XCTFail("a chunk of 11 is past the ordinary limit")
        }

        // No admission at all (a parser without the server's answer) is a refusal.
        assertRejects(post("/day/2026-01-01/photos", 11), .bodyTooLarge, status: 413, limits: uploadLimits)
    }

    func testASmallBodyOnAnUploadPathAsksNobody() {
        let asked = Asked()
        var small = parser(answering: .refuse, asked)
        let raw = post("/day/2026-01-01/photos", 10) + Array(repeating: UInt8(ascii: "x"), count: 10)
        guard case .request = small.parse(raw[...]) else { return XCTFail("10 bytes fit the ordinary limit") }
        XCTAssertTrue(asked.heads.isEmpty)
    }

    func testABusyServerAnswers503BeforeTheBody() {
        var busy = parser(answering: .busy)
        guard case .error(.uploadsBusy) = busy.parse(post("/day/2026-01-01/photos", 50)[...]) else {
            return XCTFail("no room for the upload")
        }
        XCTAssertEqual(HTTPParseError.uploadsBusy.status.code, 503)
        XCTAssertEqual(busy.takeUploadReservation(), 0)
    }

    func testOnlyAnUploadPathTakesTheUploadLimit() {
        let asked = Asked()
        for raw in [post("/day/2026-01-01/notes", 11), post("/photos/day", 11), post("/x?to=/photos", 11),
                    post("/day/2026-01-01/photos", 11, method: "PUT")] {
            var p = parser(answering: .admit, asked)
            guard case .error(.bodyTooLarge) = p.parse(raw[...]) else {
                return XCTFail("\(String(decoding: raw, as: UTF8.self)) keeps the ordinary limit")
            }
        }
        XCTAssertTrue(asked.heads.isEmpty, "only an upload path's head is ever asked about")
    }

    func testChunkSizeOverLimitIs413AtTheSizeLine() {
        // No chunk data has arrived: the size alone says it is too big.
        assertRejects(chunked("100001\r\n"), .bodyTooLarge, status: 413)
    }

    func testChunkedTotalOverLimitIs413() {
        var limits = HTTPLimits()
        limits.maxBodyBytes = 10
        assertRejects(chunked("6\r\n012345\r\n5\r\n"), .bodyTooLarge, status: 413, limits: limits)
    }

    // MARK: Host

    func testHTTP11WithoutHostIs400() {
        assertRejects("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", .missingHost, status: 400)
    }

    func testTwoHostsAre400() {
        assertRejects("GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", .multipleHosts, status: 400)
        assertRejects("GET / HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n", .multipleHosts, status: 400)
    }

    func testMalformedHostIs400() {
        assertRejects("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .invalidHost, status: 400)
        assertRejects("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", .invalidHost, status: 400)
        assertRejects("GET / HTTP/1.1\r\nHost: user@h\r\n\r\n", .invalidHost, status: 400)
    }

    func testHostVariantsAccepted() {
        XCTAssertNotNil(parseOne("GET / HTTP/1.0\r\n\r\n"))
        XCTAssertNotNil(parseOne("GET / HTTP/1.1\r\nHost: example.com:8080\r\n\r\n"))
        XCTAssertNotNil(parseOne("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        XCTAssertNotNil(parseOne("GET / HTTP/1.1\r\nHOST: [::1]:8080\r\n\r\n"))
    }

    // MARK: Content-Length and Transfer-Encoding

    func testContentLengthWithTransferEncodingIs400() {
        assertRejects("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", .contentLengthWithTransferEncoding, status: 400)
        assertRejects("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n", .contentLengthWithTransferEncoding, status: 400)
    }

    func testDuplicateContentLengthIs400EvenWhenEqual() {
        assertRejects("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", .multipleContentLengths, status: 400)
        assertRejects("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\ncontent-length: 4\r\n\r\nabc", .multipleContentLengths, status: 400)
    }

    func testMalformedContentLengthIs400() {
        for value in ["3, 3", "3,3", "-1", "+3", "", "abc", "3a", "0x3", "3 3", "1.0", "12345678901234567890"] {
            assertRejects("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(value)\r\n\r\nabc", .invalidContentLength, status: 400)
        }
    }

    func testUnsupportedTransferCodingsAre501() {
        for value in ["gzip, chunked", "chunked, gzip", "identity", "gzip", "chunked, chunked", "chunked;q=1", "x-chunked"] {
            assertRejects("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: \(value)\r\n\r\n0\r\n\r\n", .unsupportedTransferEncoding, status: 501)
        }
        // A list split over two fields is still a list.
        assertRejects("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .unsupportedTransferEncoding, status: 501)
    }

    func testEmptyTransferEncodingIs400() {
        assertRejects("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding:\r\n\r\n", .emptyTransferEncoding, status: 400)
    }

    func testTransferEncodingInHTTP10Is400() {
        assertRejects("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .transferEncodingInHTTP10, status: 400)
    }

    // MARK: Chunked framing

    func testMalformedChunkSizeIs400() {
        for size in ["", "zz", "-1", "+1", " 1", "0x1", "1111111111111111"] {
            assertRejects(chunked("\(size)\r\nx\r\n0\r\n\r\n"), .invalidChunkSize, status: 400)
        }
    }

    func testMalformedChunkExtensionIs400() {
        for ext in [" x", ";", "; =v", ";a=", ";a=\"open", ";a=b c", ";a=\"\u{01}\"", ";a;"] {
            assertRejects(chunked("1\(ext)\r\nx\r\n0\r\n\r\n"), .invalidChunkExtension, status: 400)
        }
    }

    func testLongChunkLineIs400BeforeItsCRLF() {
        assertRejects(chunked("1;a=" + String(repeating: "e", count: 2000)), .chunkLineTooLong, status: 400)
    }

    func testChunkDataWithoutCRLFIs400() {
        assertRejects(chunked("5\r\nhelloX\r\n0\r\n\r\n"), .missingChunkTerminator, status: 400)
        assertRejects(chunked("5\r\nhello\rX0\r\n\r\n"), .missingChunkTerminator, status: 400)
        assertRejects(chunked("5\r\nhello\n0\r\n\r\n"), .missingChunkTerminator, status: 400)
    }

    func testBareLineFeedInChunkLinesIs400() {
        assertRejects(chunked("5\nhello\r\n0\r\n\r\n"), .bareLineFeed, status: 400)
        assertRejects(chunked("0\r\nX-T: 1\n\r\n"), .bareLineFeed, status: 400)
        assertRejects(chunked("0\r\n\n"), .bareLineFeed, status: 400)
    }

    func testTrailersFollowHeaderRules() {
        assertRejects(chunked("0\r\nX-T: 1\r\n folded\r\n\r\n"), .obsoleteLineFolding, status: 400)
        assertRejects(chunked("0\r\nX-T : 1\r\n\r\n"), .whitespaceBeforeColon, status: 400)
        assertRejects(chunked("0\r\nX-T: a\u{01}\r\n\r\n"), .invalidHeaderValue, status: 400)
        var trailers = ""
        for i in 0...100 { trailers += "T-\(i): v\r\n" }
        assertRejects(chunked("0\r\n" + trailers + "\r\n"), .tooManyHeaderFields, status: 431)
        assertRejects(chunked("0\r\nT: " + String(repeating: "v", count: 16 * 1024)), .headerSectionTooLarge, status: 431)
    }
}
