import JSON
@testable import OpenIDConnect
import XCTest

/// The claim rules on payloads written here, without signatures: each claim missing, of the
/// wrong type, or at the edges of the two minutes allowed for clocks.
final class IDTokenClaimsTests: XCTestCase {
    private let now: Int64 = 1_800_000_000
    private var check: IDTokenCheck { IDTokenCheck(issuer: "https://id.example.org", clientID: "dawn", nonce: "abc", now: now) }

    private func claims(_ changes: [String: JSONValue?] = [:]) -> JSONObject {
        var members: [(String, JSONValue)] = [("iss", .string("https://id.example.org")), ("sub", .string("u1")),
                                              ("aud", .string("dawn")), ("exp", .integer(now + 60)),
                                              ("iat", .integer(now - 5)), ("nonce", .string("abc"))]
        members = members.compactMap { key, value in
            if let change = changes[key] { return change.map { (key, $0) } }
            return (key, value)
        }
        for (key, value) in changes where !members.contains(where: { $0.0 == key }) {
            if let value { members.append((key, value)) }
        }
        return JSONObject(members)
    }

    private func refusal(_ changes: [String: JSONValue?], file: StaticString = #filePath, line: UInt = #line) -> IDTokenError? {
        do {
            _ = try check.claims(of: claims(changes))
            XCTFail("accepted", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testAGoodPayload() throws {
        XCTAssertEqual(try check.claims(of: claims()), IDTokenClaims(issuer: "https://id.example.org", subject: "u1", label: nil))
        XCTAssertEqual(try check.claims(of: claims(["email": .string("a@example.org"), "name": .string("A")])).label, "a@example.org")
    }

    /// The address is kept only when the provider says, with JSON `true`, that it checked it.
    func testTheEmailIsKeptOnlyWhenTheProviderVerifiedIt() throws {
        let email: JSONValue = .string("Ann@Example.org")
        XCTAssertEqual(try check.claims(of: claims(["email": email, "email_verified": .bool(true)])).verifiedEmail, "Ann@Example.org")
        for verified: JSONValue? in [nil, .bool(false), .string("true"), .integer(1)] {
            XCTAssertNil(try check.claims(of: claims(["email": email, "email_verified": verified])).verifiedEmail, "\(String(describing: verified))")
        }
        XCTAssertNil(try check.claims(of: claims(["email_verified": .bool(true)])).verifiedEmail)
        XCTAssertNil(try check.claims(of: claims(["email": .integer(3), "email_verified": .bool(true)])).verifiedEmail)
        let long = String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 186) + ".org"
        XCTAssertEqual(long.utf8.count, 255)
        XCTAssertNil(try check.claims(of: claims(["email": .string(long), "email_verified": .bool(true)])).verifiedEmail)
    }

    func testEveryRequiredClaim() {
        for name in ["iss", "sub", "aud", "exp", "iat"] {
            XCTAssertEqual(refusal([name: nil]), .missingClaim(name), name)
            XCTAssertEqual(refusal([name: .bool(true)]), .missingClaim(name), name)
        }
        XCTAssertEqual(refusal(["nonce": nil]), .wrongNonce)
        XCTAssertEqual(refusal(["nonce": .integer(1)]), .wrongNonce)
        XCTAssertEqual(refusal(["sub": .string("")]), .badSubject)
        XCTAssertEqual(refusal(["sub": .string(String(repeating: "x", count: 256))]), .badSubject)
        XCTAssertEqual(refusal(["aud": .array([])]), .missingClaim("aud"))
        XCTAssertEqual(refusal(["aud": .array([.string("dawn"), .integer(1)])]), .missingClaim("aud"))
    }

    func testIssuerIsComparedExactly() {
        XCTAssertEqual(refusal(["iss": .string("https://id.example.org/")]), .wrongIssuer("https://id.example.org/"))
        XCTAssertEqual(refusal(["iss": .string("HTTPS://id.example.org")]), .wrongIssuer("HTTPS://id.example.org"))
    }

    func testAudiencesAndTheAuthorizedParty() throws {
        XCTAssertNoThrow(try check.claims(of: claims(["aud": .array([.string("dawn")])])))
        XCTAssertEqual(refusal(["aud": .array([.string("dawn"), .string("grafana")])]), .wrongAuthorizedParty(nil),
                       "several audiences need azp")
        XCTAssertNoThrow(try check.claims(of: claims(["aud": .array([.string("dawn"), .string("grafana")]), "azp": .string("dawn")])))
        XCTAssertEqual(refusal(["aud": .array([.string("dawn"), .string("grafana")]), "azp": .string("grafana")]),
                       .wrongAuthorizedParty("grafana"))
        XCTAssertEqual(refusal(["azp": .string("grafana")]), .wrongAuthorizedParty("grafana"), "azp present must be us")
        XCTAssertEqual(refusal(["aud": .array([.string("grafana")]), "azp": .string("dawn")]), .wrongAudience(["grafana"]))
    }

    func testTimesAtTheEdgesOfTheSkew() throws {
        XCTAssertNoThrow(try check.claims(of: claims(["exp": .integer(now - 120)])))
        XCTAssertEqual(refusal(["exp": .integer(now - 121)]), .expired(now - 121, now))
        XCTAssertNoThrow(try check.claims(of: claims(["exp": .double(Double(now) - 119.5)])), "a decimal NumericDate, its whole seconds")
        XCTAssertEqual(refusal(["exp": .double(Double(now) - 120.5)]), .expired(now - 121, now))
        XCTAssertNoThrow(try check.claims(of: claims(["iat": .integer(now + 120)])))
        XCTAssertEqual(refusal(["iat": .integer(now + 121)]), .issuedInTheFuture(now + 121, now))
        XCTAssertNoThrow(try check.claims(of: claims(["nbf": .integer(now + 120)])))
        XCTAssertEqual(refusal(["nbf": .integer(now + 121)]), .notYetValid(now + 121, now))
        XCTAssertEqual(refusal(["nbf": .string("soon")]), .missingClaim("nbf"))
        XCTAssertEqual(refusal(["exp": .double(.infinity)]), .missingClaim("exp"))
    }

    func testTheNonceMustMatchExactly() {
        XCTAssertEqual(refusal(["nonce": .string("abcd")]), .wrongNonce)
        XCTAssertEqual(refusal(["nonce": .string("ABC")]), .wrongNonce)
        XCTAssertTrue(IDTokenCheck.constantTimeEqual("same", "same"))
        XCTAssertFalse(IDTokenCheck.constantTimeEqual("same", "sane"))
    }
}
