import Accounts

/// Each `AccountError` as a text of Views/strings (`account_error.*`), with the
/// limits its message quotes. `AccountError.message` stays the English one for
/// the CLI and logs.
extension AccountError {
    var messageKey: String {
        switch self {
        case .usernameInvalid: "account_error.username_invalid"
        case .usernameTaken: "account_error.username_taken"
        case .displayNameInvalid: "account_error.display_name_invalid"
        case .passwordTooShort: "account_error.password_too_short"
        case .passwordTooLong: "account_error.password_too_long"
        case .passwordHasNullCharacter: "account_error.password_has_null_character"
        case .passwordsDiffer: "account_error.passwords_differ"
        case .wrongCurrentPassword: "account_error.wrong_current_password"
        case .timeZoneInvalid: "account_error.time_zone_invalid"
        case .setupAlreadyDone: "account_error.setup_already_done"
        case .memberNotFound: "account_error.member_not_found"
        case .cannotRemoveYourself: "account_error.cannot_remove_yourself"
        case .adminRequired: "account_error.admin_required"
        case .lastAdmin: "account_error.last_admin"
        case .childCannotBeAdmin: "account_error.child_cannot_be_admin"
        case .storage: "account_error.storage"
        case .storageFull: "error.storage_full"
        }
    }

    var messageArguments: [String: String] {
        switch self {
        case .usernameInvalid:
            ["min": String(Username.lengthLimits.lowerBound), "max": String(Username.lengthLimits.upperBound)]
        case .displayNameInvalid: ["max": String(DisplayName.maximumLength)]
        case .passwordTooShort: ["min": String(Password.minimumLength)]
        case .passwordTooLong: ["max": String(Password.maximumBytes)]
        default: [:]
        }
    }
}

extension Dawn {
    /// What the person at the form should read about `error`, in the page's language.
    func t(_ error: AccountError, _ page: PageRequest?) -> String {
        t(error.messageKey, page, error.messageArguments)
    }
}
