import TimeZones

/// Dates as each language writes them, by table and arithmetic (no ICU). Times are
/// 24-hour "14:05" in every language.
///
/// Capitals: German capitalizes every weekday and month name (they are nouns). The
/// other languages write labels in sentence case, as CLDR's stand-alone context does:
/// a label's first letter is a capital, and names inside it stay as they are written
/// in a sentence (lowercase in French and Spanish): "Dimanche 22 novembre 2026",
/// "22 novembre 2026", "Novembre 2026"; "Domingo, 22 de noviembre de 2026",
/// "Noviembre de 2026". (Italian's period labels capitalize month names, "22 Novembre
/// 2026", as Dawn's Italian always has.) Quarters are "Q4 2026", "4° Trimestre 2026",
/// "T4 2026", "Q4 2026", "T4 2026".
public enum LocalizedDate {
    // MARK: Names

    /// "Sunday", "domenica", "dimanche", "Sonntag", "domingo" (Italian, French and
    /// Spanish names are lowercase, as they are written inside a sentence).
    public static func weekday(_ day: Weekday, _ language: Language) -> String {
        names(language).weekdays[day.isoNumber - 1]
    }

    /// "Sun", "dom", "dim.", "So.", "dom"
    public static func weekdayShort(_ day: Weekday, _ language: Language) -> String {
        names(language).weekdaysShort[day.isoNumber - 1]
    }

    /// One letter: "S", "D", "D", "S", "D".
    public static func weekdayNarrow(_ day: Weekday, _ language: Language) -> String {
        names(language).weekdaysNarrow[day.isoNumber - 1]
    }

    /// "November", "novembre", "novembre", "November", "noviembre". `month` is 1...12.
    public static func month(_ month: Int, _ language: Language) -> String {
        names(language).months[monthIndex(month)]
    }

    /// "Nov", "nov", "nov.", "Nov.", "nov"
    public static func monthShort(_ month: Int, _ language: Language) -> String {
        names(language).monthsShort[monthIndex(month)]
    }

    // MARK: Labels

    /// The day page's heading: "Sunday, 22 November 2026", "Domenica 22 novembre 2026",
    /// "Dimanche 22 novembre 2026", "Sonntag, 22. November 2026",
    /// "Domingo, 22 de noviembre de 2026".
    public static func long(_ date: LocalDate, _ language: Language) -> String {
        let weekday = capitalized(weekday(date.weekday, language))
        let rest = dayMonthYear(date, month(date.month, language), language)
        return switch language {
        case .en, .de, .es: "\(weekday), \(rest)"
        case .it, .fr: "\(weekday) \(rest)"
        }
    }

    /// The day granularity's label: "22 November 2026", "22 Novembre 2026",
    /// "22 novembre 2026", "22. November 2026", "22 de noviembre de 2026".
    public static func dayLabel(_ date: LocalDate, _ language: Language) -> String {
        let monthName = language == .it ? capitalized(month(date.month, language)) : month(date.month, language)
        return capitalized(dayMonthYear(date, monthName, language))
    }

    /// A day and its month, short, as the week label and the chart's axis write them:
    /// "17 Nov", "17 nov", "17 nov.", "17. Nov.", "17 nov" (no French "1er": "1 mars").
    public static func dayMonthShort(_ date: LocalDate, _ language: Language) -> String {
        (language == .de ? "\(date.day)." : String(date.day)) + " " + monthShort(date.month, language)
    }

    /// The week granularity's label: "17 Nov - 23 Nov", "17 nov - 23 nov", "17 nov. - 23 nov.",
    /// "17. Nov. - 23. Nov.", "17 nov - 23 nov".
    public static func weekLabel(_ start: LocalDate, _ end: LocalDate, _ language: Language) -> String {
        "\(dayMonthShort(start, language)) - \(dayMonthShort(end, language))"
    }

    /// The month granularity's label for the month of `date`: "November 2026",
    /// "Novembre 2026", "Novembre 2026", "November 2026", "Noviembre de 2026".
    public static func monthLabel(_ date: LocalDate, _ language: Language) -> String {
        let name = capitalized(month(date.month, language))
        return language == .es ? "\(name) de \(date.year)" : "\(name) \(date.year)"
    }

