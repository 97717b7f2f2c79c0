/// One of a zone's kinds of local time, e.g. CET (+1 h) or CEST (+2 h, DST).
struct LocalTimeType: Sendable, Hashable {
    /// Seconds east of UTC.
    var utOffset: Int
    var isDST: Bool
    var abbreviation: String
}
