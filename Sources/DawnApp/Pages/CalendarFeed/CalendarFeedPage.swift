import Accounts
import Domain
import HTTP
import HTTPServer
import MemberData
import Store
import TimeZones

/// `GET /ical/{token}.ics`: a member's habits as an iCalendar feed (RFC 5545) that calendar
/// apps subscribe to without signing in. The token is the member's feed link (`FeedTokens`,
/// made and replaced on `/account/tokens`), checked with one SHA-256 and one lookup in
/// memory; anything else is a plain 404 that says nothing about why. What it holds is
/// `Model` (habits only, never the journal), worded by `ics`. On the worker pool, at most
/// `FeedTokens.requestsPerMinute` a minute per link; an unchanged feed is a 304 without
/// being computed (its ETag covers the member's data revision and today).
enum CalendarFeedPage {
    static let contentType = "text/calendar; charset=utf-8"
    /// A calendar app may keep the feed five minutes; only the member's own app has the link.
    static let cacheControl = "private, max-age=300"
    /// Bumped when the feed's wording or shape changes, so an old ETag never matches it.
    static let format = 1

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/ical/{file}", Route.open(slow: true) { app, page in try feed(app, page) })
    }

    private static func feed(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let file = try page.parameter("file")
        guard file.hasSuffix(".ics"), let id = try app.family.feedTokens.member(forToken: String(file.dropLast(4))) else {
            return plain(.notFound, "Not found\n")
        }
        if let wait = app.feedRateLimit.admit(id.rawValue, now: app.now()) {
            var response = plain(.tooManyRequests, "Too many requests\n")
            response.headers.add("Retry-After", String(wait))
            return response
        }
        // A member removed since their link was checked: as unknown as any other address.
        guard let member = try app.family.recentMember(id), let database = try memberDatabase(app, id) else {
            return plain(.notFound, "Not found\n")
        }
        let settings = try app.memberSettings(id, database)
        let clock = try MemberClock(timeZone: member.timeZone, dayStartHour: settings.dayStartHour, zones: app.timeZones)
        let now = app.now()
        let today = clock.today(at: now)
        // Weak: two answers under one tag differ only in DTSTAMP, the time each was made.
        var tag = EntityTag.Fingerprint()
        tag.add(format)
        tag.add(id.rawValue)
        tag.add(app.caches.members.epoch)
        tag.add(app.caches.members.revision(id))
        tag.add(today.daysSince1970)
        tag.add(settings.language.rawValue)
        tag.add(settings.firstWeekday == .sunday ? 0 : 1)
        tag.add(member.displayName)
        let etag = "W/" + tag.strongTag
        let headers: HTTPHeaders = ["ETag": etag, "Cache-Control": cacheControl]
        if EntityTag.matches(page.http.headers["If-None-Match"], etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let model = try Model(database: database, today: today, firstWeekday: settings.firstWeekday)
        var response = HTTPResponse(status: .ok, headers: headers, body: ics(model, app, language: settings.language,
                                                                                displayName: member.displayName, now: now))
        response.headers.add("Content-Type", contentType)
        return response
    }

    /// The member's database, or nil when their files are gone with them.
    private static func memberDatabase(_ app: Dawn, _ id: MemberID) throws -> Database? {
        do {
            return try app.data.member(id)
        } catch StoreError.missing {
            return nil
        }
    }

    /// A short text answer: a calendar app shows none of it, and it names nothing.
    private static func plain(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        var response = HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}
