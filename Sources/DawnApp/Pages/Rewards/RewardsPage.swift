import Accounts
import Domain
import FamilyData
import HTTP
import HTTPServer
import Localization
import PlainText
import Store
import TimeZones

/// `/rewards`: children's points and what they spend them on (`Points`, instance.sqlite).
/// Guardians and admins add rewards (`POST /rewards`: `name`, `price`, optional `emoji`)
/// and take them off; a child asks for one (`POST /rewards/{id}/request`), which tells the
/// child's guardians through their notification targets; a guardian of that child approves
/// or declines (`POST /rewards/requests/{id}/approve` | `/decline`), the approval debiting
/// the price in the transaction that checks the balance. A child gets a 403 on every
/// guardian action; a guardian sees and decides only their own children's requests.
/// Plain forms: POST → 303; a refused one shows the page again with why (400/403).
enum RewardsPage {
    static func add(to router: inout Router<Route>) {
        router.add(.GET, "/rewards", .member { app, page, member in
            let done = try page.query()["done"]
            return try show(app, page, member, notice: notice(done).map { app.t($0, page) })
        })
        router.add(.POST, "/rewards", .member { app, page, member in
            let me = try manager(app, page, member)
            var form = FormState(values: ["name": page.form["name"] ?? "", "price": page.form["price"] ?? "",
                                          "emoji": page.form["emoji"] ?? ""])
            guard let input = readReward(app, page, &form) else {
                return try show(app, page, member, form: form, status: .badRequest)
            }
            do {
                _ = try Points(instance: app.data.instance).addReward(name: input.name, price: input.price, emoji: input.emoji,
                                                                      by: me.id, now: member.now)
            } catch Points.Refusal.tooManyRewards {
                form.fail("general", app.t("rewards.error.too_many", page, ["max": String(Points.maxRewards)]))
                return try show(app, page, member, form: form, status: .badRequest)
            }
            return .redirect(to: Paths.done(Paths.rewards, "added"))
        })
        router.add(.POST, "/rewards/{id}/remove", .member { app, page, member in
            _ = try manager(app, page, member)
            guard let id = try page.id(), try Points(instance: app.data.instance).removeReward(id, now: member.now) else {
                throw PageError(.notFound, key: "rewards.error.not_found")
            }
            return .redirect(to: Paths.done(Paths.rewards, "removed"))
        })
        router.add(.POST, "/rewards/{id}/request", .member { app, page, member in
            let me = member.actor.member
            guard me.isChild else { throw PageError(.forbidden, key: "rewards.error.not_child") }
            guard let id = try page.id() else { throw PageError(.notFound, key: "rewards.error.not_found") }
            let request: Points.Request
            do {
                request = try Points(instance: app.data.instance).request(id, by: me.id, now: member.now)
            } catch Points.Refusal.notFound {
                throw PageError(.notFound, key: "rewards.error.not_found")
            } catch Points.Refusal.tooManyPending {
                return try show(app, page, member, error: app.t("rewards.error.too_many_pending", page,
                                                                 ["max": String(Points.maxPendingPerChild)]),
                                status: .badRequest)
            }
            try tellGuardians(app, child: me, request)
            return .redirect(to: Paths.done(Paths.rewards, "requested", anchor: "requests"))
        })
        // A guardian sets their child's weekly allowance (`child`: the username; `points`
        // 0–1,000, 0 none); the reminder thread credits it on the child's week start.
        router.add(.POST, "/rewards/allowance", .member { app, page, member in
            let me = member.actor.member
            if me.isChild { throw PageError(.forbidden, key: "points.error.child") }
            guard let username = try? Username(page.form["child"] ?? ""), let child = try app.family.member(username: username),
                  child.isChild else { throw PageError(.notFound, key: "rewards.error.not_found") }
            guard try app.family.isGuardian(me.id, of: child.id) else {
                throw PageError(.forbidden, key: "rewards.error.not_guardian")
            }
            var form = FormState()
            guard let points = FamilyPage.readPoints(app, page, page.form["points"], &form) else {
                return try show(app, page, member, error: form.error("points"), status: .badRequest)
            }
            try Points(instance: app.data.instance).setAllowance(points, of: child.id)
            app.reminders.memberChanged(child.id)
            return .redirect(to: Paths.done(Paths.rewards, "allowance"))
        })
        for action in ["approve", "decline"] {
            router.add(.POST, "/rewards/requests/{id}/\(action)", .member { app, page, member in
                let me = member.actor.member
                if me.isChild { throw PageError(.forbidden, key: "points.error.child") }
                let points = Points(instance: app.data.instance)
                guard let id = try page.id(), let request = try points.requestByID(id) else {
                    throw PageError(.notFound, key: "rewards.error.not_found")
                }
                // Asked afresh, as a guardian's view is: a revoked guardian decides nothing.
                guard try app.family.isGuardian(me.id, of: request.memberID) else {
                    throw PageError(.forbidden, key: "rewards.error.not_guardian")
                }
                do {
                    if action == "approve" {
                        _ = try points.approve(id, by: me.id, day: member.today, now: member.now)
                    } else {
                        _ = try points.decline(id, by: me.id, now: member.now)
                    }
                } catch let refusal as Points.Refusal {
                    let message = switch refusal {
                    case let .notEnough(balance, price):
                        app.t("rewards.error.not_enough", page, [
                            "child": try childName(app, request.memberID), "balance": String(balance),
                            "name": request.name, "price": String(price)])
                    case .decided: app.t("rewards.error.decided", page)
                    default: app.t("rewards.error.not_found", page)
                    }
                    return try show(app, page, member, error: message,
                                    status: refusal == .decided ? .conflict : .badRequest)
                }
                return .redirect(to: Paths.done(Paths.rewards, action == "approve" ? "approved" : "declined",
                                                anchor: "requests"))
            })
        }
    }

