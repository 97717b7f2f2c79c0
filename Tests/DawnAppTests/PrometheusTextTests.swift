@testable import DawnApp
import XCTest

final class PrometheusTextTests: XCTestCase {
    func testFamiliesAndSamples() {
        var text = PrometheusText()
        text.family("dawn_members", .gauge, "Family members with an account.")
        text.sample("dawn_members", [:], 3)
        text.sample("dawn_database_size_bytes", ["database": "member-2"], 4096)
        XCTAssertEqual(text.text, """
            # HELP dawn_members Family members with an account.
            # TYPE dawn_members gauge
            dawn_members 3
            dawn_database_size_bytes{database="member-2"} 4096

            """)
    }

    func testLabelValuesEscapeOnlyWhatTheFormatNames() {
        XCTAssertEqual(PrometheusText.escape(#"a\b"c"# + "\nd é"), #"a\\b\"c\nd é"#)
    }

    func testSecondsAreExactDecimals() {
        XCTAssertEqual(PrometheusText.seconds(microseconds: 0), "0")
        XCTAssertEqual(PrometheusText.seconds(microseconds: 100), "0.0001")
        XCTAssertEqual(PrometheusText.seconds(microseconds: 1_500), "0.0015")
        XCTAssertEqual(PrometheusText.seconds(microseconds: 2_500_000), "2.5")
        XCTAssertEqual(PrometheusText.seconds(microseconds: 10_000_000), "10")
        XCTAssertEqual(PrometheusText.seconds(microseconds: 12_000_345), "12.000345")
    }

    func testLoopbackAddresses() {
        for host in ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"] { XCTAssertTrue(MetricsPage.isLoopback(host), host) }
        for host in ["10.0.0.1", "::2", "1270.0.0.1", "::ffff:10.0.0.1", ""] { XCTAssertFalse(MetricsPage.isLoopback(host), host) }
    }
}