    /// `quarter` is 1...4: "Q4 2026", "4° Trimestre 2026", "T4 2026", "Q4 2026", "T4 2026".
    public static func quarterLabel(_ quarter: Int, _ year: Int, _ language: Language) -> String {
        switch language {
        case .en, .de: "Q\(quarter) \(year)"
        case .it: "\(quarter)° Trimestre \(year)"
        case .fr, .es: "T\(quarter) \(year)"
        }
    }

    /// "2026" in every language (no digit grouping in years).
    public static func yearLabel(_ year: Int, _ language: Language) -> String {
        String(year)
    }

    /// "14:05", "09:30": 24-hour, two digits each, in every language.
    public static func time(hour: Int, minute: Int) -> String {
        twoDigits(hour) + ":" + twoDigits(minute)
    }

    // MARK: Tables

    private struct Names {
        /// Monday first, as `Weekday.isoNumber`.
        let weekdays: [String]
        let weekdaysShort: [String]
        let weekdaysNarrow: [String]
        let months: [String]
        let monthsShort: [String]
    }

    private static let english = Names(
        weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        weekdaysShort: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        weekdaysNarrow: ["M", "T", "W", "T", "F", "S", "S"],
        months: ["January", "February", "March", "April", "May", "June",
                 "July", "August", "September", "October", "November", "December"],
        monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])

    private static let italian = Names(
        weekdays: ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
        weekdaysShort: ["lun", "mar", "mer", "gio", "ven", "sab", "dom"],
        weekdaysNarrow: ["L", "M", "M", "G", "V", "S", "D"],
        months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno",
                 "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
        monthsShort: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"])

    private static let french = Names(
        weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
        weekdaysShort: ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."],
        weekdaysNarrow: ["L", "M", "M", "J", "V", "S", "D"],
        months: ["janvier", "février", "mars", "avril", "mai", "juin",
                 "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
        monthsShort: ["janv.", "févr.", "mars", "avr.", "mai", "juin",
                      "juil.", "août", "sept.", "oct.", "nov.", "déc."])

    private static let german = Names(
        weekdays: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
        weekdaysShort: ["Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."],
        weekdaysNarrow: ["M", "D", "M", "D", "F", "S", "S"],
        months: ["Januar", "Februar", "März", "April", "Mai", "Juni",
                 "Juli", "August", "September", "Oktober", "November", "Dezember"],
        monthsShort: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni",
                      "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."])

    private static let spanish = Names(
        weekdays: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
        weekdaysShort: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
        weekdaysNarrow: ["L", "M", "X", "J", "V", "S", "D"],
        months: ["enero", "febrero", "marzo", "abril", "mayo", "junio",
                 "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
        monthsShort: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"])

    private static func names(_ language: Language) -> Names {
        switch language {
        case .en: english
        case .it: italian
        case .fr: french
        case .de: german
        case .es: spanish
        }
    }

    // MARK: Helpers

    private static func monthIndex(_ month: Int) -> Int {
        precondition((1...12).contains(month), "month \(month) is not 1...12")
        return month - 1
    }

    /// French writes the first of the month as an ordinal, "1er novembre"; German every
    /// day, "1. November", "22. November".
    private static func dayNumber(_ day: Int, _ language: Language) -> String {
        switch language {
        case .fr where day == 1: "1er"
        case .de: "\(day)."
        default: String(day)
        }
    }

    /// "22 November 2026", "22. November 2026", "22 de noviembre de 2026".
    private static func dayMonthYear(_ date: LocalDate, _ monthName: String, _ language: Language) -> String {
        let day = dayNumber(date.day, language)
        return language == .es ? "\(day) de \(monthName) de \(date.year)" : "\(day) \(monthName) \(date.year)"
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func twoDigits(_ value: Int) -> String {
        (0...9).contains(value) ? "0\(value)" : String(value)
    }
}
