import HTTPServer
import MemberData
import Store
import WebPush

extension Dawn {
    /// Where the reminder scheduler hands over what came due.
    var reminderOutbox: any ReminderOutbox { notifications }

    /// The delivery queue of this instance, over its data folder: targets read from, and
    /// results written to, each member's database.
    static func makeNotifications(configuration: DawnConfiguration, data: DataDirectory, vapidKey: P256KeyPair,
                                  now: @escaping @Sendable () -> Int64) -> NotificationDelivery {
        let sender = NotificationSender(vapidKey: vapidKey, smtpURL: configuration.smtpURL, smtpFrom: configuration.smtpFrom,
                                        policy: configuration.notifyAddressPolicy, now: now)
        let emailConfigured = configuration.emailConfigured
        return NotificationDelivery(
            retryBaseMilliseconds: configuration.notifyRetryBaseMilliseconds,
            targets: { member in try notificationTargets(of: member, data: data, emailConfigured: emailConfigured) },
            deliver: { _, target, content in sender.deliver(content, to: target) },
            record: { member, target, outcome in
                guard let database = try? data.member(member) else { return }
                let targets = NotifyTargets(database: database)
                switch outcome {
                case .delivered:
                    try? targets.record(target: target.key, at: now(), error: nil)
                case let .failed(error), let .refused(error):
                    try? targets.record(target: target.key, at: now(), error: error)
                    StandardError.line("notifications: member \(member.rawValue), \(target.key): \(error)")
                case .gone:
                    if case let .push(subscription) = target { try? targets.removePushSubscription(id: subscription.id) }
                }
            })
    }

    /// Every target of a member: their browsers, their ntfy topic, their email address
    /// (only when the instance has an SMTP relay).
    static func notificationTargets(of member: MemberID, data: DataDirectory, emailConfigured: Bool) throws -> [NotificationTarget] {
        let targets = NotifyTargets(database: try data.member(member))
        var all: [NotificationTarget] = try targets.pushSubscriptions().map { .push($0) }
        if let ntfy = try targets.ntfy() { all.append(.ntfy(ntfy)) }
        if emailConfigured, let email = try targets.email() { all.append(.email(email)) }
        return all
    }
}

extension Dawn {
    /// The member's webhook as a checklist write needs it, or nil when they have none. A
    /// webhook that cannot be read fails no check-off (the write stands): it is said on stderr.
    func webhook(of member: MemberID, _ database: Database) -> NotifyTargets.Webhook? {
        do {
            return try NotifyTargets(database: database).webhook()
        } catch {
            StandardError.line("webhooks: member \(member.rawValue): cannot read the webhook: \(error)")
            return nil
        }
    }
}
