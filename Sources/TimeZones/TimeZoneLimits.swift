/// Every bound this library enforces, in one place.
///
/// The TZif parser reads files an administrator installed, but it is also
/// fuzzed, so each count a file claims is checked against these limits and
/// against the bytes actually present before anything is allocated.
enum TimeZoneLimits {
    /// Real TZif files are a few KiB; anything larger is not one.
    static let maxFileBytes = 1 << 20
    /// Fat files carry a few hundred transitions up to 2037.
    static let maxTransitions = 10_000
    /// A type index is one byte, so 256 is the format's own ceiling.
    static let maxLocalTimeTypes = 256
    static let maxAbbreviationBytes = 4_096
    /// Leap-second records are skipped, but still bounded.
    static let maxLeapSecondRecords = 10_000
    /// The POSIX TZ footer or a bare POSIX string.
    static let maxPOSIXRuleBytes = 512
    /// RFC 9636: UT offsets should be more than -25 and less than 26 hours.
    static let utOffsetRange = -89_999...93_599
    /// POSIX std/dst offsets: up to 24:59:59 either way.
    static let maxPOSIXOffsetHours = 24
    /// TZif v3+ allow transition times from -167 to 167 hours.
    static let maxPOSIXRuleTimeHours = 167
    /// Identifiers such as "America/Argentina/ComodRivadavia" are well below this.
    static let maxIdentifierLength = 64
    /// Queries clamp instants to about ±557,000 years, so that local dates stay
    /// inside `LocalDate.supportedYears` and no arithmetic can overflow.
    static let instantRange: ClosedRange<Int64> = -(1 << 44)...(1 << 44)
}
