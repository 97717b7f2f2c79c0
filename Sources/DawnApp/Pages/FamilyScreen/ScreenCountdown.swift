import Localization
import Templates

/// The family screen's countdown back to the names (`partials/screen-countdown.html`),
/// on the pages a member's visit shows: its keys sit at the top of the page's view.
struct ScreenCountdown: Sendable {
    var seconds: Int
    /// "Back to the names in {seconds} s" around the number the script counts down, in the
    /// page's language (the number's place differs by language).
    var before: String
    var after: String
    /// "More time" as a form; none where the button only restarts the script's count.
    var moreTimeURL: String?

    init(_ app: Dawn, _ language: Language, moreTimeURL: String?) {
        let marker: Character = "\u{1}"
        let sentence = app.strings.format("screen.countdown.left", language, ["seconds": String(marker)])
        let parts = sentence.split(separator: marker, omittingEmptySubsequences: false).map(String.init)
        seconds = FamilyScreenPage.countdownSeconds
        before = parts.first ?? ""
        after = parts.count > 1 ? parts[1] : ""
        self.moreTimeURL = moreTimeURL
    }

    /// The partial's keys, for a view that has `countdown` at `read`.
    static func fields<View>(_ read: @escaping @Sendable (View) -> ScreenCountdown) -> [ViewField<View>] {
        [
            .bool("countdown") { _ in true },
            .number("countdownSeconds") { read($0).seconds },
            .text("countdownBefore") { read($0).before },
            .text("countdownAfter") { read($0).after },
            .text("moreTimeURL") { read($0).moreTimeURL },
        ]
    }
}
