/// The mood scale, named in one place.
public enum MoodConstants {
    /// 1 (awful) to 5 (great), as stored (`moods.value`) and exported.
    public static let values = 1...5
    /// The faces, awful to great: 😞 🙁 😐 🙂 😄.
    public static let faces = ["\u{1F61E}", "\u{1F641}", "\u{1F610}", "\u{1F642}", "\u{1F604}"]
    /// The names' stable parts (strings keys `mood.name.<name>`), awful to great.
    public static let names = ["awful", "bad", "okay", "good", "great"]
}
