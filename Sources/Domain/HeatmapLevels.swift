/// How dark a heatmap day is drawn: level 0 when its figure is 0 (nothing that day), then
/// 1…4 by the quartiles of the non-zero figures it is drawn among (a member's year, a habit's
/// 53 weeks), as GitHub's contribution graph does with d3's quantile scale:
///
/// - the cut points are the 25th, 50th and 75th percentiles of the sorted non-zero figures
///   x₀ ≤ … ≤ xₙ₋₁, each interpolated between neighbours (h = (n − 1)·p, then
///   x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋): the R-7 / spreadsheet `PERCENTILE` rule);
/// - a figure's level is 1 plus the number of cut points it reaches (≥), so ties go up:
///   when every active day has the same figure, or there is only one, each is level 4.
///
/// Figures are whole numbers (logs, notes, thousandths of an amount); the cut points are
/// kept as exact quarters, so no rounding decides a level.
public struct HeatmapLevels: Sendable, Hashable {
    /// Figures above this count as this, so four times one never overflows.
    static let largestFigure = Int.max / (2 * HeatmapConstants.levelCount)

    /// Four times each cut point, ascending; empty when no figure is above 0.
    private let quarterCuts: [Int]

    public init(figures: some Sequence<Int>) {
        let sorted = figures.filter { $0 > 0 }.map { min($0, Self.largestFigure) }.sorted()
        guard !sorted.isEmpty else {
            quarterCuts = []
            return
        }
        let parts = HeatmapConstants.levelCount
        quarterCuts = (1..<parts).map { k in
            // h = (n − 1)·k/4: the whole part picks the lower neighbour, the remainder (in quarters) the step.
            let position = (sorted.count - 1) * k
            let index = position / parts, remainder = position % parts
            let lower = sorted[index]
            let upper = remainder == 0 ? lower : sorted[index + 1]
            return parts * lower + remainder * (upper - lower)
        }
    }

    /// The three cut points (25th, 50th, 75th percentiles); empty without a non-zero figure.
    public var quartiles: [Double] {
        quarterCuts.map { Double($0) / Double(HeatmapConstants.levelCount) }
    }

    /// 0 for a figure of 0 (or less); otherwise 1…4.
    public func level(of figure: Int) -> Int {
        guard figure > 0 else { return 0 }
        let quarters = min(figure, Self.largestFigure) * HeatmapConstants.levelCount
        return 1 + quarterCuts.count { $0 <= quarters }
    }
}
