import PlainText

/// A plain-text email as RFC 5322 writes it: CRLF line ends, `Date`, `From`, `To`, a
/// `Subject` of UTF-8 encoded-words (RFC 2047), `Message-ID`, and a UTF-8 body in base64
/// (so no line is too long and no byte needs escaping). Pure: built from values, tested as bytes.
public struct MailMessage: Sendable, Equatable {
    public var from: String
    /// The name shown with `from` (ASCII letters only, or it is encoded too).
    public var fromName: String
    public var to: String
    public var subject: String
    public var body: String
    /// Unix seconds.
    public var date: Int64
    /// The unique part of the `Message-ID`, before the `@`: letters, digits, '.', '-'.
    public var messageID: String

    public init(from: String, fromName: String = "Dawn", to: String, subject: String, body: String, date: Int64, messageID: String) {
        self.from = from
        self.fromName = fromName
        self.to = to
        self.subject = subject
        self.body = body
        self.date = date
        self.messageID = messageID
    }

    /// The longest address accepted (RFC 5321's path limit less the brackets).
    public static let maximumAddressLength = EmailAddressShape.maximumLength

    /// A plain `local@domain` address (`EmailAddressShape`), which can go into `MAIL FROM`,
    /// `RCPT TO` and a header as it is.
    public static func isAddress(_ address: String) -> Bool {
        EmailAddressShape.matches(address)
    }

    /// The message, ready for `DATA`.
    public var bytes: [UInt8] {
        let domain = from.split(separator: "@").last.map(String.init) ?? "dawn.invalid"
        var lines = [
            "Date: " + Self.rfc5322Date(date),
            "From: " + Self.encodedWords(fromName) + " <" + from + ">",
            "To: <" + to + ">",
            "Subject: " + Self.encodedWords(subject),
            "Message-ID: <" + messageID + "@" + domain + ">",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
        ]
        let encoded = Self.base64(Array(body.utf8))
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(String(encoded[start..<end]))
            start = end
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// Text as RFC 2047 `B` encoded-words of at most 75 characters each, folded onto
    /// continuation lines, never splitting a character's bytes across two words.
    public static func encodedWords(_ text: String, separator: String = "\r\n ") -> String {
        // 45 bytes are 60 base64 characters: with "=?UTF-8?B?" and "?=", 72.
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append("=?UTF-8?B?" + base64(chunk) + "?=")
                chunk = []
            }
            chunk += bytes.prefix(45)
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?" + base64(chunk) + "?=") }
        return words.joined(separator: separator)
    }

    /// Standard base64 with padding (RFC 4648 §4), from the project's base64url.
    static func base64(_ bytes: [UInt8]) -> String {
        var text = String(Base64URL.encode(bytes).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while text.utf8.count % 4 != 0 { text += "=" }
        return text
    }

    /// "Tue, 07 Jul 2026 07:30:00 +0000" (RFC 5322 §3.3), in UTC.
    static func rfc5322Date(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = ((days % 7) + 11) % 7   // 1970-01-01 was a Thursday
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekdays[Int(weekday)]), \(two(day)) \(months[Int(month - 1)]) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) +0000"
    }
}
