import Accounts
import Store
import XCTest

/// The grant store of guardians (`Family+Guardians.swift`, instance migrations 7 and 10).
final class GuardianshipTests: XCTestCase {
    func testGrantListAndRevoke() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let mum = try family.setUp()
        let mia = try family.add("mia", child: true)
        let leo = try family.add("leo", child: true)
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
        let mia = try family.add("mia", child: true)
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
        let mia = try family.add("mia", child: true)
        let leo = try family.add("leo", child: true)
        try family.grantGuardianship(guardian: dad.id, child: mia.id)
        try family.grantGuardianship(guardian: mum.id, child: mia.id)
        try family.grantGuardianship(guardian: dad.id, child: leo.id)
        try family.removeMember(mia.id, by: mum.id)
        XCTAssertEqual(try family.guardianships().map { "\($0.guardian.username)>\($0.child.username)" }, ["dad>leo"])
        try family.removeMember(dad.id, by: mum.id)
        XCTAssertEqual(try family.count("guardians"), 0)
        XCTAssertEqual(try family.guardians(of: leo.id), [])
    }

    /// Only a child account is looked after, and only by an adult: an adult or an admin as
    /// the child, or a child as the guardian, is refused with nothing written.
    func testOnlyAnAdultLooksAfterAChildAccount() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let mum = try family.setUp()
        let dad = try family.add("dad")
        let mia = try family.add("mia", child: true)
        let leo = try family.add("leo", child: true)
        for (guardian, child, refusal) in [(dad, mum, Family.GuardianshipError.notAChild), (mum, dad, .notAChild),
                                           (leo, mia, .guardianIsChild), (mia, dad, .childOverAdult), (mia, mum, .childOverAdult)] {
            XCTAssertThrowsError(try family.grantGuardianship(guardian: guardian.id, child: child.id)) {
                XCTAssertEqual($0 as? Family.GuardianshipError, refusal, "\(guardian.username) > \(child.username)")
            }
        }
        XCTAssertEqual(try family.count("guardians"), 0)
        // The table holds the rule too, whatever the caller checks.
        for (guardian, child) in [(dad, mum), (leo, mia)] {
            XCTAssertThrowsError(try family.data.instance.write {
                try $0.run("INSERT INTO guardians (guardian_id, child_id, created_at) VALUES (?, ?, 0)",
                           [.integer(guardian.id.rawValue), .integer(child.id.rawValue)])
            })
        }
        XCTAssertEqual(try family.count("guardians"), 0)
        try family.grantGuardianship(guardian: dad.id, child: mia.id)
        XCTAssertTrue(try family.isGuardian(dad.id, of: mia.id))
    }

    /// Migration 10 drops the grants over adults (and by children) of an older database,
    /// keeps the others, and leaves one line each for the server's stderr, reported once.
    func testTheMigrationDropsGrantsOverAdults() throws {
        let directory = try TemporaryDirectory()
        let root = directory.path + "/data"
        let old = try DataDirectory(root: root, instanceMigrations: Array(Fixtures.instanceMigrations.prefix(9)),
                                    memberMigrations: Fixtures.memberMigrations)
        try old.instance.write { connection in
            for (id, name, child) in [(1, "mum", 0), (2, "dad", 0), (3, "mia", 1), (4, "leo", 1)] {
                try connection.run("""
                    INSERT INTO members (id, username, display_name, password_hash, is_admin, created_at, is_child)
                    VALUES (?, ?, ?, ?, ?, 0, ?)
                    """, [.integer(Int64(id)), .text(name), .text(name.capitalized), .text(Fixtures.passwordHash),
                          .integer(id == 1 ? 1 : 0), .integer(Int64(child))])
            }
            for (guardian, child) in [(2, 3), (2, 1), (1, 2), (4, 3)] {
                try connection.run("INSERT INTO guardians (guardian_id, child_id, created_at) VALUES (?, ?, 0)",
                                   [.integer(Int64(guardian)), .integer(Int64(child))])
            }
        }
        old.closeAll()
        let family = try makeFamily(in: directory)
        XCTAssertEqual(try family.guardianships().map { "\($0.guardian.username)>\($0.child.username)" }, ["dad>mia"])
        XCTAssertEqual(try family.takeDroppedGuardianships(), [
            "dropped the grant that made dad the guardian of mum (not a child account)",
            "dropped the grant that made leo the guardian of mia (the guardian is a child account)",
            "dropped the grant that made mum the guardian of dad (not a child account)",
        ])
        XCTAssertEqual(try family.takeDroppedGuardianships(), [], "each is reported once")
    }
}
