import Foundation
import JSON
import XCTest

/// The writer writes what Foundation's `JSONEncoder` wrote for the same values, byte for byte.
final class JSONWriterTests: XCTestCase {
    private struct Sample: Encodable {
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var numbers: [Double] = [0.1, 1e20, 1e-7, -0.0, 20.0, 1.5e300, 123456789.125, 1e16, 5e-324, 2.5, -3]
        var integers: [Int64] = [0, -1, Int64.max, Int64.min]
        var text = "q\"\\/\u{01}\u{08}\u{0C}\n\r\t\u{1F}\u{7F}é😀\u{2028} </script>"
        var none: Int? = nil
        var nested = [[1, 2], [3]]
        var keys: [String: Int] = ["B": 1, "a": 2, "_x": 3, "aB": 4, "ab": 5, "a10": 6, "a9": 7, "é": 8, "z": 9]
        var yes = true

        private enum CodingKeys: String, CodingKey { case empty, emptyObject, numbers, integers, text, none, nested, keys, yes }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(empty, forKey: .empty)
            try container.encode(emptyObject, forKey: .emptyObject)
            try container.encode(numbers, forKey: .numbers)
            try container.encode(integers, forKey: .integers)
            try container.encode(text, forKey: .text)
            try container.encode(none, forKey: .none)
            try container.encode(nested, forKey: .nested)
            try container.encode(keys, forKey: .keys)
            try container.encode(yes, forKey: .yes)
        }

        var json: JSONValue {
            .object(JSONObject([
                ("empty", .array([])), ("emptyObject", .object(JSONObject())), ("numbers", .array(numbers.map(JSONValue.double))),
                ("integers", .array(integers.map(JSONValue.integer))), ("text", .string(text)), ("none", .null),
                ("nested", .array(nested.map { .array($0.map { .integer(Int64($0)) }) })),
                ("keys", .object(JSONObject(keys.map { ($0.key, JSONValue.integer(Int64($0.value))) }))), ("yes", .bool(true)),
            ]))
        }
    }

    func testMatchesJSONEncoder() throws {
        let options: [(JSONWriter.Options, JSONEncoder.OutputFormatting)] = [
            ([.sortedKeys], [.sortedKeys]),
            ([.prettyPrinted, .sortedKeys], [.prettyPrinted, .sortedKeys]),
            ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]),
            ([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes], [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
        ]
        for (ours, theirs) in options {
            let encoder = JSONEncoder()
            encoder.outputFormatting = theirs
            XCTAssertEqual(JSONWriter.string(Sample().json, options: ours),
                           String(decoding: try encoder.encode(Sample()), as: UTF8.self), "\(theirs)")
        }
    }

    func testCompactAndPretty() {
        let value: JSONValue = .object(JSONObject([("b", .array([.integer(1), .array([])])), ("a", .object(["k": .string("a/b")]))]))
        XCTAssertEqual(JSONWriter.string(value), #"{"b":[1,[]],"a":{"k":"a\/b"}}"#)
        XCTAssertEqual(JSONWriter.string(value, options: [.sortedKeys, .withoutEscapingSlashes]), #"{"a":{"k":"a/b"},"b":[1,[]]}"#)
        XCTAssertEqual(JSONWriter.string(value, options: [.prettyPrinted]), """
            {
              "b" : [
                1,
                [

                ]
              ],
              "a" : {
                "k" : "a\\/b"
              }
            }
            """)
    }

    func testEscapes() {
        XCTAssertEqual(JSONWriter.string(.string("\u{0}\u{1F}\"\\\u{08}\u{0C}\n\r\t/\u{7F}😀")),
                       #""\u0000\u001f\"\\\b\f\n\r\t\/"# + "\u{7F}😀\"")
    }

    func testNumbers() {
        XCTAssertEqual(JSONWriter.string(.array([.integer(Int64.max), .double(3), .double(-0.0), .double(0.5), .double(1e-7),
                                                 .double(.infinity)])),
                       "[9223372036854775807,3,-0,0.5,1e-07,null]")
    }

    func testRoundTrips() throws {
        let documents = [
            #"{"a":[1,-2,3.5,-0,1e+20,"x\"\\\/\n\u0001😀"],"b":{"c":null,"d":true,"e":false},"f":[],"g":{}}"#,
            #"[9223372036854775807,-9223372036854775808,0.1,2.5e-08]"#,
            "\"\u{2028} é\"",
        ]
        for document in documents {
            let value = try JSONParser.parse(document)
            XCTAssertEqual(JSONWriter.string(value), document)
            for options: JSONWriter.Options in [[], [.prettyPrinted], [.sortedKeys, .withoutEscapingSlashes]] {
                XCTAssertEqual(try JSONParser.parse(JSONWriter.bytes(value, options: options)), value)
            }
        }
    }

    func testNodesNameThePath() throws {
        let root = JSONNode(try JSONParser.parse(#"{"habits": [{"id": 1, "name": 2, "n": null, "x": 3.0, "y": 3.5}]}"#))
        let habit = try root.member("habits").elements()[0]
        XCTAssertEqual(try habit.member("id").int64(), 1)
        XCTAssertEqual(try habit.member("x").int(), 3)
        XCTAssertNil(try habit.optionalMember("n"))
        XCTAssertNil(try habit.optionalMember("absent"))
        XCTAssertThrowsError(try habit.member("name").string()) {
            XCTAssertEqual($0 as? JSONDecodingError, JSONDecodingError(path: "habits[0].name", message: "expected a string, found a number"))
        }
        XCTAssertThrowsError(try habit.member("colour")) {
            XCTAssertEqual($0 as? JSONDecodingError, JSONDecodingError(path: "habits[0].colour", message: "missing"))
        }
        XCTAssertThrowsError(try habit.member("n")) { XCTAssertEqual(($0 as? JSONDecodingError)?.path, "habits[0].n") }
        XCTAssertThrowsError(try habit.member("y").int()) {
            XCTAssertEqual("\($0)", "habits[0].y: the number 3.5 is not a whole number in range")
        }
        XCTAssertThrowsError(try root.member("habits").member("id")) {
            XCTAssertEqual("\($0)", "habits: expected an object, found an array")
        }
    }
}
