import Accounts
import HTTP
import HTTPServer
import Localization
import TimeZones

/// `/account/tokens`: the member's API tokens (`APITokens`) for scripts, home automation and
/// shortcuts (`APIv1`). A new token is shown once, on the answer to the form that made it
/// (200, `no-store` as all of `/account`); only its hash is kept. A refused form (a bad
/// name, the 21st token, a child asking to write) comes back with the message beside its
/// field and nothing written. Revoking stops a token at once. A form page: its `FormState`
/// and the list are the model. The calendar feed's link has its card here too
/// (`AccountTokensPage+Feed.swift`).
enum AccountTokensPage {
    static let url = "/account/tokens"

    static func add(to router: inout Router<Route>) {
        router.add(.GET, url, .member { app, page in
            let notices = ["revoked": "tokens.revoked", "feed_removed": "feed.removed"]
            let notice = try page.query()["done"].flatMap { notices[$0] }.map { app.t($0, page) }
            return try show(app, page, notice: notice)
        })
        router.add(.POST, url, .member { app, page in try create(app, page) })
        router.add(.POST, "/account/tokens/{id}/revoke", .member { app, page in
            guard let id = try page.id(), try app.family.apiTokens.revoke(id, of: try page.member.member.id) else {
                throw PageError(.notFound, key: "tokens.not_found")
            }
            return .redirect(to: Paths.done(url, "revoked"))
        })
        addFeed(to: &router)
    }

    private static func create(_ app: Dawn, _ page: PageRequest) throws -> HTTPResponse {
        let me = try page.member.member
        var form = FormState(values: ["name": page.form["name"] ?? "", "scope": page.form["scope"] ?? "read",
                                      "journal": page.form["journal"] ?? ""])
        let scope = APIToken.Scope(rawValue: page.form["scope"] ?? "")
        if scope == nil { form.fail("scope", app.t("tokens.error.scope", page)) }
        let journal: Bool
        switch page.form["journal"] {
        case nil: journal = false
        case "1": journal = true
        default: journal = false; form.fail("scope", app.t("tokens.error.scope", page))
        }
        var name: String?
        do throws(APITokens.Refusal) {
            name = try APITokens.name(page.form["name"] ?? "")
        } catch {
            form.fail("name", message(error, app, page))
        }
        guard form.isValid, let scope, let name else { return try show(app, page, form: form, status: .badRequest) }
        do {
            let made = try app.family.apiTokens.create(for: me, name: name, scope: scope, journal: journal, now: app.now())
            return try show(app, page, created: AccountTokensView.Created(
                name: name, token: made.token, scope: scopeWords(scope, journal: journal, app, page)))
        } catch let refusal as APITokens.Refusal {
            form.fail(refusal == .childReadOnly ? "scope" : "name", message(refusal, app, page))
            return try show(app, page, form: form, status: .badRequest)
        }
    }

    private static func message(_ refusal: APITokens.Refusal, _ app: Dawn, _ page: PageRequest) -> String {
        switch refusal {
        case .nameInvalid: app.t("tokens.error.name", page, ["max": String(APITokens.maxNameCharacters)])
        case .tooMany: app.t("tokens.error.too_many", page, ["max": String(APITokens.maxPerMember)])
        case .childReadOnly: app.t("tokens.child_hint", page)
        }
    }

    /// "Read only", "Read and write, with the journal".
    static func scopeWords(_ scope: APIToken.Scope, journal: Bool, _ app: Dawn, _ page: PageRequest) -> String {
        app.t(scope == .write ? "tokens.scope_words_write" : "tokens.scope_words_read", page)
            + (journal ? app.t("tokens.with_journal", page) : "")
    }

    /// The page; `feedURL` is the feed link just made, shown this once.
    static func show(_ app: Dawn, _ page: PageRequest, notice: String? = nil, created: AccountTokensView.Created? = nil,
                     form: FormState = FormState(values: ["scope": "read"]), feedURL: String? = nil,
                     status: HTTPStatus = .ok) throws -> HTTPResponse {
        let me = try page.member.member
        let rules = try app.timeZones.rules(for: me.timeZone)
        func when(_ instant: Int64) -> String {
            let wall = rules.localDateTime(at: instant)
            return LocalizedDate.long(wall.date, page.language) + ", " + LocalizedDate.time(hour: wall.hour, minute: wall.minute)
        }
        let tokens = try app.family.apiTokens.tokens(of: me.id).map { token in
            let made = app.t("tokens.made", page, ["date": when(token.createdAt)])
            let used = token.lastUsedAt.map { app.t("tokens.used", page, ["date": when($0), "address": token.lastAddress ?? "?"]) }
                ?? app.t("tokens.never_used", page)
            return AccountTokensView.Token(name: token.name, scope: scopeWords(token.scope, journal: token.journal, app, page),
                                           use: made + " · " + used, revokeURL: "/account/tokens/\(token.id)/revoke",
                                           revokeLabel: app.t("tokens.revoke_label", page, ["name": token.name]))
        }
        let feed = AccountTokensView.Feed(
            made: try app.family.feedTokens.link(of: me.id).map { app.t("feed.made", page, ["date": when($0.createdAt)]) },
            url: feedURL, action: Paths.feed, removeAction: Paths.feedRemove)
        return app.render(AccountTokensView(title: app.t("tokens.title", page), notice: notice, created: created, tokens: tokens,
                                            form: form, maxName: APITokens.maxNameCharacters, readOnly: me.isChild, feed: feed),
                          status: status, for: page)
    }
}
