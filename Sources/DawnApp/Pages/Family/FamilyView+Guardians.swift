import Templates

extension FamilyView {
    /// The guardians card, `Views/partials/family-guardians.html` (`FamilyPage+Guardians.swift`):
    /// every grant with its revoke button, and the form that grants one.
    struct Guardians: TemplateView {
        var grants: [Grant]
        /// Adults, who may be guardians.
        var guardianOptions: [Option]
        /// Child accounts, who may be looked after.
        var childOptions: [Option]
        var form: Form
        var action: String
        static let fields: [ViewField<Self>] = [
            .list("grants", \.grants),
            .list("guardianOptions", \.guardianOptions),
            .list("childOptions", \.childOptions),
            .object("form", \.form),
            .text("action", \.action),
        ]

        struct Grant: TemplateView {
            var text: String
            var revokeURL: String
            var revokeLabel: String
            static let fields: [ViewField<Self>] = [
                .text("text", \.text),
                .text("revokeURL", \.revokeURL),
                .text("revokeLabel", \.revokeLabel),
            ]
        }

        struct Option: TemplateView {
            var username: String
            var label: String
            var selected: Bool
            static let fields: [ViewField<Self>] = [
                .text("username", \.username),
                .text("label", \.label),
                .bool("selected", \.selected),
            ]
        }

        /// Why a grant was refused (what was chosen shows as the options' `selected`).
        struct Form: TemplateView {
            var errors: Errors
            static let fields: [ViewField<Self>] = [.object("errors", \.errors)]

            init(_ form: FormState) {
                errors = Errors(general: form.error("general"), guardian: form.error("guardian"),
                                child: form.error("child"))
            }

            struct Errors: TemplateView {
                var general: String?
                var guardian: String?
                var child: String?
                static let fields: [ViewField<Self>] = [
                    .text("general", \.general),
                    .text("guardian", \.guardian),
                    .text("child", \.child),
                ]
            }
        }
    }
}
