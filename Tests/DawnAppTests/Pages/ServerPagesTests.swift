import HTTP
import XCTest

/// What every instance answers besides its pages, in process: `/healthz`, fingerprinted
/// `/static/…` files, `/metrics` when enabled, and the 400/404/405 pages.
final class ServerPagesTests: XCTestCase {
    private let now = PageHarness.instant("2026-11-01T06:30:00Z")  // 01:30 EDT, the first of New York's two

    func testHealthzAnswersBeforeAndAfterSetup() throws {
        let dawn = try PageHarness(now: now)
        func check(_ health: PageHarness.Page) {
            XCTAssertEqual(health.status, .ok)
            XCTAssertEqual(health.text, "ok\n")
            XCTAssertEqual(health.headers["Content-Type"], "text/plain; charset=utf-8")
            XCTAssertEqual(health.headers["Cache-Control"], "no-store")
            XCTAssertEqual(health.headers["X-Content-Type-Options"], "nosniff")
            XCTAssertNil(health.setCookie("dawn_session"))
        }
        check(dawn.get("/healthz"))
        dawn.signedUp(timeZone: "America/New_York")
        check(dawn.get("/healthz"))
        let post = dawn.post("/healthz", [])
        XCTAssertEqual(post.status, .methodNotAllowed)
        XCTAssertEqual(post.headers["Allow"], "GET, HEAD")
    }

