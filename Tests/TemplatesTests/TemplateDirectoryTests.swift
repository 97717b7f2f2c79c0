import Locks
import Foundation
import XCTest
import Templates

final class TemplateDirectoryTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/partials/day", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + relative))
    }

    func testLoadsNestedTemplatesByRelativeName() throws {
        try write("layout.html", "<html>{{content}}</html>")
        try write("day.html", "{{layout \"layout\"}}\n<h1>{{date}}</h1>{{> partials/nav}}")
        try write("partials/nav.html", "<nav>{{> partials/day/circle}}</nav>")
        try write("partials/day/circle.html", "<a href=\"/day/{{date}}\">o</a>")
        try write("notes.txt", "not a template {{")
        try write(".#day.html", "editor lock file {{")

        let set = try TemplateSet(directory: directory)
        XCTAssertEqual(set.names, ["day", "layout", "partials/day/circle", "partials/nav"])
        XCTAssertEqual(
            String(decoding: try set.render("day", ["date": "2026-01-01"]), as: UTF8.self),
            "<html><h1>2026-01-01</h1><nav><a href=\"/day/2026-01-01\">o</a></nav></html>")
    }

    func testErrorsNameTheFile() throws {
        try write("ok.html", "fine")
        try write("partials/broken.html", "<p>\n<a href={{x}}>")
        XCTAssertThrowsError(try TemplateSet(directory: directory)) { error in
            let error = error as? TemplateError
            XCTAssertEqual(error?.file, directory + "/partials/broken.html")
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.column, 9)
        }
    }

    func testMissingDirectoryThrows() {
        XCTAssertThrowsError(try TemplateSet(directory: directory + "/nope"))
    }

    func testLibraryReloadsChangedFilesAndKeepsTheLastGoodSet() throws {
        try write("page.html", "v1 {{x}}")
        let library = try TemplateLibrary(directory: directory, reloadOnChange: true)
        func page() throws -> String {
            var buffer: [UInt8] = []
            try library.render("page", ["x": 1], into: &buffer)
            return String(decoding: buffer, as: UTF8.self)
        }
        XCTAssertEqual(try page(), "v1 1")

        try write("page.html", "version two {{x}}")
        Thread.sleep(forTimeInterval: 0.25)
        XCTAssertEqual(try page(), "version two 1")
        XCTAssertNil(library.lastReloadError)

        try write("page.html", "broken\n{{#if x}}")
        Thread.sleep(forTimeInterval: 0.25)
        XCTAssertEqual(try page(), "version two 1", "a broken edit keeps the previous templates")
        XCTAssertEqual(library.lastReloadError?.file, directory + "/page.html")
        XCTAssertEqual(library.lastReloadError?.line, 2)

        try write("page.html", "fixed {{x}}")
        try write("extra.html", "new file")
        Thread.sleep(forTimeInterval: 0.25)
        XCTAssertEqual(try page(), "fixed 1")
        XCTAssertNil(library.lastReloadError)
        XCTAssertEqual(library.templates.names, ["extra", "page"])
    }

    func testLibraryRendersFromManyThreadsWhileReloading() throws {
        try write("page.html", "<p>{{x}}</p>")
        let library = try TemplateLibrary(directory: directory, reloadOnChange: true)
        let failures = Lock(0)
        let file = URL(fileURLWithPath: directory + "/page.html")
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<300 {
                if worker == 0, round % 100 == 0 {
                    try? Data("<p>{{x}} \(round)</p>".utf8).write(to: file)
                }
                let page = (try? library.render("page", ["x": "&"])).map { String(decoding: $0, as: UTF8.self) } ?? ""
                if !page.hasPrefix("<p>&amp;") { failures.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
    }

    func testLibraryWithoutReloadKeepsItsFirstSet() throws {
        try write("page.html", "v1")
        let library = try TemplateLibrary(directory: directory, reloadOnChange: false)
        try write("page.html", "v2 changed")
        Thread.sleep(forTimeInterval: 0.25)
        XCTAssertEqual(String(decoding: try library.render("page", nil), as: UTF8.self), "v1")
    }
}
