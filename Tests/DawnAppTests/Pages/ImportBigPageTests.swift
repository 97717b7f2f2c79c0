import Accounts
import Foundation
import HTTP
import Store
import XCTest
@testable import DawnApp

/// A spooled upload to `/import` (the server wrote its body to a file): its form is read from
/// the file on a worker, CSRF checked as any form's; the import runs on the import thread and
/// the POST answers with its progress page, which refreshes itself until the notice, says
/// why nothing was imported, and is its own member's only.
final class ImportBigPageTests: XCTestCase {
    private static let export = """
        {"format": "dawn-export", "version": 2, "exportedAt": "2027-03-10T08:00:00",
         "member": {"username": "x", "displayName": "X", "timeZone": "UTC"},
         "habits": [{"id": 1, "name": "Read", "emoji": "📚", "colour": "#5856D6", "defaultDurationMinutes": 30, "createdAt": 1}],
         "instances": [{"habitId": 1, "date": "2027-03-01", "start": null, "durationMinutes": 30, "note": ""}],
         "entries": [{"date": "2027-03-01", "text": "From the file"}], "notes": []}
        """

    private func home() throws -> PageHarness {
        let dawn = try PageHarness(now: PageHarness.instant("2027-03-10T09:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        return dawn
    }

    private func counts(_ dawn: PageHarness) throws -> [Int] {
        let member = try dawn.member()
        return try member.database.read { c in
            try ["habits", "habit_instances", "entries"].map { try c.queryOne("SELECT count(*) FROM \($0)")!.int(0) }
        }
    }

    /// Follows the progress page as a browser does, until it sends on; every page on the way
    /// refreshes itself.
    private func follow(_ dawn: PageHarness, _ path: String) throws -> String {
        for _ in 0..<500 {
            let page = dawn.get(path)
            if page.status == .seeOther { return try XCTUnwrap(page.location) }
            XCTAssertEqual(page.status, .ok)
            XCTAssertEqual(page.headers["Refresh"], "1")
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw XCTSkip("the import did not finish")
    }

    private func uploads(_ dawn: PageHarness) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dawn.app.uploadsFolder)
    }

    func testASpooledImportRunsAsAJobAndEndsWithTheNotice() throws {
        let dawn = try home()
        _ = dawn.get("/account")
        let posted = try dawn.postSpooled("/import", fields: [("mode", "merge")],
                                          files: [("file", "dawn.json", Array(Self.export.utf8))])
        XCTAssertEqual(dawn.lastRan, .workerPool, "a spooled form is read off the event loop")
        XCTAssertEqual(posted.status, .seeOther, posted.text)
        let progress = try XCTUnwrap(posted.location)
        XCTAssertTrue(progress.hasPrefix("/import/progress/"), progress)
        let notice = try follow(dawn, progress)
        XCTAssertTrue(notice.hasPrefix("/account?done=imported&habits=1&logs=1&entries=1"), notice)
        XCTAssertEqual(try counts(dawn), [1, 1, 1])
        // Done and seen: still the notice, for a reload.
        XCTAssertEqual(dawn.get(progress).location, notice)
    }

    func testTheProgressPageRefreshesWithoutScriptAndIsItsMembersOnly() throws {
        let dawn = try home()
        let me = try dawn.member().account.id
        let release = DispatchSemaphore(value: 0)
        let token = try XCTUnwrap(dawn.app.importJobs.start(for: me) { report in
            report(.writing(done: 1200, total: 5000))
            release.wait()
            return .failed(message: "instances[3]: date 2027-02-30 is not a date")
        })
        var page = dawn.get("/import/progress/" + token)
        for _ in 0..<200 where !page.text.contains("1,200") {
            Thread.sleep(forTimeInterval: 0.01)
            page = dawn.get("/import/progress/" + token)
        }
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(page.headers["Refresh"], "1")
        XCTAssertTrue(page.text.contains(#"<meta http-equiv="refresh" content="1">"#))
        XCTAssertTrue(page.text.contains("Writing: 1,200 of 5,000 records"), page.text)
        XCTAssertTrue(page.text.contains(#"<a href="/import/progress/\#(token)?still=1">Stop refreshing</a>"#), page.text)
        // Stopped: the same state, nothing asking again, a link that does.
        let still = dawn.get("/import/progress/" + token + "?still=1")
        XCTAssertEqual(still.status, .ok)
        XCTAssertNil(still.headers["Refresh"])
        XCTAssertFalse(still.text.contains("http-equiv"))
        XCTAssertTrue(still.text.contains("Writing: 1,200 of 5,000 records"))
        XCTAssertTrue(still.text.contains(#"<a href="/import/progress/\#(token)">Check again</a>"#), still.text)
        // Another member, and a token nobody has: 404.
        dawn.addMember("dad", displayName: "Dad")
        let other = try XCTUnwrap(try dawn.app.family.member(username: Username("dad"))).id
        XCTAssertNil(dawn.app.importJobs.state(token, for: other))
        XCTAssertEqual(dawn.get("/import/progress/" + String(repeating: "0", count: 32)).status, .notFound)
        release.signal()
        for _ in 0..<200 where !page.text.contains("instances[3]") {
            Thread.sleep(forTimeInterval: 0.01)
            page = dawn.get("/import/progress/" + token)
        }
        XCTAssertEqual(page.status, .ok)
        XCTAssertTrue(page.text.contains("Nothing was imported"))
        XCTAssertTrue(page.text.contains("instances[3]: date 2027-02-30 is not a date"))
        XCTAssertNil(page.headers["Refresh"], "over: no more asking")
        XCTAssertFalse(page.text.contains("http-equiv"))
    }

    func testARefusedJobNamesTheRecordAndWritesNothing() throws {
        let dawn = try home()
        _ = dawn.get("/account")
        let bad = Self.export.replacingOccurrences(of: #""date": "2027-03-01", "start""#, with: #""date": "2027-02-30", "start""#)
        let posted = try dawn.postSpooled("/import", fields: [("mode", "merge")], files: [("file", "dawn.json", Array(bad.utf8))])
        let progress = try XCTUnwrap(posted.location)
        var page = dawn.get(progress)
        for _ in 0..<500 where !page.text.contains("Nothing was imported") {
            Thread.sleep(forTimeInterval: 0.01)
            page = dawn.get(progress)
        }
        XCTAssertTrue(page.text.contains("instances[0]"), page.text)
        XCTAssertEqual(try counts(dawn), [0, 0, 0])
    }

    func testASpooledFormIsCheckedAsAnyAndABigFileThatIsNoZipIsRefused() throws {
        let dawn = try home()
        _ = dawn.get("/account")
        let forged = try dawn.postSpooled("/import", fields: [("mode", "merge"), ("csrf", "wrong")],
                                          files: [("file", "dawn.json", Array(Self.export.utf8))])
        XCTAssertEqual(forged.status, .forbidden)
        _ = dawn.get("/account")
        // 64 MiB and one byte of a JSON file: only a zip is read from its file.
        let big = try dawn.postSpooled("/import", fields: [("mode", "merge")], files: [("file", "huge.json", Array("{".utf8))],
                                       padding: 64 << 20)
        XCTAssertEqual(big.status, .badRequest)
        XCTAssertTrue(big.text.contains(PageHarness.html("“huge.json” is not a zip and is larger than 64 MB")), big.text)
        XCTAssertEqual(try counts(dawn), [0, 0, 0])
    }
}

/// The import thread takes one import at a time and a few more waiting: past that, a big
/// import is refused at once, saying so, and its upload is not kept.
final class ImportJobsTests: XCTestCase {
    func testPastItsQueueAJobIsRefusedAndTheFormSaysSo() throws {
        let dawn = try PageHarness(now: PageHarness.instant("2027-03-10T09:00:00Z"))
        dawn.signedUp(timeZone: "UTC")
        let me = try dawn.member().account.id
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        var released = false
        // However the test ends, its jobs are let go: the harness's shutdown waits for them.
        defer { if !released { for _ in 0..<9 { release.signal() } } }
        let job: @Sendable (@escaping @Sendable (ImportJobs.State) -> Void) -> ImportJobs.State = { _ in
            started.signal()
            release.wait()
            return .finished(location: "/account")
        }
        // One running (taken by the import thread before the others are queued, however
        // busy the machine is) and eight waiting fill it.
        var tokens = [try XCTUnwrap(dawn.app.importJobs.start(for: me, job))]
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success)
        for _ in 0..<8 {
            tokens.append(try XCTUnwrap(dawn.app.importJobs.start(for: me, job)))
        }
        XCTAssertNil(dawn.app.importJobs.start(for: me) { _ in .finished(location: "/account") })
        _ = dawn.get("/account")
        let refused = try dawn.postSpooled("/import", fields: [("mode", "merge")],
                                           files: [("file", "export.zip", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("Too many imports are waiting. Nothing was imported"), refused.text)
        let imports = dawn.app.data.memberFolder(me) + "/imports"
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: imports)) ?? [], [], "the upload is not kept")
        for _ in tokens { release.signal() }
        released = true
        for token in tokens {
            for _ in 0..<500 where dawn.app.importJobs.state(token, for: me) != .finished(location: "/account") {
                Thread.sleep(forTimeInterval: 0.01)
            }
            XCTAssertEqual(dawn.app.importJobs.state(token, for: me), .finished(location: "/account"))
        }
    }
}
