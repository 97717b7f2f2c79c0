import XCTest
@testable import Templates

/// The tokenizer state machine, fed literal text byte by byte.
final class HTMLContextTests: XCTestCase {
    private func context(after text: String) -> HTMLContext {
        var context = HTMLContext()
        for (offset, byte) in text.utf8.enumerated() {
            XCTAssertNil(context.consume(byte, at: offset))
        }
        return context
    }

    func testStates() {
        XCTAssertEqual(context(after: "a < b").state, .text)
        XCTAssertEqual(context(after: "<p").state, .tagName)
        XCTAssertEqual(context(after: "<p ").state, .beforeAttributeName)
        XCTAssertEqual(context(after: "<p a").state, .attributeName)
        XCTAssertEqual(context(after: "<p a ").state, .afterAttributeName)
        XCTAssertEqual(context(after: "<p a=").state, .beforeAttributeValue)
        XCTAssertEqual(context(after: "<p a=\"").state, .attributeValue(.double))
        XCTAssertEqual(context(after: "<p a='x").state, .attributeValue(.single))
        XCTAssertEqual(context(after: "<p a=x").state, .attributeValue(.none))
        XCTAssertEqual(context(after: "<p a=\"x\">").state, .text)
        XCTAssertEqual(context(after: "<!-- x -- y").state, .comment(.body))
        XCTAssertEqual(context(after: "<!-- x --!>").state, .text)
        XCTAssertEqual(context(after: "<script>a</b>").state, .rawText)
        XCTAssertEqual(context(after: "<script>a</scripts>").state, .rawText)
        XCTAssertEqual(context(after: "<script>a</SCRIPT >").state, .text)
        XCTAssertEqual(context(after: "<title>a<b>").state, .rcdata)
        XCTAssertEqual(context(after: "<title>a</title>").state, .text)
        XCTAssertEqual(context(after: "</p x=\">\">").state, .text)
    }

    func testAttributeNamesAreTrackedForValues() {
        let value = context(after: "<A HREF=\"")
        XCTAssertEqual(value.attributeName, "href")
        XCTAssertEqual(value.elementName, "a")
        XCTAssertTrue(value.schemeUndecided)
        XCTAssertTrue(context(after: "<a href=\" \t").schemeUndecided, "browsers skip leading spaces")
        XCTAssertTrue(context(after: "<a href=\"&#9;java").schemeUndecided, "a character reference is not a fragment")
        XCTAssertFalse(context(after: "<a href=\"/").schemeUndecided)
        XCTAssertFalse(context(after: "<a href=\"mailto:").schemeUndecided)
        XCTAssertFalse(context(after: "<a href=\"x#").schemeUndecided)
        XCTAssertEqual(value.holeEscaping(), .success(.url))
        XCTAssertEqual(context(after: "<a href=\"/").holeEscaping(), .success(.escaped))
    }

    func testAttributeKinds() {
        XCTAssertEqual(AttributeKind(attributeName: "href"), .url)
        XCTAssertEqual(AttributeKind(attributeName: "xlink:href"), .url)
        XCTAssertEqual(AttributeKind(attributeName: "data-src"), .url)
        XCTAssertEqual(AttributeKind(attributeName: "onmouseover"), .script)
        XCTAssertEqual(AttributeKind(attributeName: "style"), .style)
        XCTAssertEqual(AttributeKind(attributeName: "srcset"), .urlList)
        XCTAssertEqual(AttributeKind(attributeName: "title"), .plain)
        XCTAssertEqual(AttributeKind(attributeName: "data-id"), .plain)
    }
}
