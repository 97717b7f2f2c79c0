import JSON
import XCTest

/// The parser: what RFC 8259 allows, exactly, and a clear error for everything else.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String, _ limits: JSONParser.Limits = JSONParser.Limits()) throws -> JSONValue {
        try JSONParser.parse(text, limits: limits)
    }

    private func refusal(_ text: String, _ limits: JSONParser.Limits = JSONParser.Limits(),
                         file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let value = try JSONParser.parse(text, limits: limits)
            XCTFail("accepted \(text) as \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testValues() throws {
        XCTAssertEqual(try parse(" null "), .null)
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse("\tfalse\r\n"), .bool(false))
        XCTAssertEqual(try parse(#""a""#), .string("a"))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object(JSONObject()))
        XCTAssertEqual(try parse(#"[1, "x", [null], {"a": {}}]"#),
                       .array([.integer(1), .string("x"), .array([.null]), .object(["a": .object(JSONObject())])]))
    }

    func testObjectsKeepTheirOrderAndTheFirstOfARepeatedKey() throws {
        guard case .object(let object) = try parse(#"{"b": 1, "a": 2, "b": 3}"#) else { return XCTFail() }
        XCTAssertEqual(object.members.map(\.key), ["b", "a", "b"])
        XCTAssertEqual(object["b"], .integer(1))
        XCTAssertEqual(object["a"], .integer(2))
        XCTAssertNil(object["c"])
    }

    func testNumbers() throws {
        XCTAssertEqual(try parse("0"), .integer(0))
        XCTAssertEqual(try parse("-12"), .integer(-12))
        XCTAssertEqual(try parse("9223372036854775807"), .integer(Int64.max))
        XCTAssertEqual(try parse("-9223372036854775808"), .integer(Int64.min))
        // Past Int64: a Double.
        XCTAssertEqual(try parse("9223372036854775808"), .double(9223372036854775808))
        XCTAssertEqual(try parse("1.5"), .double(1.5))
        XCTAssertEqual(try parse("-0.25"), .double(-0.25))
        XCTAssertEqual(try parse("1e3"), .double(1000))
        XCTAssertEqual(try parse("1E+3"), .double(1000))
        XCTAssertEqual(try parse("25e-2"), .double(0.25))
        XCTAssertEqual(try parse("1.0"), .double(1))
        // -0 keeps its sign, as a Double.
        guard case .double(let zero) = try parse("-0") else { return XCTFail() }
        XCTAssertEqual(zero, 0)
        XCTAssertEqual(zero.sign, .minus)
        XCTAssertEqual(try parse("0.1"), .double(0.1))
    }

    func testRefusedNumbers() {
        for (text, message) in [("01", "leading zero"), ("-01", "leading zero"), ("-", "minus sign without digits"),
                                ("1.", "decimal point without digits"), (".5", "unexpected character '.'"),
                                ("1e", "exponent without digits"), ("1e+", "exponent without digits"),
                                ("+1", "unexpected character '+'"), ("1e400", "out of range"), ("NaN", "unexpected character 'N'"),
                                ("Infinity", "unexpected character 'I'"), ("0x10", "unexpected text after the value")] {
            XCTAssertTrue(refusal(text)?.message.contains(message) ?? false, "\(text): \(String(describing: refusal(text)))")
        }
    }

    func testEveryEscape() throws {
        XCTAssertEqual(try parse(#""\" \\ \/ \b \f \n \r \t""#), .string("\" \\ / \u{08} \u{0C} \n \r \t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u00E9\u20AC\u0000""#), .string("Aéé€\u{0}"))
    }

    func testSurrogatePairs() throws {
        XCTAssertEqual(try parse(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(try parse(#""\ud834\udd1e!""#), .string("𝄞!"))
        XCTAssertEqual(try parse(#""😀""#), .string("😀"))
    }

    func testRefusedStrings() {
        for (text, message) in [(#""\uD83D""#, "lone high surrogate"), (#""\uD83Dx""#, "lone high surrogate"),
                                (#""\uD83D\u0041""#, "not followed by a low one"), (#""\uDE00""#, "lone low surrogate"),
                                (#""\x""#, "unknown escape \\'x'"), (#""\u12""#, "four hexadecimal digits"),
                                (#""\'""#, "unknown escape"), ("\"a\nb\"", "unescaped control character (byte 0xA)"),
                                ("\"a\tb\"", "unescaped control character (byte 0x9)"), ("\"\u{1}\"", "control character"),
                                (#""abc"#, "ends inside a string"), ("'a'", "unexpected character")] {
            XCTAssertTrue(refusal(text)?.message.contains(message) ?? false, "\(text): \(String(describing: refusal(text)))")
        }
        XCTAssertEqual((try? JSONParser.parse([0x22, 0xC3, 0x28, 0x22])), nil, "invalid UTF-8")
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0x22])) { error in
            XCTAssertTrue("\(error)".contains("not valid UTF-8"), "\(error)")
        }
    }

    func testRefusedStructure() {
        for (text, message) in [("[1,]", "trailing comma"), (#"{"a": 1,}"#, "no comma before '}'"), ("[1 2]", "expected ',' or ']'"),
                                (#"{"a" 1}"#, "expected ':'"), ("{a: 1}", "expected a key in quotes or '}'"), ("", "ends where a value"),
                                ("[", "ends where a value"), ("[1", "ends inside an array"), (#"{"a": 1"#, "ends inside an object"),
                                ("1 2", "unexpected text after the value"), ("tru", "unknown word"), ("nul", "unknown word"),
                                ("[,1]", "unexpected character ','"), ("// c\n1", "unexpected character '/'"),
                                ("\u{FEFF}1", "byte 0xEF")] {
            XCTAssertTrue(refusal(text)?.message.contains(message) ?? false, "\(text): \(String(describing: refusal(text)))")
        }
    }

    func testErrorsNameThePathAndTheByte() {
        let error = refusal(#"{"habits": [{"id": 1}, {"id": 01}]}"#)
        XCTAssertEqual(error?.path, "habits[1].id")
        XCTAssertEqual(error?.offset, 30)
        XCTAssertEqual(error?.description, "invalid JSON at byte 30 (in habits[1].id): a number with a leading zero")
        XCTAssertEqual(refusal("[1,]")?.description, "invalid JSON at byte 3: a trailing comma before ']'")
    }

    func testLimits() throws {
        let limits = JSONParser.Limits(maxDepth: 3, maxBytes: 20)
        XCTAssertEqual(try parse("[[[1]]]", limits), .array([.array([.array([.integer(1)])])]))
        XCTAssertEqual(refusal("[[[[1]]]]", limits)?.message, "nested more than 3 deep")
        XCTAssertEqual(refusal(#"{"a":{"b":{"c":{}}}}"#, limits)?.path, "a.b.c")
        XCTAssertEqual(refusal(String(repeating: " ", count: 20) + "1", limits)?.message, "the document is 21 bytes, more than 20")
        // The default depth stops a deeply nested document without exhausting the stack.
        XCTAssertTrue(refusal(String(repeating: "[", count: 100_000))?.message.contains("nested more than 32 deep") ?? false)
    }
}
