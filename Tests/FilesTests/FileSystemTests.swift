import Files
import Foundation
import XCTest

/// The file layer: bounded reads, exclusive writes, listings, and errors that name the call.
final class FileSystemTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try FileSystem.makeTemporaryDirectory(in: NSTemporaryDirectory(), prefix: "dawn-files-tests-")
    }

    override func tearDown() {
        FileSystem.removeTree(folder)
        XCTAssertFalse(FileSystem.exists(folder))
    }

    func testWritesAndReadsAWholeFile() throws {
        let path = folder + "/a.txt"
        try FileSystem.write(Array("hello".utf8), to: path, mode: 0o640)
        XCTAssertEqual(try FileSystem.read(path), Array("hello".utf8))
        let info = try FileSystem.info(path)
        XCTAssertEqual(info.kind, .regular)
        XCTAssertEqual(info.size, 5)
        XCTAssertEqual(info.permissions & 0o600, 0o600)
    }

    func testANewFileIsNeverWrittenOverUnlessAsked() throws {
        let path = folder + "/a.txt"
        try FileSystem.write([1, 2, 3], to: path)
        XCTAssertThrowsError(try FileSystem.write([9], to: path)) { error in
            XCTAssertEqual((error as? FileError)?.errno, EEXIST)
            XCTAssertEqual((error as? FileError)?.call, "open")
        }
        XCTAssertEqual(try FileSystem.read(path), [1, 2, 3])
        try FileSystem.write([9], to: path, replacing: true)
        XCTAssertEqual(try FileSystem.read(path), [9])
    }

    func testAReadPastTheLimitOrOfAFolderIsRefused() throws {
        let path = folder + "/big"
        try FileSystem.write([UInt8](repeating: 7, count: 101), to: path, sync: false)
        XCTAssertEqual(try FileSystem.read(path, maxBytes: 101).count, 101)
        XCTAssertThrowsError(try FileSystem.read(path, maxBytes: 100)) { error in
            XCTAssertEqual((error as? FileError)?.kind, .tooLarge(limit: 100))
        }
        XCTAssertThrowsError(try FileSystem.read(folder)) { error in
            XCTAssertEqual((error as? FileError)?.kind, .notRegularFile)
        }
        XCTAssertThrowsError(try FileSystem.read(folder + "/missing")) { error in
            XCTAssertEqual((error as? FileError)?.errno, ENOENT)
            XCTAssertEqual("\(error)", "open \(folder)/missing: No such file or directory")
        }
    }

    func testReadsAFileInChunks() throws {
        let path = folder + "/chunks"
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try FileSystem.write(bytes, to: path, sync: false)
        var read: [UInt8] = []
        var sizes: [Int] = []
        let total = try FileSystem.readChunks(path, chunkBytes: 300) { chunk in
            read.append(contentsOf: chunk)
            sizes.append(chunk.count)
        }
        XCTAssertEqual(total, 1000)
        XCTAssertEqual(read, bytes)
        XCTAssertTrue(sizes.allSatisfy { $0 <= 300 }, "\(sizes)")
        XCTAssertThrowsError(try FileSystem.readChunks(folder) { _ in }) { error in
            XCTAssertEqual((error as? FileError)?.kind, .notRegularFile)
        }
        XCTAssertThrowsError(try FileSystem.readChunks(folder + "/missing") { _ in }) { error in
            XCTAssertEqual((error as? FileError)?.errno, ENOENT)
        }
    }

    /// /proc files say they are empty; the whole text is read anyway.
    func testReadsProcFilesToTheEnd() throws {
        XCTAssertFalse(try FileSystem.read("/proc/self/statm", maxBytes: 4096).isEmpty)
    }

    func testListsRecursivelyWithoutEnteringLinkedFolders() throws {
        try FileSystem.makeDirectory(folder + "/css", mode: 0o700)
        try FileSystem.write([], to: folder + "/css/app.css")
        try FileSystem.write([], to: folder + "/top.html")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder)
        XCTAssertEqual(try FileSystem.listRecursively(folder), ["css", "css/app.css", "loop", "top.html"])
        XCTAssertEqual(try FileSystem.list(folder).sorted(), ["css", "loop", "top.html"])
        XCTAssertTrue(FileSystem.isDirectory(folder + "/loop"))
        XCTAssertFalse(FileSystem.isDirectory(folder + "/loop", followingLinks: false))
        FileSystem.removeTree(folder + "/loop")
        XCTAssertTrue(FileSystem.exists(folder + "/css/app.css"), "removing a link never removes what it points to")
    }

    func testPermissionsAndRemoval() throws {
        let path = folder + "/p"
        try FileSystem.write([], to: path, mode: 0o600)
        try FileSystem.setPermissions(path, 0o644)
        XCTAssertEqual(try FileSystem.info(path).permissions, 0o644)
        try FileSystem.remove(path)
        XCTAssertFalse(FileSystem.exists(path))
        XCTAssertThrowsError(try FileSystem.remove(path)) { error in
            XCTAssertEqual((error as? FileError)?.errno, ENOENT)
        }
    }
}
