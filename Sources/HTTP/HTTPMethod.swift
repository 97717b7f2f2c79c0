/// The request methods Dawn recognises. A syntactically valid method outside this
/// set is answered 501; a known one on a route without it, 405.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, DELETE, OPTIONS, PATCH, TRACE, CONNECT
}
