/// One parsed request. `path` and `query` are raw (still percent-encoded):
/// decode them with `PercentDecoding` / `URLEncodedForm` where they are used.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request-target exactly as received (origin-form, or `*` for OPTIONS).
    public var target: String
    /// The target up to `?`.
    public var path: String
    /// The target after `?`, without it; nil when there was no `?`.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A spooled upload's body (`HTTPLimits.spoolPathSuffixes`): in this file, not in `body`.
    /// The server removes the file once the response is queued; a handler that keeps it
    /// renames it first.
    public var spooledBody: SpooledBody?

    public init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        if let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(target[..<q])
            query = String(target[target.index(after: q)...])
        } else {
            path = target
            query = nil
        }
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// Whether the client lets the connection stay open after this request
    /// (HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`).
    public var keepAlive: Bool {
        let tokens = headers.values(for: "Connection").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces.lowercased() }
        if version == .http1_0 { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }
}

extension Substring {
    /// Trims spaces and horizontal tabs (HTTP's OWS), nothing else.
    public var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}

/// A request body the server wrote to a file as it arrived.
public struct SpooledBody: Sendable, Equatable {
    public let path: String
    public let length: Int64

    public init(path: String, length: Int64) {
        self.path = path
        self.length = length
    }
}
