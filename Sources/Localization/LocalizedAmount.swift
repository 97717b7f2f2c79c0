/// A habit's amount, stored in thousandths, as each language writes a decimal number:
/// 2.5 and 1,250.75 (en), 2,5 and 1.250,75 (it), 2,5 and 1 250,75 (fr); no trailing
/// zeros, no decimals for whole numbers. For reading, not for a form's field: forms take
/// no thousands separators (`HabitAmount(parsing:)`).
public enum LocalizedAmount {
    public static func thousandths(_ milli: Int64, _ language: Language) -> String {
        let whole = LocalizedNumber.integer(Int(milli.magnitude / 1000), language)
        var fraction = String(milli.magnitude % 1000)
        guard fraction != "0" else { return (milli < 0 ? "-" : "") + whole }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let separator = language == .en ? "." : ","
        return (milli < 0 ? "-" : "") + whole + separator + fraction
    }
}