    /// The signed-in member if they may keep the rewards (an admin, or a guardian); a
    /// child's or another adult's form is a 403, nothing written.
    private static func manager(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> Member {
        let me = member.actor.member
        if me.isChild { throw PageError(.forbidden, key: "points.error.child") }
        guard mayManage(app, me) else { throw PageError(.forbidden, key: "rewards.error.not_guardian") }
        return me
    }

    static func mayManage(_ app: Dawn, _ me: Member) -> Bool {
        !me.isChild && (me.isAdmin || !((try? app.familySnapshot().children(of: me.id)) ?? []).isEmpty)
    }

    private static func childName(_ app: Dawn, _ id: MemberID) throws -> String {
        try app.family.member(id: id)?.displayName ?? ""
    }

    /// A reward as typed, valid.
    struct RewardInput {
        let name: String
        let price: Int64
        let emoji: String?
    }

    /// The reward a form describes, or nil with each field's error in `form`: a name of
    /// 1–60 characters on one line, a whole price from 1 to `Points.maxPrice`, an emoji
    /// (one, as a habit's) or none.
    static func readReward(_ app: Dawn, _ page: PageRequest, _ form: inout FormState) -> RewardInput? {
        let name = try? HabitName(page.form["name"] ?? "")
        if name == nil { form.fail("name", app.t("rewards.error.name", page)) }
        let typedPrice = String(PlainText.trimmed(page.form["price"] ?? ""))
        var price: Int64?
        if typedPrice.count <= 7, typedPrice.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(typedPrice),
           (1...Int64(Points.maxPrice)).contains(value) {
            price = value
        } else {
            form.fail("price", app.t("rewards.error.price", page, ["max": String(Points.maxPrice)]))
        }
        var emoji: String?
        let typedEmoji = String(PlainText.trimmed(page.form["emoji"] ?? ""))
        if !typedEmoji.isEmpty {
            emoji = (try? HabitEmoji(typedEmoji))?.value
            if emoji == nil { form.fail("emoji", app.t("habits.error.emoji", page)) }
        }
        guard form.isValid, let name, let price else { return nil }
        return RewardInput(name: name.value, price: price, emoji: emoji)
    }

    /// A reminder to each guardian of the child, through their notification targets (the
    /// reminders' queue: Web Push, ntfy, email), in the guardian's language.
    private static func tellGuardians(_ app: Dawn, child: Member, _ request: Points.Request) throws {
        for guardian in try app.family.guardians(of: child.id) {
            let language: Language
            if let database = try? app.data.member(guardian.id) {
                language = (try? app.memberSettings(guardian.id, database).language) ?? .en
            } else {
                continue
            }
            let name = [request.emoji, request.name].compactMap { $0 }.joined(separator: " ")
            app.reminders.outbox.send(DueReminder(
                member: guardian.id, habitID: 0,
                title: app.strings.format("rewards.notify_title", language, ["child": child.displayName]),
                body: app.strings.format("rewards.notify_body", language, ["name": name, "price": String(request.price)]),
                dueAt: request.requestedAt))
        }
    }

    private static func notice(_ done: String?) -> String? {
        switch done {
        case "added": "rewards.notice.added"
        case "removed": "rewards.notice.removed"
        case "requested": "rewards.notice.requested"
        case "approved": "rewards.notice.approved"
        case "declined": "rewards.notice.declined"
        case "allowance": "rewards.notice.allowance"
        default: nil
        }
    }

    /// The page: the signed-in child's balance and what they may ask for; a guardian's
    /// children with their balances and their requests; the add form for those who keep
    /// the rewards. Rendered on every request (`private, no-cache`, `CachePolicy.memberPage`).
    static func show(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, notice: String? = nil,
                     error: String? = nil, form: FormState? = nil, status: HTTPStatus = .ok) throws -> HTTPResponse {
        let me = member.actor.member
        let points = Points(instance: app.data.instance)
        let snapshot = try app.familySnapshot()
        let balance = me.isChild ? try points.balance(of: me.id) : nil
        let children = me.isChild ? [] : snapshot.children(of: me.id)
        let manages = mayManage(app, me)
        let requests = try points.requests(of: me.isChild ? [me.id] : children.map(\.id))
        let names = Dictionary(uniqueKeysWithValues: children.map { ($0.id, $0.displayName) })
        let allowances = children.isEmpty ? [:] : try points.allowances()
        let rewards = try points.rewards().map { reward in
            let name = reward.name
            return RewardsView.Reward(
                id: Int(reward.id), name: name, emoji: reward.emoji,
                price: app.strings.plural("points.count", count: Int(reward.price), page.language),
                requestURL: me.isChild ? "/rewards/\(reward.id)/request" : nil,
                requestLabel: app.t("rewards.request_label", page, ["name": name]),
                affordable: balance.map { $0 >= reward.price } ?? true,
                removeURL: manages ? "/rewards/\(reward.id)/remove" : nil,
                removeLabel: app.t("rewards.remove_label", page, ["name": name]))
        }
        let lines = requests.map { request in
            let child = names[request.memberID] ?? me.displayName
            let name = [request.emoji, request.name].compactMap { $0 }.joined(separator: " ")
            let decidable = request.status == .pending && !me.isChild
            return RewardsView.Request(
                id: Int(request.id),
                line: app.t("rewards.request_line", page, ["child": child, "name": name, "price": String(request.price)]),
                status: request.status.rawValue,
                statusText: app.t("rewards.status.\(request.status.rawValue)", page),
                approveURL: decidable ? "/rewards/requests/\(request.id)/approve" : nil,
                approveLabel: app.t("rewards.approve_label", page, ["name": request.name, "child": child]),
                declineURL: decidable ? "/rewards/requests/\(request.id)/decline" : nil,
                declineLabel: app.t("rewards.decline_label", page, ["name": request.name, "child": child]))
        }
        let state = form ?? FormState(values: ["name": "", "price": "", "emoji": ""])
        return app.render(RewardsView(
            title: app.t("rewards.title", page),
            notice: notice,
            error: error,
            balance: balance.map(String.init),
            children: children.map {
                RewardsView.ChildBalance(label: app.t("rewards.child_balance", page, ["name": $0.displayName]),
                                         balance: String(snapshot.balance(of: $0.id)), username: $0.username,
                                         allowance: String(allowances[$0.id] ?? 0),
                                         allowanceLabel: app.t("rewards.allowance_label", page, ["name": $0.displayName]))
            },
            rewards: rewards,
            requests: lines,
            showRequests: me.isChild || !children.isEmpty,
            manages: manages,
            form: RewardsView.Form(state)
        ), status: status, for: page)
    }
}
