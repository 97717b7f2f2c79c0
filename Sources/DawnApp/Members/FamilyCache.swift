import Accounts
import Locks
import MemberData
import Store

/// What every member's day page reads of `instance.sqlite`, held in memory so a cached
/// page stays a memory lookup: who guards whom (the "logged by" names) and the family
/// chores' revision. Forgotten after every committed write to `instance.sqlite` (the store
/// announces each one, see `DataDirectory`'s `instanceWritten`) and read again, in one
/// go, by the next page that needs it. Another process writing the file (`dawn user`)
/// is seen within `maxAgeSeconds`, as the session cache sees it.
final class FamilyCache: Sendable {
    struct Snapshot: Sendable {
        /// Child → their guardians, by display name then username.
        let guardians: [MemberID: [Member]]
        /// Child → what the names a page may show add to its ETag.
        let guardianValidators: [MemberID: String]
        /// `FamilyChores.revision()`: changes with every change a page showing chores could show.
        let choresRevision: Int64
        /// `Family.wallClock` seconds when it was read.
        let readAt: Int64

        func guardians(of child: MemberID) -> [Member] { guardians[child] ?? [] }
    }

    private struct State {
        var snapshot: Snapshot?
        /// Bumped by every instance write, so a read that raced one is not kept.
        var generation: UInt64 = 0
    }

    private let state = Lock(State())
    private let maxAgeSeconds: Int64

    init(maxAgeSeconds: Int64) {
        self.maxAgeSeconds = maxAgeSeconds
    }

    /// The snapshot, read through `family` and `chores` when none is held (or it is older
    /// than `maxAgeSeconds` at `now`).
    func snapshot(now: Int64, family: Family, chores: FamilyChores) throws -> Snapshot {
        let (held, generation) = state.withLock { ($0.snapshot, $0.generation) }
        if let held, now - held.readAt < maxAgeSeconds, now >= held.readAt { return held }
        var guardians: [MemberID: [Member]] = [:]
        for grant in try family.guardianships() {
            guardians[grant.child.id, default: []].append(grant.guardian)
        }
        for (child, list) in guardians {
            guardians[child] = list.sorted { ($0.displayName, $0.username) < ($1.displayName, $1.username) }
        }
        let validators = guardians.mapValues { list in
            list.map { "\($0.username)=\($0.displayName)" }.sorted().joined(separator: "\u{1F}")
        }
        let snapshot = Snapshot(guardians: guardians, guardianValidators: validators,
                                choresRevision: try chores.revision(), readAt: now)
        state.withLock { state in
            guard state.generation == generation else { return }
            state.snapshot = snapshot
        }
        return snapshot
    }

    /// After any committed write to `instance.sqlite`.
    func changed() {
        state.withLock { state in
            state.snapshot = nil
            state.generation &+= 1
        }
    }
}
