import Store
import XCTest
@testable import Accounts

final class AccountErrorTests: XCTestCase {
    private let all: [AccountError] = [
        .usernameInvalid, .usernameTaken, .displayNameInvalid, .passwordTooShort, .passwordTooLong,
        .passwordHasNullCharacter, .passwordsDiffer, .wrongCurrentPassword, .timeZoneInvalid, .setupAlreadyDone,
        .memberNotFound, .cannotRemoveYourself, .adminRequired, .storage("disk I/O error in INSERT"),
        .storageFull,
    ]

    func testMessagesAreDistinctSentences() {
        XCTAssertEqual(Set(all.map(\.message)).count, all.count)
        for error in all {
            XCTAssertFalse(error.message.isEmpty)
            XCTAssertTrue(error.message.first?.isUppercase ?? false, error.message)
        }
    }

    func testMessagesNameTheLimits() {
        XCTAssertEqual(AccountError.usernameInvalid.message, "Usernames are 3 to 32 characters: lowercase letters, digits, and _ . -")
        XCTAssertTrue(AccountError.passwordTooShort.message.contains("10"))
        XCTAssertTrue(AccountError.displayNameInvalid.message.contains("60"))
        XCTAssertTrue(AccountError.passwordTooLong.message.contains("511"))
    }

    func testStorageDetailStaysOffThePage() {
        let error = AccountError.storage("disk I/O error in INSERT")
        XCTAssertFalse(error.message.contains("INSERT"))
        XCTAssertTrue(error.description.contains("INSERT"))
    }

    /// A full disk keeps its own case through account code, so pages can answer 503.
    func testAFullDiskIsKeptApartFromOtherStorageFailures() {
        let full = StoreError.full(path: "/data/instance.sqlite", message: "database or disk is full", sql: "INSERT")
        XCTAssertEqual(AccountError(full), .storageFull)
        XCTAssertEqual(AccountError(StoreError.migrationFailed(path: "x", version: 3, underlying: full)), .storageFull)
        XCTAssertEqual(AccountError(StoreError.sqlite(code: 10, message: "disk I/O error", sql: "INSERT")),
                       .storage("SQLite error 10 (disk I/O error): disk I/O error — in: INSERT"))
        XCTAssertEqual(AccountError(AccountError.usernameTaken), .usernameTaken)
        XCTAssertTrue(AccountError.storageFull.message.contains("disk is full"))
    }
}
