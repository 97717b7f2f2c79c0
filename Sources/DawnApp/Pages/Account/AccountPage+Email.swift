import Accounts
import HTTP
import HTTPServer
import Outbound

/// The member's email address on `/account` (`partials/account-email.html`): they type it
/// (`POST /account/email`), Dawn mails a one-time link to it, and the link's page asks them
/// to press Confirm (`/account/email/confirm/{token}`: a GET only shows the question, so a
/// mail scanner that follows links verifies nothing). A verified address signs them in
/// where the family's proxy or provider names them by it (`ProxySignIn`,
/// `OpenIDSignInPage`). Without an SMTP relay the card says so, and the operator can vouch
/// for an address with `dawn user email`. Sending is throttled per member
/// (`MemberPressThrottle.emailConfirmations`).
extension AccountPage {
    /// The card's id, where its notices scroll to.
    static let emailAnchor = "email"

    static func addEmail(to router: inout Router<Route>) {
        router.add(.POST, Paths.accountEmail, .member(slow: true) { app, page in try saveEmail(app, page) })
        router.add(.POST, Paths.removeAccountEmail, .member { app, page in
            try app.family.removeEmail(of: try page.member.member.id)
            return .redirect(to: Paths.done(Paths.account, "email-removed", anchor: emailAnchor))
        })
        router.add(.GET, Paths.confirmEmailPrefix + "{token}", .member { app, page in
            let token = try page.parameter("token"), me = try page.member.member.id
            let address = try refusingBadLinks { () throws(Family.MemberEmailError) in
                try app.family.emailToConfirm(token: token, for: me)
            }
            return app.render(AccountEmailConfirmView(
                title: app.t("account.email.confirm_title", page),
                question: app.t("account.email.confirm_question", page, ["address": address]),
                confirmURL: Paths.confirmEmail(token)), for: page)
        })
        router.add(.POST, Paths.confirmEmailPrefix + "{token}", .member { app, page in
            let token = try page.parameter("token"), me = try page.member.member.id
            try refusingBadLinks { () throws(Family.MemberEmailError) in
                try app.family.confirmEmail(token: token, for: me)
            }
            return .redirect(to: Paths.done(Paths.account, "email-verified", anchor: emailAnchor))
        })
    }

    /// A link's refusal as its page: the same words for malformed, unknown, used, run-out
    /// and another member's links (a guess learns nothing), nothing changed.
    @discardableResult
    private static func refusingBadLinks<T>(_ body: () throws(Family.MemberEmailError) -> T) throws -> T {
        do {
            return try body()
        } catch .linkInvalid {
            throw PageError(.badRequest, key: "error.email_link_invalid")
        } catch .takenByAnotherMember {
            throw PageError(.conflict, key: "error.email_taken")
        } catch .account(let error) {
            throw error
        }
    }

    private static func saveEmail(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let me = try page.member.member
        let typed = page.form["email"] ?? ""
        var form = FormState(values: ["email": typed])
        guard app.configuration.emailConfigured, let smtpURL = app.configuration.smtpURL,
              let smtpFrom = app.configuration.smtpFrom else {
            form.fail("email", app.t("account.email.no_mail", page))
            return show(app, page, email: form, status: .conflict)
        }
        let address: EmailAddress
        do {
            address = try EmailAddress(typed)
        } catch {
            form.fail("email", app.t(error.key, page, ["max": String(EmailAddress.maximumLength)]))
            return show(app, page, email: form, status: .badRequest)
        }
        if let current = try app.family.email(of: me.id), current.isVerified,
           current.address.lowercased() == address.value.lowercased() {
            return .redirect(to: Paths.done(Paths.account, "email-unchanged", anchor: emailAnchor))
        }
        let now = app.now()
        guard app.emailConfirmations.allow(me.id, now: now) else {
            form.fail("email", app.t("account.email.throttled", page, [
                "count": String(app.emailConfirmations.limit), "minutes": String(app.emailConfirmations.window / 60),
            ]))
            var response = show(app, page, email: form, status: .tooManyRequests)
            response.headers.add("Retry-After", String(max(1, app.emailConfirmations.secondsUntilAllowed(me.id, now: now))))
            return response
        }
        guard let origin = OpenIDSignInPage.origin(page) else { throw PageError(.badRequest, key: "error.bad_address") }
        let token: String
        do {
            token = try app.family.requestEmail(address, for: me.id)
        } catch .takenByAnotherMember {
            form.fail("email", app.t("error.email_taken", page))
            return show(app, page, email: form, status: .conflict)
        } catch .linkInvalid {
            throw PageError(.badRequest, key: "error.email_link_invalid")
        } catch .account(let error) {
            throw error
        }
        let body = app.t("account.email.mail_body", page, [
            "name": me.displayName, "address": address.value, "link": origin + Paths.confirmEmail(token),
            "hours": String(Family.emailLinkLifetime / 3600),
        ])
        let mail = SMTPMail(url: smtpURL, from: smtpFrom, to: address.value, message: MailMessage(
            from: smtpFrom, to: address.value, subject: app.t("account.email.mail_subject", page), body: body + "\n",
            date: now, messageID: "dawn.confirm." + String(UInt64.random(in: 1...UInt64.max), radix: 36) + "." + String(now, radix: 36)),
            timeoutMilliseconds: NotificationSender.smtpTimeoutMilliseconds, policy: app.configuration.notifyAddressPolicy)
        do {
            try app.sendMail(mail)
        } catch {
            StandardError.line("account: the confirmation mail for member \(me.id.rawValue) was not sent: \(error)")
            return .redirect(to: Paths.done(Paths.account, "email-not-sent", anchor: emailAnchor))
        }
        return .redirect(to: Paths.done(Paths.account, "email-sent", anchor: emailAnchor))
    }

    /// The card for the signed-in member: their address and its state, the form (`form`
    /// when one was refused), or why Dawn cannot send mail.
    static func emailCard(_ app: Dawn, _ page: PageRequest, form: FormState?) throws -> AccountView.Email {
        let me = try page.member.member
        let current = try app.family.email(of: me.id)
        let canSend = app.configuration.emailConfigured
        let status = current.map {
            app.t($0.isVerified ? "account.email.verified" : "account.email.pending", page, ["address": $0.address])
        }
        let state = form ?? FormState(values: ["email": current?.address ?? ""])
        let submit = switch current?.isVerified {
        case nil: "account.email.submit"
        case true?: "account.email.change"
        case false?: "account.email.resend"
        }
        return AccountView.Email(
            status: status, verified: current?.isVerified ?? false, canSend: canSend,
            value: state.value("email"), error: state.error("email"), submit: app.t(submit, page),
            // The fragment stays with the answer: a refused address shows with the page scrolled to it.
            actionURL: Paths.accountEmail + "#" + emailAnchor, removeURL: current == nil ? nil : Paths.removeAccountEmail)
    }

    /// The notice after `?done=email-…`.
    static func emailNotice(_ done: String?) -> String? {
        switch done {
        case "email-sent": "account.email.notice_sent"
        case "email-not-sent": "account.email.notice_not_sent"
        case "email-verified": "account.email.notice_verified"
        case "email-removed": "account.email.notice_removed"
        case "email-unchanged": "account.email.notice_unchanged"
        default: nil
        }
    }
}

extension EmailAddress.Problem {
    /// The message key for the field.
    var key: String {
        switch self {
        case .empty: "account.email.empty"
        case .tooLong: "account.email.too_long"
        case .invalid: "account.email.invalid"
        }
    }
}
