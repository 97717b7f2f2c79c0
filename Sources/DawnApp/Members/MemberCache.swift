import MemberData
import Store
import Locks

/// What Dawn keeps in memory per member: their settings (read on every page)
/// and a revision that every write of theirs bumps, so an unchanged page can be
/// answered 304 or from the page cache without touching their database.
///
/// Revisions start at 0 in every process, so a validator built on one alone would
/// repeat after a restart and a browser's stale copy would be answered 304. Every
/// validator therefore uses `validator(_:)`: the revision behind a random epoch
/// drawn once per process.
final class MemberCache: Sendable {
    private struct Entry {
        var settings: MemberSettings?
        var revision: UInt64 = 0
    }

    private let entries = Lock<[MemberID: Entry]>([:])
    /// 64 random bits from the system CSPRNG, new in every process.
    let epoch: String

    init() {
        var generator = SystemRandomNumberGenerator()
        let bits = generator.next() as UInt64
        let hex = String(bits, radix: 16)
        epoch = String(repeating: "0", count: 16 - hex.count) + hex
    }

    func settings(_ id: MemberID, load: () throws -> MemberSettings) rethrows -> MemberSettings {
        let (cached, revision) = entries.withLock { ($0[id]?.settings, $0[id]?.revision ?? 0) }
        if let cached { return cached }
        let settings = try load()
        entries.withLock { entries in
            // A write that ended while we read (reads do not wait for writes) may have
            // changed them: then keep nothing, and the next page reads them again.
            guard (entries[id]?.revision ?? 0) == revision else { return }
            entries[id, default: Entry()].settings = settings
        }
        return settings
    }

    /// The member's settings read from their `database`, from memory when nothing of
    /// theirs changed since.
    func settings(_ id: MemberID, from database: Database) throws -> MemberSettings {
        try settings(id) { try MemberSettings.load(from: database) }
    }

    func revision(_ id: MemberID) -> UInt64 {
        entries.withLock { $0[id]?.revision ?? 0 }
    }

    /// The member's data revision as a validator (an ETag part, a `?v=`): it changes with
    /// every write of theirs and with every restart of the server.
    func validator(_ id: MemberID) -> String {
        "\(epoch)-\(revision(id))"
    }

    /// After any write of the member's: forget their settings, bump the revision.
    func changed(_ id: MemberID) {
        entries.withLock { entries in
            entries[id, default: Entry()].settings = nil
            entries[id, default: Entry()].revision &+= 1
        }
    }

    func forget(_ id: MemberID) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }
}
