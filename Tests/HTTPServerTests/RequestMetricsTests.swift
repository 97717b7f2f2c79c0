@testable import HTTPServer
import XCTest

final class RequestMetricsTests: XCTestCase {
    func testEachResponseLandsInTheFirstBucketItFits() {
        var metrics = RequestMetrics()
        metrics.record(status: 200, microseconds: 0)
        metrics.record(status: 200, microseconds: 100)      // on a bound: that bucket
        metrics.record(status: 200, microseconds: 101)
        metrics.record(status: 200, microseconds: 10_000_001)  // above every bound
        XCTAssertEqual(metrics.buckets[0], 2)
        XCTAssertEqual(metrics.buckets[1], 1)
        XCTAssertEqual(metrics.buckets.last, 1)
        XCTAssertEqual(metrics.buckets.reduce(0, +), 4)
        XCTAssertEqual(metrics.timedCount, 4)
        XCTAssertEqual(metrics.totalMicroseconds, 10_000_202)
    }

    func testStatusClassesAndStatusesOutsideThem() {
        var metrics = RequestMetrics()
        for status in [100, 204, 303, 304, 404, 408, 500, 503] { metrics.record(status: status, microseconds: 5) }
        metrics.count(status: 408)
        metrics.count(status: 99)
        metrics.count(status: 600)
        XCTAssertEqual(metrics.byStatusClass, [1, 1, 2, 3, 2])
        XCTAssertEqual(metrics.timedCount, 8, "a counted-only response is not timed")
    }

    func testTalliesOfEveryLoopAddUp() {
        let server = ServerMetrics()
        let a = server.makeTally()
        let b = server.makeTally()
        a.record(status: 200, microseconds: 300)
        b.record(status: 500, microseconds: 3_000)
        b.count(status: 408)
        let total = server.requests
        XCTAssertEqual(total.byStatusClass, [0, 1, 0, 1, 1])
        XCTAssertEqual(total.timedCount, 2)
        XCTAssertEqual(total.totalMicroseconds, 3_300)
        XCTAssertEqual(total.buckets[2], 1)  // ≤ 500 µs
        XCTAssertEqual(total.buckets[5], 1)  // ≤ 5 ms
    }

    func testProcessFiguresAreRead() {
        let server = ServerMetrics()
        XCTAssertGreaterThan(server.residentBytes, 1 << 20)
        XCTAssertGreaterThanOrEqual(server.openDescriptors, 3)
    }
}

final class HealthProbeTests: XCTestCase {
    func testStatusLine() {
        XCTAssertEqual(HealthProbe.statusCode(Array("HTTP/1.1 200 OK\r\n\r\n".utf8)), 200)
        XCTAssertEqual(HealthProbe.statusCode(Array("HTTP/1.1 503 Service Unavailable\r\n".utf8)), 503)
        XCTAssertNil(HealthProbe.statusCode(Array("HTTP/1.1 20".utf8)))
        XCTAssertNil(HealthProbe.statusCode(Array("HTTP/1.0 200 OK\r\n".utf8)))
        XCTAssertNil(HealthProbe.statusCode(Array("HTTP/1.1 2x0 OK\r\n".utf8)))
        XCTAssertNil(HealthProbe.statusCode([]))
    }

    func testWildcardAddressesAreAskedThroughLoopback() {
        XCTAssertEqual(HealthProbe.target(host: "0.0.0.0"), "127.0.0.1")
        XCTAssertEqual(HealthProbe.target(host: "::"), "::1")
        XCTAssertEqual(HealthProbe.target(host: "192.168.1.5"), "192.168.1.5")
    }
}
