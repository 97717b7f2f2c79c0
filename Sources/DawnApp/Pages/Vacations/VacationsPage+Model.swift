import Domain
import MemberData
import TimeZones

extension VacationsPage {
    /// What the vacations page shows: the member's vacations, earliest first, the days a
    /// new one may cover (those with a day page) and whether another fits under the limit.
    /// No HTML, no wording (the view, `VacationsPage.show` with `Views/vacations.html`,
    /// adds those).
    struct Model {
        let vacations: [Vacations.Vacation]
        /// A vacation's first and last days must lie here (`DayNavigation.planningRange`).
        let allowed: ClosedRange<LocalDate>
        /// `Vacations.maxVacations` are kept: the form is refused until one is deleted.
        let isFull: Bool

        init(_ member: MemberContext) throws {
            vacations = try Vacations(database: member.database).all()
            allowed = DayNavigation.planningRange(today: member.today)
            isFull = vacations.count >= Vacations.maxVacations
        }
    }

    /// A submitted vacation's fields, read strictly: each is a date "YYYY-MM-DD" (what a
    /// date input sends), or a typed reason it is not.
    enum Field: Equatable {
        case date(LocalDate)
        case missing
        case malformed

        init(_ text: String?) {
            guard let text, !text.isEmpty else {
                self = .missing
                return
            }
            if let date = LocalDate(iso: text) {
                self = .date(date)
            } else {
                self = .malformed
            }
        }
    }
}
