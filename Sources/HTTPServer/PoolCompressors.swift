import Gzip
import Locks

/// The gzip compressors of a server's pool threads: one is taken for a response and given
/// back after it, so a pool compresses with a stream it reset (`deflateReset`) rather than
/// one it set up and freed for every response (about 0.1 ms of the ~256 KiB of deflate
/// state each time). Never more kept than were in use at once: one per pool thread, and
/// none once the server is idle (`releaseIdle`).
final class PoolCompressors: Sendable {
    /// A compressor is used by one thread at a time: the one that took it out of the stash.
    private final class Stashed: @unchecked Sendable {
        let compressor: GzipCompressor
        init(_ compressor: GzipCompressor) { self.compressor = compressor }
    }

    private let level: Int32
    private let stash = Lock<[Stashed]>([])

    init(level: Int32) {
        self.level = level
    }

    /// `bytes` gzipped with a compressor no other thread is using.
    func compress(_ bytes: [UInt8]) -> [UInt8] {
        let taken = stash.withLock { $0.popLast() } ?? Stashed(GzipCompressor(level: level))
        let compressed = taken.compressor.compress(bytes)
        stash.withLock { $0.append(taken) }
        return compressed
    }

    /// Frees the compressors no thread is using: called when an event loop goes idle, so a
    /// burst's deflate states are not kept resident; the next gzipped response makes one again.
    func releaseIdle() {
        let released = stash.withLock { stash in
            defer { stash.removeAll() }
            return stash
        }
        _ = released  // freed here, outside the lock
    }

    /// How many compressors are kept for the pool threads.
    var kept: Int { stash.withLock { $0.count } }
}
