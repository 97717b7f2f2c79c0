import Accounts
import Store
import XCTest

/// The grant store of guardians (`Family+Guardians.swift`, instance migration 7).
final class GuardianshipTests: XCTestCase {
    func testGrantListAndRevoke() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let mum = try family.setUp()
        let mia = try family.add("mia")
        let leo = try family.add("leo")
        XCTAssertFalse(try family.isGuardian(mum.id, of: mia.id))

        try family.grantGuardianship(guardian: mum.id, child: mia.id)
        try family.grantGuardianship(guardian: mum.id, child: leo.id)
        XCTAssertTrue(try family.isGuardian(mum.id, of: mia.id))
        // One way only: the child is not the parent's guardian.
        XCTAssertFalse(try family.isGuardian(mia.id, of: mum.id))
        XCTAssertFalse(try family.isGuardian(leo.id, of: mia.id))
        XCTAssertEqual(try family.children(of: mum.id).map(\.username), ["leo", "mia"])
        XCTAssertEqual(try family.guardians(of: mia.id).map(\.username), ["mum"])
        XCTAssertEqual(try family.guardians(of: mum.id), [])
        XCTAssertEqual(try family.guardianships().map { "\($0.guardian.username)>\($0.child.username)" }, ["mum>leo", "mum>mia"])

        try family.revokeGuardianship(guardian: mum.id, child: mia.id)
        XCTAssertFalse(try family.isGuardian(mum.id, of: mia.id))
        XCTAssertEqual(try family.children(of: mum.id).map(\.username), ["leo"])
        XCTAssertThrowsError(try family.revokeGuardianship(guardian: mum.id, child: mia.id)) {
            XCTAssertEqual($0 as? Family.GuardianshipError, .notFound)
        }
    }

    func testRefusedGrantsWriteNothing() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let mum = try family.setUp()
        let mia = try family.add("mia")
        XCTAssertThrowsError(try family.grantGuardianship(guardian: mia.id, child: mia.id)) {
            XCTAssertEqual($0 as? Family.GuardianshipError, .sameMember)
        }
        XCTAssertThrowsError(try family.grantGuardianship(guardian: mum.id, child: MemberID(999))) {
            XCTAssertEqual($0 as? Family.GuardianshipError, .notFound)
        }
        XCTAssertEqual(try family.count("guardians"), 0)
        try family.grantGuardianship(guardian: mum.id, child: mia.id)
        XCTAssertThrowsError(try family.grantGuardianship(guardian: mum.id, child: mia.id)) {
            XCTAssertEqual($0 as? Family.GuardianshipError, .alreadyGranted)
        }
        XCTAssertEqual(try family.count("guardians"), 1)
    }

    /// The table itself refuses a member as their own guardian, whatever the caller checks.
    func testSchemaRefusesSelfGrant() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let mum = try family.setUp()
        XCTAssertThrowsError(try family.data.instance.write {
            try $0.run("INSERT INTO guardians (guardian_id, child_id, created_at) VALUES (?, ?, 0)",
                       [.integer(mum.id.rawValue), .integer(mum.id.rawValue)])
        })
        XCTAssertEqual(try family.count("guardians"), 0)
    }

    /// Removing either member removes their grants (foreign keys, ON DELETE CASCADE).
    func testRemovingAMemberRemovesTheirGrants() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let mum = try family.setUp()
        let dad = try family.add("dad")
        let mia = try family.add("mia")
        let leo = try family.add("leo")
        try family.grantGuardianship(guardian: dad.id, child: mia.id)
        try family.grantGuardianship(guardian: mum.id, child: mia.id)
        try family.grantGuardianship(guardian: dad.id, child: leo.id)
        try family.removeMember(mia.id, by: mum.id)
        XCTAssertEqual(try family.guardianships().map { "\($0.guardian.username)>\($0.child.username)" }, ["dad>leo"])
        try family.removeMember(dad.id, by: mum.id)
        XCTAssertEqual(try family.count("guardians"), 0)
        XCTAssertEqual(try family.guardians(of: leo.id), [])
    }
}
