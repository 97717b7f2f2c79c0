@testable import OpenIDConnect
import XCTest

final class PKCETests: XCTestCase {
    /// RFC 7636 Appendix B: the verifier and its S256 challenge.
    func testTheS256ChallengeOfRFC7636AppendixB() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        XCTAssertEqual(pkce.challenge, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    func testAGeneratedVerifierIs43UnreservedCharactersAndNeverTheSame() {
        let a = PKCE.generate(), b = PKCE.generate()
        XCTAssertEqual(a.verifier.count, 43)
        XCTAssertTrue(PKCE.verifierLengths.contains(a.verifier.count))
        XCTAssertTrue(a.verifier.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || ("A"..."Z").contains($0)
            || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" })
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(a.challenge.count, 43)
        XCTAssertNotEqual(RandomBytes.token(), RandomBytes.token())
        XCTAssertEqual(RandomBytes.make(5).count, 5)
    }
}
