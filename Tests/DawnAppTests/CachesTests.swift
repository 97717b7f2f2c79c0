import XCTest
@testable import DawnApp

/// `Caches.catalogue` and the table in docs/architecture.md ("Caching") name the same
/// caches, each kept in a file that exists: a cache added to one is added to the other.
final class CachesTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The table's first column, "name (`Target/File.swift`…)", as entries.
    private func documented() throws -> [Caches.Entry] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| cache | keyed by |") })
        return try lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            let cell = row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
            let open = try XCTUnwrap(cell.range(of: " (`"), row)
            let name = cell[..<open.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let source = cell[open.upperBound...].prefix { $0 != "`" }
            return Caches.Entry(name: name, source: String(source))
        }
    }

    func testTheCatalogueAndTheArchitectureListTheSameCaches() throws {
        XCTAssertEqual(try documented(), Caches.catalogue)
        XCTAssertEqual(Set(Caches.catalogue.map(\.name)).count, Caches.catalogue.count)
        for entry in Caches.catalogue {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/\(entry.source)").path),
                          entry.source)
        }
    }
}
