import Accounts
import XCTest

final class AccountErrorTests: XCTestCase {
    private let all: [AccountError] = [
        .usernameInvalid, .usernameTaken, .displayNameInvalid, .passwordTooShort, .passwordTooLong,
        .passwordHasNullCharacter, .passwordsDiffer, .wrongCurrentPassword, .timeZoneInvalid, .setupAlreadyDone,
        .memberNotFound, .cannotRemoveYourself, .adminRequired, .storage("disk I/O error in INSERT"),
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
}
