/// How many columns the date grid gets at a container width, and the gap
/// between them. Pure, so the same formula drives the tests and the CSS
/// container-query breakpoints.
///
/// With W = container width − 2 × padding, `n` circles with the minimum gap
/// fit when n × circle + (n − 1) × minGap ≤ W, i.e. n ≤ (W + minGap) / (circle + minGap):
/// columns = clamp(floor((W + 8) / 30), 7, 14).
public enum DateGridLayout {
    public static func columns(containerWidth: Double) -> Int {
        let fitting = ((contentWidth(containerWidth) + DateGridConstants.minimumGap) / columnPitch).rounded(.down)
        let range = DateGridConstants.columns
        guard !fitting.isNaN else { return range.lowerBound }
        return Int(min(max(fitting, Double(range.lowerBound)), Double(range.upperBound)))
    }

    /// The gap that spreads `columns` circles across the width, clamped to
    /// `minimumGap...maximumGap`. Precondition: `DateGridConstants.columns` contains `columns`.
    public static func gap(containerWidth: Double, columns: Int) -> Double {
        precondition(DateGridConstants.columns.contains(columns), "\(columns) is not in \(DateGridConstants.columns)")
        let spread = (contentWidth(containerWidth) - DateGridConstants.circleSize * Double(columns)) / Double(columns - 1)
        guard !spread.isNaN else { return DateGridConstants.minimumGap }
        return min(max(spread, DateGridConstants.minimumGap), DateGridConstants.maximumGap)
    }

    /// For each column count above the minimum, the smallest container width
    /// at which `columns(containerWidth:)` reaches it; ascending. Solved from
    /// the formula: W + minGap ≥ n × pitch.
    public static let breakpoints: [(minContainerWidth: Double, columns: Int)] =
        DateGridConstants.columns.dropFirst().map { count in
            (Double(count) * columnPitch - DateGridConstants.minimumGap + 2 * DateGridConstants.horizontalPadding, count)
        }

    /// How many of the rendered cells CSS hides at `columns` columns: the oldest
    /// `renderedCells − rows × columns`. Precondition: `DateGridConstants.columns` contains `columns`.
    public static func hiddenCells(columns: Int) -> Int {
        precondition(DateGridConstants.columns.contains(columns), "\(columns) is not in \(DateGridConstants.columns)")
        return DateGridConstants.renderedCells - DateGridConstants.rows * columns
    }

    /// One circle plus the minimum gap: 30.
    private static let columnPitch = DateGridConstants.circleSize + DateGridConstants.minimumGap

    private static func contentWidth(_ containerWidth: Double) -> Double {
        containerWidth - 2 * DateGridConstants.horizontalPadding
    }
}
