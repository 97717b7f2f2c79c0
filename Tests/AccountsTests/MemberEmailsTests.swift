@testable import Accounts
import Store
import XCTest

/// Members' email addresses over a real instance schema: how an address is normalised and
/// bounded, the link's secret kept only as its SHA-256 and spent once, a verified address
/// unique ignoring case (the database's own index holds it too), gone with its member.
final class MemberEmailsTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var clock: TestClock!
    private var family: Family!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        clock = TestClock()
        family = try makeFamily(in: directory, clock: clock)
        try family.setUp()
    }

    private func member(_ name: String) throws -> Member { try XCTUnwrap(family.member(username: Username(name))) }

    func testAnAddressIsTrimmedItsDomainLowercasedAndBounded() throws {
        XCTAssertEqual(try EmailAddress("  Anna.B+dawn@Mail.Example.ORG\t").value, "Anna.B+dawn@mail.example.org")
        XCTAssertThrowsError(try EmailAddress(" ")) { XCTAssertEqual($0 as? EmailAddress.Problem, .empty) }
        let longest = String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 60) + "."
            + String(repeating: "c", count: 60) + "." + String(repeating: "d", count: 63) + ".org"
        XCTAssertEqual(longest.utf8.count, 254)
        XCTAssertEqual(try EmailAddress(longest).value, longest)
        XCTAssertThrowsError(try EmailAddress("a" + longest)) { XCTAssertEqual($0 as? EmailAddress.Problem, .tooLong) }
        for bad in ["anna", "@example.org", "anna@", "anna@example", "an na@example.org", "anna@exa_mple.org", "anna..b@example.org",
                    ".anna@example.org", "anna@-example.org", "ännä@example.org", "anna@example.org\nBcc: x@example.org",
                    String(repeating: "a", count: 65) + "@example.org"] {
            XCTAssertThrowsError(try EmailAddress(bad), bad) { XCTAssertEqual($0 as? EmailAddress.Problem, .invalid, bad) }
        }
    }

    func testTheLinkIsKeptAsItsHashAndWorksOnceForADay() throws {
        let mum = try member("mum")
        let token = try family.requestEmail(EmailAddress("anna@example.org"), for: mum.id)
        XCTAssertTrue(RandomToken.isWellFormed(token))
        let stored = try family.data.instance.read {
            try $0.queryOne("SELECT token_hash, token_expires_at FROM member_emails")!
        }
        XCTAssertEqual(stored.blob(0), SHA256.hash(Array(token.utf8)))
        XCTAssertEqual(stored.int64(1), clock.now + 24 * 3600)
        XCTAssertEqual(try family.emailToConfirm(token: token, for: mum.id), "anna@example.org")
        XCTAssertEqual(try family.email(of: mum.id)?.isVerified, false)
        XCTAssertEqual(try family.confirmEmail(token: token, for: mum.id), "anna@example.org")
        XCTAssertEqual(try family.email(of: mum.id)?.isVerified, true)
        XCTAssertThrowsError(try family.confirmEmail(token: token, for: mum.id)) {
            XCTAssertEqual($0 as? Family.MemberEmailError, .linkInvalid)
        }
    }

    func testAVerifiedAddressBelongsToOneMemberIgnoringCase() throws {
        let mum = try member("mum")
        let kid = try family.addMember(username: Username("kid"), displayName: DisplayName("Kid"),
                                       passwordHash: Fixtures.passwordHash, isAdmin: false, timeZone: "UTC")
        try family.setVerifiedEmail(EmailAddress("Anna@example.org"), for: mum.id)
        XCTAssertEqual(try family.member(verifiedEmail: EmailAddress("ANNA@EXAMPLE.ORG"))?.id, mum.id)
        XCTAssertThrowsError(try family.setVerifiedEmail(EmailAddress("anna@Example.org"), for: kid.id)) {
            XCTAssertEqual($0 as? Family.MemberEmailError, .takenByAnotherMember)
        }
        XCTAssertThrowsError(try family.requestEmail(EmailAddress("anna@example.org"), for: kid.id)) {
            XCTAssertEqual($0 as? Family.MemberEmailError, .takenByAnotherMember)
        }
        // The schema holds the rule even against a write that skips the check.
        XCTAssertThrowsError(try family.data.instance.write { connection in
            try connection.run("INSERT INTO member_emails (member_id, address, verified_at, created_at) VALUES (?, 'ANNA@example.org', 1, 1)",
                               [.integer(kid.id.rawValue)])
        })
        // An unverified address signs nobody in; the member's removal takes theirs with them.
        try family.removeMember(kid.id, by: mum.id)
        XCTAssertEqual(try family.count("member_emails"), 1)
        try family.removeEmail(of: mum.id)
        XCTAssertNil(try family.member(verifiedEmail: EmailAddress("anna@example.org")))
    }
}
