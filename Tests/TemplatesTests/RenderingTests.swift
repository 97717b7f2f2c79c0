import XCTest
import Templates

final class RenderingTests: XCTestCase {
    func testVariablesOfEveryKind() throws {
        let context: TemplateValue = ["name": "Ada", "count": -42, "big": .int(Int.min), "on": true, "off": false, "none": nil, "list": [1, 2], "object": ["a": 1]]
        XCTAssertEqual(
            try render("{{name}}|{{count}}|{{big}}|{{on}}|{{off}}|{{none}}|{{missing}}|{{list}}|{{object}}", context),
            "Ada|-42|\(Int.min)|true|false||||")
        XCTAssertEqual(try render("{{ name }} {{zero}} {{n}}", ["name": "x", "zero": 0, "n": 1234567890]), "x 0 1234567890")
    }

    func testDottedPaths() throws {
        let context: TemplateValue = ["user": ["profile": ["name": "Grace"]], "flat": "f"]
        XCTAssertEqual(try render("{{user.profile.name}}", context), "Grace")
        XCTAssertEqual(try render("[{{user.missing.name}}][{{flat.x}}][{{nothing.at.all}}]", context), "[][][]")
    }

    func testEachScopesLookUpInnermostFirstThenOutward() throws {
        let context: TemplateValue = [
            "title": "Habits",
            "name": "root-name",
            "habits": [["name": "Walk", "days": [["n": 1], ["n": 2]]], ["name": "Read", "days": []]],
        ]
        let source = "{{#each habits}}{{name}} in {{title}}:{{#each days}} {{n}}/{{name}}@{{@index}}{{else}} none{{/each}};{{/each}}{{name}}"
        XCTAssertEqual(try render(source, context), "Walk in Habits: 1/Walk@0 2/Walk@1;Read in Habits: none;root-name")
    }

    func testCurrentItemAndIndex() throws {
        XCTAssertEqual(try render("{{#each xs}}{{@index}}={{.}} {{/each}}", ["xs": ["a", "<b>", 3]]), "0=a 1=&lt;b&gt; 2=3 ")
        XCTAssertEqual(try render("{{@index}}|{{.}}", "root"), "|root")
    }

    func testIfElseUnlessTruthiness() throws {
        let source = "{{#if v}}T{{else}}F{{/if}}{{#unless v}}u{{/unless}}"
        let cases: [(TemplateValue, String)] = [
            (true, "T"), (false, "Fu"), (nil, "Fu"), (0, "Fu"), (7, "T"), (-1, "T"),
            ("", "Fu"), ("x", "T"), (.html(TrustedHTML(trusted: "")), "Fu"), (.html(TrustedHTML(trusted: "<b>")), "T"),
            ([], "Fu"), ([1], "T"), ([:], "T"), (["a": 1], "T"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(try render(source, ["v": value]), expected, "\(value)")
        }
        XCTAssertEqual(try render(source), "Fu", "missing")
        XCTAssertEqual(try render("{{#unless v}}a{{else}}b{{/unless}}", ["v": 1]), "b")
    }

    func testEachElseAndNonLists() throws {
        let source = "{{#each xs}}<li>{{.}}</li>{{else}}<p>empty</p>{{/each}}"
        XCTAssertEqual(try render(source, ["xs": ["a", "b"]]), "<li>a</li><li>b</li>")
        XCTAssertEqual(try render(source, ["xs": []]), "<p>empty</p>")
        XCTAssertEqual(try render(source), "<p>empty</p>")
        XCTAssertEqual(try render(source, ["xs": ["a": 1]]), "<p>empty</p>", "each iterates lists only")
    }

    func testPartialsSeeTheCurrentScope() throws {
        let sources = [
            "page": "<ul>{{#each items}}{{> partials/item}}{{/each}}</ul>{{> partials/footer}}",
            "partials/item": "<li>{{label}} of {{owner}}</li>",
            "partials/footer": "<footer>{{owner}}{{> partials/sign}}</footer>",
            "partials/sign": "!",
        ]
        XCTAssertEqual(
            try render(sources, "page", ["owner": "me", "items": [["label": "a"], ["label": "b", "owner": "you"]]]),
            "<ul><li>a of me</li><li>b of you</li></ul><footer>me!</footer>")
    }

    func testLayoutWrapsThePageAndSharesTheRootContext() throws {
        let sources = [
            "layout": "<html><title>{{title}}</title><body>{{#each crumbs}}[{{.}}]{{/each}}\n{{content}}</body></html>",
            "day": "  {{! the day page }}\n{{layout \"layout\"}}\n<h1>{{title}}</h1>{{#each crumbs}}({{.}}){{/each}}",
        ]
        XCTAssertEqual(
            try render(sources, "day", ["title": "Monday", "crumbs": ["a", "b"]]),
            "<html><title>Monday</title><body>[a][b]\n<h1>Monday</h1>(a)(b)</body></html>")
    }

    func testNestedLayouts() throws {
        let sources = [
            "base": "<html>{{content}}</html>",
            "app": "{{layout \"base\"}}<main>{{content}}</main>",
            "page": "{{layout \"app\"}}<p>{{x}}</p>",
        ]
        XCTAssertEqual(try render(sources, "page", ["x": 1]), "<html><main><p>1</p></main></html>")
        XCTAssertEqual(try render(sources, "app", ["x": 1]), "<html><main></main></html>", "a layout rendered alone has an empty {{content}}")
    }

    func testCommentsAreDropped() throws {
        XCTAssertEqual(try render("a{{! one }}b{{!-- two }} --}}c"), "abc")
    }

    func testUTF8PassesThroughUnchanged() throws {
        let text = "Café ☕️ naïve 日本 👩🏽‍💻 Ω"
        XCTAssertEqual(try render("<p title=\"{{t}}\">é {{t}} 🌅</p>", ["t": .string(text)]), "<p title=\"\(text)\">é \(text) 🌅</p>")
    }

    func testRenderAppendsToTheBuffer() throws {
        let set = try TemplateSet(sources: ["a": "A{{x}}", "b": "B"])
        var buffer = Array("start:".utf8)
        try set.render("a", ["x": 1], into: &buffer)
        try set.render("b", nil, into: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "start:A1B")
        XCTAssertEqual(set.names, ["a", "b"])
    }

    func testUnknownTemplateNameThrows() throws {
        let set = try TemplateSet(sources: ["a": "A"])
        XCTAssertThrowsError(try set.render("nope", [:])) { error in
            XCTAssertEqual((error as? TemplateError)?.message, "no template named 'nope'")
        }
    }

    func testValueConveniences() {
        XCTAssertEqual(TemplateValue(nil as String?), .null)
        XCTAssertEqual(TemplateValue("s" as String?), .string("s"))
        XCTAssertEqual(TemplateValue(3 as Int?), .int(3))
        XCTAssertEqual(TemplateValue(TrustedHTML(trusted: "<b>")), .html(TrustedHTML(trusted: "<b>")))
        let n = 5
        XCTAssertEqual("n=\(n)" as TemplateValue, .string("n=5"))
        XCTAssertEqual(["a": 1, "a": 2] as TemplateValue, .object(["a": .int(2)]))
        XCTAssertEqual(TemplateError(file: "f.html", line: 3, column: 7, message: "m").description, "f.html:3:7: m")
    }
}
