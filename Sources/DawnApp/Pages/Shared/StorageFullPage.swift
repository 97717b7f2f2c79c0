import Accounts
import HTTP
import Store

/// When the disk holding the data folder is full. SQLite then refuses the write
/// (SQLITE_FULL, or an I/O error on ENOSPC) and rolls it back whole, so nothing is
/// half saved; the member gets a 503 in their language with `Retry-After`, and pages
/// that only read go on working. The same form succeeds once space is freed.
enum StorageFullPage {
    /// Freeing space takes a person, so browsers and proxies are asked to wait a minute.
    static let retryAfterSeconds = 60

    /// True for a full disk however it reached the page: a Store error, or an account
    /// operation's error that wraps one.
    static func matches(_ error: any Error) -> Bool {
        switch error {
        case let error as StoreError: error.isStorageFull
        case let error as AccountError: error == .storageFull
        default: false
        }
    }

    /// Adds the `Retry-After` header a 503 for a full disk carries.
    static func markRetry(_ response: inout HTTPResponse) {
        response.headers.add("Retry-After", String(retryAfterSeconds))
    }
}
