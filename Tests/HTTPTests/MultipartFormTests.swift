import HTTP
import XCTest

final class MultipartFormTests: XCTestCase {
    let type = "multipart/form-data; boundary=XyZ"

    func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testFieldsAndFiles() throws {
        let raw = "--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntok\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\nContent-Type: text/csv\r\n\r\na,b\r\n1,2\r\n"
            + "--XyZ--\r\n"
        let form = try MultipartForm.parse(body: body(raw), contentType: type, maxParts: 10)
        XCTAssertEqual(form.fields["csrf"], "tok")
        XCTAssertNil(form.fields["file"])
        XCTAssertEqual(form.files("file").first?.filename, "a.csv")
        XCTAssertEqual(form.files("file").first?.contentType, "text/csv")
        XCTAssertEqual(form.files("file").first?.body, body("a,b\r\n1,2"))
    }

    func testQuotedBoundaryEmptyValueAndNoTrailingCRLF() throws {
        let raw = "--a b'c\r\ncontent-disposition: form-data; name=\"x\"\r\n\r\n\r\n--a b'c--"
        let form = try MultipartForm.parse(body: body(raw), contentType: "Multipart/Form-Data; boundary=\"a b'c\"", maxParts: 1)
        XCTAssertEqual(form.fields["x"], "")
    }

    func testNonASCIINamesAndBinaryFiles() throws {
        var raw = body("--XyZ\r\nContent-Disposition: form-data; name=\"caf\u{E9}\"; filename=\"\u{1F600}.bin\"\r\n\r\n")
        raw += [0xFF, 0x00, 0x0D, 0x0A, 0x2D]
        raw += body("\r\n--XyZ--")
        let form = try MultipartForm.parse(body: raw, contentType: type, maxParts: 5)
        XCTAssertEqual(form.parts[0].name, "caf\u{E9}")
        XCTAssertEqual(form.parts[0].body, [0xFF, 0x00, 0x0D, 0x0A, 0x2D])
    }

    func assertRefused(_ raw: [UInt8], type contentType: String? = nil, maxParts: Int = 5, _ expected: MultipartError,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try MultipartForm.parse(body: raw, contentType: contentType ?? type, maxParts: maxParts),
                             file: file, line: line) { error in
            XCTAssertEqual(error as? MultipartError, expected, file: file, line: line)
        }
    }

    let good = "Content-Disposition: form-data; name=\"a\"\r\n\r\n1"

    func testBoundaryRefusals() {
        let raw = body("--XyZ\r\n\(good)\r\n--XyZ--")
        assertRefused(raw, type: "application/x-www-form-urlencoded", .notMultipart)
        assertRefused(raw, type: "multipart/form-data", .missingBoundary)
        assertRefused(raw, type: "multipart/form-data; boundary=XyZ; boundary=XyZ", .duplicateBoundary)
        assertRefused(raw, type: "multipart/form-data; boundary=\"\"", .invalidBoundary)
        assertRefused(raw, type: "multipart/form-data; boundary=" + String(repeating: "a", count: 71), .invalidBoundary)
        assertRefused(raw, type: "multipart/form-data; boundary=\"a;b\"", .invalidBoundary)
        assertRefused(raw, type: "multipart/form-data; boundary=\"XyZ", .malformedParameter)
    }

    func testBodyRefusals() {
        assertRefused(body("preamble\r\n--XyZ\r\n\(good)\r\n--XyZ--"), .missingOpeningDelimiter)
        assertRefused(body("--XyZ\r\n\(good)\r\n"), .missingClosingDelimiter)
        assertRefused(body("--XyZ\r\n\(good)"), .missingClosingDelimiter)
        assertRefused(body("--XyZ\r\n\(good)\r\n--XyZ--\r\nmore"), .dataAfterClosingDelimiter)
        assertRefused(body("--XyZ \r\n\(good)\r\n--XyZ--"), .malformedDelimiter)
        assertRefused(body("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\n\n1\r\n--XyZ--"), .malformedHeaders(part: 0))
        assertRefused(body("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\nX: y\r\n\r\n1\r\n--XyZ--"), .malformedHeaders(part: 0))
        assertRefused(body("--XyZ\r\nContent-Disposition form-data\r\n\r\n1\r\n--XyZ--"), .malformedHeaders(part: 0))
        assertRefused(body("--XyZ\r\n\r\n1\r\n--XyZ--"), .missingDisposition(part: 0))
        assertRefused(body("--XyZ\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\n1\r\n--XyZ--"), .missingDisposition(part: 0))
        assertRefused(body("--XyZ\r\nContent-Disposition: form-data; filename=\"a\"\r\n\r\n1\r\n--XyZ--"), .missingName(part: 0))
        assertRefused(body("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n1\r\n--XyZ--"),
                      .malformedHeaders(part: 0))
        assertRefused(body("--XyZ\r\n\(good)\r\n--XyZ\r\n\(good)\r\n--XyZ--"), maxParts: 1, .tooManyParts(max: 1))
    }

    func testInvalidUTF8() {
        var raw = body("--XyZ\r\nContent-Disposition: form-data; name=\"")
        raw += [0xC3, 0x28]
        raw += body("\"\r\n\r\n1\r\n--XyZ--")
        assertRefused(raw, .invalidUTF8(part: "#1"))
        var value = body("--XyZ\r\n\(good)")
        value += [0xFF]
        value += body("\r\n--XyZ--")
        assertRefused(value, .invalidUTF8(part: "a"))
    }
}
