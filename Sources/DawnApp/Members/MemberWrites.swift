import Locks
import Store

/// Where every committed write to a member's database is announced (the store calls
/// `notify` after each one, see `DataDirectory`'s `memberWritten`), so what depends on
/// member data — the member cache's revision and settings, their board summary — is
/// kept right in one place, not by each page that writes. The handler is set once the
/// app is built; writes before that (none: the app is built before it serves) are ignored.
final class MemberWrites: Sendable {
    /// The handler in a box of its own: a closure kept in the lock's value itself is handed
    /// to the lock's generic body `inout`, and Swift writes it back wrapped in one more
    /// reabstraction thunk each time, so after some thousands of writes calling it
    /// overflowed a worker's stack. A class reference is written back as it is.
    private final class Handler: Sendable {
        let handle: @Sendable (MemberID) -> Void

        init(_ handle: @escaping @Sendable (MemberID) -> Void) {
            self.handle = handle
        }
    }

    private let handler = Lock<Handler?>(nil)

    func setHandler(_ handle: @escaping @Sendable (MemberID) -> Void) {
        let boxed = Handler(handle)
        handler.withLock { $0 = boxed }
    }

    func notify(_ id: MemberID) {
        handler.withLock { $0 }?.handle(id)
    }
}
