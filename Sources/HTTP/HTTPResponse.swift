/// A response about to be encoded. The encoder adds `Date`, `Content-Length`
/// and `Connection`; a HEAD response keeps the length but drops the body.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    /// Changing a sealed response's headers unseals it: its fields are encoded afresh.
    public var headers: HTTPHeaders {
        didSet { sealedFields = nil }
    }
    public var body: [UInt8]
    /// A body sent from files as the client reads it, instead of `body` (which stays empty).
    public var streamedBody: StreamedBody?

    /// The header fields as the encoder writes them, once `seal()` encoded them.
    public private(set) var sealedFields: [UInt8]?

    /// Whether the headers are final: the server adds nothing to them (no `Vary`, no
    /// compression) and the encoder copies the fields `seal()` encoded instead of checking
    /// and writing each again, for a response served many times from memory.
    public var isSealed: Bool { sealedFields != nil }

    /// Encodes the header fields once (checked and framing-free, as `ResponseEncoder`
    /// writes them), so every later encode of this response is one copy.
    public mutating func seal() {
        var fields: [UInt8] = []
        ResponseEncoder.encodeFields(headers, into: &fields)
        sealedFields = fields
    }

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus = .ok, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: ["Content-Type": contentType], body: body)
    }

    /// A response whose body is streamed (see `StreamedBody`); never compressed on the way out.
    public static func streamed(_ body: StreamedBody, headers: HTTPHeaders) -> HTTPResponse {
        var response = HTTPResponse(status: .ok, headers: headers)
        response.streamedBody = body
        return response
    }

    /// The body's length, streamed or not.
    public var bodyLength: Int64 { streamedBody?.length ?? Int64(body.count) }

    /// A short plain-text response, for errors the server itself answers.
    public static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }
}
