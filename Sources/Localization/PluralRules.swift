/// CLDR cardinal plural rules for whole numbers in Dawn's languages.
///
/// For an integer n the CLDR operands are i = |n|, v = 0, e = 0, so:
/// - en: one if i = 1; other.
/// - it: one if i = 1; many if i ≠ 0 and i % 1000000 = 0; other.
/// - fr: one if i = 0 or 1; many if i ≠ 0 and i % 1000000 = 0; other.
/// - de: one if i = 1; other.
/// - es: one if n = 1; many if i ≠ 0 and i % 1000000 = 0 (CLDR 42+: "1.000.000 de días"); other.
public enum PluralRules {
    public static func category(_ n: Int, _ language: Language) -> PluralCategory {
        let i = n.magnitude
        let isMillions = i != 0 && i % 1_000_000 == 0
        switch language {
        case .en, .de: return i == 1 ? .one : .other
        case .it, .es: return i == 1 ? .one : isMillions ? .many : .other
        case .fr: return i <= 1 ? .one : isMillions ? .many : .other
        }
    }

    /// The categories `language` distinguishes; a plural text has a form for each
    /// (`many` may be left out: `other` stands in for it).
    public static func categories(_ language: Language) -> [PluralCategory] {
        switch language {
        case .en, .de: [.one, .other]
        case .it, .fr, .es: [.one, .many, .other]
        }
    }
}
