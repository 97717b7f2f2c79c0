import TimeZones

/// Dates as each language writes them, by table and arithmetic (no ICU). In the
/// statistics page's period labels Italian capitalizes month names ("22 Novembre
/// 2026"), quarters are "Q4 2026", "4° Trimestre 2026", "T4 2026". Times are 24-hour
/// "14:05" in all three languages.
public enum LocalizedDate {
    // MARK: Names

    /// "Sunday", "domenica", "dimanche" (Italian and French names are lowercase, as
    /// they are written inside a sentence).
    public static func weekday(_ day: Weekday, _ language: Language) -> String {
        names(language).weekdays[day.isoNumber - 1]
    }

    /// "Sun", "dom", "dim."
    public static func weekdayShort(_ day: Weekday, _ language: Language) -> String {
        names(language).weekdaysShort[day.isoNumber - 1]
    }

    /// One letter: "S", "D", "D".
    public static func weekdayNarrow(_ day: Weekday, _ language: Language) -> String {
        names(language).weekdaysNarrow[day.isoNumber - 1]
    }

    /// "November", "novembre", "novembre". `month` is 1...12.
    public static func month(_ month: Int, _ language: Language) -> String {
        names(language).months[monthIndex(month)]
    }

    /// "Nov", "nov", "nov."
    public static func monthShort(_ month: Int, _ language: Language) -> String {
        names(language).monthsShort[monthIndex(month)]
    }

    // MARK: Labels

    /// The day page's heading: "Sunday, 22 November 2026", "Domenica 22 novembre 2026",
    /// "Dimanche 22 novembre 2026".
    public static func long(_ date: LocalDate, _ language: Language) -> String {
        let weekday = capitalized(weekday(date.weekday, language))
        let rest = "\(dayNumber(date.day, language)) \(month(date.month, language)) \(date.year)"
        return language == .en ? "\(weekday), \(rest)" : "\(weekday) \(rest)"
    }

    /// The day granularity's label: "22 November 2026", "22 Novembre 2026", "22 novembre 2026".
    public static func dayLabel(_ date: LocalDate, _ language: Language) -> String {
        let monthName = language == .it ? capitalized(month(date.month, language)) : month(date.month, language)
        return "\(dayNumber(date.day, language)) \(monthName) \(date.year)"
    }

    /// The week granularity's label: "17 Nov - 23 Nov", "17 nov - 23 nov", "17 nov. - 23 nov."
    public static func weekLabel(_ start: LocalDate, _ end: LocalDate, _ language: Language) -> String {
        "\(start.day) \(monthShort(start.month, language)) - \(end.day) \(monthShort(end.month, language))"
    }

    /// The month granularity's label for the month of `date`: "November 2026",
    /// "Novembre 2026", "Novembre 2026".
    public static func monthLabel(_ date: LocalDate, _ language: Language) -> String {
        "\(capitalized(month(date.month, language))) \(date.year)"
    }

    /// `quarter` is 1...4: "Q4 2026", "4° Trimestre 2026", "T4 2026".
    public static func quarterLabel(_ quarter: Int, _ year: Int, _ language: Language) -> String {
        switch language {
        case .en: "Q\(quarter) \(year)"
        case .it: "\(quarter)° Trimestre \(year)"
        case .fr: "T\(quarter) \(year)"
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

    private static func names(_ language: Language) -> Names {
        switch language {
        case .en: english
        case .it: italian
        case .fr: french
        }
    }

    // MARK: Helpers

    private static func monthIndex(_ month: Int) -> Int {
        precondition((1...12).contains(month), "month \(month) is not 1...12")
        return month - 1
    }

    /// French writes the first of the month as an ordinal: "1er novembre".
    private static func dayNumber(_ day: Int, _ language: Language) -> String {
        language == .fr && day == 1 ? "1er" : String(day)
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func twoDigits(_ value: Int) -> String {
        (0...9).contains(value) ? "0\(value)" : String(value)
    }
}
