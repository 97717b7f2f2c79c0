import XCTest
import HTTP

final class MediaTypeTests: XCTestCase {
    func testCompressibleTypes() {
        for type in ["text/html; charset=utf-8", "text/css", "TEXT/PLAIN", "application/json", "application/javascript",
                     "application/xml", "application/manifest+json", "image/svg+xml", " application/json ; charset=utf-8",
                     "application/ld+json", "application/atom+xml"] {
            XCTAssertTrue(MediaType.isCompressible(type), type)
        }
    }

    func testIncompressibleTypes() {
        for type in ["image/png", "image/jpeg", "image/webp", "font/woff2", "application/font-woff", "application/zip",
                     "application/gzip", "application/octet-stream", "video/mp4", "", "text/", "textual/html", "image/svg"] {
            XCTAssertFalse(MediaType.isCompressible(type), type)
        }
    }
}
