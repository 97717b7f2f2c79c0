import Files
import Foundation
import HTTP
@testable import HTTPServer
import XCTest

/// A streamed body read back a chunk at a time, as the event loop sends it.
final class BodyStreamTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodystream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Everything the stream yields, and the chunk sizes it yielded.
    private func drain(_ stream: BodyStream) throws -> (bytes: [UInt8], chunks: [Int]) {
        var bytes: [UInt8] = [], chunks: [Int] = []
        while stream.remaining > 0 {
            let chunk = try stream.next()
            XCTAssertFalse(chunk.isEmpty, "no empty chunk while bytes remain")
            XCTAssertLessThanOrEqual(chunk.count, BodyStream.chunkBytes)
            bytes += chunk
            chunks.append(chunk.count)
        }
        return (bytes, chunks)
    }

    func testPartsComeInOrderInBoundedChunks() throws {
        let big = (0..<(BodyStream.chunkBytes * 2 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let photo = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }
        let body = StreamedBody(parts: [
            .bytes(Array("head".utf8)), .file(path: try file("big", big), size: Int64(big.count)),
            .bytes([]), .file(path: try file("empty", []), size: 0),
            .file(path: try file("photo", photo), size: 1000), .bytes(Array("tail".utf8)),
        ])
        XCTAssertEqual(body.length, Int64(8 + big.count + 1000))
        let (bytes, chunks) = try drain(BodyStream(body))
        XCTAssertEqual(bytes, Array("head".utf8) + big + photo + Array("tail".utf8))
        XCTAssertEqual(chunks, [4, BodyStream.chunkBytes, BodyStream.chunkBytes, 17, 1000, 4])
    }

    func testALargeInMemoryPartIsCutIntoChunks() throws {
        let bytes = [UInt8](repeating: 7, count: BodyStream.chunkBytes + 5)
        let (read, chunks) = try drain(BodyStream(StreamedBody(parts: [.bytes(bytes)])))
        XCTAssertEqual(read, bytes)
        XCTAssertEqual(chunks, [BodyStream.chunkBytes, 5])
    }

    func testAFileGoneBeforeItsTurnIsAnError() throws {
        let path = try file("gone", [1, 2, 3])
        let stream = BodyStream(StreamedBody(parts: [.bytes([9]), .file(path: path, size: 3)]))
        XCTAssertEqual(try stream.next(), [9])
        try FileManager.default.removeItem(atPath: path)
        XCTAssertThrowsError(try stream.next()) { error in
            guard case let BodyStream.ReadError.unreadable(failure) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.path, path)
            XCTAssertEqual(failure.errno, ENOENT)
        }
    }

    func testAFileShorterThanPromisedIsAnError() throws {
        let path = try file("short", [1, 2, 3])
        let stream = BodyStream(StreamedBody(parts: [.file(path: path, size: 4)]))
        XCTAssertThrowsError(try stream.next()) { error in
            XCTAssertEqual(error as? BodyStream.ReadError, .shorter(path: path))
        }
    }

    func testTheEncoderPromisesTheStreamedLengthAndWritesNoBody() {
        var queue = OutputQueue()
        let response = HTTPResponse.streamed(StreamedBody(parts: [.bytes([1, 2]), .file(path: "/nowhere", size: 40)]),
                                             headers: ["Content-Type": "application/zip"])
        let writesBody = ResponseEncoder.encode(response, version: .http1_1, isHead: false, keepAlive: true,
                                                date: "Sun, 06 Nov 1994 08:49:37 GMT", into: &queue)
        XCTAssertTrue(writesBody)
        var head: [UInt8] = []
        queue.withFront { first, second in head = Array(first) + Array(second) }
        XCTAssertEqual(String(decoding: head, as: UTF8.self),
                       "HTTP/1.1 200 OK\r\nContent-Type: application/zip\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                       + "Content-Length: 42\r\n\r\n")
        var headQueue = OutputQueue()
        XCTAssertFalse(ResponseEncoder.encode(response, version: .http1_1, isHead: true, keepAlive: true,
                                              date: "Sun, 06 Nov 1994 08:49:37 GMT", into: &headQueue))
    }

    func testAStreamedBodyIsNeverCompressed() {
        var response = HTTPResponse.streamed(StreamedBody(parts: [.bytes(Array(repeating: 65, count: 5000))]),
                                             headers: ["Content-Type": "application/json"])
        ResponseCompression.apply(to: &response, acceptsGzip: true, minimumBytes: 10) { _ in
            XCTFail("a streamed body is not handed to the compressor")
            return []
        }
        XCTAssertNil(response.headers["Content-Encoding"])
    }
}
