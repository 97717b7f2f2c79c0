import Files
import Gzip
import HTTP
import Locks

/// The files of `Public/`, read and compressed once, served under
/// content-hashed names (`/static/app.1a2b3c4d5e6f7a8b.css`) that are cached
/// for a year. A request can only ever name a file that was loaded: nothing
/// at request time touches the file system, so no path can leave `Public/`.
public final class StaticFiles: Sendable {
    public static let urlPrefix = "/static/"

    struct Asset: Sendable {
        let name: String
        let hashedName: String
        let contentType: String
        let etag: String
        let body: [UInt8]
        let gzipped: [UInt8]?
    }

    struct Snapshot: Sendable {
        var byHashedName: [String: Asset] = [:]
        var urlByName: [String: String] = [:]
        var signature: [String: FileSignature] = [:]
        var checkedAt: UInt64 = 0
    }

    struct FileSignature: Sendable, Equatable {
        let size: Int
        let modified: Double
    }

    public let directory: String
    private let reloadOnChange: Bool
    private let snapshot: Lock<Snapshot>

    public init(directory: String, reloadOnChange: Bool = false) throws {
        self.directory = directory
        self.reloadOnChange = reloadOnChange
        snapshot = Lock(try Self.load(directory: directory))
    }

    /// The public URL of `name` (a path relative to `Public/`, e.g. "app.css").
    public func url(for name: String) -> String? {
        current().urlByName[name]
    }

    /// Every loaded file's public URL, by name: what the templates link to.
    public var urls: [String: String] { current().urlByName }

    /// Answers a GET or HEAD under `urlPrefix`; `name` is the decoded path after it.
    public func response(for name: String, request: HTTPRequest) -> HTTPResponse {
        guard let asset = current().byHashedName[name] else {
            return .text(.notFound, "No such file.")
        }
        var headers: HTTPHeaders = [
            "Content-Type": asset.contentType,
            "Cache-Control": "public, max-age=31536000, immutable",
            "ETag": asset.etag,
        ]
        if EntityTag.matches(request.headers["If-None-Match"], asset.etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        if let gzipped = asset.gzipped, AcceptEncoding.prefersGzip(request.headers["Accept-Encoding"]) {
            headers.add("Content-Encoding", "gzip")
            return HTTPResponse(status: .ok, headers: headers, body: gzipped)
        }
        return HTTPResponse(status: .ok, headers: headers, body: asset.body)
    }

    /// `name` at its own, unhashed URL (e.g. a service worker's script, whose URL is its
    /// identity): revalidated by its ETag under `cacheControl` instead of kept for a year.
    public func unhashedResponse(for name: String, request: HTTPRequest, cacheControl: String) -> HTTPResponse {
        guard let hashed = current().urlByName[name]?.dropFirst(Self.urlPrefix.count) else {
            return .text(.notFound, "No such file.")
        }
        var response = self.response(for: String(hashed), request: request)
        response.headers.set("Cache-Control", cacheControl)
        return response
    }

    private func current() -> Snapshot {
        guard reloadOnChange else { return snapshot.withLock { $0 } }
        return snapshot.withLock { snap -> Snapshot in
            let now = System.monotonicNanoseconds()
            guard now &- snap.checkedAt > 200_000_000 else { return snap }
            snap.checkedAt = now
            if Self.signature(of: directory) != snap.signature, let fresh = try? Self.load(directory: directory) {
                snap = fresh
                snap.checkedAt = now
            }
            return snap
        }
    }

    static func load(directory: String) throws -> Snapshot {
        var snapshot = Snapshot()
        snapshot.signature = signature(of: directory)
        for relative in snapshot.signature.keys.sorted() {
            let bytes = try FileSystem.read(directory + "/" + relative)
            let hash = EntityTag.fingerprint([bytes])
            let hashedName = hashed(relative, hash)
            let type = contentType(for: relative)
            var gzipped: [UInt8]?
            if MediaType.isCompressible(type), bytes.count >= 256 {
                let compressed = Gzip.compress(bytes, level: 9)
                if compressed.count < bytes.count { gzipped = compressed }
            }
            let asset = Asset(name: relative, hashedName: hashedName, contentType: type,
                              etag: "\"\(hash)\"", body: bytes, gzipped: gzipped)
            snapshot.byHashedName[hashedName] = asset
            snapshot.urlByName[relative] = urlPrefix + hashedName
        }
        return snapshot
    }

    /// Every regular file below `directory` (hidden ones skipped), by relative path.
    static func signature(of directory: String) -> [String: FileSignature] {
        var result: [String: FileSignature] = [:]
        guard let all = try? FileSystem.listRecursively(directory) else { return result }
        for relative in all where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            guard let info = try? FileSystem.info(directory + "/" + relative), info.kind == .regular else { continue }
            result[relative] = FileSignature(size: info.size, modified: info.modified)
        }
        return result
    }

    /// "css/app.css" + hash → "css/app.<hash>.css".
    static func hashed(_ name: String, _ hash: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return name + "." + hash }
        return name[..<dot] + "." + hash + name[dot...]
    }

    static func contentType(for name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "svg": return "image/svg+xml; charset=utf-8"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "webmanifest": return "application/manifest+json; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}
