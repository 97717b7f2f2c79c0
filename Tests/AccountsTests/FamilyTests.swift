import Locks
import Accounts
import Foundation
import Store
import XCTest

final class FamilyTests: XCTestCase {
    func testSetupOnceThenAlreadyDone() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock(1_700_000_000)
        let family = try makeFamily(in: directory, clock: clock)
        XCTAssertTrue(try family.needsSetup)

        let admin = try family.setUp(admin: "Mum")
        XCTAssertEqual(admin.username, "mum")
        XCTAssertEqual(admin.displayName, "Mum")
        XCTAssertTrue(admin.isAdmin)
        XCTAssertEqual(admin.timeZone, "Europe/Rome")
        XCTAssertEqual(admin.createdAt, 1_700_000_000)
        XCTAssertFalse(try family.needsSetup)
        XCTAssertTrue(family.data.memberDatabaseExists(admin.id))
        XCTAssertTrue(directory.exists("data/users/\(admin.id.rawValue).sqlite"))
        XCTAssertEqual(try family.member(id: admin.id), admin)

        assertThrows(.setupAlreadyDone) { try family.setUp(admin: "dad") }
        XCTAssertEqual(try family.count("members"), 1)
    }

    func testRacingSetupsHaveOneWinner() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let outcomes = Lock<[Result<Member, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let outcome = Result { try family.setUp(admin: "admin\(index)") }
            outcomes.withLock { $0.append(outcome) }
        }
        let results = outcomes.withLock { $0 }
        XCTAssertEqual(results.count, 8)
        XCTAssertEqual(results.filter { (try? $0.get()) != nil }.count, 1)
        for case .failure(let error) in results {
            XCTAssertEqual(error as? AccountError, .setupAlreadyDone)
        }
        XCTAssertEqual(try family.count("members"), 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/users").filter { $0.hasSuffix(".sqlite") }.count, 1)
    }

    func testAddMemberCreatesFile() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        try family.setUp()
        let kid = try family.add("kid", timeZone: "America/Argentina/Buenos_Aires")
        XCTAssertFalse(kid.isAdmin)
        XCTAssertTrue(family.data.memberDatabaseExists(kid.id))
        XCTAssertEqual(try family.member(username: Username("KID")), kid)
        XCTAssertEqual(try family.members().map(\.username), ["kid", "mum"])
    }

    func testDuplicateUsernameIsTaken() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        try family.setUp()
        try family.add("kid")
        assertThrows(.usernameTaken) { try family.add("KID") }
        assertThrows(.usernameTaken) { try family.add("mum", admin: true) }
        XCTAssertEqual(try family.count("members"), 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/users")
        XCTAssertEqual(files.filter { $0.hasSuffix(".sqlite") }.count, 2)
    }

    func testInvalidTimeZoneChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let admin = try family.setUp()
        for zone in ["", "../../etc/passwd", "Europe/", "/UTC", "Europe//Rome", "Europe/Rome\n", "Europe/Röme", String(repeating: "A", count: 65)] {
            assertThrows(.timeZoneInvalid) { try family.add("kid", timeZone: zone) }
            assertThrows(.timeZoneInvalid) { try family.setTimeZone(zone, for: admin.id) }
        }
        XCTAssertEqual(try family.count("members"), 1)
        XCTAssertEqual(try family.member(id: admin.id)?.timeZone, "Europe/Rome")
        try family.setTimeZone("Etc/GMT+5", for: admin.id)
        XCTAssertEqual(try family.member(id: admin.id)?.timeZone, "Etc/GMT+5")
    }

    func testFailedFileCreationLeavesNoRow() throws {
        let directory = try TemporaryDirectory()
        let broken = [Migration(version: 1, sql: "CREATE TABLE oops (")]
        let family = try makeFamily(in: directory, memberMigrations: broken)
        XCTAssertThrowsError(try family.setUp()) { error in
            guard case .storage = error as? AccountError else { return XCTFail("expected a storage error, got \(error)") }
        }
        XCTAssertTrue(try family.needsSetup)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/users"), [])
    }

    func testLeftoverFileIsNeitherReusedNorDeleted() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let leftover = directory.path + "/data/users/1.sqlite"
        XCTAssertTrue(FileManager.default.createFile(atPath: leftover, contents: Data("old data".utf8)))
        XCTAssertThrowsError(try family.setUp()) { error in
            guard case .storage = error as? AccountError else { return XCTFail("expected a storage error, got \(error)") }
        }
        XCTAssertEqual(try family.count("members"), 0)
        XCTAssertEqual(FileManager.default.contents(atPath: leftover), Data("old data".utf8))
    }

    func testCredentials() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let admin = try family.setUp()
        let found = try XCTUnwrap(try family.credentials(username: "  MUM "))
        XCTAssertEqual(found.member, admin)
        XCTAssertEqual(found.passwordHash, Fixtures.passwordHash)
        XCTAssertNil(try family.credentials(username: "dad"))
        XCTAssertNil(try family.credentials(username: "bad name"))
        XCTAssertNil(try family.credentials(username: ""))
    }

    func testPasswordChangeEndsOtherSessionsButKeepsCurrent() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let admin = try family.setUp()
        let kid = try family.add("kid")
        let phone = try family.startSession(for: admin.id)
        let laptop = try family.startSession(for: admin.id)
        let tablet = try family.startSession(for: admin.id)
        let kidsPhone = try family.startSession(for: kid.id)

        let newHash = try PasswordHasher.hash(Password("a brand new password"))
        try family.setPasswordHash(newHash, for: admin.id, keepingSession: laptop.session.tokenHash)

        XCTAssertNil(try family.session(forToken: phone.token))
        XCTAssertNil(try family.session(forToken: tablet.token))
        XCTAssertEqual(try family.session(forToken: laptop.token)?.member.id, admin.id)
        XCTAssertEqual(try family.session(forToken: kidsPhone.token)?.member.id, kid.id)
        let stored = try XCTUnwrap(try family.credentials(username: "mum")).passwordHash
        XCTAssertTrue(PasswordHasher.verify("a brand new password", against: stored))
        XCTAssertFalse(PasswordHasher.verify(Fixtures.password, against: stored))

        // Without a session to keep (e.g. an admin reset), every session ends.
        try family.setPasswordHash(Fixtures.passwordHash, for: admin.id, keepingSession: nil)
        XCTAssertNil(try family.session(forToken: laptop.token))
        assertThrows(.memberNotFound) { try family.setPasswordHash(newHash, for: MemberID(999), keepingSession: nil) }
    }

    func testRenameAndNotFound() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let admin = try family.setUp()
        try family.setDisplayName(DisplayName("Mamma"), for: admin.id)
        XCTAssertEqual(try family.member(id: admin.id)?.displayName, "Mamma")
        assertThrows(.memberNotFound) { try family.setDisplayName(DisplayName("X"), for: MemberID(999)) }
        assertThrows(.memberNotFound) { try family.setTimeZone("UTC", for: MemberID(999)) }
        XCTAssertNil(try family.member(id: MemberID(999)))
    }

    func testRemoveDeletesRowSessionsAndFiles() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let admin = try family.setUp()
        let kid = try family.add("kid")
        let kidSession = try family.startSession(for: kid.id)
        let adminSession = try family.startSession(for: admin.id)
        try family.data.member(kid.id).write { try $0.run("INSERT INTO member_settings VALUES ('theme', 'dark')") }
        XCTAssertTrue(directory.exists("data/users/\(kid.id.rawValue).sqlite-wal"))

        try family.removeMember(kid.id, by: admin.id)

        XCTAssertNil(try family.member(id: kid.id))
        XCTAssertNil(try family.session(forToken: kidSession.token))
        XCTAssertEqual(try family.count("sessions"), 1)
        XCTAssertNotNil(try family.session(forToken: adminSession.token))
        XCTAssertFalse(family.data.memberDatabaseExists(kid.id))
        XCTAssertFalse(directory.exists("data/users/\(kid.id.rawValue).sqlite-wal"))
        XCTAssertFalse(directory.exists("data/users/\(kid.id.rawValue).sqlite-shm"))
        assertThrows(.memberNotFound) { try family.removeMember(kid.id, by: admin.id) }

        // The id is not handed out again.
        let next = try family.add("kid")
        XCTAssertGreaterThan(next.id.rawValue, kid.id.rawValue)
    }

    func testCannotRemoveYourselfAndOnlyAdminsRemove() throws {
        let directory = try TemporaryDirectory()
        let family = try makeFamily(in: directory)
        let admin = try family.setUp()
        let kid = try family.add("kid")
        let other = try family.add("other")
        assertThrows(.cannotRemoveYourself) { try family.removeMember(admin.id, by: admin.id) }
        assertThrows(.adminRequired) { try family.removeMember(other.id, by: kid.id) }
        assertThrows(.adminRequired) { try family.removeMember(other.id, by: MemberID(999)) }
        XCTAssertEqual(try family.count("members"), 3)
        XCTAssertTrue(family.data.memberDatabaseExists(admin.id))
        XCTAssertTrue(family.data.memberDatabaseExists(other.id))
    }
}