    func testStaticFilesAreFingerprintedAndImmutable() throws {
        let dawn = try PageHarness(now: now)
        let setup = dawn.get("/setup").text  // static links work before setup too
        let css = try XCTUnwrap(PageHarness.firstMatch(#"<link rel="stylesheet" href="(/static/app\.[^"]+\.css)">"#, in: setup))
        let js = try XCTUnwrap(PageHarness.firstMatch(#"<script src="(/static/app\.[^"]+\.js)" defer>"#, in: setup))
        let icon = try XCTUnwrap(PageHarness.firstMatch(#"<link rel="icon" href="(/static/icon\.[^"]+\.svg)""#, in: setup))
        for (url, type) in [(css, "text/css; charset=utf-8"), (js, "text/javascript; charset=utf-8"),
                            (icon, "image/svg+xml; charset=utf-8")] {
            let file = dawn.get(url)
            XCTAssertEqual(file.status, .ok, url)
            XCTAssertEqual(file.headers["Content-Type"], type, url)
            XCTAssertEqual(file.headers["Cache-Control"], "public, max-age=31536000, immutable", url)
            XCTAssertEqual(file.headers["X-Content-Type-Options"], "nosniff", url)
            XCTAssertFalse(file.body.isEmpty, url)
            let etag = try XCTUnwrap(file.headers["ETag"], url)
            let again = dawn.get(url, headers: [("If-None-Match", etag)])
            XCTAssertEqual(again.status, .notModified, url)
            XCTAssertTrue(again.body.isEmpty, url)
            XCTAssertEqual(dawn.get(url, headers: [("If-None-Match", #""something-else""#)]).status, .ok, url)
        }
        let onDisk = try String(contentsOfFile: dawn.app.configuration.publicDirectory + "/app.css", encoding: .utf8)
        XCTAssertEqual(dawn.get(css).text, onDisk)
        let gzip = dawn.get(css, headers: [("Accept-Encoding", "gzip")])
        XCTAssertEqual(gzip.headers["Content-Encoding"], "gzip")
        XCTAssertEqual(Array(gzip.body.prefix(2)), [0x1F, 0x8B])

        // Only fingerprinted names: the plain name, a stale hash or a path outside are 404.
        for url in ["/static/app.css", "/static/app.0000000000.css", "/static/nope.css", "/static/../Package.swift",
                    "/static/%2e%2e/Package.swift"] {
            let page = dawn.get(url)
            XCTAssertTrue([.notFound, .badRequest].contains(page.status), "\(url): \(page.status)")
            XCTAssertNil(page.headers["Cache-Control"].flatMap { $0.contains("immutable") ? $0 : nil }, url)
        }
        XCTAssertEqual(dawn.get("/static/app.css").text.trimmingCharacters(in: .whitespacesAndNewlines), "No such file.")
        XCTAssertEqual(dawn.post("/static/app.css", []).status, .methodNotAllowed)
    }

    /// The web app manifest names the static icons under their hashed URLs (so a new
    /// drawing is a new URL) and the member's language once they are signed in.
    func testTheAppManifestNamesTheHashedIconsInThePagesLanguage() throws {
        let dawn = try PageHarness(now: now)
        let before = dawn.get("/manifest.webmanifest")
        XCTAssertEqual(before.status, .ok, "answered before setup")
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(before.body)) as? [String: Any])
        let sources = (manifest["icons"] as? [[String: String]] ?? []).compactMap { $0["src"] }
        XCTAssertEqual(sources.count, 4)
        for source in sources {
            XCTAssertTrue(source.hasPrefix("/static/icons/dawn"), source)
            let icon = dawn.get(source)
            XCTAssertEqual(icon.status, .ok, source)
            XCTAssertEqual(icon.headers["Cache-Control"], "public, max-age=31536000, immutable", source)
        }
        _ = dawn.signedUp(timeZone: "Europe/Rome")
        XCTAssertEqual(dawn.post("/settings", [("language", "fr"), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                               ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status,
                       .seeOther)
        let french = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dawn.get("/manifest.webmanifest").body)) as? [String: Any])
        XCTAssertEqual(french["lang"] as? String, "fr")
        XCTAssertEqual(french["description"] as? String, "Les habitudes et le journal de votre famille.")
    }

    func testNotFoundMethodNotAllowedAndBadAddressPages() throws {
        let dawn = try PageHarness(now: now)
        dawn.signedUp(timeZone: "America/New_York")
        let missing = dawn.get("/nowhere")
        XCTAssertEqual(missing.status, .notFound)
        XCTAssertEqual(missing.headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertNotNil(missing.headers["Content-Security-Policy"])
        XCTAssertTrue(missing.text.contains(#"<h1><span class="status">404</span> Not Found</h1>"#))
        XCTAssertEqual(PageHarness.errorMessage(missing), "There is no page at this address.")
        XCTAssertEqual(dawn.get("/day").status, .notFound)
        XCTAssertEqual(dawn.get("/day/2026-11-01/extra/part").status, .notFound)

        // Before the member is known, the browser's language speaks.
        let italian = dawn.get("/nowhere", headers: [("Accept-Language", "it-IT,it;q=0.9,en;q=0.5")])
        XCTAssertTrue(italian.text.contains(#"<html lang="it""#))

        for (method, target, allow) in [(HTTPMethod.POST, "/stats", "GET, HEAD"), (.POST, "/calendar/2026-11", "GET, HEAD"),
                                        (.GET, "/logout", "POST"), (.GET, "/import", "POST"),
                                        (.DELETE, "/day/2026-11-01", "GET, HEAD")] {
            let page = dawn.request(method, target)
            XCTAssertEqual(page.status, .methodNotAllowed, target)
            XCTAssertEqual(page.headers["Allow"], allow, target)
            XCTAssertEqual(PageHarness.errorMessage(page), "This page does not accept \(method.rawValue).", target)
        }
        let both = dawn.request(.PUT, "/settings")
        XCTAssertEqual(both.status, .methodNotAllowed)
        XCTAssertEqual(Set((both.headers["Allow"] ?? "").components(separatedBy: ", ")), ["GET", "HEAD", "POST"])

        let bad = dawn.get("/day/%FF%FE")
        XCTAssertEqual(bad.status, .badRequest)
        XCTAssertEqual(PageHarness.errorMessage(bad), "That address is not valid.")
        // A GET is still the day page it was: nothing above wrote anything.
        XCTAssertTrue(dawn.get("/").text.contains(#"<time datetime="2026-11-01">Sunday, 1 November 2026</time>"#))
    }

    // MARK: /metrics

    func testMetricsAreOffUnlessEnabled() throws {
        let dawn = try PageHarness(now: now)
        XCTAssertEqual(dawn.get("/metrics").status, .notFound, "no such route")
        dawn.signedUp()
        XCTAssertEqual(dawn.get("/metrics").status, .notFound)
    }

    func testMetricsForLoopbackOnly() throws {
        let dawn = try PageHarness(now: now) { $0.metrics = true }
        XCTAssertEqual(dawn.get("/metrics").status, .ok, "answered before setup too")
        dawn.signedUp()
        dawn.addMember("kid", displayName: "Kid")
        let metrics = dawn.get("/metrics")
        XCTAssertEqual(metrics.status, .ok)
        XCTAssertEqual(metrics.headers["Content-Type"], "text/plain; version=0.0.4; charset=utf-8")
        XCTAssertEqual(metrics.headers["Cache-Control"], "no-store")
        XCTAssertTrue(metrics.text.contains("# TYPE dawn_members gauge\n"))
        XCTAssertTrue(metrics.text.contains("\ndawn_members 2\n"), metrics.text)
        XCTAssertTrue(metrics.text.contains(#"dawn_database_size_bytes{database="instance"} "#))
        XCTAssertEqual(PageHarness.allMatches(#"dawn_database_size_bytes\{database="(member-\d+)"\}"#, in: metrics.text).count, 2)
        XCTAssertTrue(metrics.text.contains("# TYPE dawn_http_request_duration_seconds histogram"))

        let forwarded = dawn.get("/metrics", headers: [("X-Forwarded-For", "203.0.113.9")])
        XCTAssertEqual(forwarded.status, .forbidden, "behind a proxy every request looks like loopback")
        dawn.peer = "192.0.2.7"
        let remote = dawn.get("/metrics")
        XCTAssertEqual(remote.status, .forbidden)
        XCTAssertTrue(remote.text.contains("loopback only"))
        XCTAssertEqual(dawn.get("/metrics", headers: [("Authorization", "Bearer guess")]).status, .forbidden)
        dawn.peer = "::1"
        XCTAssertEqual(dawn.get("/metrics").status, .ok)
    }

    func testMetricsWithABearerToken() throws {
        let dawn = try PageHarness(now: now) {
            $0.metrics = true
            $0.metricsToken = "s3cret-token"
        }
        dawn.peer = "198.51.100.4"
        let none = dawn.get("/metrics")
        XCTAssertEqual(none.status, .unauthorized)
        XCTAssertEqual(none.headers["WWW-Authenticate"], #"Bearer realm="dawn-metrics""#)
        XCTAssertEqual(dawn.get("/metrics", headers: [("Authorization", "Bearer s3cret-tokeX")]).status, .unauthorized)
        XCTAssertEqual(dawn.get("/metrics", headers: [("Authorization", "s3cret-token")]).status, .unauthorized)
        let good = dawn.get("/metrics", headers: [("Authorization", "Bearer s3cret-token")])
        XCTAssertEqual(good.status, .ok)
        XCTAssertTrue(good.text.contains("\ndawn_members 0\n"))
        // Loopback with a wrong token is refused too: a presented token is always checked.
        dawn.peer = "127.0.0.1"
        XCTAssertEqual(dawn.get("/metrics", headers: [("Authorization", "Bearer wrong")]).status, .unauthorized)
        XCTAssertEqual(dawn.get("/metrics").status, .ok)
    }
}
