/// A habit's colour: one of the 8 named presets below, or any custom `#RRGGBB`
/// (from `<input type="color">`).
///
/// Colours are stored as text. One reaches a page only as `RGB.hex`, a `#RRGGBB` that
/// `parse` or `resolve` produced, never as the stored string itself.
public struct HabitColor: Hashable, Sendable {
    /// The English name of the preset ("Coral"); also its identifier.
    public let name: String
    public let rgb: RGB

    /// "#RRGGBB", uppercase.
    public var hex: String { rgb.hex }

    public static let coral = HabitColor(name: "Coral", rgb: RGB(red: 0xFF, green: 0x6B, blue: 0x6B))
    public static let peach = HabitColor(name: "Peach", rgb: RGB(red: 0xFF, green: 0x9F, blue: 0x43))
    public static let sun = HabitColor(name: "Sun", rgb: RGB(red: 0xFE, green: 0xCA, blue: 0x57))
    public static let mint = HabitColor(name: "Mint", rgb: RGB(red: 0x48, green: 0xDB, blue: 0xAB))
    public static let sky = HabitColor(name: "Sky", rgb: RGB(red: 0x54, green: 0xA0, blue: 0xFF))
    public static let lavender = HabitColor(name: "Lavender", rgb: RGB(red: 0xA2, green: 0x9B, blue: 0xFE))
    public static let rose = HabitColor(name: "Rose", rgb: RGB(red: 0xFD, green: 0x79, blue: 0xA8))
    public static let stone = HabitColor(name: "Stone", rgb: RGB(red: 0xB2, green: 0xBE, blue: 0xC3))

    /// In the order of the habit form's swatch row.
    public static let presets: [HabitColor] = [coral, peach, sun, mint, sky, lavender, rose, stone]

    /// Where a malformed stored colour ends up: Sky, the preset closest to the accent
    /// colour (`--accent` in `Public/app.css`, #44C0FF), on which white text reads.
    public static let fallback = sky

    /// Exactly `#RRGGBB` or `RRGGBB`, hex digits in either case; anything else
    /// (3 or 8 digits, whitespace, `0x`, names) is nil.
    public static func parse(_ string: String) -> RGB? {
        try? RGB(hex: string)
    }

    /// A stored colour as it may go into a page: malformed values (a hand-edited
    /// database, an old import) become the fallback preset rather than an error page.
    public static func resolve(_ stored: String) -> RGB {
        parse(stored) ?? fallback.rgb
    }

    /// The preset with this colour, if it is one (to mark its swatch as chosen).
    public static func preset(for rgb: RGB) -> HabitColor? {
        presets.first { $0.rgb == rgb }
    }
}
