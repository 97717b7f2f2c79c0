import XCTest
import HTTP

final class URLEncodedFormTests: XCTestCase {
    func testParsesFields() throws {
        let form = try URLEncodedForm.parse(Array("name=Morning+run&note=caf%C3%A9%20%26%2B&days=mon&days=tue".utf8), maxFields: 256)
        XCTAssertEqual(form.count, 4)
        XCTAssertEqual(form["name"], "Morning run")
        XCTAssertEqual(form["note"], "café &+")
        XCTAssertEqual(form["days"], "mon")
        XCTAssertEqual(form.values("days"), ["mon", "tue"])
        XCTAssertNil(form["missing"])
        XCTAssertEqual(form.values("missing"), [])
        XCTAssertEqual(form.map(\.name), ["name", "note", "days", "days"])
    }

    func testEmptyPiecesAndMissingEquals() throws {
        let form = try URLEncodedForm.parse("&&a=1&&flag&b=&=v&&", maxFields: 10)
        XCTAssertEqual(form.map { "\($0.name)=\($0.value)" }, ["a=1", "flag=", "b=", "=v"])
        XCTAssertEqual(try URLEncodedForm.parse("", maxFields: 10).count, 0)
        XCTAssertEqual(try URLEncodedForm.parse("a==b", maxFields: 10)["a"], "=b")
    }

    func testSubstringEntryPoint() throws {
        let target = "/search?q=a%2Fb+c"
        let query = target[target.index(after: target.firstIndex(of: "?")!)...]
        XCTAssertEqual(try URLEncodedForm.parse(query, maxFields: 10)["q"], "a/b c")
    }

    func testNamesAreCaseSensitive() throws {
        let form = try URLEncodedForm.parse("A=1&a=2", maxFields: 10)
        XCTAssertEqual(form["a"], "2")
    }

    func testInvalidEscapesAreRejected() {
        for (input, reason) in [("a=%", PercentDecodingError.invalidEscape), ("a=%4", .invalidEscape), ("a=%zz", .invalidEscape),
                                ("a=%4g", .invalidEscape), ("%=1", .invalidEscape), ("a=x%", .invalidEscape),
                                ("a=%C3%28", .invalidUTF8), ("a=%C0%AF", .invalidUTF8), ("a=%ED%A0%80", .invalidUTF8),
                                ("a=%F4%90%80%80", .invalidUTF8), ("a=%FF", .invalidUTF8), ("a=%C3", .invalidUTF8),
                                ("a=%00", .containsNUL), ("n%00=1", .containsNUL)] {
            XCTAssertThrowsError(try URLEncodedForm.parse(input, maxFields: 10), input) { error in
                guard case let .invalidEncoding(found, _) = error as? FormError else { return XCTFail("\(error)") }
                XCTAssertEqual(found, reason, input)
            }
        }
    }

    func testRawInvalidUTF8IsRejected() {
        XCTAssertThrowsError(try URLEncodedForm.parse([0x61, 0x3D, 0xC3, 0x28], maxFields: 10))
    }

    func testTooManyFields() throws {
        let fields = (1...257).map { "f\($0)=v" }
        XCTAssertEqual(try URLEncodedForm.parse(fields.dropLast().joined(separator: "&"), maxFields: 256).count, 256)
        XCTAssertThrowsError(try URLEncodedForm.parse(fields.joined(separator: "&"), maxFields: 256)) { error in
            XCTAssertEqual(error as? FormError, .tooManyFields(max: 256))
        }
        // Skipped empty pieces do not count.
        XCTAssertEqual(try URLEncodedForm.parse("a=1&&&&&&b=2", maxFields: 2).count, 2)
    }

    func testErrorMessagesNameTheProblem() {
        do {
            _ = try URLEncodedForm.parse("ok=1&bad=%zz", maxFields: 10)
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.message, "Form field \"bad=%zz\": '%' must be followed by two hex digits")
        }
        XCTAssertEqual(FormError.tooManyFields(max: 3).message, "More than 3 form fields")
    }
}
