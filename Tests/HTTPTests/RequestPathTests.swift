import XCTest
import HTTP

final class RequestPathTests: XCTestCase {
    func testSplitsAndDecodes() throws {
        XCTAssertEqual(try RequestPath.segments("/"), [])
        XCTAssertEqual(try RequestPath.segments("/static/app.css"), ["static", "app.css"])
        XCTAssertEqual(try RequestPath.segments("/habits/42/"), ["habits", "42"])
        XCTAssertEqual(try RequestPath.segments("/a//b"), ["a", "b"])
        XCTAssertEqual(try RequestPath.segments("/caf%C3%A9/a%20b+c"), ["café", "a b+c"])
        XCTAssertEqual(try RequestPath.segments("/static/.well-known/...x"), ["static", ".well-known", "...x"])
    }

    func testDoubleEncodingStaysLiteral() throws {
        XCTAssertEqual(try RequestPath.segments("/static/%252e%252e/x"), ["static", "%2e%2e", "x"])
        XCTAssertEqual(try RequestPath.segments("/static/%252f"), ["static", "%2f"])
    }

    func testTraversalIsRejected() {
        let cases: [(String, RequestPathError)] = [
            ("/static/../etc/passwd", .dotSegment),
            ("/static/./x", .dotSegment),
            ("/..", .dotSegment),
            ("/static/%2e%2e/x", .dotSegment),
            ("/static/%2E%2E/x", .dotSegment),
            ("/static/.%2e/x", .dotSegment),
            ("/static/%2e/x", .dotSegment),
            ("/static/..%2f..%2fetc/passwd", .forbiddenCharacter),
            ("/static/%2F", .forbiddenCharacter),
            ("/static/..%5c..%5cwin.ini", .forbiddenCharacter),
            ("/static/a\\b", .forbiddenCharacter),
            ("/static/a\u{01}b", .forbiddenCharacter),
            ("/static/a\u{7F}", .forbiddenCharacter),
            ("/static/a\u{1F}/x", .forbiddenCharacter),
            ("/static/a\u{0}b", .invalidEncoding(.containsNUL)),
            ("/static/\u{85}", .forbiddenCharacter),
            ("/static/%00", .invalidEncoding(.containsNUL)),
            ("/static/a%0Ab", .forbiddenCharacter),
            ("/static/a%7F", .forbiddenCharacter),
            ("/static/a%C2%85", .forbiddenCharacter),
            ("/static/%C0%AE%C0%AE/x", .invalidEncoding(.invalidUTF8)),
            ("/static/%zz", .invalidEncoding(.invalidEscape)),
            ("*", .notAbsolute),
            ("static/x", .notAbsolute),
            ("", .notAbsolute),
        ]
        for (path, expected) in cases {
            XCTAssertThrowsError(try RequestPath.segments(path), path) { error in
                XCTAssertEqual(error as? RequestPathError, expected, path)
            }
        }
    }
}
