import Domain
import XCTest

final class HabitColorTests: XCTestCase {
    func testPresetsInTheSeedsOrder() {
        XCTAssertEqual(HabitColor.presets.map(\.name), ["Coral", "Peach", "Sun", "Mint", "Sky", "Lavender", "Rose", "Stone"])
        XCTAssertEqual(
            HabitColor.presets.map(\.hex),
            ["#FF6B6B", "#FF9F43", "#FECA57", "#48DBAB", "#54A0FF", "#A29BFE", "#FD79A8", "#B2BEC3"])
        for preset in HabitColor.presets {
            XCTAssertEqual(HabitColor.parse(preset.hex), preset.rgb)
            XCTAssertEqual(HabitColor.preset(for: preset.rgb), preset)
        }
        XCTAssertNil(HabitColor.preset(for: HabitColor.RGB(red: 1, green: 2, blue: 3)))
    }

    func testParseAcceptsSixHexDigitsWithOrWithoutHash() {
        let coral = HabitColor.RGB(red: 0xFF, green: 0x6B, blue: 0x6B)
        for raw in ["#FF6B6B", "FF6B6B", "#ff6b6b", "ff6b6b", "#fF6b6B"] {
            XCTAssertEqual(HabitColor.parse(raw), coral, raw)
        }
        XCTAssertEqual(HabitColor.parse("#000000"), HabitColor.RGB(red: 0, green: 0, blue: 0))
        XCTAssertEqual(HabitColor.parse("ffffff"), HabitColor.RGB(red: 255, green: 255, blue: 255))
        XCTAssertEqual(HabitColor.parse("#0a1B2c"), HabitColor.RGB(red: 0x0A, green: 0x1B, blue: 0x2C))
        XCTAssertEqual(try HabitColor.RGB(hex: "#123456"), HabitColor.RGB(red: 0x12, green: 0x34, blue: 0x56))
    }

    func testParseRefusesEverythingElse() {
        let refused = [
            "", "#", "#FFF", "FFF", "FFFFF", "#FFFFF", "#GGGGGG", "GGGGGG", "#FF6B6G", " #FF6B6B", "#FF6B6B ", "\n#FF6B6B",
            "#FF6B6B00", "FF6B6B00", "#FF6B6B0", "##FF6B6B", "#FF 6B6", "0xFF6B6B", "#+12345", "#-12345", "red",
            "FF6B6B#", "#FF6B6B\u{301}", "\u{FF26}\u{FF26}\u{FF16}\u{FF22}\u{FF16}\u{FF22}",  // combining mark, full-width
            "#\u{663}\u{663}\u{663}\u{663}\u{663}\u{663}",  // Arabic-Indic digits
        ]
        for raw in refused {
            XCTAssertNil(HabitColor.parse(raw), raw.debugDescription)
            assertHabitError(.colorFormat, { () throws(HabitError) in try HabitColor.RGB(hex: raw) }, raw.debugDescription)
        }
    }

    func testHexIsAlwaysUppercaseSevenCharacters() {
        XCTAssertEqual(HabitColor.RGB(red: 0, green: 0, blue: 0).hex, "#000000")
        XCTAssertEqual(HabitColor.RGB(red: 1, green: 0x0A, blue: 0xAB).hex, "#010AAB")
        XCTAssertEqual(HabitColor.parse("abcdef")?.hex, "#ABCDEF")
        XCTAssertEqual(HabitColor.RGB(red: 0xFF, green: 0x6B, blue: 0x6B).description, "#FF6B6B")
        for value in stride(from: 0, through: 255, by: 17) {
            let byte = UInt8(value)
            let hex = HabitColor.RGB(red: byte, green: 255 - byte, blue: byte / 2).hex
            XCTAssertEqual(hex.utf8.count, 7)
            XCTAssertEqual(HabitColor.parse(hex), HabitColor.RGB(red: byte, green: 255 - byte, blue: byte / 2))
        }
    }

