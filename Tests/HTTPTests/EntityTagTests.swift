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
