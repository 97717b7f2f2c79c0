import TimeZones

/// The dates of the date grid: the `DateGridConstants.renderedCells` days
/// ending `DateGridConstants.futureDays` after today, oldest first, laid out
/// row by row. How many of them show depends on the width
/// (`DateGridLayout`): the oldest cells are the ones hidden.
public struct DateGrid: Sendable, Hashable {
    public let today: LocalDate
    /// Oldest first; the last is today + `DateGridConstants.futureDays`.
    public let cells: [LocalDate]

    /// Precondition: today is not within a year of `LocalDate.supportedDays`' ends.
    public init(today: LocalDate) {
        self.today = today
        let last = today.adding(days: DateGridConstants.futureDays)
        cells = (0..<DateGridConstants.renderedCells).reversed().map { last.adding(days: -$0) }
    }

    /// First through last rendered cell.
    public var range: ClosedRange<LocalDate> {
        cells[0]...cells[cells.count - 1]
    }

    public func contains(_ date: LocalDate) -> Bool {
        range.contains(date)
    }

    /// The cells a layout of `columns` columns shows: the latest `rows × columns`.
    /// Precondition: `DateGridConstants.columns` contains `columns`.
    public func visibleCells(columns: Int) -> ArraySlice<LocalDate> {
        cells.dropFirst(DateGridLayout.hiddenCells(columns: columns))
    }
}
