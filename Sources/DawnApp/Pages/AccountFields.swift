import Accounts
import HTTP
import TimeZones

/// Reads the account fields that setup, the family page and the account page
/// share, recording each problem against its field in the form state.
enum AccountFields {
    static func username(_ form: FormFields, _ state: inout FormState, field: String = "username") -> Username? {
        do {
            return try Username(form[field] ?? "")
        } catch {
            state.fail(field, error.message)
            return nil
        }
    }

    static func displayName(_ form: FormFields, _ state: inout FormState, field: String = "display_name") -> DisplayName? {
        do {
            return try DisplayName(form[field] ?? "")
        } catch {
            state.fail(field, error.message)
            return nil
        }
    }

    /// A new password typed twice.
    static func newPassword(_ form: FormFields, _ state: inout FormState,
                            field: String = "password", confirmField: String = "password_again") -> Password? {
        let typed = form[field] ?? ""
        do {
            let password = try Password(typed)
            try Password.confirm(typed, form[confirmField] ?? "")
            return password
        } catch .passwordsDiffer {
            state.fail(confirmField, AccountError.passwordsDiffer.message)
        } catch {
            state.fail(field, error.message)
        }
        return nil
    }

    static func timeZone(_ form: FormFields, _ state: inout FormState, _ zones: TimeZoneDatabase,
                         field: String = "time_zone") -> String? {
        let id = form[field] ?? ""
        guard zones.isValid(id) else {
            state.fail(field, "Choose a time zone from the list.")
            return nil
        }
        return id
    }
}
