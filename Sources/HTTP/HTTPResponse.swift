/// A response about to be encoded. The encoder adds `Date`, `Content-Length`
/// and `Connection`; a HEAD response keeps the length but drops the body.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus = .ok, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: ["Content-Type": contentType], body: body)
    }

    /// A short plain-text response, for errors the server itself answers.
    public static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }
}
