import MemberData

/// One place a member's notifications go, as delivery sees it.
enum NotificationTarget: Sendable, Equatable {
    case push(NotifyTargets.PushSubscription)
    case ntfy(NotifyTargets.Ntfy)
    case email(String)
    /// Their webhook: told of check-offs (`WebhookEvent`), never of reminders.
    case webhook(NotifyTargets.Webhook)

    /// Its key in `notify_results` (and what keeps two deliveries to it from running at once).
    var key: String {
        switch self {
        case let .push(subscription): NotifyTargets.Key.push(subscription.id)
        case .ntfy: NotifyTargets.Key.ntfy
        case .email: NotifyTargets.Key.email
        case .webhook: NotifyTargets.Key.webhook
        }
    }
}

/// What one attempt at one target came to.
enum DeliveryOutcome: Sendable, Equatable {
    case delivered
    /// Worth another try later (a timeout, a 5xx, a refused connection).
    case failed(String)
    /// Never worth another try: the push service says the subscription is gone (404, 410),
    /// which removes it, or the target is refused as it stands (an address not allowed).
    case gone(String)
    case refused(String)
}

/// The text of a notification: a reminder's, or a test's.
struct NotificationMessage: Sendable, Equatable {
    let title: String
    let body: String
}

/// What one delivery job carries: the kinds of event the one queue delivers.
enum NotificationContent: Sendable, Equatable {
    /// A reminder's or a test's text, for browsers, ntfy and email.
    case message(NotificationMessage)
    /// A habit's check-off, undo or skip, for the member's webhook.
    case webhook(WebhookEvent)
}
