import Gzip
import HTTP
import Locks

/// Rendered member pages by ETag, as rendered and gzipped once, so a client with or
/// without gzip is answered from memory alike. The ETag hashes everything a page shows
/// (member, their data revision, today, the URL, the session's CSRF token), so an entry
/// is never stale: a change makes a new ETag, and old entries age out. Bounded, so
/// memory stays small (a day page is about 15 KB as rendered, 2 KB gzipped).
///
/// An entry keeps both answers finished and sealed (`HTTPResponse.seal()`): a hit adds
/// no header and checks none again, it is one copy into the connection's output.
final class PageCache: Sendable {
    struct Page: Sendable {
        /// The answer for a client without gzip, and the one for a client with it.
        let identityResponse: HTTPResponse
        let gzippedResponse: HTTPResponse

        var identity: [UInt8] { identityResponse.body }
        var gzipped: [UInt8] { gzippedResponse.body }

        func response(gzip: Bool) -> HTTPResponse { gzip ? gzippedResponse : identityResponse }

        fileprivate var bytes: Int {
            identityResponse.body.count + gzippedResponse.body.count
                + (identityResponse.sealedFields?.count ?? 0) + (gzippedResponse.sealedFields?.count ?? 0)
        }
    }

    static let capacity = 256

    private struct State {
        var pages: [String: Page] = [:]
        var order: [String] = []
    }

    private let state = Lock(State())

    /// The bytes the kept pages hold (both encodings).
    var bytes: Int {
        state.withLock { $0.pages.values.reduce(0) { $0 + $1.bytes } }
    }

    func page(_ etag: String) -> Page? {
        state.withLock { $0.pages[etag] }
    }

    /// The gzip level of a stored page: the level of every other per-request response
    /// (`ServerConfiguration.gzipLevel`). A member's page is stored right after each of
    /// their writes and served a few times at most, so compressing it harder (level 6)
    /// cost more server time than the few hundred bytes it saved.
    static let gzipLevel: Int32 = 1

    /// Keeps `body` under `etag`, gzipped once; `respond` makes the finished, sealed answer
    /// of each encoding (the identity body, or the gzipped one with `gzip` true).
    func store(_ etag: String, body: [UInt8], respond: (_ body: [UInt8], _ gzip: Bool) -> HTTPResponse) -> Page {
        let page = Page(identityResponse: respond(body, false),
                        gzippedResponse: respond(Gzip.compress(body, level: Self.gzipLevel), true))
        state.withLock { state in
            if state.pages.updateValue(page, forKey: etag) == nil { state.order.append(etag) }
            while state.order.count > Self.capacity {
                state.pages.removeValue(forKey: state.order.removeFirst())
            }
        }
        return page
    }
}
