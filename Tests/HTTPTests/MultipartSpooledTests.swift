import XCTest
@testable import HTTP

/// `multipart/form-data` read from a spooled body, a chunk at a time: the same rules as
/// `MultipartForm.parse`, file parts given as where they lie.
final class MultipartSpooledTests: XCTestCase {
    private let type = "multipart/form-data; boundary=XyZ"

    private func body(_ parts: [(name: String, filename: String?, bytes: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            let disposition = part.filename.map { "; filename=\"\($0)\"" } ?? ""
            body += Array("--XyZ\r\nContent-Disposition: form-data; name=\"\(part.name)\"\(disposition)\r\n\r\n".utf8)
            body += part.bytes + Array("\r\n".utf8)
        }
        return body + Array("--XyZ--\r\n".utf8)
    }

    private func parse(_ body: [UInt8], maxParts: Int = 10, maxFieldBytes: Int = 1000)
        throws(MultipartError) -> (fields: FormFields, files: [MultipartForm.SpooledPart]) {
        try MultipartForm.parse(length: Int64(body.count), contentType: type, maxParts: maxParts,
                                maxFieldBytes: maxFieldBytes) { offset, count in
            let start = Int(min(offset, Int64(body.count)))
            return Array(body[start..<min(body.count, start + count)])
        }
    }

    func testFieldsAndWhereTheFilesLieAcrossChunks() throws {
        // A file bigger than a chunk, so that delimiters fall across chunk edges somewhere.
        let big = (0..<(MultipartForm.scanChunkBytes * 2 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let bytes = body([("csrf", nil, Array("t0k".utf8)), ("file", "a.zip", big), ("mode", nil, Array("merge".utf8)),
                          ("file", "b.csv", Array("x,y".utf8))])
        let parsed = try parse(bytes)
        XCTAssertEqual(parsed.fields["csrf"], "t0k")
        XCTAssertEqual(parsed.fields["mode"], "merge")
        XCTAssertEqual(parsed.files.map(\.filename), ["a.zip", "b.csv"])
        for (file, expected) in zip(parsed.files, [big, Array("x,y".utf8)]) {
            XCTAssertEqual(Array(bytes[Int(file.offset)..<Int(file.offset + file.length)]), expected)
        }
        // The same as the in-memory parser.
        let memory = try MultipartForm.parse(body: bytes, contentType: type, maxParts: 10)
        XCTAssertEqual(memory.files("file").map(\.body), [big, Array("x,y".utf8)])
    }

    func testEveryDelimiterPositionAcrossAChunkEdgeIsFound() throws {
        for shift in 0..<12 {
            let padding = [UInt8](repeating: 0x41, count: MultipartForm.scanChunkBytes - 60 + shift)
            let bytes = body([("file", "f", padding), ("csrf", nil, Array("x".utf8))])
            let parsed = try parse(bytes)
            XCTAssertEqual(parsed.files.first?.length, Int64(padding.count), "shift \(shift)")
            XCTAssertEqual(parsed.fields["csrf"], "x", "shift \(shift)")
        }
    }

    func testRefusals() {
        func refusal(_ bytes: [UInt8], maxParts: Int = 10, maxFieldBytes: Int = 1000) -> MultipartError? {
            do { _ = try parse(bytes, maxParts: maxParts, maxFieldBytes: maxFieldBytes); return nil } catch { return error }
        }
        let good = body([("a", nil, Array("1".utf8)), ("b", nil, Array("2".utf8))])
        XCTAssertEqual(refusal(Array(good.dropLast(9))), .missingClosingDelimiter)
        XCTAssertEqual(refusal(Array("junk".utf8) + good), .missingOpeningDelimiter)
        XCTAssertEqual(refusal(good + Array("more".utf8)), .dataAfterClosingDelimiter)
        XCTAssertEqual(refusal(good, maxParts: 1), .tooManyParts(max: 1))
        XCTAssertEqual(refusal(body([("a", nil, [UInt8](repeating: 65, count: 1001))])), .fieldsTooLarge(max: 1000))
        XCTAssertEqual(refusal(body([("a", nil, [0xFF])])), .invalidUTF8(part: "a"))
        XCTAssertEqual(refusal(Array("--XyZ\r\nNo-Colon\r\n\r\nx\r\n--XyZ--".utf8)), .malformedHeaders(part: 0))
    }
}
