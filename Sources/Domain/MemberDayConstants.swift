/// When a member's day begins.
public enum MemberDayConstants {
    /// Hours after local midnight at which a member's day may start: night owls
    /// pick up to 6 so that 02:00 still belongs to the evening before.
    public static let dayStartHours = 0...6
}
