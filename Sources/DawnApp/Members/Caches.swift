/// Every cache Dawn keeps, listed in one place. The app owns one `Caches` (`Dawn.caches`)
/// with the caches of its own layer; the caches kept below the app stay with what they
/// speed up (a session check in `Family`, a statement in its `Connection`) and are named
/// in `catalogue`, so this file and the table in docs/architecture.md ("Caching", which
/// adds each one's key, contents, bound and what makes it right) list the same caches.
/// No cache is made right by hand: each is forgotten or bumped where the data changes
/// (`MemberChanges.written`, `DataDirectory`'s `instanceWritten`), or keyed by what it was
/// worked out from so that a change makes a new key.
final class Caches: Sendable {
    /// Per member: their settings and data revision (with a per-process epoch), so an
    /// unchanged page needs no database. Bumped by every committed write of theirs.
    let members = MemberCache()
    /// The finished day page by ETag, both encodings, 256 at most. Never made stale: a
    /// change makes a new ETag, and old entries age out.
    let pages = PageCache()
    /// Every grant and the family chores' revision. Forgotten by every committed write to
    /// `instance.sqlite`, and at most `DAWN_SESSION_CACHE` seconds old.
    let family: FamilyCache

    init(sessionCacheSeconds: Int64) {
        family = FamilyCache(maxAgeSeconds: sessionCacheSeconds)
    }

    /// One cache of the list: its name as the architecture's table gives it, and the file
    /// that keeps it.
    struct Entry: Sendable, Equatable {
        let name: String
        let source: String
    }

    /// Every cache of the process, the app's own first.
    static let catalogue: [Entry] = [
        Entry(name: "MemberCache", source: "DawnApp/Members/MemberCache.swift"),
        Entry(name: "PageCache", source: "DawnApp/Members/PageCache.swift"),
        Entry(name: "FamilyCache", source: "DawnApp/Members/FamilyCache.swift"),
        Entry(name: "the board summaries", source: "FamilyData/Board.swift"),
        Entry(name: "setup done", source: "DawnApp/Admission.swift"),
        Entry(name: "the strings as template values", source: "DawnApp/PageRenderer.swift"),
        Entry(name: "the session cache", source: "Accounts/Family.swift"),
        Entry(name: "the API tokens", source: "Accounts/APITokens.swift"),
        Entry(name: "the feed links", source: "Accounts/FeedTokens.swift"),
        Entry(name: "the OpenID provider's documents", source: "DawnApp/Auth/OpenIDProvider.swift"),
        Entry(name: "HabitProgressCache", source: "MemberData/HabitProgressCache.swift"),
        Entry(name: "time zone rules", source: "TimeZones/TimeZoneDatabase.swift"),
        Entry(name: "templates", source: "Templates/TemplateLibrary.swift"),
        Entry(name: "static files", source: "HTTPServer/StaticFiles.swift"),
        Entry(name: "prepared statements", source: "Store/Connection.swift"),
        Entry(name: "SQLite's page cache", source: "Store/Connection.swift"),
    ]
}
