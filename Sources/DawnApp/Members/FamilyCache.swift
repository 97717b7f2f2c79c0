import Accounts
import Locks
import FamilyData
import Store

/// What every member's day page reads of `instance.sqlite`, held in memory so a cached
/// page stays a memory lookup: who guards whom (the "logged by" names, a guardian's
/// children on their day page), the family chores' revision and the children's points. Forgotten after every committed write to `instance.sqlite` (the store
/// announces each one, see `DataDirectory`'s `instanceWritten`) and read again, in one
/// go, by the next page that needs it. Another process writing the file (`dawn user`)
/// is seen within `maxAgeSeconds`, as the session cache sees it.
final class FamilyCache: Sendable {
    /// One object, shared: a page reads it several times a request, and handing it out is
    /// then one reference, not six dictionaries.
    final class Snapshot: Sendable {
        /// Child → their guardians, by display name then username.
        let guardians: [MemberID: [Member]]
        /// Guardian → the children they look after, by display name then username.
        let children: [MemberID: [Member]]
        /// Child → what the names a page may show add to its ETag.
        let guardianValidators: [MemberID: String]
        /// `FamilyChores.revision()`: changes with every change a page showing chores could show.
        let choresRevision: Int64
        /// Each child's points (`Points`): what the day page, the board and `/rewards` show,
        /// and a part of their ETags.
        let balances: [MemberID: Int64]
        /// Each child's reward requests waiting for a guardian.
        let pendingRequests: [MemberID: Int]
        /// `Family.wallClock` seconds when it was read.
        let readAt: Int64

        init(guardians: [MemberID: [Member]], children: [MemberID: [Member]], guardianValidators: [MemberID: String],
             choresRevision: Int64, balances: [MemberID: Int64], pendingRequests: [MemberID: Int], readAt: Int64) {
            self.guardians = guardians
            self.children = children
            self.guardianValidators = guardianValidators
            self.choresRevision = choresRevision
            self.balances = balances
            self.pendingRequests = pendingRequests
            self.readAt = readAt
        }

        func guardians(of child: MemberID) -> [Member] { guardians[child] ?? [] }
        func children(of guardian: MemberID) -> [Member] { children[guardian] ?? [] }
        func balance(of member: MemberID) -> Int64 { balances[member] ?? 0 }
        func pending(of child: MemberID) -> Int { pendingRequests[child] ?? 0 }
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
        var children: [MemberID: [Member]] = [:]
        for grant in try family.guardianships() {
            guardians[grant.child.id, default: []].append(grant.guardian)
            children[grant.guardian.id, default: []].append(grant.child)
        }
        let byName: (Member, Member) -> Bool = { ($0.displayName, $0.username) < ($1.displayName, $1.username) }
        guardians = guardians.mapValues { $0.sorted(by: byName) }
        children = children.mapValues { $0.sorted(by: byName) }
        let validators = guardians.mapValues { list in
            list.map { "\($0.username)=\($0.displayName)" }.sorted().joined(separator: "\u{1F}")
        }
        let points = Points(instance: chores.instance)
        let snapshot = Snapshot(guardians: guardians, children: children, guardianValidators: validators,
                                choresRevision: try chores.revision(), balances: try points.balances(),
                                pendingRequests: try points.pendingCounts(), readAt: now)
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
