/// Why a mood was refused. Each case has a stable `key` for the member's language.
public enum MoodError: Error, Equatable, Sendable, CaseIterable {
    /// No mood was sent.
    case missing
    /// Not one of 1–5.
    case outOfRange
    /// The day has not come yet: a mood is for a day lived.
    case future

    public var key: String {
        switch self {
        case .missing: "mood.error.missing"
        case .outOfRange: "mood.error.value"
        case .future: "mood.error.future"
        }
    }
}
