import XCTest
import HTTP

final class ResponseEncoderTests: XCTestCase {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    private func encode(_ response: HTTPResponse, version: HTTPVersion = .http1_1, isHead: Bool = false,
                        keepAlive: Bool = true) -> String {
        var buffer: [UInt8] = []
        ResponseEncoder.encode(response, version: version, isHead: isHead, keepAlive: keepAlive, date: date, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    func testSimpleResponseExactBytes() {
        let response = HTTPResponse(status: .ok, contentType: "text/plain", body: Array("hello".utf8))
        XCTAssertEqual(encode(response),
                       "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: \(date)\r\nContent-Length: 5\r\n\r\nhello")
    }

    func testAppendsToExistingBuffer() {
        var buffer = Array("previous".utf8)
        ResponseEncoder.encode(HTTPResponse(status: .noContent), version: .http1_1, isHead: false, keepAlive: true,
                               date: date, into: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "previousHTTP/1.1 204 No Content\r\nDate: \(date)\r\n\r\n")
    }

    func testHeadKeepsLengthWithoutBody() {
        let response = HTTPResponse(status: .ok, contentType: "text/html", body: Array("<p>hi</p>".utf8))
        XCTAssertEqual(encode(response, isHead: true),
                       "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nDate: \(date)\r\nContent-Length: 9\r\n\r\n")
    }

    func testNoContentAndNotModifiedHaveNoLengthNorBody() {
        XCTAssertEqual(encode(HTTPResponse(status: .noContent, body: Array("x".utf8))),
                       "HTTP/1.1 204 No Content\r\nDate: \(date)\r\n\r\n")
        XCTAssertEqual(encode(HTTPResponse(status: .notModified, headers: ["ETag": "\"v1\""], body: Array("x".utf8))),
                       "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\nDate: \(date)\r\n\r\n")
        XCTAssertEqual(encode(HTTPResponse(status: .continue_)), "HTTP/1.1 100 Continue\r\nDate: \(date)\r\n\r\n")
    }

    func testEmptyBodyHasZeroLength() {
        XCTAssertEqual(encode(HTTPResponse(status: .seeOther, headers: ["Location": "/today"])),
                       "HTTP/1.1 303 See Other\r\nLocation: /today\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n")
    }

    func testConnectionClose() {
        XCTAssertEqual(encode(HTTPResponse(status: .badRequest), keepAlive: false),
                       "HTTP/1.1 400 Bad Request\r\nDate: \(date)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(encode(HTTPResponse(status: .ok), version: .http1_0, keepAlive: false),
                       "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    func testKeepAliveForHTTP10Client() {
        XCTAssertEqual(encode(HTTPResponse(status: .ok), version: .http1_0, keepAlive: true),
                       "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n")
    }

    func testFramingHeadersFromTheHandlerAreReplaced() {
        let response = HTTPResponse(status: .ok, headers: HTTPHeaders([("Content-Length", "999"), ("connection", "keep-alive"),
                                                                       ("Transfer-Encoding", "chunked"), ("Date", "yesterday")]),
                                    body: Array("ab".utf8))
        XCTAssertEqual(encode(response, keepAlive: false),
                       "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab")
    }

    func testInjectionInHeaderValuesIsNeverWritten() {
        let response = HTTPResponse(status: .found, headers: HTTPHeaders([
            ("Location", "/x\r\nSet-Cookie: evil=1"),
            ("X-LF", "a\nb"),
            ("X-CR", "a\rb"),
            ("X-NUL", "a\u{0}b"),
            ("Bad\r\nName", "v"),
            ("Bad Name", "v"),
            ("", "v"),
            ("X-Fine", "ok\tvalue"),
        ]))
        let text = encode(response)
        XCTAssertEqual(text, "HTTP/1.1 302 Found\r\nX-Fine: ok\tvalue\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n")
        XCTAssertFalse(text.contains("evil"))
    }

    func testInjectionInReasonPhraseIsStripped() {
        let status = HTTPStatus(code: 200, reason: "OK\r\nX-Evil: 1")
        XCTAssertTrue(encode(HTTPResponse(status: status)).hasPrefix("HTTP/1.1 200 OKX-Evil: 1\r\nDate: "))
    }

    func testSafeFieldCheck() {
        XCTAssertTrue(ResponseEncoder.isSafeField(name: "X-A", value: "caf\u{E9} \t ok"))
        XCTAssertFalse(ResponseEncoder.isSafeField(name: "X-A", value: "a\r\nb"))
        XCTAssertFalse(ResponseEncoder.isSafeField(name: "X:A", value: "v"))
    }

    func testASealedResponseEncodesAsItsUnsealedSelf() {
        var response = HTTPResponse(status: .ok, headers: HTTPHeaders([
            ("ETag", "\"abc\""), ("Content-Length", "999"), ("X-Evil", "a\r\nSet-Cookie: x=1"), ("Vary", "Cookie"),
        ]), body: Array("hello".utf8))
        let plain = encode(response)
        response.seal()
        XCTAssertTrue(response.isSealed)
        for (isHead, keepAlive) in [(false, true), (true, true), (false, false)] {
            var unsealed = response
            unsealed.headers = response.headers  // any change to the headers unseals
            XCTAssertFalse(unsealed.isSealed)
            XCTAssertEqual(encode(response, isHead: isHead, keepAlive: keepAlive),
                           encode(unsealed, isHead: isHead, keepAlive: keepAlive))
        }
        XCTAssertEqual(encode(response), plain)
        XCTAssertFalse(plain.contains("999") || plain.contains("Set-Cookie"), "framing and unsafe fields dropped when sealed too")
        XCTAssertEqual(plain, "HTTP/1.1 200 OK\r\nETag: \"abc\"\r\nVary: Cookie\r\nDate: \(date)\r\nContent-Length: 5\r\n\r\nhello")
    }

    func testChangingASealedResponsesHeadersUnsealsIt() {
        var response = HTTPResponse(status: .ok, contentType: "text/plain", body: [])
        response.seal()
        response.headers.add("X-Later", "1")
        XCTAssertFalse(response.isSealed)
        XCTAssertTrue(encode(response).contains("X-Later: 1\r\n"), "a field added after sealing is written")
    }
}
