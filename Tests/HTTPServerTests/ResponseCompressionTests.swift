import Gzip
import HTTP
@testable import HTTPServer
import XCTest

/// The one gzip rule both the event loop and the pool threads apply.
final class ResponseCompressionTests: XCTestCase {
    private let text = Array(String(repeating: "Dawn keeps a family's days.\n", count: 100).utf8)

    private func response(_ type: String?, _ body: [UInt8], encoding: String? = nil, vary: String? = nil) -> HTTPResponse {
        var headers = HTTPHeaders()
        if let type { headers.add("Content-Type", type) }
        if let encoding { headers.add("Content-Encoding", encoding) }
        if let vary { headers.add("Vary", vary) }
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }

    /// Applies the rule with a compressor that records whether it was called.
    private func apply(_ response: inout HTTPResponse, acceptsGzip: Bool = true, minimumBytes: Int = 1024,
                       compress: @escaping ([UInt8]) -> [UInt8] = { Gzip.compress($0, level: 6) }) -> Bool {
        var called = false
        ResponseCompression.apply(to: &response, acceptsGzip: acceptsGzip, minimumBytes: minimumBytes) {
            called = true
            return compress($0)
        }
        return called
    }

    func testCompressibleBodyIsGzippedAndDecompressesToTheSameBytes() throws {
        var r = response("text/html; charset=utf-8", text)
        XCTAssertTrue(apply(&r))
        XCTAssertEqual(r.headers["Content-Encoding"], "gzip")
        XCTAssertEqual(r.headers["Vary"], "Accept-Encoding")
        XCTAssertLessThan(r.body.count, text.count)
        XCTAssertEqual(try Gzip.decompress(r.body, maxOutputBytes: 1 << 20), text)
    }

    func testClientWithoutGzipGetsTheBodyAsItIsButStillVary() {
        var r = response("application/json", text)
        XCTAssertFalse(apply(&r, acceptsGzip: false))
        XCTAssertNil(r.headers["Content-Encoding"])
        XCTAssertEqual(r.headers["Vary"], "Accept-Encoding")
        XCTAssertEqual(r.body, text)
    }

    func testBodyBelowTheMinimumIsNotCompressed() {
        var r = response("text/plain", Array(text.prefix(1023)))
        XCTAssertFalse(apply(&r, minimumBytes: 1024))
        XCTAssertNil(r.headers["Content-Encoding"])
        XCTAssertEqual(r.headers["Vary"], "Accept-Encoding")
        var exactly = response("text/plain", Array(text.prefix(1024)))
        XCTAssertTrue(apply(&exactly, minimumBytes: 1024))
        XCTAssertEqual(exactly.headers["Content-Encoding"], "gzip")
    }

    func testIncompressibleTypeIsLeftAloneWithoutVary() {
        for type in ["image/png", "application/octet-stream", nil] {
            var r = response(type, text)
            XCTAssertFalse(apply(&r), "\(type ?? "no type")")
            XCTAssertNil(r.headers["Content-Encoding"])
            XCTAssertNil(r.headers["Vary"])
            XCTAssertEqual(r.body, text)
        }
    }

    func testBodyEncodedAlreadyIsNotCompressedTwice() {
        // The page cache hands over bytes it gzipped itself.
        let gzipped = Gzip.compress(text)
        var r = response("text/html", gzipped, encoding: "gzip", vary: "Accept-Encoding")
        XCTAssertFalse(apply(&r))
        XCTAssertEqual(r.body, gzipped)
        XCTAssertEqual(r.headers.values(for: "Content-Encoding"), ["gzip"])
        XCTAssertEqual(r.headers.values(for: "Vary"), ["Accept-Encoding"], "an existing Vary is not doubled")
    }

    func testGzipNoSmallerThanTheBodyIsDropped() {
        var r = response("text/plain", text)
        XCTAssertTrue(apply(&r, compress: { $0 + [0] }))
        XCTAssertNil(r.headers["Content-Encoding"])
        XCTAssertEqual(r.body, text)
        XCTAssertTrue(apply(&r, compress: { $0 }), "the same size is no gain either")
        XCTAssertNil(r.headers["Content-Encoding"])
        XCTAssertEqual(r.body, text)
    }
}
