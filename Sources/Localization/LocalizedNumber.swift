/// Whole numbers with each language's thousands separator: 20,000 (en),
/// 20.000 (it), 20 000 (fr, a narrow no-break space, as CLDR has it).
public enum LocalizedNumber {
    public static func integer(_ n: Int, _ language: Language) -> String {
        let separator: String = switch language {
        case .en: ","
        case .it: "."
        case .fr: "\u{202F}"
        }
        let digits = Array(String(n.magnitude))
        var result = n < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }
}
