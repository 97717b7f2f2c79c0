import HTTP
import HTTPServer
import Templates

/// Reading offline: the service worker (`Public/sw.js`, served at `/sw.js` so its scope is
/// the whole site), the page it shows for a page never seen on this device (`/offline`),
/// and the header that tells it whose page a response is (`X-Dawn-Member`). The worker keeps
/// only GET 200 pages carrying that header, drops them all when a page comes without it
/// (signed out) or with another member's, and marks what it shows offline as read-only.
enum OfflinePage {
    /// The header naming the signed-in member on every page of theirs: the service worker
    /// keeps a page only with it, and only for the member who was last signed in.
    static let memberHeader = "X-Dawn-Member"

    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/offline", .open { app, page in
            var response = app.render(OfflineView(title: app.t("offline.title", page)), for: page)
            response.headers.add("Cache-Control", "no-cache")
            return response
        })
        // A worker's script is checked for updates at every navigation (at most daily by
        // the browser's own rule); `no-cache` with its ETag makes that a 304.
        router.add(.GET, "/sw.js", .open { app, page in
            app.staticFiles.unhashedResponse(for: "sw.js", request: page.http, cacheControl: "no-cache")
        })
    }

    /// What the header says on a page seen signed out (sign-in, setup): the worker drops
    /// every page it kept. A response without the header (a file, an address no route
    /// knows) changes nothing.
    static let signedOut = "-"

    /// Names the member on the HTML pages of a route (the only responses the worker keeps),
    /// or says nobody is signed in.
    static func markMember(_ response: inout HTTPResponse, _ page: PageRequest) {
        guard response.headers["Content-Type"]?.hasPrefix("text/html") == true else { return }
        response.headers.add(memberHeader, page.signedIn.map { String($0.member.id.rawValue) } ?? signedOut)
    }
}
