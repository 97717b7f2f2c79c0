import XCTest
import Templates

final class RenderPerformanceTests: XCTestCase {
    /// A page of 200 holes: 50 rows of 4, escaped text, an attribute, a URL and a number.
    func testPageOfTwoHundredHoles() throws {
        let set = try TemplateSet(sources: [
            "layout": "<!DOCTYPE html><html><head><title>{{title}}</title></head><body>{{content}}</body></html>",
            "page": "{{layout \"layout\"}}<table>{{#each rows}}<tr class=\"{{kind}}\"><td><a href=\"{{url}}\">{{name}}</a></td><td>{{count}}</td></tr>{{/each}}</table>",
        ])
        let rows: [TemplateValue] = (0..<50).map { index in
            ["kind": "row", "url": .string("/day/2026-01-\(index)"), "name": .string("Habit & <thing> \(index)"), "count": .int(index * 7)]
        }
        let context: TemplateValue = ["title": "Today", "rows": .list(rows)]
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 * 1024)
        try set.render("page", context, into: &buffer)
        XCTAssertTrue(String(decoding: buffer, as: UTF8.self).contains("<a href=\"/day/2026-01-49\">Habit &amp; &lt;thing&gt; 49</a></td><td>343</td>"))

        let iterations = 2_000
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<iterations {
                buffer.removeAll(keepingCapacity: true)
                try set.render("page", context, into: &buffer)
            }
        }
        let perRender = elapsed / iterations
        print("render of 200 holes: \(perRender)")
        // Generous so a loaded debug build passes; release builds take a few microseconds.
        XCTAssertLessThan(perRender, .milliseconds(5))
    }
}
