/// Why a request could not be parsed. The server answers `status` with `message`
/// and closes the connection: after a framing error the byte stream cannot be trusted.
public enum HTTPParseError: Error, Equatable, Sendable {
    // 400: the request line.
    case tooManyLeadingEmptyLines
    case malformedRequestLine
    case invalidMethod
    case malformedVersion
    case invalidTarget
    // 400: the header section (and chunked trailers).
    case bareLineFeed
    case obsoleteLineFolding
    case whitespaceBeforeColon
    case invalidHeaderName
    case missingColon
    case invalidHeaderValue
    case missingHost
    case multipleHosts
    case invalidHost
    // 400: body framing.
    case contentLengthWithTransferEncoding
    case multipleContentLengths
    case invalidContentLength
    case transferEncodingInHTTP10
    case emptyTransferEncoding
    case invalidChunkSize
    case invalidChunkExtension
    case chunkLineTooLong
    case missingChunkTerminator
    // 413, 414, 431.
    case bodyTooLarge
    case requestLineTooLong
    case headerSectionTooLarge
    case tooManyHeaderFields
    // 503: the server holds all the upload bytes it will at once.
    case uploadsBusy
    // 411: a spooled upload must say its length.
    case lengthRequired
    // 501, 505.
    case unknownMethod
    case unsupportedTransferEncoding
    case unsupportedVersion

    public var status: HTTPStatus {
        switch self {
        case .bodyTooLarge: .contentTooLarge
        case .requestLineTooLong: .uriTooLong
        case .headerSectionTooLarge, .tooManyHeaderFields: .headerFieldsTooLarge
        case .unknownMethod, .unsupportedTransferEncoding: .notImplemented
        case .unsupportedVersion: .httpVersionNotSupported
        case .uploadsBusy: .serviceUnavailable
        case .lengthRequired: .lengthRequired
        default: .badRequest
        }
    }

    /// Short text for the error page, naming what was wrong.
    public var message: String {
        switch self {
        case .tooManyLeadingEmptyLines: "Too many empty lines before the request line"
        case .malformedRequestLine: "Request line must be: METHOD SP target SP HTTP-version CRLF"
        case .invalidMethod: "Method is not a token"
        case .malformedVersion: "Malformed HTTP version"
        case .invalidTarget: "Request target must be a path starting with '/' in visible ASCII, without '#'"
        case .bareLineFeed: "Lines must end with CRLF, not a bare LF"
        case .obsoleteLineFolding: "Header line folding (obs-fold) is not allowed"
        case .whitespaceBeforeColon: "Whitespace between header name and colon"
        case .invalidHeaderName: "Header name is empty or not a token"
        case .missingColon: "Header line without a colon"
        case .invalidHeaderValue: "Control character in a header value"
        case .missingHost: "HTTP/1.1 request without a Host header"
        case .multipleHosts: "More than one Host header"
        case .invalidHost: "Malformed Host header"
        case .contentLengthWithTransferEncoding: "Content-Length and Transfer-Encoding together"
        case .multipleContentLengths: "More than one Content-Length"
        case .invalidContentLength: "Malformed Content-Length"
        case .transferEncodingInHTTP10: "Transfer-Encoding in an HTTP/1.0 request"
        case .emptyTransferEncoding: "Empty Transfer-Encoding"
        case .invalidChunkSize: "Malformed chunk size"
        case .invalidChunkExtension: "Malformed chunk extension"
        case .chunkLineTooLong: "Chunk size line too long"
        case .missingChunkTerminator: "Chunk data not followed by CRLF"
        case .bodyTooLarge: "Request body too large"
        case .uploadsBusy: "Too many uploads at once. Please try again in a moment."
        case .lengthRequired: "An upload to this address needs a Content-Length"
        case .requestLineTooLong: "Request line too long"
        case .headerSectionTooLarge: "Request header section too large"
        case .tooManyHeaderFields: "Too many header fields"
        case .unknownMethod: "Method not implemented"
        case .unsupportedTransferEncoding: "Only Transfer-Encoding: chunked is supported"
        case .unsupportedVersion: "Only HTTP/1.0 and HTTP/1.1 are supported"
        }
    }
}
