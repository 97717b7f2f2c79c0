import Glibc
import HTTP
import XCTest
@testable import DawnApp

/// A board summary refreshed after a member's write may fail (the instance's file refusing
/// the update): the write stands and its page answers as ever, and the failure is said on
/// stderr rather than dropped.
final class BoardRefreshTests: XCTestCase {
    /// What `body` writes to file descriptor 2.
    private func standardError(during body: () throws -> Void) throws -> String {
        let path = NSTemporaryDirectory() + "dawn-stderr-\(UInt64.random(in: 0...UInt64.max))"
        defer { unlink(path) }
        let file = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        let saved = dup(2)
        dup2(file, 2)
        defer {
            dup2(saved, 2)
            close(saved)
            close(file)
        }
        try body()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func testABoardSummaryThatCannotBeRefreshedIsSaidOnStandardError() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2026-12-31T12:00:00Z")).signedUp(timeZone: "UTC")
        let settings = [("language", "en"), ("first_weekday", "monday"), ("day_start_hour", "0"), ("view", "row"),
                        ("theme", "system"), ("board", "1"), ("time_zone", "UTC")]
        XCTAssertEqual(dawn.post("/settings", settings).status, .seeOther)
        try dawn.app.data.instance.write {
            try $0.execute("""
                CREATE TRIGGER board_refused BEFORE UPDATE ON board BEGIN SELECT RAISE(ABORT, 'board refused'); END;
                """)
        }
        let said = try standardError {
            XCTAssertEqual(dawn.post("/day/2026-12-31/notes", [("note", "walked")]).status, .seeOther)
        }
        XCTAssertTrue(said.contains("board summary not refreshed"), said)
        XCTAssertTrue(said.contains("board refused"), said)
        XCTAssertTrue(dawn.get("/day/2026-12-31").text.contains("walked"))
    }
}
