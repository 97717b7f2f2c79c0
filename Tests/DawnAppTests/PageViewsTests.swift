import FoundationEssentials
import HTTPServer
import Localization
import Templates
import XCTest
@testable import DawnApp

/// Every typed page view against its template in `Views/`, as `Dawn` checks them at
/// start-up, so a drift fails CI without starting the server.
final class PageViewsTests: XCTestCase {
    // Tests/DawnAppTests/PageViewsTests.swift → the repository, which holds Views/.
    private let views = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Views").path

    func testEveryRegisteredViewMatchesItsTemplate() throws {
        let templates = try TemplateSet(directory: views)
        let strings = try Strings(directory: views + "/strings")
        let assets = try StaticFiles(directory: URL(fileURLWithPath: views).deletingLastPathComponent().path + "/Public").urls
        let problems = PageViews.problems(in: templates, strings: Array(strings.table(Strings.reference).keys),
                                          assets: Array(assets.keys))
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    func testEachTemplateHasOneView() {
        let names = PageViews.all.map { $0.template }
        XCTAssertEqual(names.count, Set(names).count, "\(names)")
    }

    func testTheServerRefusesToStartWhenAViewAndItsTemplateDisagree() throws {
        // A copy of the resources whose sign-in page tests a key its view lacks.
        let folder = NSTemporaryDirectory() + "dawn-views-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let repository = URL(fileURLWithPath: views).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: views, toPath: folder + "/Views")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Public", withDestinationPath: repository + "/Public")
        let login = folder + "/Views/login.html"
        let source = try String(contentsOfFile: login, encoding: .utf8)
        try source.replacingOccurrences(of: "{{csrf}}", with: "{{csrf}}{{#if shwoNotes}}x{{/if}}")
            .write(toFile: login, atomically: true, encoding: .utf8)

        var configuration = DawnConfiguration()
        configuration.resourcesDirectory = folder
        configuration.dataDirectory = folder + "/data"
        XCTAssertThrowsError(try Dawn(configuration: configuration)) { error in
            XCTAssertEqual("\(error)", """
                a template in Views/ is broken: the typed views and their templates disagree (PageViews):
                \(login):8:49: {{#if shwoNotes}}: no key 'shwoNotes' in SignInView
                """)
        }
    }
}
