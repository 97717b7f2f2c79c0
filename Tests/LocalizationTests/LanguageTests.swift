import XCTest
@testable import Localization

final class LanguageTests: XCTestCase {
    func testNegotiate() {
        XCTAssertEqual(Language.negotiate("it-IT,it;q=0.9,en;q=0.8"), .it)
        XCTAssertEqual(Language.negotiate("fr;q=0.1, en;q=0.5"), .en)
        XCTAssertEqual(Language.negotiate("fr-CH, fr;q=0.9, en;q=0.8"), .fr)
        XCTAssertEqual(Language.negotiate("nl"), .en)
        XCTAssertEqual(Language.negotiate("nl-NL,nl;q=0.9,it;q=0.4"), .it, "the best language we have")
        XCTAssertEqual(Language.negotiate(nil), .en)
        XCTAssertEqual(Language.negotiate(""), .en)
        XCTAssertEqual(Language.negotiate("it;q=0"), .en, "q=0 means not acceptable")
        for garbage in [";;;,,,", "q=1", "*", "it;q=abc", "\u{0}\u{1}", String(repeating: "x,", count: 10_000)] {
            XCTAssertEqual(Language.negotiate(garbage), .en, garbage.prefix(20).description)
        }
    }

    func testNativeNames() {
        XCTAssertEqual(Language.allCases.map(\.nativeName), ["English", "Italiano", "Français", "Deutsch", "Español"])
    }
}
