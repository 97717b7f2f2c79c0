import HTTP

/// `GET /healthz`: for load balancers and the container's health check.
/// Cheap on purpose: it proves the event loops answer, nothing more.
enum HealthPage {
    private static let body = Array("ok\n".utf8)

    static let route = Route.open { _, _ in
        var response = HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: body)
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}
