import HTTP
import HTTPServer
import Store

#if canImport(Glibc)
import Glibc
#endif

/// Routes that exist only when `DAWN_TEST_HOOKS=1`, for the end-to-end tests
/// of the server itself: a slow request (graceful shutdown, worker pool, password
/// pool), a late member database open (removal while a request is in flight), a
/// form echo (strict form decoding through a real socket) and large bodies (made on
/// the event loop, or on the worker pool: where they are compressed).
enum TestHooks {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/_test/sleep", .testHook(slow: true) { _, page in try sleep(page) })
        // The same on the password pool: holds its thread, so a test can fill its queue.
        router.add(.GET, "/_test/sleep-passwords", .testHook(hashesPasswords: true) { _, page in try sleep(page) })
        // A request in flight that reaches a member's database late (after `after_ms`),
        // as one might while that member is being removed.
        router.add(.GET, "/_test/open-member", .testHook(slow: true) { app, page in
            let query = try decodedQuery(page)
            guard let id = Int64(query["id"] ?? "") else { return .text(.badRequest, "id?") }
            usleep(useconds_t(min(Int(query["after_ms"] ?? "") ?? 0, 10_000) * 1000))
            do {
                _ = try app.data.member(MemberID(id))
                return .text(.ok, "opened")
            } catch StoreError.missing {
                return .text(.notFound, "missing")
            }
        })
        // What the reminder scheduler handed to the outbox since start, one per line:
        // member, habit, due instant, title, body (tab-separated).
        router.add(.GET, "/_test/reminders-sent", .testHook { app, _ in
            let received = (app.reminders.outbox as? RecordingReminderOutbox)?.received ?? []
            let lines = received.map { "\($0.member.rawValue)\t\($0.habitID)\t\($0.dueAt)\t\($0.title)\t\($0.body)\n" }
            return .text(.ok, lines.joined())
        })
        router.add(.POST, "/_test/echo", .testHook { _, page in
            let form = page.form
            let lines = form.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
            return .text(.ok, lines)
        })
        router.add(.GET, "/_test/big", .testHook { _, page in
            let query = try decodedQuery(page)
            let count = min(Int(query["bytes"] ?? "") ?? 4096, 4 * 1024 * 1024)
            let line = Array("Dawn keeps a family's days.\n".utf8)
            var body: [UInt8] = []
            while body.count < count { body.append(contentsOf: line) }
            return HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: Array(body.prefix(count)))
        })
        // A large text body made on the worker pool, of words in no order (gzip works at it, as at
        // an export): how a response from a pool is compressed, and where.
        router.add(.GET, "/_test/words", .testHook(slow: true) { _, page in
            let query = try decodedQuery(page)
            let count = min(Int(query["bytes"] ?? "") ?? 4096, words.count)
            return HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: Array(words.prefix(count)))
        })
    }

    /// 8 MiB of words drawn from a fixed alphabet by a seeded generator: the same bytes every run.
    private static let words: [UInt8] = {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let letters = Array("etaoinshrdlucmfwypvbgkjqxz".utf8)
        var body: [UInt8] = []
        body.reserveCapacity(8 << 20)
        while body.count < 8 << 20 {
            let r = next()
            for i in 0..<Int(2 + r % 7) { body.append(letters[Int((r >> (8 + 4 * UInt64(i))) % 26)]) }
            body.append(r >> 60 == 0 ? 0x0A : 0x20)
        }
        return Array(body.prefix(8 << 20))
    }()

    /// Sleeps `?ms=` milliseconds (100 unless given, at most 10 s).
    private static func sleep(_ page: PageRequest) throws -> HTTPResponse {
        let query = try decodedQuery(page)
        let milliseconds = min(Int(query["ms"] ?? "") ?? 100, 10_000)
        usleep(useconds_t(milliseconds * 1000))
        return .text(.ok, "slept \(milliseconds) ms")
    }

    private static func decodedQuery(_ page: PageRequest) throws(PageError) -> FormFields {
        try page.query()
    }
}
