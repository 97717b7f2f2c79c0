import Accounts
import HTTP
import HTTPServer
import Store

/// `GET /metrics`: Prometheus text for whoever watches the server. Off unless
/// `DAWN_METRICS=1`; then served to loopback, or to anyone presenting
/// `DAWN_METRICS_TOKEN` as a bearer token.
enum MetricsPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/metrics", Route.open(slow: true) { app, page in
            if let refusal = refusal(page, token: app.configuration.metricsToken) { return refusal }
            var response = HTTPResponse(status: .ok, contentType: PrometheusText.contentType,
                                        body: Array(try render(app).utf8))
            response.headers.add("Cache-Control", "no-store")
            return response
        })
    }

    /// Why this request may not read the figures, as the response to send; nil when it may.
    /// Loopback counts only for a request no proxy forwarded: behind a proxy on the same
    /// machine every request comes from loopback.
    static func refusal(_ page: PageRequest, token: String?) -> HTTPResponse? {
        if let authorization = page.http.headers["Authorization"] {
            let presented = authorization.hasPrefix("Bearer ") ? Array(authorization.utf8.dropFirst(7)) : []
            if let token, ConstantTime.equal(presented, Array(token.utf8)) { return nil }
            return unauthorized(token != nil)
        }
        let forwarded = ["X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host", "Forwarded", "X-Real-IP"]
            .contains { page.http.headers[$0] != nil }
        if isLoopback(page.context.peer.host), !forwarded { return nil }
        return unauthorized(token != nil)
    }

    private static func unauthorized(_ tokenConfigured: Bool) -> HTTPResponse {
        guard tokenConfigured else {
            return .text(.forbidden, "/metrics is served to loopback only (set DAWN_METRICS_TOKEN to allow a bearer token).")
        }
        var response = HTTPResponse.text(.unauthorized, "/metrics needs the bearer token set in DAWN_METRICS_TOKEN.")
        response.headers.add("WWW-Authenticate", "Bearer realm=\"dawn-metrics\"")
        return response
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "::1" || host.hasPrefix("127.") || host.hasPrefix("::ffff:127.")
    }

    static func render(_ app: Dawn) throws -> String {
        let requests = app.serverMetrics.requests
        var out = PrometheusText()
        out.family("dawn_build_info", .gauge, "The running version of Dawn.")
        out.sample("dawn_build_info", ["version": DawnVersion.current], 1)

        out.family("dawn_http_requests_total", .counter, "Responses sent, by status class.")
        for (index, count) in requests.byStatusClass.enumerated() {
            out.sample("dawn_http_requests_total", ["class": "\(index + 1)xx"], count)
        }

        let name = "dawn_http_request_duration_seconds"
        out.family(name, .histogram, "Time from a request fully received to its response queued.")
        var cumulative = 0
        for (bound, count) in zip(RequestMetrics.bucketBounds, requests.buckets) {
            cumulative += count
            out.sample(name + "_bucket", ["le": PrometheusText.seconds(microseconds: bound)], cumulative)
        }
        out.sample(name + "_bucket", ["le": "+Inf"], requests.timedCount)
        out.sample(name + "_sum", [:], PrometheusText.seconds(microseconds: requests.totalMicroseconds))
        out.sample(name + "_count", [:], requests.timedCount)

        out.family("dawn_http_open_connections", .gauge, "Client connections open now.")
        out.sample("dawn_http_open_connections", [:], app.serverMetrics.connections)

        let members = try app.family.members()
        out.family("dawn_members", .gauge, "Family members with an account.")
        out.sample("dawn_members", [:], members.count)

        out.family("dawn_database_size_bytes", .gauge, "Bytes on disk of each database, with its write-ahead log.")
        out.sample("dawn_database_size_bytes", ["database": "instance"], app.data.instanceBytes)
        for member in members.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
            out.sample("dawn_database_size_bytes", ["database": "member-\(member.id.rawValue)"],
                       app.data.memberBytes(member.id))
        }

        out.family("process_resident_memory_bytes", .gauge, "Resident memory of the dawn process.")
        out.sample("process_resident_memory_bytes", [:], app.serverMetrics.residentBytes)
        out.family("dawn_sqlite_memory_bytes", .gauge, "Memory SQLite holds: page caches, statements, schemas.")
        out.sample("dawn_sqlite_memory_bytes", [:], SQLiteMemory.bytesInUse)
        out.family("dawn_page_cache_bytes", .gauge, "Rendered member pages kept, as rendered and gzipped.")
        out.sample("dawn_page_cache_bytes", [:], app.caches.pages.bytes)
        out.family("process_open_fds", .gauge, "Descriptors the dawn process has open.")
        out.sample("process_open_fds", [:], app.serverMetrics.openDescriptors)
        return out.text
    }
}
