import XCTest
import HTTP

final class OutputQueueTests: XCTestCase {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    /// Drains the queue as a socket taking at most `take` bytes a call would, through `front`.
    private func drain(_ queue: inout OutputQueue, take: Int) -> [UInt8] {
        var out: [UInt8] = []
        while !queue.isEmpty {
            let sent = queue.withFront { first, second -> Int in
                let firstPart = min(first.count, take)
                out.append(contentsOf: first[..<firstPart])
                let secondPart = min(second.count, take - firstPart)
                out.append(contentsOf: second[..<secondPart])
                return firstPart + secondPart
            }
            XCTAssertGreaterThan(sent, 0, "the front is never empty while bytes are queued")
            queue.consume(sent)
        }
        return out
    }

    func testAResponseLeavesAsTheBytesTheArrayEncoderWrites() {
        for size in [0, 5, OutputQueue.sharedBodyBytes - 1, OutputQueue.sharedBodyBytes, 6_000] {
            let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let response = HTTPResponse(status: .ok, contentType: "text/html", body: body)
            var expected: [UInt8] = []
            ResponseEncoder.encode(response, version: .http1_1, isHead: false, keepAlive: true, date: date, into: &expected)
            for take in [1, 7, 100, 1 << 20] {
                var queue = OutputQueue()
                ResponseEncoder.encode(response, version: .http1_1, isHead: false, keepAlive: true, date: date, into: &queue)
                XCTAssertEqual(queue.count, expected.count)
                XCTAssertEqual(drain(&queue, take: take), expected, "body \(size), \(take) bytes a send")
                XCTAssertEqual(queue.count, 0)
            }
        }
    }

    func testALargeBodyIsItsOwnSegmentAndASmallOneIsCopiedBesideItsHead() {
        var queue = OutputQueue()
        let large = HTTPResponse(status: .ok, contentType: "text/html", body: Array(repeating: 65, count: 6_000))
        ResponseEncoder.encode(large, version: .http1_1, isHead: false, keepAlive: true, date: date, into: &queue)
        XCTAssertEqual(queue.segmentCount, 2, "the head, then the body as it was made")
        let small = HTTPResponse(status: .ok, contentType: "text/plain", body: Array("ok".utf8))
        ResponseEncoder.encode(small, version: .http1_1, isHead: false, keepAlive: true, date: date, into: &queue)
        XCTAssertEqual(queue.segmentCount, 3, "the second head and its small body in one buffer after the large body")
        let head = HTTPResponse(status: .ok, contentType: "text/html", body: Array(repeating: 65, count: 6_000))
        ResponseEncoder.encode(head, version: .http1_1, isHead: true, keepAlive: true, date: date, into: &queue)
        XCTAssertEqual(queue.segmentCount, 3, "a HEAD response's head joins the buffer before it")
    }

    func testPipelinedResponsesKeepTheirOrderThroughPartialSends() {
        var expected: [UInt8] = []
        var queue = OutputQueue()
        for n in 0..<20 {
            let body = Array(repeating: UInt8(n), count: n.isMultiple(of: 3) ? 3_000 + n : n)
            let response = HTTPResponse(status: .ok, contentType: "application/octet-stream", body: body)
            ResponseEncoder.encode(response, version: .http1_1, isHead: false, keepAlive: true, date: date, into: &expected)
            ResponseEncoder.encode(response, version: .http1_1, isHead: false, keepAlive: true, date: date, into: &queue)
            queue.append(contentsOf: [] as [UInt8])
        }
        XCTAssertEqual(drain(&queue, take: 997), expected)
    }

    func testBytesQueuedAfterAPartialSendFollowTheRest() {
        var queue = OutputQueue()
        queue.append(contentsOf: Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        queue.consume(5)
        queue.append(body: Array(repeating: 66, count: 2_000))
        queue.append(contentsOf: Array("tail".utf8))
        let rest = drain(&queue, take: 50)
        XCTAssertEqual(rest, Array("1.1 100 Continue\r\n\r\n".utf8) + Array(repeating: 66, count: 2_000) + Array("tail".utf8))
        // Empty again: the next response starts clean.
        queue.append(contentsOf: Array("next".utf8))
        XCTAssertEqual(drain(&queue, take: 2), Array("next".utf8))
    }
}
