import Store

/// Everything account code can refuse or fail with. `message` is an English sentence
/// for the person at the form, saying how to put it right.
public enum AccountError: Error, Equatable, Sendable, CustomStringConvertible {
    case usernameInvalid
    case usernameTaken
    case displayNameInvalid
    case passwordTooShort
    case passwordTooLong
    /// NUL would silently cut the password short in libcrypt's C string.
    case passwordHasNullCharacter
    case passwordsDiffer
    case wrongCurrentPassword
    case timeZoneInvalid
    case setupAlreadyDone
    case memberNotFound
    case cannotRemoveYourself
    case adminRequired
    /// Removing this member would leave the family without an admin.
    case lastAdmin
    /// A child account is never an admin.
    case childCannotBeAdmin
    /// The database (or a member's file) failed. The detail is for the log, not the page:
    /// it may quote SQL or paths.
    case storage(String)
    /// The disk is full: nothing was written, and the same action can succeed once an
    /// operator frees space.
    case storageFull

    public var message: String {
        switch self {
        case .usernameInvalid:
            "Usernames are \(Username.lengthLimits.lowerBound) to \(Username.lengthLimits.upperBound) characters: lowercase letters, digits, and _ . -"
        case .usernameTaken:
            "That username is already taken. Please choose another one."
        case .displayNameInvalid:
            "Names are 1 to \(DisplayName.maximumLength) characters on one line, without tabs or other control characters."
        case .passwordTooShort:
            "Passwords need at least \(Password.minimumLength) characters. A few words in a row make a good one."
        case .passwordTooLong:
            "Passwords can be at most \(Password.maximumBytes) bytes long (fewer with accented letters or emoji). Please choose a shorter one."
        case .passwordHasNullCharacter:
            "Passwords cannot contain the NUL character. Please type your password again."
        case .passwordsDiffer:
            "The two passwords do not match. Please type the same password in both fields."
        case .wrongCurrentPassword:
            "Your current password is not correct. Please type it again."
        case .timeZoneInvalid:
            "That is not a time zone Dawn knows. Please choose one from the list, such as Europe/Rome."
        case .setupAlreadyDone:
            "This Dawn is already set up. Please sign in instead."
        case .memberNotFound:
            "That family member does not exist any more. Please reload the page."
        case .cannotRemoveYourself:
            "You cannot remove your own account. Another admin can remove it."
        case .adminRequired:
            "Only an admin can do this. Please ask an admin of your family."
        case .lastAdmin:
            "This is the family's only admin. Make someone else an admin first, or keep this account."
        case .childCannotBeAdmin:
            "A child account cannot be an admin. Add them either as a child or as an admin."
        case .storage:
            "Dawn could not save this just now. Please try again in a moment."
        case .storageFull:
            "The server's disk is full, so Dawn cannot save anything just now. Reading still works; please try again later."
        }
    }

    public var description: String {
        switch self {
        case .storage(let detail): "storage failure: \(detail)"
        default: message
        }
    }

    /// Keeps typed account errors as they are and wraps anything else (StoreError, file
    /// system) as `.storage`.
    init(_ error: any Error) {
        if let error = error as? AccountError {
            self = error
        } else if let error = error as? StoreError, error.isStorageFull {
            self = .storageFull
        } else {
            self = .storage(String(describing: error))
        }
    }
}
