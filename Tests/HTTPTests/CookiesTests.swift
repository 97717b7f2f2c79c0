import XCTest
import HTTP

final class CookiesTests: XCTestCase {
    func testParsesPairs() {
        XCTAssertEqual(Cookies.parse("sid=abc123; theme=dark"), ["sid": "abc123", "theme": "dark"])
        XCTAssertEqual(Cookies.parse("sid=\"quoted\""), ["sid": "quoted"])
        XCTAssertEqual(Cookies.parse("  a=1 ;b=2;  "), ["a": "1", "b": "2"])
        XCTAssertEqual(Cookies.parse("empty="), ["empty": ""])
        XCTAssertEqual(Cookies.parse("a=x=y"), ["a": "x=y"])
        XCTAssertEqual(Cookies.parse(nil), [:])
        XCTAssertEqual(Cookies.parse(""), [:])
    }

    func testFirstOccurrenceWins() {
        XCTAssertEqual(Cookies.parse("sid=first; sid=second"), ["sid": "first"])
    }

    func testMalformedPairsAreIgnored() {
        XCTAssertEqual(Cookies.parse("novalue; =anon; a b=1; ok=1; bad=a b; q=\"x; c=a,b; d=a\\b; e=\u{01}"), ["ok": "1"])
    }

    func testCountIsBounded() {
        let header = (0..<1000).map { "c\($0)=v" }.joined(separator: "; ")
        let cookies = Cookies.parse(header)
        XCTAssertEqual(cookies.count, Cookies.maxCount)
        XCTAssertEqual(cookies["c0"], "v")
        XCTAssertNil(cookies["c999"])
    }

    /// Reading one cookie by name (what every request does) answers exactly what parsing
    /// them all answers, for well-formed, malformed, quoted, repeated and too many pairs.
    func testOneValueByNameAgreesWithParse() {
        let fixed = ["sid=abc123; theme=dark", "sid=\"quoted\"", "  a=1 ;b=2;  ", "empty=", "a=x=y", "", ";;;",
                     "sid=first; sid=second", "sid=bad value; sid=good", "novalue; =anon; a b=1; ok=1; bad=a b",
                     "q=\"x; c=a,b; d=a\\b; e=\u{01}", "\tsid\t=\tv\t", "sid=\"\"", "sid=\"", "SID=upper; sid=lower",
                     (0..<100).map { "c\($0)=v\($0)" }.joined(separator: "; ")]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("sid=; \t\"ab,\\x")
        let generated = (0..<2_000).map { _ in
            String((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        for header in fixed + generated {
            let all = Cookies.parse(header)
            for name in Set(all.keys).union(["sid", "a", "b", "ok", "c0", "c63", "c64", "c99", "SID", "x", ""]) {
                XCTAssertEqual(Cookies.value(named: name, in: header), all[name], "\(name) in \(header.debugDescription)")
            }
        }
        XCTAssertNil(Cookies.value(named: "sid", in: nil))
        XCTAssertEqual(RequestCookies(header: "a=1; sid=s")["sid"], "s")
    }

    func testSetCookieHeaderValue() throws {
        let cookie = try SetCookie(name: "sid", value: "abc", path: "/", maxAge: 3600, httpOnly: true, secure: true, sameSite: .strict)
        XCTAssertEqual(cookie.headerValue, "sid=abc; Path=/; Max-Age=3600; Secure; HttpOnly; SameSite=Strict")
        let session = try SetCookie(name: "flash", value: "", path: nil, httpOnly: false, sameSite: nil)
        XCTAssertEqual(session.headerValue, "flash=")
        XCTAssertEqual(try SetCookie(name: "sid", value: "x").headerValue, "sid=x; Path=/; HttpOnly; SameSite=Lax")
        XCTAssertEqual(try SetCookie(name: "sid", value: "", maxAge: 0).headerValue, "sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
    }

    func testSetCookieRefusesUnsafeParts() {
        for name in ["", "a b", "a;b", "a,b", "a=b", "a\r\nb", "caf\u{E9}"] {
            XCTAssertThrowsError(try SetCookie(name: name, value: "v"), name) { XCTAssertEqual($0 as? SetCookie.Invalid, .name) }
        }
        for value in ["a b", "a;b", "a,b", "a\"b", "a\\b", "a\r\nSet-Cookie: x=1", "\u{7F}", "caf\u{E9}"] {
            XCTAssertThrowsError(try SetCookie(name: "n", value: value), value) { XCTAssertEqual($0 as? SetCookie.Invalid, .value) }
        }
        for path in ["", "/a;b", "/a b", "/a\nb"] {
            XCTAssertThrowsError(try SetCookie(name: "n", value: "v", path: path), path) { XCTAssertEqual($0 as? SetCookie.Invalid, .path) }
        }
        XCTAssertThrowsError(try SetCookie(name: "n", value: "v", secure: false, sameSite: SetCookie.SameSite.none)) {
            XCTAssertEqual($0 as? SetCookie.Invalid, .sameSiteNoneWithoutSecure)
        }
    }
}
