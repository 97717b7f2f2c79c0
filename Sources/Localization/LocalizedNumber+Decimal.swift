extension LocalizedNumber {
    /// An amount kept in thousandths (as Dawn stores targets and logged amounts) with the
    /// language's decimal separator and no trailing zeros: 2500 → "2.5" (en), "2,5" (it,
    /// fr, de, es); 20000 → "20". `grouped` adds the thousands separator ("1,234.5"); without it
    /// the text is one a form reads back ("1234.5"), since forms refuse grouping.
    public static func decimal(thousandths: Int64, _ language: Language, grouped: Bool = true) -> String {
        let whole = Int(thousandths.magnitude / 1000)
        var fraction = String(thousandths.magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = thousandths < 0 ? "-" : ""
        let integer = grouped ? integer(whole, language) : String(whole)
        guard !fraction.isEmpty else { return sign + integer }
        return sign + integer + decimalMark(language) + fraction
    }
}
