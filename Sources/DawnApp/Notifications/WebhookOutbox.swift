import MemberData
import Store

/// Where a checklist write hands its member's webhook call. `send` returns at once: the call,
/// its retries and its recorded result run on the delivery threads (`NotificationDelivery`,
/// the reminders' queue), never on an event loop and never in the check-off's request.
protocol WebhookOutbox: Sendable {
    func send(_ event: WebhookEvent, to webhook: NotifyTargets.Webhook, of member: MemberID)
}
