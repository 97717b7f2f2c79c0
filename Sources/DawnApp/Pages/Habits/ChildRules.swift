import Accounts
import Domain
import MemberData
import TimeZones

/// What a child account may not do: delete a habit, delete logged history, change a day
/// other than their today, or change a habit's schedule or target. On their today a child
/// edits, moves, undoes and skips as anyone does (a mistaken tap is fixed at once); an
/// older day's logs, check-offs and skips are history, and a new schedule or target would
/// decide every past day again, so those are for a guardian (on the guardian's view of the
/// child) or an adult. A child may still add a log or a check-off they forgot on an
/// earlier day: that changes nothing already there. Archiving stays open. Each refusal is
/// a 403 in the child's language, before anything is written; the pages hide the buttons
/// and fields too. A child is never an admin, so every admin page (which resets passwords
/// and so ends others' sessions) is closed to them. Import only ever adds (merge) or fills
/// an empty account, so it removes nothing.
enum ChildRules {
    /// `GET`/`POST /habits/{id}/delete`.
    static func refuseDeletingHabit(_ page: PageRequest) throws(PageError) {
        if page.signedIn?.member.isChild == true { throw PageError(.forbidden, key: "child.no_delete_habit") }
    }

    /// `POST /day/{date}/instances/{id}/delete`.
    static func refuseDeletingLog(_ page: PageRequest) throws(PageError) {
        if page.signedIn?.member.isChild == true { throw PageError(.forbidden, key: "child.no_delete_log") }
    }

    /// Whether `member` may change what is stored for `day` — edit or move a log, change
    /// its amount, undo a check-off, skip or unskip: adults always, a child on their today.
    static func mayChangeDay(_ member: Member, day: LocalDate, today: LocalDate) -> Bool {
        !member.isChild || day == today
    }

    /// Whether `member` may undo the check-offs of `day` (adults always; a child on their today).
    static func mayUndoCheckOff(_ member: Member, day: LocalDate, today: LocalDate) -> Bool {
        mayChangeDay(member, day: day, today: today)
    }

    /// The checklist's undo: a child's on another day than today is a 403.
    static func refuseUndo(_ page: PageRequest, day: LocalDate, today: LocalDate) throws(PageError) {
        guard let member = page.signedIn?.member, !mayUndoCheckOff(member, day: day, today: today) else { return }
        throw PageError(.forbidden, key: "child.undo_today_only")
    }

    /// A log's edit (start, duration, amount, note) or a skip: a child's on another day
    /// than their today is a 403.
    static func refuseChangingDay(_ page: PageRequest, day: LocalDate, today: LocalDate) throws(PageError) {
        guard let member = page.signedIn?.member, !mayChangeDay(member, day: day, today: today) else { return }
        throw PageError(.forbidden, key: "child.today_only")
    }

    /// Whether the signed-in member's habit form may change an existing habit's schedule
    /// and target: not a child's (a new habit has no past days, so its plan is free).
    static func mayChangePlan(_ page: PageRequest) -> Bool {
        page.signedIn?.member.isChild != true
    }

    /// The habit form's fields that make a habit's schedule and target.
    static let planFields = ["schedule", "weekdays", "week_times", "month_times", "target_amount", "target_unit", "target_kind"]

    /// The habit form's save of `habit`: a child's that would change the stored schedule or
    /// target (kind, amount or unit), or sends those fields with a value that does not read
    /// (`plan` nil), is a 403. The form leaves those fields out for a child, and fields not
    /// sent keep what is stored, so only a forged or stale form gets here.
    static func refusePlanChange(_ page: PageRequest, of habit: Habits.Habit, to plan: Habits.Plan?) throws(PageError) {
        guard !mayChangePlan(page) else { return }
        guard let plan else {
            if planFields.contains(where: { page.form[$0] != nil }) { throw PageError(.forbidden, key: "child.plan_guardian_only") }
            return
        }
        let hasTarget = habit.targetMilli != nil
        guard plan.schedule == habit.schedule, plan.targetMilli == habit.targetMilli,
              plan.targetKind == (hasTarget ? habit.targetKind : .atLeast),
              plan.targetUnit == (hasTarget ? habit.targetUnit : "") else {
            throw PageError(.forbidden, key: "child.plan_guardian_only")
        }
    }

    /// A pause: a child's starting before their today (which would decide past days again)
    /// is a 403.
    static func refusePausingThePast(_ page: PageRequest, from day: LocalDate, today: LocalDate) throws(PageError) {
        if page.signedIn?.member.isChild == true, day < today { throw PageError(.forbidden, key: "child.pause_from_today") }
    }
}
