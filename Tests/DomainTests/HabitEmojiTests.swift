import Domain
import XCTest

final class HabitEmojiTests: XCTestCase {
    /// Written as scalars so that no editor can normalise them away.
    func testAcceptedForms() throws {
        let accepted: [(String, String)] = [
            ("\u{2B50}\u{FE0F}", "star with VS16 (the default)"),
            ("\u{2B50}", "star, emoji presentation by default"),
            ("\u{1F600}", "grinning face"),
            ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "family ZWJ sequence"),
            ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "family of four"),
            ("\u{1F44D}\u{1F3FD}", "thumbs up, medium skin tone"),
            ("\u{261D}\u{1F3FD}", "text-default index finger with a skin tone"),
            ("\u{1F1EE}\u{1F1F9}", "flag of Italy"),
            ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "flag of Scotland (tags)"),
            ("1\u{FE0F}\u{20E3}", "keycap 1"),
            ("#\u{FE0F}\u{20E3}", "keycap #"),
            ("*\u{FE0F}\u{20E3}", "keycap *"),
            ("1\u{20E3}", "keycap 1 without VS16"),
            ("\u{2764}\u{FE0F}", "red heart with VS16"),
            ("\u{A9}\u{FE0F}", "copyright sign with VS16"),
            ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "rainbow flag"),
            ("\u{2764}\u{FE0F}\u{200D}\u{1F525}", "heart on fire"),
        ]
        for (raw, what) in accepted {
            XCTAssertEqual(raw.count, 1, "test data: \(what) is one grapheme")
            XCTAssertEqual(try HabitEmoji(raw).value, raw, what)
        }
    }

    func testTrimmedBeforeCounting() throws {
        XCTAssertEqual(try HabitEmoji(" \u{1F389}\n").value, "\u{1F389}")
        // The trailing space is trimmed, as the form trims every field; see the report.
        XCTAssertEqual(try HabitEmoji("\u{1F44D} ").value, "\u{1F44D}")
        XCTAssertEqual(try HabitEmoji("\t\u{2B50}\u{FE0F}\u{3000}").value, "\u{2B50}\u{FE0F}")
    }

    func testDefaultIsAStarWithVariationSelector() throws {
        XCTAssertEqual(Array(HabitEmoji.default.value.unicodeScalars), ["\u{2B50}", "\u{FE0F}"])
        XCTAssertEqual(try HabitEmoji(HabitEmoji.default.value), HabitEmoji.default)
    }

    func testMissing() {
        for raw in ["", " ", "\n\t ", "\u{3000}"] {
            assertHabitError(.emojiMissing, { () throws(HabitError) in try HabitEmoji(raw) }, raw.debugDescription)
        }
    }

    func testMoreThanOneGrapheme() {
        let refused = [
            "ab", "\u{2B50}\u{2B50}", "\u{1F44D}\u{1F44D}", "\u{1F44D} \u{1F44D}", "a\u{1F44D}", "\u{1F44D}a",
            "\u{1F44D}\u{200B}",  // a zero-width space is its own grapheme
            "\u{1F1EE}\u{1F1F9}\u{1F1EB}",  // a flag and a lone regional indicator
        ]
        for raw in refused {
            XCTAssertGreaterThan(raw.count, 1, "test data: \(raw.debugDescription)")
            assertHabitError(.emojiNotSingle, { () throws(HabitError) in try HabitEmoji(raw) }, raw.debugDescription)
        }
    }

    /// One grapheme, but text: Unicode marks digits, #, * and © `isEmoji` because
    /// they can start an emoji sequence, yet alone they are shown as text.
    func testTextIsNotAnEmoji() {
        for scalar: Unicode.Scalar in ["1", "#", "*", "\u{A9}", "\u{AE}"] {
            XCTAssertTrue(scalar.properties.isEmoji, "test data: \(scalar) is Emoji=Yes")
        }
        let refused = [
            "a", "Z", "1", "#", "*", "\u{A9}", "\u{AE}", "\u{E9}", "e\u{301}",
            "\u{263A}",  // ☺ is text by default
            "\u{2B50}\u{FE0E}",  // the text selector
            "\u{2764}\u{FE0E}",
            "\u{1F44D}\u{301}",  // emoji + combining accent
            "a\u{20E3}", "\u{A9}\u{20E3}", "1\u{20E3}\u{FE0F}",  // keycap mark after a non-keycap, or not last
            "\u{200D}", "\u{FE0F}", "\u{0}", "\u{7F}", "\u{202E}",
        ]
        for raw in refused {
            XCTAssertEqual(raw.count, 1, "test data: \(raw.debugDescription) is one grapheme")
            assertHabitError(.emojiNotEmoji, { () throws(HabitError) in try HabitEmoji(raw) }, raw.debugDescription)
        }
    }

    /// A ZWJ chain of any length is a single grapheme; the byte cap stops it.
    func testByteLimit() throws {
        // 10 stars (3 bytes) and a thumbs up (4), joined by 10 ZWJs (3): 30 + 4 + 30 = 64.
        let longest = (Array(repeating: "\u{2B50}", count: 10) + ["\u{1F44D}"]).joined(separator: "\u{200D}")
        XCTAssertEqual(longest.utf8.count, 64)
        XCTAssertEqual(longest.count, 1)
        XCTAssertEqual(try HabitEmoji(longest).value, longest)
        XCTAssertEqual(try HabitEmoji("  \(longest)  ").value, longest, "trimmed spaces do not count")

        // 9 stars and 2 thumbs up, 10 ZWJs: 27 + 8 + 30 = 65.
        let monster = (Array(repeating: "\u{2B50}", count: 9) + ["\u{1F44D}", "\u{1F44D}"]).joined(separator: "\u{200D}")
        XCTAssertEqual(monster.utf8.count, 65)
        XCTAssertEqual(monster.count, 1)
        assertHabitError(.emojiTooLong, { () throws(HabitError) in try HabitEmoji(monster) })
        assertHabitError(.emojiTooLong, { () throws(HabitError) in try HabitEmoji(String(repeating: "a", count: 10_000)) })
    }
}
