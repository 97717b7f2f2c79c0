import HTTP

/// Maps a method and decoded path segments to a handler. Patterns are literal segments
/// and named captures, e.g. `/day/{date}/notes/{id}/delete`; `{name*}` as the last
/// segment captures the rest of the path. HEAD falls back to GET. A path that exists
/// under other methods gives `.methodNotAllowed` with the methods to list in `Allow`.
///
/// Two routes of one method may never overlap (match a path in common): which of them
/// answers would depend on the order they were added. `add` refuses that, and a
/// malformed pattern, as the programming errors they are (at start-up, not per request).
public struct Router<Handler: Sendable>: Sendable {
    public enum Match {
        case found(Handler, parameters: RouteParameters)
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound
    }

    /// The methods and patterns, in the order they were added: `match` walks these, which
    /// are not generic, so passing over a route copies nothing and looks up no generic metadata.
    @usableFromInline var table = RouteTable()
    /// The handlers, in the table's order.
    @usableFromInline var handlers: [Handler] = []

    public init() {}

    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: Handler) {
        let parsed: RoutePattern
        do {
            parsed = try RoutePattern(pattern)
        } catch {
            preconditionFailure("route \(method.rawValue) \(pattern): \(error.reason)")
        }
        if let other = table.overlap(method, parsed) {
            preconditionFailure("route \(method.rawValue) \(pattern) overlaps \(other.method.rawValue) \(other.pattern.text)")
        }
        table.append(method, parsed)
        handlers.append(handler)
    }

    /// The routes whose handler `isIncluded` keeps, in the same order (a sub-router: the
    /// routes guardians may use, say).
    public func filter(_ isIncluded: (Handler) -> Bool) -> Router {
        var kept = Router()
        for index in handlers.indices where isIncluded(handlers[index]) {
            kept.table.append(table.methods[index], table.patterns[index])
            kept.handlers.append(handlers[index])
        }
        return kept
    }

    /// `segments` are the decoded segments of the path, e.g. ["day", "2026-11-22"]; [] for "/".
    /// Inlinable: made for the caller's `Handler`, a request's match costs no generic lookups.
    @inlinable
    public func match(_ method: HTTPMethod, _ segments: [String]) -> Match {
        switch table.find(method, segments) {
        case let .found(index, parameters): .found(handlers[index], parameters: parameters)
        case let .methodNotAllowed(allow): .methodNotAllowed(allow: allow)
        case .notFound: .notFound
        }
    }
}

/// The routes' methods and patterns in the order they were added: the router's walk.
@usableFromInline
struct RouteTable: Sendable {
    @usableFromInline
    enum Found {
        case found(Int, RouteParameters)
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound
    }

    private(set) var methods: [HTTPMethod] = []
    private(set) var patterns: [RoutePattern] = []

    @usableFromInline init() {}

    mutating func append(_ method: HTTPMethod, _ pattern: RoutePattern) {
        methods.append(method)
        patterns.append(pattern)
    }

    /// A route of the same method (HEAD answering as GET) whose pattern overlaps `pattern`:
    /// which of two such routes answers would depend on the order they were added.
    func overlap(_ method: HTTPMethod, _ pattern: RoutePattern) -> (method: HTTPMethod, pattern: RoutePattern)? {
        let answers = method == .HEAD ? HTTPMethod.GET : method
        for index in patterns.indices where (methods[index] == .HEAD ? HTTPMethod.GET : methods[index]) == answers {
            if pattern.overlaps(patterns[index]) { return (methods[index], patterns[index]) }
        }
        return nil
    }

    /// The first route of `method` (or GET, for HEAD) matching `segments`; else the methods
    /// that other routes of that path answer.
    @usableFromInline
    func find(_ method: HTTPMethod, _ segments: [String]) -> Found {
        var allowed: [HTTPMethod] = []
        for index in patterns.indices {
            guard let parameters = patterns[index].match(segments) else { continue }
            let routeMethod = methods[index]
            if routeMethod == method || (method == .HEAD && routeMethod == .GET) {
                return .found(index, parameters)
            }
            allowed.append(routeMethod)
            if routeMethod == .GET { allowed.append(.HEAD) }
        }
        if allowed.isEmpty { return .notFound }
        var seen = Set<HTTPMethod>()
        return .methodNotAllowed(allow: allowed.filter { seen.insert($0).inserted })
    }
}

