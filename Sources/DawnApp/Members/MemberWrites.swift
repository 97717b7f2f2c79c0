import Locks
import Store

/// Where every committed write to a member's database is announced (the store calls
/// `notify` after each one, see `DataDirectory`'s `memberWritten`), so what depends on
/// member data — the member cache's revision and settings, their board summary — is
/// kept right in one place, not by each page that writes. The handler is set once the
/// app is built; writes before that (none: the app is built before it serves) are ignored.
final class MemberWrites: Sendable {
    private let handler = Lock<(@Sendable (MemberID) -> Void)?>(nil)

    func setHandler(_ handle: @escaping @Sendable (MemberID) -> Void) {
        handler.withLock { $0 = handle }
    }

    func notify(_ id: MemberID) {
        handler.withLock { $0 }?(id)
    }
}
