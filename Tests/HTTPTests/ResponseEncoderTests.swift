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
}
