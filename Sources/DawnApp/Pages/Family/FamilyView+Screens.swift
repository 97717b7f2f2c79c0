import Templates

extension FamilyView {
    /// The screens card, `Views/partials/family-screens.html` (`FamilyPage+Screens.swift`):
    /// the waiting code, the enrolled screens, the form that makes a code.
    struct Screens: TemplateView {
        /// The waiting code's line (its text is never kept); none when no code waits.
        var pending: String?
        var list: [Screen]
        var form: LabelForm
        var maxLabel: Int
        static let fields: [ViewField<Self>] = [
            .text("pending", \.pending),
            .list("list", \.list),
            .object("form", \.form),
            .number("maxLabel", \.maxLabel),
        ]

        struct Screen: TemplateView {
            var label: String
            var enrolled: String
            var revokeURL: String
            var revokeLabel: String
            static let fields: [ViewField<Self>] = [
                .text("label", \.label),
                .text("enrolled", \.enrolled),
                .text("revokeURL", \.revokeURL),
                .text("revokeLabel", \.revokeLabel),
            ]
        }

        /// The screen's name as typed, and why it was refused.
        struct LabelForm: TemplateView {
            var value: String
            var error: String?
            static let fields: [ViewField<Self>] = [
                .object("values") { Label(label: $0.value) },
                .object("errors") { Label(label: $0.error) },
            ]

            init(_ form: FormState) {
                value = form.value("label")
                error = form.error("label")
            }
        }

        struct Label: TemplateView {
            var label: String?
            static let fields: [ViewField<Self>] = [.text("label", \.label)]
        }
    }

    /// A child's PIN form in the member list, `Views/partials/family-child-pin.html`.
    struct ChildPIN: TemplateView {
        var url: String
        var hasPIN: Bool
        /// The "show me on the screen" box: ticked as stored, or for a child without a PIN.
        var onScreen: Bool
        var status: String
        var pinLabel: String
        var onScreenLabel: String
        var form: PINForm
        static let fields: [ViewField<Self>] = [
            .text("url", \.url),
            .bool("hasPIN", \.hasPIN),
            .bool("onScreen", \.onScreen),
            .text("status", \.status),
            .text("pinLabel", \.pinLabel),
            .text("onScreenLabel", \.onScreenLabel),
            .object("form", \.form),
        ]
    }

    /// Why a child's PIN was refused (a PIN is never shown again).
    struct PINForm: TemplateView {
        var hasErrors: Bool
        var errors: Errors
        static let fields: [ViewField<Self>] = [
            .bool("hasErrors", \.hasErrors),
            .object("errors", \.errors),
        ]

        init(_ form: FormState) {
            hasErrors = !form.isValid
            errors = Errors(general: form.error("general"), pin: form.error("pin"), pinAgain: form.error("pin_again"))
        }

        struct Errors: TemplateView {
            var general: String?
            var pin: String?
            var pinAgain: String?
            static let fields: [ViewField<Self>] = [
                .text("general", \.general),
                .text("pin", \.pin),
                .text("pin_again", \.pinAgain),
            ]
        }
    }

    /// A member's wrong PINs and lockout, with the unlock button: `Views/partials/family-pins.html`.
    struct PINs: TemplateView {
        var failed: String
        /// Until when the member is locked out; none while they are not.
        var locked: String?
        var unlockURL: String
        var unlockLabel: String
        static let fields: [ViewField<Self>] = [
            .text("failed", \.failed),
            .text("locked", \.locked),
            .text("unlockURL", \.unlockURL),
            .text("unlockLabel", \.unlockLabel),
        ]
    }
}
