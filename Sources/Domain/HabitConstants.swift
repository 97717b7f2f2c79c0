/// The limits and colours of a habit, named in one place.
public enum HabitConstants {
    /// A name is 1–60 characters (Unicode scalars, as `PlainText.length` counts) after trimming.
    public static let nameLength = 1...60

    /// An emoji is one grapheme cluster of at most this many UTF-8 bytes: the
    /// longest RGI sequences (families, kiss with skin tones) stay under 40, and
    /// the cap keeps an endless ZWJ chain, still one grapheme, out of the database.
    public static let emojiMaximumBytes = 64
    /// What a new habit's form starts with: U+2B50 U+FE0F.
    public static let defaultEmoji = "\u{2B50}\u{FE0F}"

    /// The default durations a habit may have, in minutes (the habit form's picker).
    public static let durationPresets = [15, 30, 45, 60, 90, 120]
    /// What a new habit's form preselects.
    public static let standardDuration = 30
    /// An instance lasts whole minutes, at most a day.
    public static let instanceDurations = 1...TimelineConstants.dayMinutes

    /// Text on a pill whose colour is light: #1A1A1A, 10 % white.
    public static let darkText = HabitColor.RGB(red: 0x1A, green: 0x1A, blue: 0x1A)
    /// Text on a pill whose colour is dark: #FFFFFF.
    public static let lightText = HabitColor.RGB(red: 0xFF, green: 0xFF, blue: 0xFF)
    /// Luminance weights and threshold in ten-thousandths, so the rule
    /// 0.2126R + 0.7152G + 0.0722B > 0.55 is decided in exact integers.
    public static let luminanceWeights = (red: 2_126, green: 7_152, blue: 722)
    public static let luminanceThreshold = 5_500
    /// WCAG AA for normal text: the rule's choice is overridden below this contrast.
    public static let minimumTextContrast = 4.5
}
