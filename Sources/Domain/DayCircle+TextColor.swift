extension DayCircle {
    public enum TextColor: Sendable, Hashable {
        case primary
        /// Future days.
        case secondary
        /// White, on the dark entry fill.
        case onEntry
    }
}
