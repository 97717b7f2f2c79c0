import Foundation
import XCTest
@testable import Localization

/// The repository's Views/ directory, found upward from this file.
func viewsDirectory(file: String = #filePath) throws -> String {
    var url = URL(fileURLWithPath: file).deletingLastPathComponent()
    while url.path != "/" {
        let candidate = url.appendingPathComponent("Views/strings/en.strings")
        if FileManager.default.fileExists(atPath: candidate.path) { return url.appendingPathComponent("Views").path }
        url.deleteLastPathComponent()
    }
    throw XCTSkip("Views/strings not found above \(file)")
}

/// A temporary strings directory with the three files, removed at deinit.
final class StringsFixture {
    let directory: String

    /// Each language's file text; languages left out get `base`.
    init(base: String, _ overrides: [Language: String] = [:]) throws {
        directory = NSTemporaryDirectory() + "dawn-strings-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for language in Language.allCases {
            let text = overrides[language] ?? base
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + language.rawValue + ".strings"))
        }
    }

    func path(_ language: Language) -> String {
        directory + "/" + language.rawValue + ".strings"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Asserts that loading `fixture` fails at `file:line` with a message containing `fragment`.
func assertRefused(_ fixture: StringsFixture, _ language: Language, line: Int, _ fragment: String,
                   file: StaticString = #filePath, line testLine: UInt = #line) {
    do {
        _ = try Strings(directory: fixture.directory)
        XCTFail("loaded, but should refuse: \(fragment)", file: file, line: testLine)
    } catch {
        XCTAssertEqual(error.file, fixture.path(language), "\(error)", file: file, line: testLine)
        XCTAssertEqual(error.line, line, "\(error)", file: file, line: testLine)
        XCTAssertTrue(error.message.contains(fragment), "\(error)", file: file, line: testLine)
        XCTAssertTrue(error.description.hasPrefix("\(fixture.path(language)):\(line): "), "\(error)", file: file, line: testLine)
    }
}
