import Templates

/// `Views/family-screen-pin.html`: a member's PIN keypad on the family screen, or why
/// their name is locked (`FamilyScreenPage`).
struct FamilyScreenPINView: PageView {
    static let template = "family-screen-pin"

    var title: String
    var heading: String
    var initial: String
    var colour: String
    /// The screen's token: a screen has no session.
    var csrf: String
    /// Why the member's name is locked, and until when.
    var locked: String?
    var error: String?
    /// How many digits the keypad holds, never which: dots and a sentence.
    var typedDots: String?
    var typedText: String?
    var pinURL: String
    var keys: [Key]
    var countdown: ScreenCountdown

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("heading", \.heading),
        .text("initial", \.initial),
        .text("colour", \.colour),
        .text("csrf", \.csrf),
        .text("locked", \.locked),
        .text("error", \.error),
        .text("typedDots", \.typedDots),
        .text("typedText", \.typedText),
        .text("pinURL", \.pinURL),
        .list("keys", \.keys),
    ] + ScreenCountdown.fields(\.countdown)

    struct Key: TemplateView {
        var value: String
        var text: String
        /// For the keys that are not digits.
        var label: String?
        var wide: Bool
        var keyURL: String
        static let fields: [ViewField<Self>] = [
            .text("value", \.value),
            .text("text", \.text),
            .text("label", \.label),
            .bool("wide", \.wide),
            .text("keyURL", \.keyURL),
        ]
    }
}
