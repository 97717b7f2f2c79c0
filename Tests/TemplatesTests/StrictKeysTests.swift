import Templates
import XCTest

/// In strict mode (development, tests) a hole naming a key its page did not give is an
/// error naming the template and the key, like Go's `missingkey=error`; conditions and
/// loops over absent keys stay "false", and a key given as null is not missing.
final class StrictKeysTests: XCTestCase {
    private func render(_ source: String, _ context: TemplateValue, strict: Bool) throws -> String {
        let set = try TemplateSet(sources: ["page": source])
        return String(decoding: try set.render("page", context, strict: strict), as: UTF8.self)
    }

    func testAMisspeltKeyIsAnErrorOnlyWhenStrict() throws {
        let context: TemplateValue = ["user": ["name": "Ada"]]
        XCTAssertEqual(try render("Hi {{user.nmae}}!", context, strict: false), "Hi !")
        XCTAssertThrowsError(try render("Hi {{user.nmae}}!", context, strict: true)) { error in
            XCTAssertTrue("\(error)".contains("page: {{user.nmae}}"), "\(error)")
        }
        XCTAssertThrowsError(try render("{{nothing}}", context, strict: true))
    }

    func testAbsentMeansFalseInConditionsAndLoops() throws {
        let source = "{{#if flag}}yes{{else}}no{{/if}}{{#unless other}}!{{/unless}}{{#each items}}x{{/each}}"
        XCTAssertEqual(try render(source, [:], strict: true), "no!")
    }

    func testNullAndValuesThatAreNotObjectsAreNotMissing() throws {
        let context: TemplateValue = ["none": nil, "text": "t", "xs": [["a": 1], ["a": 2]]]
        XCTAssertEqual(try render("[{{none}}][{{none.deeper}}][{{text.x}}]", context, strict: true), "[][][]")
        // Inside a loop, keys are found in the item first, then outward.
        XCTAssertEqual(try render("{{#each xs}}{{a}}{{text}}{{/each}}", context, strict: true), "1t2t")
        XCTAssertThrowsError(try render("{{#each xs}}{{b}}{{/each}}", context, strict: true))
    }

    func testTheLayoutAndPartialsAreCheckedToo() throws {
        let set = try TemplateSet(sources: [
            "layout": "<main>{{content}}</main>{{footer}}",
            "page": "{{layout \"layout\"}}{{> part}}",
            "part": "{{title}}",
        ])
        XCTAssertEqual(String(decoding: try set.render("page", ["title": "T", "footer": "F"], strict: true), as: UTF8.self),
                       "<main>T</main>F")
        XCTAssertThrowsError(try set.render("page", ["title": "T"], strict: true)) { error in
            XCTAssertTrue("\(error)".contains("layout: {{footer}}"), "\(error)")
        }
        XCTAssertThrowsError(try set.render("page", ["footer": "F"], strict: true)) { error in
            XCTAssertTrue("\(error)".contains("part: {{title}}"), "\(error)")
        }
    }
}
