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

extension TimelineLayout.Placement {
    /// Where a block sits on the slot grid, as the stylesheet's classes place it.
    public struct Slots: Hashable, Sendable {
        /// The first slot (`at-N`), 0…95.
        public let top: Int
        /// Slots spanned (`len-N`), at least 1, never past the day's end.
        public let length: Int
        /// `col-C-of-K`: C in 0..<K, K at most `TimelineConstants.maxColumns`.
        public let column: Int
        public let columns: Int

        public init(top: Int, length: Int, column: Int, columns: Int) {
            self.top = top
            self.length = length
            self.column = column
            self.columns = columns
        }

        /// The classes that place the block: "at-N len-N col-C-of-K".
        public var classes: String { "at-\(top) len-\(length) col-\(column)-of-\(columns)" }
    }

    /// The block on the slot grid: its start rounded down to a slot, its height up to
    /// whole slots, both kept within the day, its columns within what the stylesheet draws.
    public var slots: Slots {
        let perSlot = TimelineConstants.slotMinutes
        let top = min(max(self.top, 0) / perSlot, TimelineConstants.slotsPerDay - 1)
        let length = max(1, min((height + perSlot - 1) / perSlot, TimelineConstants.slotsPerDay - top))
        let columns = min(max(self.columns, 1), TimelineConstants.maxColumns)
        return Slots(top: top, length: length, column: min(max(column, 0), columns - 1), columns: columns)
    }
}
