import Accounts
import HTTP
import HTTPServer

/// The calendar feed's card on `/account/tokens`: "Make a link" (or "Make a new link", which
/// stops the old one at once) answers with the page showing the new address this once
/// (200, `no-store` as all of `/account`); "Turn the feed off" removes it. The feed itself is
/// `CalendarFeedPage`.
extension AccountTokensPage {
    static func addFeed(to router: inout Router<Route>) {
        router.add(.POST, Paths.feed, .member { app, page in
            let token = try app.family.feedTokens.replace(for: try page.member.member.id, now: app.now())
            return try show(app, page, feedURL: absoluteURL(Paths.calendarFeed(token), page))
        })
        router.add(.POST, Paths.feedRemove, .member { app, page in
            _ = try app.family.feedTokens.remove(for: try page.member.member.id)
            return .redirect(to: Paths.done(url, "feed_removed"))
        })
    }

    /// `path` on this server as the browser reached it (its Host, https behind a trusted proxy
    /// that says so), for pasting into a calendar app; the path alone when the Host header is
    /// not a plain host name or address.
    static func absoluteURL(_ path: String, _ page: PageRequest) -> String {
        guard let host = page.http.headers["Host"], !host.isEmpty, host.utf8.count <= 255,
              host.utf8.allSatisfy({ byte in
                  switch byte {
                  case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                       UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"),
                       UInt8(ascii: "["), UInt8(ascii: "]"): true
                  default: false
                  }
              }) else { return path }
        return (page.isSecure ? "https://" : "http://") + host + path
    }
}
