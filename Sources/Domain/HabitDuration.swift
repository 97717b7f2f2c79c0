/// A length of time in whole minutes: a habit's default (one of the presets) or an
/// instance's (1 minute to 24 hours).
public struct HabitDuration: Hashable, Comparable, Sendable {
    public let minutes: Int

    /// 15, 30, 45, 60, 90 and 120 minutes, in order.
    public static let presets = HabitConstants.durationPresets.map(HabitDuration.init(unchecked:))
    /// What a new habit's form preselects: 30 minutes.
    public static let standard = HabitDuration(unchecked: HabitConstants.standardDuration)

    /// A habit's default duration: one of `presets`, else `.defaultDurationNotPreset`.
    public init(defaultMinutes minutes: Int) throws(HabitError) {
        guard HabitConstants.durationPresets.contains(minutes) else { throw .defaultDurationNotPreset }
        self.minutes = minutes
    }

    /// An instance's duration: `HabitConstants.instanceDurations` (1…1440), else
    /// `.durationOutOfRange`. A block may run past the day's end; the layout clips it.
    public init(instanceMinutes minutes: Int) throws(HabitError) {
        guard HabitConstants.instanceDurations.contains(minutes) else { throw .durationOutOfRange }
        self.minutes = minutes
    }

    private init(unchecked minutes: Int) {
        self.minutes = minutes
    }

    public static func < (lhs: HabitDuration, rhs: HabitDuration) -> Bool {
        lhs.minutes < rhs.minutes
    }
}
