import PlainText

/// A numeric habit's daily target: "at least 20 pages", "at most 2 coffees".
///
/// A day is done when it has at least one log and, with a target, the day's total
/// amount meets it (`HabitCheckOff.Target.isMet`, in thousandths as stored); logs without
/// an amount add 0 to the total.
public struct HabitTarget: Hashable, Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case atLeast = "at_least"
        case atMost = "at_most"

        /// "at_least" or "at_most" (the JSON's and the form's words), else `.targetKind`.
        public init(parsing raw: String) throws(HabitError) {
            guard let kind = Kind(rawValue: raw) else { throw .targetKind }
            self = kind
        }
    }

    /// Greater than 0, finite, at most `HabitScheduleConstants.maximumAmount`.
    public let amount: Double
    /// Trimmed, one line, at most 20 characters; may be empty ("20 times a day").
    public let unit: String
    public let kind: Kind

    /// `.targetAmount` unless 0 < amount ≤ the maximum (NaN and infinities refused);
    /// `.targetUnit` unless the trimmed unit is one line of at most 20 characters.
    public init(amount: Double, unit: String, kind: Kind) throws(HabitError) {
        guard amount.isFinite, amount > 0, amount <= HabitScheduleConstants.maximumAmount else { throw .targetAmount }
        let trimmed = PlainText.trimmed(unit)
        guard HabitScheduleConstants.unitLength.contains(PlainText.length(trimmed)),
              PlainText.isSingleLine(trimmed) else { throw .targetUnit }
        self.amount = amount
        self.unit = String(trimmed)
        self.kind = kind
    }

    /// From a form's fields: the amount as `HabitAmount(parsing:)` reads it (anything it
    /// refuses, and 0, is `.targetAmount`), the unit, the kind's word.
    public init(parsingAmount amountText: String, unit: String, kind: String) throws(HabitError) {
        guard let amount = HabitAmount.decimal(amountText) else { throw .targetAmount }
        try self.init(amount: amount, unit: unit, kind: try Kind(parsing: kind))
    }
}
