import Templates

/// The banner on every page of a guardian's view of a child ("Mia's day — back to yours"),
/// `Views/partials/guardian-banner.html`: the page frame's `ward` (`Dawn.guardianBanner`).
struct GuardianBanner: TemplateView {
    var heading: String
    /// The banner's navigation landmark's name.
    var label: String
    var dayURL: String
    var habitsURL: String
    var statsURL: String

    static let fields: [ViewField<Self>] = [
        .text("heading", \.heading),
        .text("label", \.label),
        .text("dayURL", \.dayURL),
        .text("habitsURL", \.habitsURL),
        .text("statsURL", \.statsURL),
    ]
}
