import XCTest
import Templates

final class EscapingTests: XCTestCase {
    let nasty: TemplateValue = "<a href='x'>\"Tom\" & Jerry</a>"
    let escaped = "&lt;a href=&#39;x&#39;&gt;&#34;Tom&#34; &amp; Jerry&lt;/a&gt;"

    func testTextIsEscaped() throws {
        XCTAssertEqual(try render("<p>{{v}}</p>", ["v": nasty]), "<p>\(escaped)</p>")
        XCTAssertEqual(try render("{{v}}", ["v": "plain text, no specials"]), "plain text, no specials")
        XCTAssertEqual(try render("{{v}}", ["v": "&&"]), "&amp;&amp;")
    }

    func testQuotedAttributesAreEscaped() throws {
        XCTAssertEqual(try render("<p title=\"{{v}}\" class='{{v}}'>", ["v": nasty]), "<p title=\"\(escaped)\" class='\(escaped)'>")
        XCTAssertEqual(try render("<input value=\"a {{v}} b\" data-x = 'c{{v}}'>", ["v": "'\""]), "<input value=\"a &#39;&#34; b\" data-x = 'c&#39;&#34;'>")
    }

    func testTrustedHTMLIsRawInTextButEscapedInAttributes() throws {
        let html = TemplateValue.html(TrustedHTML(trusted: "<em>\"hi\" & 'bye'</em>"))
        XCTAssertEqual(try render("<p>{{h}}</p>", ["h": html]), "<p><em>\"hi\" & 'bye'</em></p>")
        XCTAssertEqual(try render("<p title=\"{{h}}\">", ["h": html]), "<p title=\"&lt;em&gt;&#34;hi&#34; &amp; &#39;bye&#39;&lt;/em&gt;\">")
        XCTAssertEqual(try render("<a href=\"{{h}}\">", ["h": .html(TrustedHTML(trusted: "javascript:x()"))]), "<a href=\"#invalid-url\">")
    }

    func testTextareaAndTitleAreEscapedEvenForTrustedHTML() throws {
        let context: TemplateValue = ["v": "</textarea><script>x()</script>", "h": .html(TrustedHTML(trusted: "<b>"))]
        XCTAssertEqual(
            try render("<textarea name=\"n\">{{v}}{{h}}</textarea><title>{{v}}{{h}}</title>{{h}}", context),
            "<textarea name=\"n\">&lt;/textarea&gt;&lt;script&gt;x()&lt;/script&gt;&lt;b&gt;</textarea>"
                + "<title>&lt;/textarea&gt;&lt;script&gt;x()&lt;/script&gt;&lt;b&gt;</title><b>")
    }

    func testDangerousURLsAreReplaced() throws {
        let dangerous = [
            "javascript:alert(1)", " JaVaScRiPt:alert(1)", "\u{1}\n\tjavascript:alert(1)", "data:text/html,<script>",
            "vbscript:msgbox", "java\tscript:alert(1)", "java\nscript:x", "ftp://host/", ":nothing", "JAVASCRIPT:x",
        ]
        for url in dangerous {
            XCTAssertEqual(try render("<a href=\"{{u}}\">", ["u": .string(url)]), "<a href=\"#invalid-url\">", url.debugDescription)
        }
    }

    func testSafeURLsPass() throws {
        let safe = [
            "/day/2026-01-01", "?a=b&c=d", "#x", "https://x", "HTTP://EXAMPLE.COM/a?b", "mailto:a@b",
            "day/2026-01-01", "", "./a:b", "/a:b", "?x=javascript:1", "#javascript:x", "  https://x",
        ]
        for url in safe {
            let expected = url.replacingOccurrences(of: "&", with: "&amp;")
            XCTAssertEqual(try render("<a href=\"{{u}}\">", ["u": .string(url)]), "<a href=\"\(expected)\">", url.debugDescription)
        }
    }

    func testEveryURLAttributeIsChecked() throws {
        for attribute in ["href", "src", "action", "formaction", "poster", "cite", "xlink:href", "data-url", "HREF"] {
            XCTAssertEqual(
                try render("<x \(attribute)='{{u}}'>", ["u": "javascript:x"]), "<x \(attribute)='#invalid-url'>", attribute)
        }
        XCTAssertEqual(try render("<x title='{{u}}'>", ["u": "javascript:x"]), "<x title='javascript:x'>", "not a URL attribute")
    }

