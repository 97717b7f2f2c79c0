extension Dawn {
    /// The banner on every page of a guardian's view ("Mia's day — back to yours"), with
    /// the child's day, habits and statistics: `Views/partials/guardian-banner.html`.
    func guardianBanner(_ ward: Owner, _ page: PageRequest) -> GuardianBanner {
        let name = ["name": ward.member.displayName]
        return GuardianBanner(heading: t("guardians.banner", page, name), label: t("guardians.banner_label", page, name),
                              dayURL: ward.paths.home, habitsURL: ward.paths.habits, statsURL: ward.paths.statsPage)
    }
}
