import XCTest
@testable import HTTP

/// A small deterministic generator (SplitMix64) so random splits are reproducible.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What feeding a byte stream to a parser produced, as a server would see it.
struct FeedResult {
    var requests: [HTTPRequest] = []
    var consumed: [Int] = []
    var error: HTTPParseError?
    /// Bytes still unconsumed at the end.
    var leftover = 0
    var parser: RequestParser
}

enum Feeder {
    /// Feeds `input` in pieces of the given sizes (the last piece takes the rest), like a
    /// server: append to a buffer, parse, drop `consumed` after each request.
    static func feed(_ input: [UInt8], pieces: [Int], limits: HTTPLimits = .production) -> FeedResult {
        var result = FeedResult(parser: RequestParser(limits: limits))
        var buffer: [UInt8] = []
        var offset = 0
        var pieceIndex = 0
        while offset < input.count {
            let size = pieceIndex < pieces.count ? pieces[pieceIndex] : input.count - offset
            pieceIndex += 1
            let end = min(input.count, offset + max(size, 1))
            buffer.append(contentsOf: input[offset..<end])
            offset = end
            parsing: while true {
                switch result.parser.parse(buffer[...]) {
                case .needMore:
                    break parsing
                case let .request(request, consumed):
                    result.requests.append(request)
                    result.consumed.append(consumed)
                    buffer.removeFirst(consumed)
                    if buffer.isEmpty { break parsing }
                case .spool:
                    result.error = .lengthRequired
                    return result
                case let .error(error):
                    result.error = error
                    result.leftover = buffer.count
                    return result
                }
            }
        }
        result.leftover = buffer.count
        return result
    }

    static func whole(_ input: [UInt8], limits: HTTPLimits = .production) -> FeedResult {
        feed(input, pieces: [input.count], limits: limits)
    }

    static func byteByByte(_ input: [UInt8], limits: HTTPLimits = .production) -> FeedResult {
        feed(input, pieces: Array(repeating: 1, count: input.count), limits: limits)
    }

    static func randomSplits(_ input: [UInt8], using rng: inout SeededRandom, limits: HTTPLimits = .production) -> FeedResult {
        var pieces: [Int] = []
        var total = 0
        while total < input.count {
            // Mostly small pieces, sometimes large ones, so splits land everywhere.
            let size = Bool.random(using: &rng) ? Int.random(in: 1...8, using: &rng) : Int.random(in: 1...max(1, input.count / 2), using: &rng)
            pieces.append(size)
            total += size
        }
        return feed(input, pieces: pieces, limits: limits)
    }
}

func assertSameRequest(_ a: HTTPRequest, _ b: HTTPRequest, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.method, b.method, file: file, line: line)
    XCTAssertEqual(a.target, b.target, file: file, line: line)
    XCTAssertEqual(a.path, b.path, file: file, line: line)
    XCTAssertEqual(a.query, b.query, file: file, line: line)
    XCTAssertEqual(a.version, b.version, file: file, line: line)
    XCTAssertEqual(a.headers.map { "\($0.name): \($0.value)" }, b.headers.map { "\($0.name): \($0.value)" }, file: file, line: line)
    XCTAssertEqual(a.body, b.body, file: file, line: line)
}

/// Parses exactly one complete request, fed whole; fails the test otherwise.
func parseOne(_ raw: String, limits: HTTPLimits = .production, file: StaticString = #filePath, line: UInt = #line) -> HTTPRequest? {
    parseOne(Array(raw.utf8), limits: limits, file: file, line: line)
}

func parseOne(_ raw: [UInt8], limits: HTTPLimits = .production, file: StaticString = #filePath, line: UInt = #line) -> HTTPRequest? {
    var parser = RequestParser(limits: limits)
    switch parser.parse(raw[...]) {
    case let .request(request, consumed):
        XCTAssertEqual(consumed, raw.count, "consumed", file: file, line: line)
        return request
    case .needMore:
        XCTFail("needMore", file: file, line: line)
    case .spool:
        XCTFail("spool", file: file, line: line)
    case let .error(error):
        XCTFail("error \(error)", file: file, line: line)
    }
    return nil
}

/// Asserts that `raw` is rejected with `expected` (and its status code), fed whole and byte by byte.
func assertRejects(_ raw: String, _ expected: HTTPParseError, status: Int, limits: HTTPLimits = .production,
                   file: StaticString = #filePath, line: UInt = #line) {
    assertRejects(Array(raw.utf8), expected, status: status, limits: limits, file: file, line: line)
}

func assertRejects(_ raw: [UInt8], _ expected: HTTPParseError, status: Int, limits: HTTPLimits = .production,
                   file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(expected.status.code, status, "status of \(expected)", file: file, line: line)
    for (how, result) in [("whole", Feeder.whole(raw, limits: limits)), ("byte by byte", Feeder.byteByByte(raw, limits: limits))] {
        XCTAssertEqual(result.error, expected, how, file: file, line: line)
        XCTAssertTrue(result.requests.isEmpty, "\(how): no request before the error", file: file, line: line)
    }
}
