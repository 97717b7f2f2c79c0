/// Parses a POSIX TZ string with the TZif v3+ extensions (RFC 9636 §3.3):
/// `std offset [dst [offset] [,start[/time],end[/time]]]`.
struct POSIXRuleParser {
    private let text: String
    private let bytes: [UInt8]
    private var position = 0

    /// POSIX's default switch time, 02:00.
    private static let defaultSwitchTime = 7_200
    /// tzcode's rules for a DST name given without rules: the US rules since 2007.
    private static let defaultStart = POSIXTransitionRule(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: defaultSwitchTime)
    private static let defaultEnd = POSIXTransitionRule(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: defaultSwitchTime)

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    mutating func parse() throws(TimeZoneError) -> POSIXTimeZoneRule {
        guard bytes.count <= TimeZoneLimits.maxPOSIXRuleBytes else {
            throw fail("longer than \(TimeZoneLimits.maxPOSIXRuleBytes) bytes")
        }
        let standardName = try abbreviation()
        // POSIX offsets count hours west of Greenwich; ours count seconds east.
        let standard = LocalTimeType(utOffset: -(try offset(maxHours: TimeZoneLimits.maxPOSIXOffsetHours)), isDST: false, abbreviation: standardName)
        guard position < bytes.count else {
            return POSIXTimeZoneRule(standard: standard, daylightSaving: nil)
        }
        let dstName = try abbreviation()
        var dstOffset = standard.utOffset + 3_600
        if let next = peek(), next != UInt8(ascii: ",") {
            dstOffset = -(try offset(maxHours: TimeZoneLimits.maxPOSIXOffsetHours))
        }
        var start = POSIXRuleParser.defaultStart
        var end = POSIXRuleParser.defaultEnd
        if position < bytes.count {
            try expect(",")
            start = try transitionRule()
            try expect(",")
            end = try transitionRule()
        }
        guard position == bytes.count else { throw fail("unexpected text at byte \(position)") }
        let dst = LocalTimeType(utOffset: dstOffset, isDST: true, abbreviation: dstName)
        return POSIXTimeZoneRule(standard: standard, daylightSaving: .init(type: dst, start: start, end: end))
    }

    /// Three or more letters, or `<...>` holding three or more of `A-Za-z0-9+-`.
    private mutating func abbreviation() throws(TimeZoneError) -> String {
        let begin = position
        if peek() == UInt8(ascii: "<") {
            position += 1
            while let byte = peek(), POSIXRuleParser.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                position += 1
            }
            let name = bytes[(begin + 1)..<position]
            guard peek() == UInt8(ascii: ">") else { throw fail("unterminated or invalid <...> name at byte \(begin)") }
            position += 1
            guard name.count >= 3 else { throw fail("time zone name at byte \(begin) is shorter than 3 characters") }
            return String(decoding: name, as: UTF8.self)
        }
        while let byte = peek(), POSIXRuleParser.isLetter(byte) {
            position += 1
        }
        guard position - begin >= 3 else { throw fail("expected a time zone name of at least 3 letters at byte \(begin)") }
        return String(decoding: bytes[begin..<position], as: UTF8.self)
    }

    /// `[+-]h[h][:mm[:ss]]` in seconds, sign as written.
    private mutating func offset(maxHours: Int) throws(TimeZoneError) -> Int {
        var sign = 1
        if peek() == UInt8(ascii: "+") {
            position += 1
        } else if peek() == UInt8(ascii: "-") {
            sign = -1
            position += 1
        }
        let begin = position
        let hours = try number(minDigits: 1, maxDigits: 3)
        guard hours <= maxHours else { throw fail("hour \(hours) at byte \(begin) is above \(maxHours)") }
        var seconds = hours * 3_600
        if peek() == UInt8(ascii: ":") {
            position += 1
            let minutes = try number(minDigits: 2, maxDigits: 2)
            guard minutes <= 59 else { throw fail("minute \(minutes) is above 59") }
            seconds += minutes * 60
            if peek() == UInt8(ascii: ":") {
                position += 1
                let secs = try number(minDigits: 2, maxDigits: 2)
                guard secs <= 59 else { throw fail("second \(secs) is above 59") }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
    private mutating func transitionRule() throws(TimeZoneError) -> POSIXTransitionRule {
        let begin = position
        let day: POSIXTransitionRule.Day
        if peek() == UInt8(ascii: "J") {
            position += 1
            let n = try number(minDigits: 1, maxDigits: 3)
            guard (1...365).contains(n) else { throw fail("day J\(n) at byte \(begin) is not J1...J365") }
            day = .julianIgnoringLeapDay(n)
        } else if peek() == UInt8(ascii: "M") {
            position += 1
            let month = try number(minDigits: 1, maxDigits: 2)
            try expect(".")
            let week = try number(minDigits: 1, maxDigits: 1)
            try expect(".")
            let weekday = try number(minDigits: 1, maxDigits: 1)
            guard (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else {
                throw fail("M\(month).\(week).\(weekday) at byte \(begin) needs month 1...12, week 1...5, weekday 0...6")
            }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            let n = try number(minDigits: 1, maxDigits: 3)
            guard (0...365).contains(n) else { throw fail("day \(n) at byte \(begin) is not 0...365") }
            day = .zeroBasedDayOfYear(n)
        }
        var time = POSIXRuleParser.defaultSwitchTime
        if peek() == UInt8(ascii: "/") {
            position += 1
            time = try offset(maxHours: TimeZoneLimits.maxPOSIXRuleTimeHours)
        }
        return POSIXTransitionRule(day: day, time: time)
    }

    private mutating func number(minDigits: Int, maxDigits: Int) throws(TimeZoneError) -> Int {
        let begin = position
        var value = 0
        while position - begin < maxDigits, let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            position += 1
        }
        guard position - begin >= minDigits else { throw fail("expected a number at byte \(begin)") }
        if let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            throw fail("number at byte \(begin) has more than \(maxDigits) digits")
        }
        return value
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(TimeZoneError) {
        guard peek() == UInt8(ascii: character) else { throw fail("expected \"\(character)\" at byte \(position)") }
        position += 1
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func fail(_ reason: String) -> TimeZoneError {
        .invalidPOSIXRule(text, reason: reason)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