    func testURLHoleAfterTheStartIsOnlyEscaped() throws {
        XCTAssertEqual(
            try render("<a href=\"/day/{{d}}?q={{q}}\">", ["d": "javascript:x", "q": "a\"b&c"]),
            "<a href=\"/day/javascript:x?q=a&#34;b&amp;c\">")
    }

    func testHolesAtTheStartOfAURLAreAllChecked() throws {
        // The first hole may render empty, so the second one may start the URL.
        XCTAssertEqual(
            try render("<a href=\"{{a}}{{b}}\">", ["a": "", "b": "javascript:x"]), "<a href=\"#invalid-url\">")
        XCTAssertEqual(
            try render("<a href=\"{{#if x}}/day/{{/if}}{{b}}\">", ["b": "javascript:x"]), "<a href=\"#invalid-url\">")
        XCTAssertEqual(
            try render("<a href=\"{{#if x}}/day/{{/if}}{{b}}\">", ["x": true, "b": "2026"]), "<a href=\"/day/2026\">")
    }

    func testURLHoleIsCheckedUntilTheLiteralSettlesTheScheme() throws {
        let bad: TemplateValue = "javascript:alert(1)"
        XCTAssertEqual(try render("<a href=\" {{u}}\">", ["u": bad]), "<a href=\" #invalid-url\">", "leading space is skipped by browsers")
        XCTAssertEqual(try render("<a href=\"&#9;{{u}}\">", ["u": bad]), "<a href=\"&#9;#invalid-url\">")
        XCTAssertEqual(try render("<a href=\"java{{u}}\">", ["u": "script:alert(1)"]), "<a href=\"java#invalid-url\">")
        XCTAssertEqual(try render("<a href=\"mailto:{{u}}\">", ["u": bad]), "<a href=\"mailto:javascript:alert(1)\">")
        XCTAssertEqual(try render("<a href=\"https://{{host}}/x\">", ["host": "example.com"]), "<a href=\"https://example.com/x\">")
        XCTAssertEqual(
            try render("<a href=\"{{#if m}}mailto:{{/if}}{{u}}\">", ["m": true, "u": bad]), "<a href=\"mailto:#invalid-url\">",
            "undecided on one branch stays checked")
    }

    func testURLHoleWithNumberOrMissingValue() throws {
        XCTAssertEqual(try render("<a href=\"{{n}}\" src=\"{{m}}\">", ["n": 12]), "<a href=\"12\" src=\"\">")
    }

    func testConditionalAttributes() throws {
        let source = "<option value=\"{{v}}\"{{#if selected}} selected{{/if}}>{{v}}</option><input{{#if on}} checked{{/if}} type=\"checkbox\">"
        XCTAssertEqual(try render(source, ["v": "a", "selected": true, "on": true]), "<option value=\"a\" selected>a</option><input checked type=\"checkbox\">")
        XCTAssertEqual(try render(source, ["v": "a"]), "<option value=\"a\">a</option><input type=\"checkbox\">")
        XCTAssertEqual(
            try render("<div class=\"day{{#if today}} today{{/if}}\"{{#each attrs}} data-a{{/each}}>", ["today": true, "attrs": [1, 2]]),
            "<div class=\"day today\" data-a data-a>")
    }

    func testMarkupInLiteralTextIsUntouched() throws {
        let source = "<!DOCTYPE html><!-- a comment with \"quotes\" --><script>if (a < b && c > d) { x = '{{' }</script><style>p > a { color: red }</style><p>{{v}}</p>"
        XCTAssertThrowsError(try render(source, ["v": "<"]), "'{{' inside <script> is a tag") { error in
            XCTAssertEqual((error as? TemplateError)?.line, 1)
        }
        let fine = "<!DOCTYPE html><!-- a comment with \"quotes\" --><script>if (a < b && c > d) { x = '</scrip' }</script><style>p > a { color: red }</style><p>{{v}}</p>"
        XCTAssertEqual(try render(fine, ["v": "<"]), fine.replacingOccurrences(of: "{{v}}", with: "&lt;"))
    }
}
