/// Whole numbers with each language's thousands separator, as CLDR has them:
/// 20,000 (en), 20.000 (it, de, es), 20 000 (fr, a narrow no-break space).
/// Spanish groups only from five digits (CLDR's minimum grouping digits 2): 1234, 12.345.
public enum LocalizedNumber {
    public static func integer(_ n: Int, _ language: Language) -> String {
        let separator: String = switch language {
        case .en: ","
        case .it, .de, .es: "."
        case .fr: "\u{202F}"
        }
        let digits = Array(String(n.magnitude))
        let grouped = digits.count >= (language == .es ? 5 : 4)
        var result = n < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if grouped, index > 0, (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }

    /// The decimal mark: "." in English, "," in the other languages.
    static func decimalMark(_ language: Language) -> String {
        language == .en ? "." : ","
    }

    /// `value` rounded to `fractionDigits` decimals (half away from zero), with each
    /// language's decimal mark: 72.4 (en), 72,4 (it, fr, de, es).
    public static func decimal(_ value: Double, fractionDigits: Int, _ language: Language) -> String {
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        let whole = integer(abs(scaled) / scale, language)
        let sign = scaled < 0 ? "-" : ""
        guard fractionDigits > 0 else { return sign + whole }
        var fraction = String(abs(scaled) % scale)
        while fraction.count < fractionDigits { fraction = "0" + fraction }
        return sign + whole + decimalMark(language) + fraction
    }
}
