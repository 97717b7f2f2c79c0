/// The languages Dawn speaks. Every string of every page exists in each.
public enum Language: String, CaseIterable, Sendable {
    case en, it, fr, de, es

    /// The language's name in itself, for the settings menu.
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .it: "Italiano"
        case .fr: "Français"
        case .de: "Deutsch"
        case .es: "Español"
        }
    }

    /// The best match for an `Accept-Language` header (q-values honoured; a regional tag
    /// such as `de-CH` or `es-419` counts as its language); English otherwise.
    public static func negotiate(_ acceptLanguage: String?) -> Language {
        guard let acceptLanguage else { return .en }
        var best: (Language, Double)?
        for part in acceptLanguage.split(separator: ",").prefix(32) {
            let pieces = part.split(separator: ";")
            guard let tag = pieces.first?.split(separator: "-").first?.lowercased()
                .filter({ !$0.isWhitespace }), let language = Language(rawValue: tag) else { continue }
            var q = 1.0
            for parameter in pieces.dropFirst() {
                let kv = parameter.split(separator: "=", maxSplits: 1)
                if kv.count == 2, kv[0].lowercased().filter({ !$0.isWhitespace }) == "q" {
                    q = Double(kv[1].filter { !$0.isWhitespace }) ?? 0
                }
            }
            if q > 0, q > (best?.1 ?? 0) { best = (language, q) }
        }
        return best?.0 ?? .en
    }
}
