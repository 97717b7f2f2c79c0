import Templates
import XCTest

/// A view type against its template: every key a tag names must be declared, every
/// declared key read, and each used as its kind allows, reported with file:line.
final class ViewCheckTests: XCTestCase {
    private struct Note: TemplateView {
        var text: String
        static let fields: [ViewField<Self>] = [.text("text", \.text)]
    }

    private struct Journal: TemplateView {
        var title: String
        var showNotes: Bool
        var notes: [Note]
        static let fields: [ViewField<Self>] = [
            .text("title", \.title),
            .bool("showNotes", \.showNotes),
            .list("notes", \.notes),
        ]
    }

    private let frame = ViewSchema(name: "Frame", fields: [("lang", .text), ("t", .untyped)])

    private func problems(_ sources: [String: String]) throws -> [TemplateError] {
        try TemplateSet(sources: sources).check("page", against: Journal.schema, ambient: frame)
    }

    func testATemplateThatMatchesItsViewHasNoProblems() throws {
        let source = """
        {{layout "layout"}}<h1>{{title}}</h1>
        {{#if showNotes}}{{#each notes}}{{> note}}{{@index}}{{title}}{{/each}}{{/if}}
        """
        let found = try problems([
            "page": source, "note": "<p>{{text}} {{t.anything.here}}</p>",
            "layout": "<html lang=\"{{lang}}\">{{content}}</html>",
        ])
        XCTAssertEqual(found, [])
    }

    func testAMisspeltConditionIsReportedWithFileAndLine() throws {
        let source = "<h1>{{title}}</h1>\n{{#if shwoNotes}}{{#each notes}}{{text}}{{/each}}{{/if}}"
        let found = try problems(["page": source])
        XCTAssertEqual(found.first?.file, "page")
        XCTAssertEqual(found.first?.line, 2)
        XCTAssertEqual(found.first?.column, 1)
        XCTAssertTrue(found.first?.message.contains("no key 'shwoNotes'") == true, "\(found)")
        // And `showNotes` is then declared but never read.
        XCTAssertTrue(found.contains { $0.message.contains("ViewCheckTests.Journal.showNotes is never used") }, "\(found)")
    }

    func testAKeyNoTagReadsIsReported() throws {
        let found = try problems(["page": "{{#if showNotes}}{{#each notes}}{{text}}{{/each}}{{/if}}"])
        XCTAssertEqual(found.map(\.message), ["ViewCheckTests.Journal.title is never used by the template"])
        XCTAssertEqual(found.first?.file, "page")
    }

    func testANestedFieldNoTagReadsIsReported() throws {
        let found = try problems(["page": "{{title}}{{#if showNotes}}{{#each notes}}x{{/each}}{{/if}}"])
        XCTAssertEqual(found.map(\.message), ["ViewCheckTests.Note.text is never used by the template"])
    }

    func testEachOverANonListIsReported() throws {
        let source = "{{#if showNotes}}\n  {{#each title}}{{.}}{{/each}}{{#each notes}}{{text}}{{/each}}{{/if}}"
        let found = try problems(["page": source])
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found.first?.line, 2)
        XCTAssertEqual(found.first?.column, 3)
        XCTAssertTrue(found.first?.message.contains("{{#each title}} loops over text, not a list") == true, "\(found)")
    }

    func testAHoleThatPrintsAListAndAPathIntoTextAreReported() throws {
        let found = try problems(["page": "{{title}}{{notes}}{{title.x}}{{#if showNotes}}{{/if}}{{#each notes}}{{text}}{{/each}}"])
        XCTAssertEqual(found.map(\.message), [
            "{{notes}} prints a list, which renders nothing",
            "{{title.x}}: 'title' is text, which has no fields",
        ])
    }

    func testProblemsInAPartialNameThePartial() throws {
        let found = try problems([
            "page": "{{title}}{{#if showNotes}}{{/if}}{{#each notes}}{{> note}}{{/each}}",
            "note": "<p>\n{{text}}{{txet}}</p>",
        ])
        XCTAssertEqual(found.map(\.description), ["note:2:9: {{txet}}: no key 'txet' in ViewCheckTests.Note, ViewCheckTests.Journal"])
    }

    func testAKeyDeclaredTwiceIsReported() throws {
        let twice = ViewSchema(name: "Page", fields: [("title", .text), ("title", .text)])
        let found = try TemplateSet(sources: ["page": "{{title}}"]).check("page", against: twice, ambient: frame)
        XCTAssertEqual(found.map(\.message), ["Page declares 'title' twice"])
    }

    func testTheSameFieldsEncodeTheRenderedValue() throws {
        let view = Journal(title: "Day", showNotes: true, notes: [Note(text: "a"), Note(text: "b")])
        let set = try TemplateSet(sources: ["page": "{{title}}:{{#if showNotes}}{{#each notes}}{{text}}{{/each}}{{/if}}"])
        XCTAssertEqual(String(decoding: try set.render("page", view.templateValue, strict: true), as: UTF8.self), "Day:ab")
    }

    func testStringKeysCheckTheirPaths() throws {
        let strings = ViewSchema.nestedText(name: "t", keys: ["nav.today", "nav.habits", "title"])
        let frame = ViewSchema(name: "Frame", fields: [("t", .object(strings))])
        let set = try TemplateSet(sources: ["page": "{{t.nav.today}}{{t.nav.tody}}{{t.title}}"])
        let found = set.check("page", against: ViewSchema(name: "Empty", fields: []), ambient: frame)
        XCTAssertEqual(found.map(\.message), ["{{t.nav.tody}}: t.nav has no key 'tody'"])
    }
}
