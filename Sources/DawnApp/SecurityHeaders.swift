import HTTP

/// Headers every response carries, and the stricter set for HTML pages.
enum SecurityHeaders {
    /// Nothing but what the pages use, all from us: no inline script or style, no framing,
    /// forms post only to us; the manifest (`AppManifestPage`) and fetches by `app.js`.
    static let contentSecurityPolicy = [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static func apply(to response: inout HTTPResponse) {
        response.headers.add("X-Content-Type-Options", "nosniff")
        guard let type = response.headers["Content-Type"], type.hasPrefix("text/html") else { return }
        response.headers.add("Content-Security-Policy", contentSecurityPolicy)
        response.headers.add("Referrer-Policy", "same-origin")
        response.headers.add("X-Frame-Options", "DENY")
    }
}
