import XCTest
import Templates

/// Every refusal names the file, line and column to fix.
final class CompileErrorTests: XCTestCase {
    // MARK: - Tags

    func testUnknownTag() {
        assertRefused("<p>\n  {{#foo bar}}{{/foo}}", line: 2, column: 3, "unknown tag {{#foo}}")
        assertRefused("\n\n{{foo bar}}", line: 3, column: 1, "unknown tag {{foo bar}}")
        assertRefused("é🌅{{/x}}", line: 1, column: 3, "unknown closing tag {{/x}}")
    }

    func testUnclosedBlock() {
        assertRefused("a\n{{#if x}}\n{{#each xs}}{{/each}}\n", line: 2, column: 1, "{{#if x}} is never closed")
    }

    func testMismatchedClose() {
        assertRefused("{{#if x}}\n  {{#each xs}}\n  {{/if}}\n{{/each}}", line: 3, column: 3, "{{/if}} doesn't match {{#each}} opened at 2:3")
        assertRefused("text\n{{/each}}", line: 2, "{{/each}} has no matching {{#each}}")
    }

    func testStrayOrRepeatedElse() {
        assertRefused("a\nb {{else}}", line: 2, column: 3, "{{else}} outside a block")
        assertRefused("{{#if x}}a{{else}}b\n{{else}}c{{/if}}", line: 2, column: 1, "second {{else}}")
    }

    func testUnterminatedTag() {
        assertRefused("<p>\n<p>{{name</p>", line: 2, column: 4, "unterminated {{")
        assertRefused("{{!-- never\n closed }}", line: 1, column: 1, "unterminated comment")
    }

    func testEmptyTag() {
        assertRefused("\n {{ }}", line: 2, column: 2, "empty tag")
    }

    func testBadNames() {
        assertRefused("{{a..b}}", line: 1, "bad name 'a..b'")
        assertRefused("\n{{a$b}}", line: 2, "bad name 'a$b'")
        assertRefused("{{.a}}", line: 1, "bad name")
        assertRefused("{{@first}}", line: 1, "unknown special name '@first'")
        assertRefused("{{#if}}{{/if}}", line: 1, "needs a value name")
        assertRefused("{{> bad name}}", line: 1, "bad template name")
    }

    func testNoRawOutputSigil() {
        assertRefused("\n{{{x}}}", line: 2, "no raw output tag")
        assertRefused("{{& x}}", line: 1, "no raw output tag")
    }

    // MARK: - HTML contexts

    func testHoleInTagName() {
        assertRefused("<p>\n<{{x}}>", line: 2, column: 2, "part of a tag name")
        assertRefused("<h{{n}}>", line: 1, column: 3, "part of a tag name")
        assertRefused("</{{x}}>", line: 1, "part of a tag name")
    }

    func testHoleInAttributeName() {
        assertRefused("<a\n  {{x}}=\"1\">", line: 2, column: 3, "part of an attribute name")
        assertRefused("<a {{x}}>", line: 1, column: 4, "part of an attribute name")
        assertRefused("<a data-{{x}}=\"1\">", line: 1, column: 9, "part of an attribute name")
        assertRefused("<a href=\"x\" {{x}}>", line: 1, "part of an attribute name")
    }

    func testHoleInUnquotedAttributeValue() {
        assertRefused("\n<a href={{x}}>", line: 2, column: 9, "unquoted attribute value")
        assertRefused("<a title=a{{x}}>", line: 1, "unquoted attribute value")
    }

    func testHoleInScriptOrStyle() {
        assertRefused("<script>\nvar x = {{x}};\n</script>", line: 2, column: 9, "inside <script>")
        assertRefused("<style type=\"text/css\">\n  p { color: {{c}} }</style>", line: 2, column: 14, "inside <style>")
        assertRefused("<SCRIPT>\"</scrip\" + {{x}}</SCRIPT>", line: 1, "inside <script>")
    }

    func testHoleInEventHandlerOrStyleAttribute() {
        assertRefused("<button\n onclick=\"go({{id}})\">", line: 2, column: 14, "event handler onclick=")
        assertRefused("<body onLoad='{{x}}'>", line: 1, "event handler onload=")
        assertRefused("<p style=\"color: {{c}}\">", line: 1, "style=")
        assertRefused("<img srcset=\"{{a}} 2x\">", line: 1, "srcset=")
        assertRefused("<iframe srcdoc=\"{{a}}\">", line: 1, "srcdoc=")
    }

    func testColonAfterAURLHoleIsRefused() {
        assertRefused("<a\n href=\"{{a}}:{{b}}\">", line: 2, column: 13, "would let that value choose the URL scheme")
        XCTAssertEqual(try render("<a title=\"{{a}}:{{b}}\" href=\"/{{a}}:{{b}}\">", ["a": 1, "b": 2]), "<a title=\"1:2\" href=\"/1:2\">")
    }

    func testCommentOpenerInsideScriptIsRefused() {
        assertRefused("<script>\n  <!--<script></script>--></script>{{x}}", line: 2, column: 6, "'<!--' inside <script>")
    }

