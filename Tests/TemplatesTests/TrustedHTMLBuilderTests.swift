import Templates
import XCTest

/// Markup built in code: literals as written, every value escaped as a template's holes are.
final class TrustedHTMLBuilderTests: XCTestCase {
    func testValuesAreEscapedAndLiteralsAreNot() {
        var builder = TrustedHTML.Builder(capacity: 64)
        builder.markup("<a href=\"")
        builder.url("/day/2026-03-04?x=1&y=\"2\"")
        builder.markup("\"><title>")
        builder.text("<script>alert('x')</script> & \"more\"")
        builder.markup("</title><use x=\"")
        builder.number(-125)
        builder.markup("\" y=\"")
        builder.number(0)
        builder.markup("\"/></a>")
        XCTAssertEqual(builder.html.html,
                       "<a href=\"/day/2026-03-04?x=1&amp;y=&#34;2&#34;\"><title>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; "
                           + "&#34;more&#34;</title><use x=\"-125\" y=\"0\"/></a>")
    }

    func testURLsAreCheckedLikeAURLHole() {
        for url in ["javascript:alert(1)", " JaVaScRiPt:x", "data:text/html,<b>", "vbscript:x"] {
            var builder = TrustedHTML.Builder()
            builder.url(url)
            XCTAssertEqual(builder.html.html, "#invalid-url", url)
        }
        var builder = TrustedHTML.Builder()
        builder.url("https://example.org/a?b=c")
        XCTAssertEqual(builder.html.html, "https://example.org/a?b=c")
    }

    func testTheBuiltMarkupIsWrittenAsIsInText() throws {
        var builder = TrustedHTML.Builder()
        builder.markup("<b>")
        builder.text("1 < 2")
        builder.markup("</b>")
        XCTAssertEqual(try render("<p>{{h}}</p>", ["h": .html(builder.html)]), "<p><b>1 &lt; 2</b></p>")
    }
}
