import Templates

extension Dawn {
    /// The banner on every page of a guardian's view ("Mia's day — back to yours"), with
    /// the child's day, habits and statistics: `Views/partials/guardian-banner.html`.
    func guardianBanner(_ ward: Owner, _ page: PageRequest) -> TemplateValue {
        let name = ["name": ward.member.displayName]
        return [
            "heading": .string(t("guardians.banner", page, name)),
            "label": .string(t("guardians.banner_label", page, name)),
            "dayURL": .string(ward.paths.home),
            "habitsURL": .string(ward.paths.habits),
            "statsURL": .string(ward.paths.statsPage),
        ]
    }
}