    func testHoleInHTMLComment() {
        assertRefused("<!--\n {{x}} -->", line: 2, column: 2, "inside an HTML comment")
        assertRefused("<!DOCTYPE {{x}}>", line: 1, "inside an HTML comment")
        XCTAssertEqual(try render("<!-- a --> {{x}} <!---->{{x}}<!-->{{x}}", ["x": "<"]), "<!-- a --> &lt; <!---->&lt;<!-->&lt;")
    }

    func testTemplateEndingMidTag() {
        assertRefused("<p>ok</p>\n  <a href=\"x\"", line: 2, column: 3, "the template ends inside the <a> tag")
        assertRefused("<p title=\"x>", line: 1, column: 1, "ends inside the title= value of <p>")
        assertRefused("a <!-- b", line: 1, column: 3, "ends inside an HTML comment")
        assertRefused("\n<script>x()", line: 2, column: 1, "ends inside <script> content")
        assertRefused("<textarea>{{x}}</textare", line: 1, "ends inside <textarea> content")
    }

    func testBlockEndingInADifferentContext() {
        assertRefused("{{#if x}}<a href=\"/\"{{/if}}>", line: 1, column: 21, "the body of {{#if x}} ends inside the <a> tag but starts in text")
        assertRefused("{{#if x}}\n<a>{{else}}<a\n{{/if}}>", line: 3, column: 1, "the {{else}} branch of {{#if x}} ends inside the <a> tag")
        assertRefused("{{#each xs}}<script>{{/each}}", line: 1, "ends inside <script> content")
        assertRefused("<a href=\"{{#unless x}}\"{{/unless}}\">", line: 1, "the body of {{#unless x}} ends inside the <a> tag but starts in the href= value of <a>")
        assertRefused("<a{{#if x}}bbr{{/if}}>", line: 1, "ends inside the <abbr> tag name")
    }

    func testConditionalAttributeNameMustEndCleanly() {
        assertRefused("<a {{#if x}}title{{/if}}=\"{{t}}\">", line: 1, column: 25, "'=' after a block")
        assertRefused("<a {{#if x}}on{{/if}}click=\"\">", line: 1, column: 22, "followed by a space")
        assertRefused("<a {{#each xs}}x{{/each}}>", line: 1, "followed by a space")
    }

    func testFragmentsOnlyInText() {
        let sources = ["page": "<a title=\"{{> p}}\">", "p": "x"]
        assertRefused(sources, line: 1, column: 11, "{{> p}} must be in text, not inside the title= value of <a>")
        assertRefused(["page": "<textarea>\n{{> p}}</textarea>", "p": "x"], line: 2, "must be in text")
        assertRefused("<div {{content}}>", line: 1, column: 6, "{{content}} must be in text")
    }

    // MARK: - Partials and layouts

    func testLayoutMustComeFirst() {
        assertRefused(["page": "<p>\n{{layout \"l\"}}", "l": "{{content}}"], line: 2, "{{layout}} must be the first thing")
        assertRefused(["page": "{{x}}{{layout \"l\"}}", "l": "{{content}}"], line: 1, column: 6, "must be the first thing")
        assertRefused(["page": "{{layout l}}", "l": "{{content}}"], line: 1, "needs a quoted template name")
    }

    func testUnknownPartialOrLayout() {
        assertRefused(["page": "a\n  {{> partials/missing}}"], line: 2, column: 3, "unknown partial 'partials/missing'")
        assertRefused(["page": "\n{{layout \"nope\"}}"], line: 2, column: 1, "unknown layout 'nope'")
    }

    func testIncludeCycles() {
        assertRefused(["a": "{{> b}}", "b": "x\n{{> c}}", "c": "{{#if x}}{{> b}}{{/if}}"], in: "c", line: 1, column: 10, "include cycle: b → c → b")
        assertRefused(["a": "<p>{{> a}}</p>"], in: "a", line: 1, column: 4, "include cycle: a → a")
        assertRefused(["l1": "{{layout \"l2\"}}{{content}}", "l2": "{{layout \"l1\"}}{{content}}"], in: "l2", line: 1, "include cycle: l1 → l2 → l1")
    }

    func testLayoutNeedsExactlyOneContent() {
        assertRefused(["page": "{{layout \"l\"}}x", "l": "<html></html>"], line: 1, column: 1, "layout 'l' has no {{content}}")
        assertRefused(["l": "{{content}}\n{{content}}"], in: "l", line: 2, column: 1, "exactly one {{content}}; the first is at 1:1")
        assertRefused(["l": "{{#if x}}{{content}}{{/if}}"], in: "l", line: 1, "can't be inside a block")
    }

    func testPartialMayNotBeALayoutOrHaveOne() {
        assertRefused(["page": "\n{{> l}}", "l": "<main>{{content}}</main>"], line: 2, "'l' is a layout")
        assertRefused(["page": "{{> p}}", "p": "{{layout \"l\"}}x", "l": "{{content}}"], line: 1, "'p' declares a {{layout}}")
    }

    func testFirstErrorIsReportedByTemplateName() {
        assertRefused(["b": "{{#if}}", "a": "\n{{/if}}"], in: "a", line: 2, "no matching")
    }
}
