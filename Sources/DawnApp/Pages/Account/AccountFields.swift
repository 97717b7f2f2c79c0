import Accounts
import HTTP
import TimeZones

/// Reads the account fields that setup, the family page and the account page
/// share from the page's form, recording each problem against its field, in
/// the page's language.
struct AccountFields {
    let app: Dawn
    let page: PageRequest

    init(_ app: Dawn, _ page: PageRequest) {
        self.app = app
        self.page = page
    }

    func username(_ state: inout FormState, field: String = "username") -> Username? {
        do {
            return try Username(page.form[field] ?? "")
        } catch {
            state.fail(field, app.t(error, page))
            return nil
        }
    }

    func displayName(_ state: inout FormState, field: String = "display_name") -> DisplayName? {
        do {
            return try DisplayName(page.form[field] ?? "")
        } catch {
            state.fail(field, app.t(error, page))
            return nil
        }
    }

    /// A new password typed twice.
    func newPassword(_ state: inout FormState, field: String = "password",
                     confirmField: String = "password_again") -> Password? {
        let typed = page.form[field] ?? ""
        do {
            let password = try Password(typed)
            try Password.confirm(typed, page.form[confirmField] ?? "")
            return password
        } catch .passwordsDiffer {
            state.fail(confirmField, app.t(AccountError.passwordsDiffer, page))
        } catch {
            state.fail(field, app.t(error, page))
        }
        return nil
    }

    func timeZone(_ state: inout FormState, field: String = "time_zone") -> String? {
        let id = page.form[field] ?? ""
        guard app.timeZones.isValid(id) else {
            state.fail(field, app.t("form.time_zone_invalid", page))
            return nil
        }
        return id
    }
}
