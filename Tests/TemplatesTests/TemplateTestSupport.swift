import XCTest
@testable import Templates

/// Renders `name` from in-memory sources as a String.
func render(_ sources: [String: String], _ name: String = "page", _ context: TemplateValue = [:]) throws -> String {
    let set = try TemplateSet(sources: sources)
    return String(decoding: try set.render(name, context), as: UTF8.self)
}

func render(_ source: String, _ context: TemplateValue = [:]) throws -> String {
    try render(["page": source], "page", context)
}

/// Asserts that compiling `sources` fails with a `TemplateError` at `file:line`
/// (and `column`, when given) whose message contains `message`.
func assertRefused(
    _ sources: [String: String], in expectedFile: String = "page", line: Int, column: Int? = nil,
    _ message: String, file: StaticString = #filePath, line testLine: UInt = #line
) {
    do {
        let set = try TemplateSet(sources: sources)
        XCTFail("compiled, expected a refusal; names: \(set.names)", file: file, line: testLine)
    } catch let error as TemplateError {
        XCTAssertEqual(error.file, expectedFile, "\(error)", file: file, line: testLine)
        XCTAssertEqual(error.line, line, "\(error)", file: file, line: testLine)
        if let column {
            XCTAssertEqual(error.column, column, "\(error)", file: file, line: testLine)
        }
        XCTAssertTrue(error.message.contains(message), "message \"\(error.message)\" lacks \"\(message)\"", file: file, line: testLine)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: testLine)
    }
}

func assertRefused(_ source: String, line: Int, column: Int? = nil, _ message: String, file: StaticString = #filePath, line testLine: UInt = #line) {
    assertRefused(["page": source], line: line, column: column, message, file: file, line: testLine)
}
