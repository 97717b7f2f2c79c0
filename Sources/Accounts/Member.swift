import Store

/// One family member's account, as stored in `instance.sqlite` (without the password hash).
public struct Member: Sendable, Equatable {
    public let id: MemberID
    public let username: String
    public let displayName: String
    public let isAdmin: Bool
    /// An IANA name such as "Europe/Rome".
    public let timeZone: String
    /// Unix seconds.
    public let createdAt: Int64

    /// A child account (made so on `/family`): archives but never deletes habits or their
    /// history, and is never an admin.
    public let isChild: Bool

    public init(id: MemberID, username: String, displayName: String, isAdmin: Bool, timeZone: String, createdAt: Int64,
                isChild: Bool = false) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.isAdmin = isAdmin
        self.timeZone = timeZone
        self.createdAt = createdAt
        self.isChild = isChild
    }

    /// The columns `init(row:at:)` reads, in order, for SELECT lists over `members`.
    static let columns = "members.id, members.username, members.display_name, members.is_admin, members.time_zone, members.created_at, members.is_child"
    /// `columns` read from the `members` table under another name (`alias`), for a query
    /// that joins it twice.
    static func columns(as alias: String) -> String {
        columns.split(separator: ",").map { column in
            let name = column.split(separator: ".").last.map(String.init) ?? String(column)
            return alias + "." + name
        }.joined(separator: ", ")
    }
    /// How many columns `columns` names (a query's own columns come after them).
    static let columnCount = 7

    init(row: Row, at offset: Int = 0) {
        self.init(
            id: MemberID(row.int64(offset)),
            username: row.string(offset + 1),
            displayName: row.string(offset + 2),
            isAdmin: row.bool(offset + 3),
            timeZone: row.string(offset + 4),
            createdAt: row.int64(offset + 5),
            isChild: row.bool(offset + 6)
        )
    }
}
