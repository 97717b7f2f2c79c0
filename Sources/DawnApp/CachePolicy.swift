import HTTP

/// What a browser may keep of a response, decided here for every page of a route: on a
/// shared family computer, Back and the HTTP cache must not show one member's journal or
/// settings to the next person after a sign-out.
enum CachePolicy {
    static let header = "Cache-Control"
    /// A member's page: kept only by their own browser, and checked with the server before
    /// each use, so a signed-out browser gets the sign-in redirect instead of the copy. The
    /// day page's ETag keeps that check a 304.
    static let memberPage = "private, no-cache"
    /// Secrets (tokens, codes, notification targets) and journal search results: never
    /// written to the browser's disk, and never offered by Back from its cache.
    static let secretPage = "no-store"
    /// On the answers that end a session (`POST /logout`, signing out everywhere, the sign-in
    /// redirect of a session cookie that names no session any more): the
    /// browser drops its cached copies of our pages and its storage for this site (the
    /// service worker's offline pages and the worker itself). Cookies are not named: the
    /// device cookie outlives a sign-out on purpose (`DeviceCookie`).
    static let clearSiteDataHeader = "Clear-Site-Data"
    static let clearSiteData = #""cache", "storage""#

    /// The first path segments of the pages that hold secrets or search results: `/search`,
    /// `/settings` (the ntfy topic, the email for reminders, the pages' PIN forms), `/account`
    /// (and `/import`, which answers with the account page), `/notifications`.
    static let secretSections: Set<String> = ["search", "settings", "account", "import", "notifications"]

    /// Gives a response of a route its `Cache-Control` when its handler set none: `no-store`
    /// on the sections above, `private, no-cache` on anything made for a signed-in member or
    /// an enrolled kitchen screen; signed-out pages keep what they set. A guardian's view of
    /// a child is always `no-store`: none of it stays on the guardian's device, offline
    /// copy included. The constants are added as they are: nothing is built per request.
    static func apply(to response: inout HTTPResponse, _ page: PageRequest) {
        if page.ward != nil {
            response.headers.set(header, secretPage)
            return
        }
        guard page.signedIn != nil || page.screen != nil, !response.headers.contains(header) else { return }
        let secret = page.segments.first.map(secretSections.contains) ?? false
        response.headers.add(header, secret ? secretPage : memberPage)
    }

    /// The redirect to the sign-in page that ends a session in this browser.
    static func signedOut(secure: Bool) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: Paths.signIn)
        endSession(&response, secure: secure)
        return response
    }

    /// Ends the session in the browser `response` goes to: the session cookie cleared and
    /// `Clear-Site-Data` sent.
    static func endSession(_ response: inout HTTPResponse, secure: Bool) {
        response.headers.add("Set-Cookie", SessionCookie.clear(secure: secure))
        response.headers.add(clearSiteDataHeader, clearSiteData)
    }
}
