import PlainText

/// An amount logged for a numeric habit ("20" pages, "2.5" km): a finite number from 0
/// to `HabitScheduleConstants.maximumAmount`. Zero is an amount: "at most 2 coffees",
/// logged as 0, is a day done.
public struct HabitAmount: Hashable, Sendable {
    public let value: Double

    /// From the JSON's number: `.amountFormat` unless finite and in range.
    public init(_ value: Double) throws(HabitError) {
        guard value.isFinite, value >= 0, value <= HabitScheduleConstants.maximumAmount else { throw .amountFormat }
        self.value = value + 0  // -0 reads as 0
    }

    /// From a form: digits, optionally one decimal point or comma and more digits ("2.5",
    /// "2,5" as Italian and French write it), whitespace around allowed. No sign, exponent,
    /// grouping ("1,000.5"), "inf" or "nan": `.amountFormat`.
    public init(parsing text: String) throws(HabitError) {
        guard let value = HabitAmount.decimal(text) else { throw .amountFormat }
        try self.init(value)
    }

    /// The number `text` writes in the one grammar above, or nil.
    static func decimal(_ text: String) -> Double? {
        let bytes = Array(PlainText.trimmed(text).utf8)
        guard HabitScheduleConstants.amountTextLength.contains(bytes.count) else { return nil }
        var sawSeparator = false
        var digitsBefore = 0
        var digitsAfter = 0
        var canonical = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawSeparator { digitsAfter += 1 } else { digitsBefore += 1 }
                canonical.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard !sawSeparator else { return nil }
                sawSeparator = true
                canonical.append(".")
            default:
                return nil
            }
        }
        guard digitsBefore > 0, !sawSeparator || digitsAfter > 0 else { return nil }
        return Double(canonical)
    }
}
