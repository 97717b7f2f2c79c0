import HTTP

/// Maps a method and decoded path segments to a handler. Patterns are
/// literal segments and `:name` captures, e.g. `/day/:date`; `*` as the last
/// segment captures the rest. HEAD falls back to GET. A path that exists under
/// other methods gives `.methodNotAllowed` with the methods to list in `Allow`.
public struct Router<Handler: Sendable>: Sendable {
    public enum Match {
        case found(Handler, parameters: [String])
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound
    }

    private enum Segment: Sendable, Equatable {
        case literal(String)
        case capture
        case rest
    }

    private struct Route: Sendable {
        let method: HTTPMethod
        let segments: [Segment]
        let handler: Handler
    }

    private var routes: [Route] = []

    public init() {}

    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: Handler) {
        let segments: [Segment] = Self.split(pattern).map { part in
            if part == "*" { return .rest }
            if part.hasPrefix(":") { return .capture }
            return .literal(part)
        }
        precondition(!segments.dropLast().contains(.rest), "* must be the last segment of \(pattern)")
        routes.append(Route(method: method, segments: segments, handler: handler))
    }

    /// `segments` are the decoded segments of the path, e.g. ["day", "2026-11-22"]; [] for "/".
    public func match(_ method: HTTPMethod, _ segments: [String]) -> Match {
        var allowed: [HTTPMethod] = []
        for route in routes {
            guard let parameters = Self.captures(route.segments, segments) else { continue }
            if route.method == method || (method == .HEAD && route.method == .GET) {
                return .found(route.handler, parameters: parameters)
            }
            allowed.append(route.method)
            if route.method == .GET { allowed.append(.HEAD) }
        }
        if allowed.isEmpty { return .notFound }
        var seen = Set<HTTPMethod>()
        return .methodNotAllowed(allow: allowed.filter { seen.insert($0).inserted })
    }

    private static func captures(_ pattern: [Segment], _ path: [String]) -> [String]? {
        var parameters: [String] = []
        for (index, segment) in pattern.enumerated() {
            switch segment {
            case .rest:
                parameters.append(path.dropFirst(index).joined(separator: "/"))
                return parameters
            case .capture:
                guard index < path.count else { return nil }
                parameters.append(path[index])
            case let .literal(text):
                guard index < path.count, path[index] == text else { return nil }
            }
        }
        return pattern.count == path.count ? parameters : nil
    }

    private static func split(_ pattern: String) -> [String] {
        pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
