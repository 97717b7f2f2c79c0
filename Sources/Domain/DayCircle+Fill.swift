extension DayCircle {
    public enum Fill: Sendable, Hashable {
        /// Grey at `DayCircleConstants.baseGreyOpacity`.
        case grey15
        /// `DayCircleConstants.entryDark`: the day has a journal entry.
        case entry
    }
}
