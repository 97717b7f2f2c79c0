/// How a day felt, as a member picks one of five faces on the day page: 1 (awful) to 5
/// (great). Optional, one per day; it never makes a day active (see `MemberActivity`).
public struct Mood: Hashable, Comparable, Sendable {
    public let value: Int

    /// Every mood, awful to great (the order the day page shows the faces in).
    public static let all = MoodConstants.values.map(Mood.init(unchecked:))

    /// `.outOfRange` unless one of `MoodConstants.values`.
    public init(_ value: Int) throws(MoodError) {
        guard MoodConstants.values.contains(value) else { throw .outOfRange }
        self.value = value
    }

    /// From a form field: exactly one digit 1–5. Absent or empty is `.missing`; anything
    /// else ("0", "6", "x", " 3", "03", "3.0") `.outOfRange`.
    public init(parsing text: String?) throws(MoodError) {
        guard let text, !text.isEmpty else { throw .missing }
        let bytes = Array(text.utf8)
        guard bytes.count == 1, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else { throw .outOfRange }
        try self.init(Int(bytes[0] - UInt8(ascii: "0")))
    }

    private init(unchecked value: Int) {
        self.value = value
    }

    /// The face the day page and the journal export show.
    public var face: String { MoodConstants.faces[value - 1] }

    /// Its name's stable part: "awful", "bad", "okay", "good", "great" (the strings key
    /// `mood.name.<name>` holds the word in each language).
    public var name: String { MoodConstants.names[value - 1] }

    public static func < (lhs: Mood, rhs: Mood) -> Bool {
        lhs.value < rhs.value
    }
}
