import Foundation
import Gzip
@testable import HTTPServer
import XCTest

/// The pool threads' gzip compressors: each response comes out whole and its own, whatever
/// other threads compress at the same time with the compressors they took.
final class PoolCompressorsTests: XCTestCase {
    func testConcurrentResponsesEachDecompressToTheirOwnBody() throws {
        let compressors = PoolCompressors(level: 1)
        let threads = 8, rounds = 200
        let failures = LockedCount()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                // Bodies of different sizes and texts, so a stream shared by mistake would mix them.
                let body = Array(String(repeating: "thread \(thread) round \(round); ", count: 1 + (round * 37 + thread) % 400).utf8)
                let compressed = compressors.compress(body)
                if (try? Gzip.decompress(compressed, maxOutputBytes: 1 << 20)) != body { failures.add() }
            }
        }
        XCTAssertEqual(failures.value, 0)
    }

    func testAReusedCompressorStartsEachResponseAfresh() throws {
        let compressors = PoolCompressors(level: 1)
        let first = compressors.compress(Array(String(repeating: "first body ", count: 500).utf8))
        let second = Array(String(repeating: "second ", count: 300).utf8)
        XCTAssertEqual(try Gzip.decompress(compressors.compress(second), maxOutputBytes: 1 << 20), second)
        XCTAssertEqual(compressors.compress(second), Gzip.compress(second, level: 1), "the same bytes a new stream writes")
        XCTAssertFalse(first.isEmpty)
    }

    func testIdleReleaseFreesTheKeptCompressorsAndTheNextResponseMakesOne() throws {
        let compressors = PoolCompressors(level: 1)
        let body = Array(String(repeating: "a body to gzip ", count: 200).utf8)
        _ = compressors.compress(body)
        XCTAssertEqual(compressors.kept, 1)
        compressors.releaseIdle()
        XCTAssertEqual(compressors.kept, 0, "nothing kept once idle")
        XCTAssertEqual(try Gzip.decompress(compressors.compress(body), maxOutputBytes: 1 << 20), body)
        XCTAssertEqual(compressors.kept, 1)
    }
}

private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
