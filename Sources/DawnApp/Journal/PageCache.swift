import Gzip
import HTTP
import Synchronization

/// Rendered member pages, gzipped once, by ETag. The ETag hashes everything a
/// page shows (member, their data revision, today, the URL, the session's CSRF
/// token), so an entry is never stale: a change makes a new ETag, and old
/// entries age out. Bounded, so memory stays small.
final class PageCache: Sendable {
    struct Page: Sendable {
        let gzipped: [UInt8]
        let contentType: String
    }

    static let capacity = 256

    private struct State {
        var pages: [String: Page] = [:]
        var order: [String] = []
    }

    private let state = Mutex(State())

    func page(_ etag: String) -> Page? {
        state.withLock { $0.pages[etag] }
    }

    func store(_ etag: String, body: [UInt8], contentType: String) -> Page {
        let page = Page(gzipped: Gzip.compress(body, level: 6), contentType: contentType)
        state.withLock { state in
            if state.pages.updateValue(page, forKey: etag) == nil { state.order.append(etag) }
            while state.order.count > Self.capacity {
                state.pages.removeValue(forKey: state.order.removeFirst())
            }
        }
        return page
    }

    /// A strong ETag from the parts that decide a page's bytes (64-bit FNV-1a;
    /// a cache key, not a security boundary: the session check runs first).
    static func etag(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0x1f
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
