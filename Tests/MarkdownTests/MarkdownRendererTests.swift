@testable import Markdown
import XCTest

final class MarkdownRendererTests: XCTestCase {
    private func html(_ source: String) -> String { MarkdownRenderer.html(source) }

    func testRawHTMLIsDropped() {
        XCTAssertEqual(html("<script>alert(1)</script>"), "")
        XCTAssertEqual(html("<img src=x onerror=alert(1)>"), "")
        XCTAssertEqual(html("before <b onclick=\"x()\">bold</b> after"), "<p>before bold after</p>\n")
        XCTAssertFalse(html("a\n\n<iframe src=\"https://x\"></iframe>\n\nb").contains("<iframe"))
    }

    func testScriptLinksAreEmptied() {
        XCTAssertEqual(html("[x](javascript:alert(1))"), "<p><a href=\"\">x</a></p>\n")
        XCTAssertEqual(html("[x](JaVaScRiPt:alert(1))"), "<p><a href=\"\">x</a></p>\n")
        XCTAssertEqual(html("[x](&#106;avascript:alert(1))"), "<p><a href=\"\">x</a></p>\n")
        XCTAssertEqual(html("[x](<java\tscript:alert(1)>)"), "<p><a href=\"\">x</a></p>\n")
        XCTAssertEqual(html("[x](vbscript:msgbox)"), "<p><a href=\"\">x</a></p>\n")
        XCTAssertEqual(html("[x](file:///etc/passwd)"), "<p><a href=\"\">x</a></p>\n")
        XCTAssertEqual(html("<javascript:alert(1)>"), "<p><a href=\"\">javascript:alert(1)</a></p>\n")
    }

    func testDataImagesAreEmptied() {
        XCTAssertEqual(html("![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"),
                       "<p><img src=\"\" alt=\"x\" /></p>\n")
        // cmark's safe mode would keep a data: PNG; nothing but http(s), mailto and relative addresses is kept here.
        XCTAssertEqual(html("![x](data:image/png;base64,AAAA)"), "<p><img src=\"\" alt=\"x\" /></p>\n")
    }

    func testAllowedAddresses() {
        XCTAssertEqual(html("[a](https://example.com/x?y#z)"), "<p><a href=\"https://example.com/x?y#z\">a</a></p>\n")
        XCTAssertEqual(html("[a](mailto:ana@example.com)"), "<p><a href=\"mailto:ana@example.com\">a</a></p>\n")
        XCTAssertEqual(html("[a](/day/2024-01-02)"), "<p><a href=\"/day/2024-01-02\">a</a></p>\n")
        XCTAssertTrue(MarkdownRenderer.isAllowed("notes/a:b"))
        XCTAssertTrue(MarkdownRenderer.isAllowed("#top"))
        XCTAssertFalse(MarkdownRenderer.isAllowed("ftp://x"))
        XCTAssertFalse(MarkdownRenderer.isAllowed(" javascript:x"))
    }

    func testAutolink() {
        XCTAssertEqual(html("see www.example.com"), "<p>see <a href=\"http://www.example.com\">www.example.com</a></p>\n")
    }

    func testTable() {
        XCTAssertEqual(html("| a | b |\n|---|---|\n| 1 | 2 |"),
                       "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n")
    }

    /// A ballot box starts a task item, never an unlabelled checkbox.
    func testTaskList() {
        XCTAssertEqual(html("- [ ] one\n- [x] two"), "<ul>\n<li>☐ one</li>\n<li>☑ two</li>\n</ul>\n")
        XCTAssertEqual(html("- [X] one\n\n- [ ] two"), "<ul>\n<li>\n<p>☑ one</p>\n</li>\n<li>\n<p>☐ two</p>\n</li>\n</ul>\n")
        XCTAssertFalse(html("- [x] a\n  - [ ] b").contains("<input"))
    }

    func testStrikethrough() {
        XCTAssertEqual(html("~~gone~~"), "<p><del>gone</del></p>\n")
    }

    func testHeadingsAreDemotedTwoLevelsAtMostToSix() {
        XCTAssertEqual(html("# Title"), "<h3>Title</h3>\n")
        XCTAssertEqual(html("Title\n====="), "<h3>Title</h3>\n")
        XCTAssertEqual(html("#### Four"), "<h6>Four</h6>\n")
        XCTAssertEqual(html("###### Six"), "<h6>Six</h6>\n")
    }

    func testTypedLineBreaksAreKept() {
        XCTAssertEqual(html("one\ntwo"), "<p>one<br />\ntwo</p>\n")
    }

    func testPlainText() {
        XCTAssertEqual(MarkdownRenderer.plainText("**bold** and [a link](https://x)"), "bold and a link")
        XCTAssertEqual(MarkdownRenderer.plainText("# Title\n\n- [ ] one\n- ~~two~~\n\n`code` ![alt](x.png)"),
                       "Title\n☐ one\ntwo\ncode alt")
        XCTAssertEqual(MarkdownRenderer.plainText("| a | b |\n|---|---|\n| 1 | 2 |"), "a b\n1 2")
        XCTAssertEqual(MarkdownRenderer.plainText("<script>alert(1)</script>\n\nhi"), "hi")
        XCTAssertEqual(MarkdownRenderer.plainText("line one\nline two"), "line one\nline two")
        XCTAssertEqual(MarkdownRenderer.plainText(""), "")
    }

    func testInputIsBounded() {
        let long = String(repeating: "a", count: MarkdownRenderer.maxCharacters) + "TAIL"
        XCTAssertFalse(MarkdownRenderer.plainText(long).contains("TAIL"))
        XCTAssertEqual(MarkdownRenderer.plainText(long).count, MarkdownRenderer.maxCharacters)
    }

    /// The bound counts scalars, not bytes: a text of two-byte letters keeps all of its
    /// 20,000, and loses only what follows them.
    func testTheBoundCountsScalars() {
        let max = MarkdownRenderer.maxCharacters
        let letters = String(repeating: "é", count: max)
        XCTAssertEqual(MarkdownRenderer.bounded(letters), letters)
        XCTAssertEqual(MarkdownRenderer.bounded(letters + "TAIL"), letters)
        XCTAssertEqual(MarkdownRenderer.bounded("short"), "short")
        let emoji = String(repeating: "🌅", count: max + 1)
        XCTAssertEqual(MarkdownRenderer.bounded(emoji).unicodeScalars.count, max)
        XCTAssertFalse(MarkdownRenderer.plainText(letters + "TAIL").contains("TAIL"))
    }

    func testNULIsReplaced() {
        XCTAssertEqual(html("a\u{0}b"), "<p>a\u{FFFD}b</p>\n")
    }

    func testConcurrentRendersAgree() {
        let source = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done www.example.com ~~no~~"
        let expected = html(source)
        DispatchQueue.concurrentPerform(iterations: 512) { _ in
            XCTAssertEqual(MarkdownRenderer.html(source), expected)
        }
    }
}
