/// Writes an iCalendar object (RFC 5545) as its bytes: each content line `NAME;PARAM=…:value`
/// ended by CRLF and folded so no line is longer than 75 octets (§3.1), a continuation
/// starting with one space, never inside a UTF-8 sequence. Values arrive in their type's
/// form (`ICalendarValue`): a TEXT value escaped, a DATE or DATE-TIME written out. Pure.
public struct ICalendarWriter: Sendable {
    /// The longest line, in octets, without its CRLF (RFC 5545 §3.1 "SHOULD NOT be longer").
    public static let maxLineOctets = 75

    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func begin(_ component: String) {
        line("BEGIN:" + component)
    }

    public mutating func end(_ component: String) {
        line("END:" + component)
    }

    /// A property whose value is already in its type's form (`VERSION:2.0`).
    public mutating func property(_ name: String, _ value: String) {
        line(name + ":" + value)
    }

    /// A property with parameters, as `(name, value)` pairs of our own (never a member's text):
    /// `DTSTART;VALUE=DATE:20260707`.
    public mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String) {
        var line = name
        for (parameter, value) in parameters { line += ";" + parameter + "=" + value }
        self.line(line + ":" + value)
    }

    /// A TEXT property (SUMMARY, DESCRIPTION…): the value escaped as §3.3.11 asks.
    public mutating func text(_ name: String, _ value: String) {
        property(name, ICalendarValue.text(value))
    }

    /// One content line, folded: the first 75 octets, then lines of a space and at most 74.
    private mutating func line(_ text: String) {
        let octets = Array(text.utf8)
        var start = 0
        var room = Self.maxLineOctets
        while octets.count - start > room {
            var cut = start + room
            // Never between the octets of one character: back up to its first octet.
            while cut > start, octets[cut] & 0b1100_0000 == 0b1000_0000 { cut -= 1 }
            bytes += octets[start..<cut]
            bytes += [0x0D, 0x0A, 0x20]
            start = cut
            room = Self.maxLineOctets - 1
        }
        bytes += octets[start...]
        bytes += [0x0D, 0x0A]
    }
}
