import Foundation
import HTTP
import XCTest

/// The steps many page tests share, each through the app's own forms and pages
/// (never its Swift types), so the tests read like a member using Dawn.
extension PageHarness {
    static let password = "correct horse battery"

    /// `setUp` and then a signed-in page, so the next `post` carries the session's token.
    @discardableResult
    func signedUp(username: String = "mum", timeZone: String = "Europe/Rome") -> PageHarness {
        setUp(username: username, timeZone: timeZone)
        XCTAssertEqual(get("/account").status, .ok)
        return self
    }

    /// Chooses the row of 33 days in settings (the day page opens on the grid, seed 001), for
    /// a test about the row or its header ("N Days Streak • N Active days • N Entries");
    /// `timeZone` is the member's, which the settings form sends again.
    @discardableResult
    func choosingRow(timeZone: String = "Europe/Rome") -> PageHarness {
        _ = get("/settings")
        let page = post("/settings", [("language", "en"), ("time_zone", timeZone), ("first_weekday", "monday"),
                                      ("day_start_hour", "0"), ("view", "row"), ("theme", "system")])
        XCTAssertEqual(page.status, .seeOther, page.text)
        return self
    }

    /// Signs in through `/login` as a new browser would; then a signed-in page for the token.
    @discardableResult
    func signIn(_ username: String, password: String = PageHarness.password) -> Page {
        forgetCookies()
        _ = get("/login")
        let page = post("/login", [("username", username), ("password", password)])
        XCTAssertEqual(page.status, .seeOther, page.text)
        XCTAssertEqual(get("/account").status, .ok)
        return page
    }

    /// Adds a member through `/family` (the admin must be signed in); a child account when `child`.
    func addMember(_ username: String, displayName: String, child: Bool = false) {
        _ = get("/family")
        let page = post("/family/members", [("username", username), ("display_name", displayName),
                                             ("password", Self.password), ("password_again", Self.password)]
                                            + (child ? [("child", "1")] : []))
        XCTAssertEqual(page.status, .seeOther, page.text)
    }

    /// Adds a habit through its form and returns its id, read back from the day page.
    @discardableResult
    func addHabit(_ name: String, emoji: String = "🏃", color: String = "#FF6B6B", duration: String = "30") -> Int {
        _ = get("/habits/new")
        let page = post("/habits", [("name", name), ("emoji", emoji), ("color", color), ("duration", duration)])
        XCTAssertEqual(page.status, .seeOther, page.text)
        let day = get("/")
        let pattern = #"class="habit-pill habit-(\d+)" href="[^"]*" aria-label="Log "#
            + NSRegularExpression.escapedPattern(for: Self.html(name)) + " on this day\""
        guard let id = Self.firstMatch(pattern, in: day.text).flatMap({ Int($0) }) else {
            XCTFail("habit \(name) is not on the day page")
            return 0
        }
        return id
    }

    /// Logs habit `id` on `day` through the log form; returns the log's id from the day page.
    @discardableResult
    func log(_ id: Int, on day: String, start: String, duration: Int, note: String = "") -> Int {
        let page = post("/day/\(day)/instances", [("habit", String(id)), ("start", start),
                                                  ("duration", String(duration)), ("note", note)])
        XCTAssertEqual(page.status, .seeOther, page.text)
        return instanceIDs(on: day).max() ?? 0
    }

    /// The ids of the logs the day page links to.
    func instanceIDs(on day: String) -> [Int] {
        Self.allMatches(#"href="/day/"# + day + #"/instances/(\d+)""#, in: get("/day/\(day)").text).compactMap { Int($0) }
    }

    /// A `multipart/form-data` POST with the last page's CSRF token as a text part.
    func postMultipart(_ target: String, fields: [(String, String)],
                       files: [(field: String, filename: String, type: String, body: String)]) -> Page {
        postMultipart(target, fields: fields, binaryFiles: files.map { ($0.field, $0.filename, $0.type, Array($0.body.utf8)) })
    }

    /// The same with files of any bytes (pictures).
    func postMultipart(_ target: String, fields: [(String, String)],
                       binaryFiles files: [(field: String, filename: String, type: String, body: [UInt8])]) -> Page {
        let boundary = "dawn-test-boundary-7d1f"
        var all = fields
        if !all.contains(where: { $0.0 == "csrf" }), let csrf { all.append(("csrf", csrf)) }
        var body: [UInt8] = []
        for (name, value) in all {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\n"
                + "Content-Type: \(file.type)\r\n\r\n").utf8)
            body += file.body
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return request(.POST, target, headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body)
    }

    /// `text` as templates print it: `& < > " '` escaped.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&#34;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// The error page's message (`<p>` after the status heading).
    static func errorMessage(_ page: Page) -> String? {
        firstMatch(#"<section class="card error">\s*<h1>.*?</h1>\s*<p>(.*?)</p>"#, in: page.text)
    }
}

extension PageHarness.Page {
    /// Every `Set-Cookie` naming `name`.
    func setCookie(_ name: String) -> String? {
        headers.values(for: "Set-Cookie").first { $0.hasPrefix(name + "=") }
    }

    /// The page's notice (`role="status"`), if any.
    var notice: String? {
        PageHarness.firstMatch(#"<p class="notice(?: toast)?(?: check-toast)?" role="status">(.*?)</p>"#, in: text)
    }
}

extension PageHarness {
    /// A `multipart/form-data` POST as the server hands over a spooled upload: the body in a
    /// file of the data folder's `uploads` (`HTTPRequest.spooledBody`), none in memory.
    /// `padding` zero bytes are added to the last file part, written as a hole.
    func postSpooled(_ target: String, fields: [(String, String)],
                     files: [(field: String, filename: String, body: [UInt8])], padding: Int = 0) throws -> Page {
        let boundary = "dawn-test-boundary-7d1f"
        var all = fields
        if !all.contains(where: { $0.0 == "csrf" }), let csrf { all.append(("csrf", csrf)) }
        var head: [UInt8] = []
        for (name, value) in all {
            head += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for (i, file) in files.enumerated() {
            head += Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
            head += file.body
            if i < files.count - 1 { head += Array("\r\n".utf8) }
        }
        let tail = Array("\r\n--\(boundary)--\r\n".utf8)
        let path = app.uploadsFolder + "/upload-test\(UInt64.random(in: 0...UInt64.max))"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(head)))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: UInt64(head.count + padding))
        try handle.write(contentsOf: Data(tail))
        try handle.close()
        let length = Int64(head.count + padding + tail.count)
        return request(.POST, target, headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")],
                       spooled: SpooledBody(path: path, length: length))
    }
}
