/// The expanded library's order: the habits logged most often first.
public enum HabitFrequency {
    /// The ids of `habits`, by `count` (times logged) descending; ties go to the
    /// newest habit (`createdAt` descending), then to the higher id, so the order
    /// never depends on the order the database returned the rows in.
    public static func sorted(_ habits: [(id: Int64, createdAt: Int64, count: Int)]) -> [Int64] {
        habits.sorted { lhs, rhs in
            (lhs.count, lhs.createdAt, lhs.id) > (rhs.count, rhs.createdAt, rhs.id)
        }.map(\.id)
    }
}
