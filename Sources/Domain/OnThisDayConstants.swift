/// The day page's "on this day" section (`OnThisDay`).
public enum OnThisDayConstants {
    /// The longest line shown for a recalled day, in characters, "…" included.
    public static let excerptCharacters = 140
    /// How much of an entry is read to find its first line, in characters: the whole
    /// entry (up to 20,000) is never loaded for one line.
    public static let entryPrefixCharacters = 1_000
}
