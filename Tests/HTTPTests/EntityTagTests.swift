import HTTP
import XCTest

final class EntityTagTests: XCTestCase {
    func testFingerprintIsStableAndSeparatesParts() {
        XCTAssertEqual(EntityTag.fingerprint([Array("".utf8)]).count, 16)
        XCTAssertEqual(EntityTag.strong(["a", "b"]), EntityTag.strong(["a", "b"]))
        XCTAssertNotEqual(EntityTag.strong(["ab", "c"]), EntityTag.strong(["a", "bc"]))
        XCTAssertNotEqual(EntityTag.strong(["a"]), EntityTag.strong(["b"]))
        XCTAssertTrue(EntityTag.strong(["x"]).hasPrefix("\"") && EntityTag.strong(["x"]).hasSuffix("\""))
    }

    /// Fed one part at a time, numbers as their digits, the hash is the one of the parts as strings.
    func testPartsFedOneByOneHashAsTheirText() {
        let numbers: [Int64] = [0, 7, 9, 10, 99, 100, 12_345, -1, -10, -987_654, .max, .min]
        var hasher = EntityTag.Fingerprint()
        for n in numbers { hasher.add(n) }
        hasher.add("mum")
        hasher.add("")
        hasher.add(UInt64.max)
        hasher.add(bytes: [UInt8(0x41)])
        XCTAssertEqual(hasher.strongTag,
                       EntityTag.strong(numbers.map(String.init) + ["mum", "", String(UInt64.max), "A"]))
        XCTAssertEqual(hasher.hex.count, 16)
    }

    /// 64-bit FNV-1a over each part and a 0x1f separator, as 16 lowercase hex digits with
    /// leading zeros kept (figures from an independent implementation).
    func testDigitsAreTheFNVHashWithLeadingZeros() {
        var a = EntityTag.Fingerprint()
        a.add("a")
        XCTAssertEqual(a.hex, "089be907b544fdc9")
        XCTAssertEqual(a.strongTag, "\"089be907b544fdc9\"")
        var small = EntityTag.Fingerprint()
        small.add(1390)
        XCTAssertEqual(small.strongTag, "\"00f5b08e94568791\"")
    }

    func testANumberHashesAsItsDecimalText() {
        let numbers: [Int64] = [0, 7, 9, 10, 99, 100, 1390, -1, -10, 1_700_000_000, Int64.max, Int64.min]
        for number in numbers {
            var asNumber = EntityTag.Fingerprint()
            asNumber.add(number)
            var asText = EntityTag.Fingerprint()
            asText.add(String(number))
            XCTAssertEqual(asNumber.hex, asText.hex, "\(number)")
        }
        for number in [UInt64(0), UInt64(Int64.max), UInt64.max] {
            var asNumber = EntityTag.Fingerprint()
            asNumber.add(number)
            var asText = EntityTag.Fingerprint()
            asText.add(String(number))
            XCTAssertEqual(asNumber.hex, asText.hex, "\(number)")
        }
    }

    func testIfNoneMatch() {
        let tag = EntityTag.strong(["page"])
        XCTAssertTrue(EntityTag.matches(tag, tag))
        XCTAssertTrue(EntityTag.matches("\"other\", \(tag)", tag))
        XCTAssertTrue(EntityTag.matches("W/\(tag)", tag))
        XCTAssertTrue(EntityTag.matches("*", tag))
        XCTAssertFalse(EntityTag.matches("\"other\"", tag))
        XCTAssertFalse(EntityTag.matches("", tag))
        XCTAssertFalse(EntityTag.matches(nil, tag))
    }
}
