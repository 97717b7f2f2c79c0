import XCTest
@testable import Zip

/// A zip read from a file, or from a part of one (an upload's file part inside its spooled
/// body), gives what the same bytes give in memory, and the same refusals.
final class ZipFileSourceTests: XCTestCase {
    private var scratch: ScratchFolder!

    override func setUpWithError() throws {
        scratch = try ScratchFolder()
    }

    override func tearDown() {
        scratch.remove()
    }

    func testAZipInsideAFileIsReadWhereItLies() throws {
        let zip = HandMadeZip([.stored("a.txt", Array("hello".utf8)), .deflated("b/c.json", Array(repeating: 65, count: 900))]).bytes
        let before = Array("--boundary\r\nheaders\r\n\r\n".utf8), after = Array("\r\n--boundary--\r\n".utf8)
        let path = try scratch.file("body", before + zip + after)
        let archive = try ZipArchive(source: ZipFileSource(path: path, offset: Int64(before.count), length: Int64(zip.count)))
        XCTAssertEqual(archive.entries.map(\.name), ["a.txt", "b/c.json"])
        XCTAssertEqual(try archive.contents(of: archive.entries[0]), Array("hello".utf8))
        XCTAssertEqual(try archive.contents(of: archive.entries[1]), Array(repeating: 65, count: 900))
        // The whole file is not a zip: its end record is not at its end.
        XCTAssertEqual(zipError { try ZipArchive(source: ZipFileSource(path: path)) }?.message,
                       zipError { try ZipArchive(bytes: before + zip + after) }?.message)
    }

    func testTheRefusalsAreTheSameFromAFile() throws {
        let zip = HandMadeZip([.stored("../evil", [1])]).bytes
        let path = try scratch.file("evil.zip", zip)
        XCTAssertEqual(zipError { try ZipArchive(source: ZipFileSource(path: path)) }, .parentSegmentInName(name: "../evil"))
        let absolute = try scratch.file("abs.zip", HandMadeZip([.stored("/etc/passwd", [1])]).bytes)
        XCTAssertEqual(zipError { try ZipArchive(source: ZipFileSource(path: absolute)) }, .absoluteName(name: "/etc/passwd"))
        // A region cut short of the zip's end is no zip.
        XCTAssertEqual(zipError { try ZipArchive(source: ZipFileSource(path: path, offset: 0, length: Int64(zip.count - 1))) },
                       zipError { try ZipArchive(bytes: Array(zip.dropLast())) })
        XCTAssertEqual(zipError { try ZipFileSource(path: scratch.path + "/missing") }, .notAZip)
    }
}
