import Accounts
import TimeZones

/// What a child account may not do (issue 19): delete a habit, delete logged history, or
/// undo a check-off of another day than their today (undoing today's mistaken tap is fine;
/// an older day's check-off is history). Archiving stays open. Each refusal is a 403 in the
/// child's language; the pages hide the buttons too. A child is never an admin, so every
/// admin page (which resets passwords and so ends others' sessions) is closed to them.
/// Import only ever adds (merge) or fills an empty account, so it removes nothing.
enum ChildRules {
    /// `GET`/`POST /habits/{id}/delete`.
    static func refuseDeletingHabit(_ page: PageRequest) throws(PageError) {
        if page.signedIn?.member.isChild == true { throw PageError(.forbidden, key: "child.no_delete_habit") }
    }

    /// `POST /day/{date}/instances/{id}/delete`.
    static func refuseDeletingLog(_ page: PageRequest) throws(PageError) {
        if page.signedIn?.member.isChild == true { throw PageError(.forbidden, key: "child.no_delete_log") }
    }

    /// Whether `member` may undo the check-offs of `day` (adults always; a child on their today).
    static func mayUndoCheckOff(_ member: Member, day: LocalDate, today: LocalDate) -> Bool {
        !member.isChild || day == today
    }

    /// The checklist's undo: a child's on another day than today is a 403.
    static func refuseUndo(_ page: PageRequest, day: LocalDate, today: LocalDate) throws(PageError) {
        guard let member = page.signedIn?.member, !mayUndoCheckOff(member, day: day, today: today) else { return }
        throw PageError(.forbidden, key: "child.undo_today_only")
    }
}
