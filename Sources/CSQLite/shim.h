#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: the one use Dawn makes of it.
// A connection's lookaside (SQLite's own pool for small allocations) is 1,200-byte slots
// by default, 100 of them: 120 KiB a connection, most of it never used.
static inline int dawn_sqlite3_set_lookaside(sqlite3 *db, int slotSize, int slotCount) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, (void *)0, slotSize, slotCount);
}

// For a database someone else made (an import): defensive mode (no writes to the schema,
// no corrupting pragmas) and no trust in its schema (its views and triggers call no functions).
static inline int dawn_sqlite3_distrust(sqlite3 *db) {
    int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
}
