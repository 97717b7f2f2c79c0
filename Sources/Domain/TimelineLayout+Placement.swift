extension TimelineLayout {
    /// One block on the timeline, in minutes; the page scales them to pixels.
    public struct Placement: Hashable, Sendable {
        public let id: Int64
        /// Minutes from the timeline's start.
        public let top: Int
        /// Minutes, clipped at the day's end (1440).
        public let height: Int
        /// 0-based, from the left.
        public let column: Int
        /// How many columns the block's cluster of overlapping blocks uses: its width
        /// is 1 / columns of the timeline, its left edge column / columns.
        public internal(set) var columns: Int
        /// The instance runs on past the day's end; the block is cut there.
        public let isClippedAtDayEnd: Bool

        public init(id: Int64, top: Int, height: Int, column: Int, columns: Int, isClippedAtDayEnd: Bool = false) {
            self.id = id
            self.top = top
            self.height = height
            self.column = column
            self.columns = columns
            self.isClippedAtDayEnd = isClippedAtDayEnd
        }
    }
}
