import XCTest
@testable import HTTP

/// Inputs that Tests/fuzz found to break a property, kept exactly as found (the fuzz
/// target's own prefix bytes removed), so the bug stays fixed.
final class FuzzFindingsTests: XCTestCase {
    private func bytes(hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var digits = hex.utf8.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            out.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)!)
        }
        return out
    }

    /// The fuzz target's small limits.
    private var smallLimits: HTTPLimits {
        var limits = HTTPLimits()
        limits.maxRequestLineBytes = 64
        limits.maxHeaderBytes = 256
        limits.maxHeaderFields = 6
        limits.maxBodyBytes = 300
        limits.maxChunkLineBytes = 24
        return limits
    }

    /// A request line over the limit that ends in a bare LF was 400 (bare LF) when it arrived
    /// whole but 414 when it arrived in pieces (the length is checked before the LF comes).
    /// The answer must not depend on how TCP splits the bytes: 414 both ways.
    func testLongRequestLineEndingInBareLineFeedIs414HoweverItArrives() {
        let stream = bytes(hex: String(repeating: "00", count: 85)
            + "102080474554202f20686e74702f312e31050a486f73743a20" + String(repeating: "ff", count: 119) + "610d0a0d0a")
        XCTAssertEqual(stream.count, 234)
        let whole = Feeder.whole(stream, limits: smallLimits)
        let pieces = Feeder.feed(stream, pieces: [49, 1, 2, 3, 5, 9, 1, 1], limits: smallLimits)
        XCTAssertEqual(whole.error, .requestLineTooLong)
        XCTAssertEqual(pieces.error, .requestLineTooLong)
        assertRejects(stream, .requestLineTooLong, status: 414, limits: smallLimits)
    }
}
