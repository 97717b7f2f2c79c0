/// The date grid's geometry, in CSS pixels (`DateGridLayout` turns it into columns).
public enum DateGridConstants {
    public static let rows = 6
    /// Hit area of one date circle.
    public static let circleSize = Double(DayCircleConstants.hitAreaSize)
    /// Left and right margin, each.
    public static let horizontalPadding = 16.0
    public static let columns = 7...14
    /// Space between circles: at least enough to read, at most enough to stay a grid.
    public static let minimumGap = 8.0
    public static let maximumGap = 20.0
    /// The grid's last cell is this many days after today.
    public static let futureDays = 4
    /// 84: what the widest layout shows. The server always renders this many
    /// cells; CSS hides the oldest ones on narrower containers.
    public static let renderedCells = rows * columns.upperBound
}
