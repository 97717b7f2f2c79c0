import Accounts
import FamilyData
import MemberData
import Store

/// What page handlers ask of the app about members and the family, each answered by
/// the cache or type that owns it (`Caches`, `MemberChanges`, `Admission`).
extension Dawn {
    /// The member's settings, from memory when nothing changed since they were read.
    func memberSettings(_ id: MemberID, _ database: Database) throws -> MemberSettings {
        try caches.members.settings(id, from: database)
    }

    /// A change to what the member's own pages show, written outside their database (their
    /// wrong PINs, in instance.sqlite): announced on the path of their own writes, so their
    /// cached pages go exactly as after a write of theirs.
    func memberChangedElsewhere(_ id: MemberID) {
        memberWrites.notify(id)
    }

    /// Publishes the member's summary on the board (`MemberChanges.publishBoard`).
    func publishBoard(_ id: MemberID) throws {
        try memberChanges.publishBoard(id)
    }

    /// The family's grants and chores' revision, from memory unless `instance.sqlite` changed.
    func familySnapshot() throws -> FamilyCache.Snapshot {
        try caches.family.snapshot(now: now(), family: family, chores: FamilyChores(instance: data.instance))
    }

    /// True until the first admin exists.
    var needsSetup: Bool { admission.needsSetup }
}