/// The named captures of a matched route, as decoded path text: `parameters["date"]`.
public struct RouteParameters: Sendable, Equatable {
    public private(set) var names: [String] = []
    public private(set) var values: [String] = []

    public init() {}

    public init(_ pairs: KeyValuePairs<String, String>) {
        for (name, value) in pairs { append(name, value) }
    }

    mutating func append(_ name: String, _ value: String) {
        names.append(name)
        values.append(value)
    }

    /// The value captured as `{name}`; nil when the route has no such capture.
    public subscript(name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }
}

/// A parsed route pattern: `/habits/{id}/edit`, `/static/{path*}`; `{id#}` captures
/// only a segment of ASCII digits, so `/habits/{id#}` and `/habits/new` never overlap.
public struct RoutePattern: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case capture(String)
        case digits(String)
        case rest(String)
    }

    public struct Malformed: Error, Equatable {
        public let reason: String
    }

    public let text: String
    let segments: [Segment]
    /// Whether the last segment is `{name*}`: else only a path of exactly as many segments matches.
    private let endsInRest: Bool

    public init(_ text: String) throws(Malformed) {
        guard text.hasPrefix("/") else { throw Malformed(reason: "a pattern starts with /") }
        var segments: [Segment] = []
        var names: Set<String> = []
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, part) in parts.enumerated() where !(parts.count == 1 && part.isEmpty) {
            guard !part.isEmpty else { throw Malformed(reason: "an empty segment") }
            if part.hasPrefix("{") {
                guard part.hasSuffix("}"), part.count > 2 else { throw Malformed(reason: "\(part) is not {name}") }
                var name = String(part.dropFirst().dropLast())
                let isRest = name.hasSuffix("*")
                let isDigits = name.hasSuffix("#")
                if isRest || isDigits { name.removeLast() }
                guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                    throw Malformed(reason: "\(part): a name is letters, digits and _")
                }
                guard names.insert(name).inserted else { throw Malformed(reason: "{\(name)} twice") }
                if isRest {
                    guard index == parts.count - 1 else { throw Malformed(reason: "{\(name)*} must be the last segment") }
                    segments.append(.rest(name))
                } else {
                    segments.append(isDigits ? .digits(name) : .capture(name))
                }
            } else {
                guard !part.contains(where: { "{}:*".contains($0) }) else {
                    throw Malformed(reason: "\(part): captures are written {name}")
                }
                segments.append(.literal(String(part)))
            }
        }
        self.text = text
        self.segments = segments
        if case .rest = segments.last { endsInRest = true } else { endsInRest = false }
    }

    /// The captures when `path` matches, else nil.
    func match(_ path: [String]) -> RouteParameters? {
        // Most routes are passed over by their length alone (the router tries them in order).
        guard endsInRest || segments.count == path.count else { return nil }
        var parameters = RouteParameters()
        for (index, segment) in segments.enumerated() {
            switch segment {
            case let .rest(name):
                parameters.append(name, path.dropFirst(index).joined(separator: "/"))
                return parameters
            case let .capture(name):
                guard index < path.count else { return nil }
                parameters.append(name, path[index])
            case let .digits(name):
                guard index < path.count, Self.isDigits(path[index]) else { return nil }
                parameters.append(name, path[index])
            case let .literal(text):
                guard index < path.count, path[index] == text else { return nil }
            }
        }
        return segments.count == path.count ? parameters : nil
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether some path matches both patterns. A capture matches any one segment, a
    /// digits capture any segment of digits, a rest any number of segments (none
    /// included), a literal only itself.
    public func overlaps(_ other: RoutePattern) -> Bool {
        var index = 0
        while true {
            let mine = index < segments.count ? segments[index] : nil
            let theirs = index < other.segments.count ? other.segments[index] : nil
            switch (mine, theirs) {
            case (nil, nil): return true
            case (.rest, _), (_, .rest): return true
            case (nil, _), (_, nil): return false
            case let (.literal(a)?, .literal(b)?): if a != b { return false }
            case let (.literal(text)?, .digits?), let (.digits?, .literal(text)?): if !Self.isDigits(text) { return false }
            default: break  // a capture meets a capture, a digits capture or a literal: both can match
            }
            index += 1
        }
    }
}
