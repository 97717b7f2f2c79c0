import CSQLite

/// SQLite's extended result codes are C macros built from expressions, which Swift does
/// not import; these are the ones the Store looks at (values from sqlite3.h).
enum ExtendedResultCode {
    static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)
    static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)
}
