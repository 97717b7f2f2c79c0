extension DayCircle {
    public enum RingColor: Sendable, Hashable {
        case none
        /// Grey at `DayCircleConstants.todayRingGreyOpacity`.
        case todayGrey
        /// `DayCircleConstants.selectedBlue`; replaces today's grey.
        case selectedBlue
    }
}
