import Templates

/// Every page rendered from a typed view. At start-up each is checked against its
/// template (`TemplateSet.check`): a key the template names but the view lacks, a key
/// the view declares but the template never reads, or a kind the template can't use
/// stops the server with the list. `PageViewsTests` runs the same check in CI.
enum PageViews {
    static let all: [any PageView.Type] = [
        SignInView.self,
        HabitListView.self,
        HabitView.self,
        SearchView.self,
        CalendarView.self,
        ArchivedHabitsView.self,
        HabitDeleteView.self,
        ErrorView.self,
        OfflineView.self,
        BoardView.self,
        RewardsView.self,
        VacationsView.self,
        SetupView.self,
        HabitInstanceView.self,
        AccountView.self,
        AccountTokensView.self,
        AccountEmailConfirmView.self,
        HabitFormView.self,
        DayView.self,
        StatsView.self,
        FamilyView.self,
        FamilyRemoveView.self,
        FamilyScreenCodeView.self,
        FamilyScreenView.self,
        FamilyScreenEnrolView.self,
        FamilyScreenPINView.self,
        FamilyScreenTodayView.self,
        SettingsView.self,
    ]

    /// The keys `Dawn.render` adds to every page: each page's template may read them
    /// and need not declare them. A view declaring one of the keys `Dawn.render` always
    /// sets would be overwritten, so that is a problem too. `strings` are the English
    /// strings' keys, `assets` the names of the files in `Public/`: both come from files,
    /// read once at start-up, so their keys are checked against what was read.
    static func frame(strings: [String], assets: [String]) -> ViewSchema {
        ViewSchema(name: "the page frame (Dawn.render)", fields: [
            ("assets", .object(ViewSchema(name: "assets", fields: Set(assets.map(PageRenderer.assetKey)).sorted().map { ($0, .text) }))),
            ("t", .object(ViewSchema.nestedText(name: "t", keys: strings))),
            ("lang", .text),
            ("me", .object(MemberFrame.schema)),
            ("csrf", .text),
            ("theme", .text),
            ("ward", .object(GuardianBanner.schema)),
            // The layout's optional stylesheets, for the pages that give them.
            ("habitsCSS", .text),
            ("stylesheet", .text),
            ("heatmapCSS", .text),
            // Hides the navigation's search box on `/search`, which has its own.
            ("searchPage", .bool),
        ])
    }

    /// Keys `Dawn.render` always overwrites.
    static let overwritten: Set<String> = ["assets", "t", "lang"]

    /// Every problem of every registered view, as "file:line:column: message" lines.
    static func problems(in templates: TemplateSet, strings: [String], assets: [String]) -> [String] {
        let frame = frame(strings: strings, assets: assets)
        var problems: [String] = []
        for view in all {
            let schema = view.schema
            for field in schema.fields where overwritten.contains(field.name) {
                problems.append("\(view.template): \(schema.name).\(field.name) is overwritten by Dawn.render; rename it")
            }
            problems += templates.check(view.template, against: schema, ambient: frame).map(\.description)
        }
        return problems
    }
}