    func testResolveFallsBackToSky() {
        XCTAssertEqual(HabitColor.fallback, HabitColor.sky)
        XCTAssertEqual(HabitColor.resolve("ff6b6b").hex, "#FF6B6B")
        XCTAssertEqual(HabitColor.resolve("#48dbab").hex, "#48DBAB")
        for stored in ["", "#FFF", "blue", "#FF6B6B\"><script>", "url(javascript:x)", "#FF6B6B;color:red", " #FF6B6B"] {
            XCTAssertEqual(HabitColor.resolve(stored).hex, "#54A0FF", stored)
        }
    }

    /// The rule as written, 0.2126R + 0.7152G + 0.0722B > 0.55 without gamma, gives
    /// dark text on seven presets and white only on Coral (not "dark text on Sun
    /// and Stone, white on the rest", as one might guess from the colours alone);
    /// these are the rule's results, worked out by hand. White on Coral (2.8:1) fails
    /// WCAG AA, so the contrast guard gives Coral near-black text (6.1:1) after all.
    func testTextColorOfThePresets() {
        let expected: [(HabitColor, luminance: Double, text: String)] = [
            (.coral, 0.5430, "#1A1A1A"),  // (0.2126 × 255 + 0.7152 × 107 + 0.0722 × 107) / 255; guard
            (.peach, 0.6775, "#1A1A1A"),  // (0.2126 × 255 + 0.7152 × 159 + 0.0722 × 67) / 255
            (.sun, 0.8029, "#1A1A1A"),
            (.mint, 0.7227, "#1A1A1A"),
            (.sky, 0.5910, "#1A1A1A"),
            (.lavender, 0.6417, "#1A1A1A"),
            (.rose, 0.5979, "#1A1A1A"),
            (.stone, 0.7365, "#1A1A1A"),
        ]
        XCTAssertEqual(expected.count, HabitColor.presets.count)
        for (color, luminance, text) in expected {
            XCTAssertEqual(color.rgb.luminance, luminance, accuracy: 0.00005, color.name)
            XCTAssertEqual(color.rgb.textColor.hex, text, color.name)
            XCTAssertEqual(color.rgb.prefersDarkText, color != .coral, color.name)
            XCTAssertGreaterThanOrEqual(color.rgb.contrast(with: color.rgb.textColor), 4.5, color.name)
        }
    }

    func testTextColorOfCustomColors() {
        // (colour, the luminance rule's choice, the text actually used after the contrast guard)
        let cases: [(String, String, String)] = [
            ("#000000", "#FFFFFF", "#FFFFFF"), ("#FFFFFF", "#1A1A1A", "#1A1A1A"),
            ("#FF0000", "#FFFFFF", "#1A1A1A"),  // white 4.0:1 < 4.5, near-black 4.4:1 reads better
            ("#00FF00", "#1A1A1A", "#1A1A1A"), ("#0000FF", "#FFFFFF", "#FFFFFF"), ("#333B40", "#FFFFFF", "#FFFFFF"),
            ("#8C8C8C", "#FFFFFF", "#1A1A1A"),  // grey 140: 140 / 255 = 0.549 → white by the rule, 3.4:1
            ("#8D8D8D", "#1A1A1A", "#1A1A1A"),  // grey 141: 0.553
        ]
        for (color, rule, text) in cases {
            let rgb = HabitColor.resolve(color)
            XCTAssertEqual(rgb.prefersDarkText ? "#1A1A1A" : "#FFFFFF", rule, color)
            XCTAssertEqual(rgb.textColor.hex, text, color)
        }
    }

    /// #31B223 weighs exactly 0.55: 2126 × 49 + 7152 × 178 + 722 × 35 = 1 402 500
    /// = 5500 × 255. Not above the threshold, so white; one step bluer is above it.
    func testExactBoundary() throws {
        let boundary = try HabitColor.RGB(hex: "#31B223")
        XCTAssertEqual(boundary.luminance, 0.55, accuracy: 1e-12)
        XCTAssertFalse(boundary.prefersDarkText)
        // White on this green is 2.7:1, so the contrast guard picks near-black after all.
        XCTAssertLessThan(boundary.contrast(with: HabitConstants.lightText), 4.5)
        XCTAssertEqual(boundary.textColor.hex, "#1A1A1A")
        let above = try HabitColor.RGB(hex: "#31B224")
        XCTAssertTrue(above.prefersDarkText)
        XCTAssertEqual(above.textColor.hex, "#1A1A1A")
    }
}
