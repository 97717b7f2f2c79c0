import Gzip
import HTTP
import Locks

/// Rendered member pages by ETag, as rendered and gzipped once, so a client with or
/// without gzip is answered from memory alike. The ETag hashes everything a page shows
/// (member, their data revision, today, the URL, the session's CSRF token), so an entry
/// is never stale: a change makes a new ETag, and old entries age out. Bounded, so
/// memory stays small (a day page is about 15 KB as rendered, 2 KB gzipped).
final class PageCache: Sendable {
    struct Page: Sendable {
        let identity: [UInt8]
        let gzipped: [UInt8]
        let contentType: String
    }

    static let capacity = 256

    private struct State {
        var pages: [String: Page] = [:]
        var order: [String] = []
    }

    private let state = Lock(State())

    /// The bytes the kept pages hold (both encodings).
    var bytes: Int {
        state.withLock { $0.pages.values.reduce(0) { $0 + $1.identity.count + $1.gzipped.count } }
    }

    func page(_ etag: String) -> Page? {
        state.withLock { $0.pages[etag] }
    }

    /// The gzip level of a stored page: the level of every other per-request response
    /// (`ServerConfiguration.gzipLevel`). A member's page is stored right after each of
    /// their writes and served a few times at most, so compressing it harder (level 6)
    /// cost more server time than the few hundred bytes it saved.
    static let gzipLevel: Int32 = 1

    func store(_ etag: String, body: [UInt8], contentType: String) -> Page {
        let page = Page(identity: body, gzipped: Gzip.compress(body, level: Self.gzipLevel), contentType: contentType)
        state.withLock { state in
            if state.pages.updateValue(page, forKey: etag) == nil { state.order.append(etag) }
            while state.order.count > Self.capacity {
                state.pages.removeValue(forKey: state.order.removeFirst())
            }
        }
        return page
    }
}
