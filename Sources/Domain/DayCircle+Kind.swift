extension DayCircle {
    /// Where the date sits relative to the member's today. The raw value is its CSS class.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case past, today, future
    }
}
