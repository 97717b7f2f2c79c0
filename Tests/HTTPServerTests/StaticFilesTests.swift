import Foundation
import HTTP
@testable import HTTPServer
import XCTest

final class StaticFilesTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "dawn-static-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/css", withIntermediateDirectories: true)
        let css = String(repeating: "body { color: #333B40; }\n", count: 100)
        try css.write(toFile: directory + "/css/app.css", atomically: true, encoding: .utf8)
        try "secret".write(toFile: directory + "/.hidden", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: directory + "/logo.png"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func get(_ files: StaticFiles, _ url: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        let name = String(url.dropFirst(StaticFiles.urlPrefix.count))
        return files.response(for: name, request: HTTPRequest(method: .GET, target: url, headers: headers))
    }

    func testURLsAreFingerprintedByContent() throws {
        let files = try StaticFiles(directory: directory)
        let url = try XCTUnwrap(files.url(for: "css/app.css"))
        XCTAssertTrue(url.hasPrefix("/static/css/app."))
        XCTAssertTrue(url.hasSuffix(".css"))
        XCTAssertNil(files.url(for: ".hidden"), "hidden files are not served")

        // Same bytes, same name; different bytes, different name.
        let again = try StaticFiles(directory: directory)
        XCTAssertEqual(again.url(for: "css/app.css"), url)
        try "body{}".write(toFile: directory + "/css/app.css", atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try StaticFiles(directory: directory).url(for: "css/app.css"), url)
    }

    func testServesImmutableWithETagAndGzipWhenAccepted() throws {
        let files = try StaticFiles(directory: directory)
        let url = try XCTUnwrap(files.url(for: "css/app.css"))
        let plain = get(files, url)
        XCTAssertEqual(plain.status, .ok)
        XCTAssertEqual(plain.headers["Cache-Control"], "public, max-age=31536000, immutable")
        XCTAssertEqual(plain.headers["Content-Type"], "text/css; charset=utf-8")
        XCTAssertNil(plain.headers["Content-Encoding"])
        XCTAssertEqual(String(decoding: plain.body, as: UTF8.self).count, 2500)

        let gzipped = get(files, url, headers: ["Accept-Encoding": "gzip"])
        XCTAssertEqual(gzipped.headers["Content-Encoding"], "gzip")
        XCTAssertEqual(Array(gzipped.body.prefix(2)), [0x1f, 0x8b])
        XCTAssertLessThan(gzipped.body.count, plain.body.count)

        let refused = get(files, url, headers: ["Accept-Encoding": "gzip;q=0"])
        XCTAssertNil(refused.headers["Content-Encoding"])
    }

    func testIfNoneMatchGives304() throws {
        let files = try StaticFiles(directory: directory)
        let url = try XCTUnwrap(files.url(for: "logo.png"))
        let etag = try XCTUnwrap(get(files, url).headers["ETag"])
        let cached = get(files, url, headers: ["If-None-Match": "\"other\", \(etag)"])
        XCTAssertEqual(cached.status, .notModified)
        XCTAssertTrue(cached.body.isEmpty)
        XCTAssertEqual(get(files, url, headers: ["If-None-Match": "\"other\""]).status, .ok)
    }

    func testOnlyLoadedNamesAreServed() throws {
        let files = try StaticFiles(directory: directory)
        for name in ["css/app.css", "../Package.swift", "/etc/passwd", ".hidden", "", "css"] {
            XCTAssertEqual(files.response(for: name, request: HTTPRequest(method: .GET, target: "/static/x")).status,
                           .notFound, name)
        }
    }

    func testDevelopmentModePicksUpChanges() throws {
        let files = try StaticFiles(directory: directory, reloadOnChange: true)
        let before = files.url(for: "css/app.css")
        try "body { color: red; }".write(toFile: directory + "/css/app.css", atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.25)
        XCTAssertNotEqual(files.url(for: "css/app.css"), before)
    }
}
