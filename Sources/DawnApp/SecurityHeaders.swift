import HTTP

/// Headers every response carries, and the stricter set for HTML pages.
enum SecurityHeaders {
    /// No inline script or style, no framing, forms post only to us.
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
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
