import Accounts
import Store
import XCTest

/// The kitchen screen's pure parts and records (issue 19): the PIN's shape, enrolment
/// codes, the screen throttle on a clock, and `FamilyScreens` over a real instance schema.
final class FamilyScreensTests: XCTestCase {
    // MARK: PIN

    func testAPINIsFourToEightASCIIDigits() throws {
        for good in ["0000", "1234", "12345678", "00000000"] { XCTAssertEqual(try PIN(good).value, good) }
        for bad in ["", "123", "123456789", "12a4", "12 34", " 1234", "1234 ", "١٢٣٤", "１２３４", "12-34", "1234\u{0}"] {
            XCTAssertThrowsError(try PIN(bad), bad) { XCTAssertEqual($0 as? PIN.Problem, .invalid) }
        }
        XCTAssertThrowsError(try PIN.confirm("1234", "1243")) { XCTAssertEqual($0 as? PIN.Problem, .differ) }
        XCTAssertEqual("\(try PIN("1234"))", "PIN(redacted)")
        let hash = try PasswordHasher.hash(PIN("4321"))
        XCTAssertTrue(hash.hasPrefix("$y$"))
        XCTAssertTrue(PasswordHasher.verify("4321", against: hash))
        XCTAssertFalse(PasswordHasher.verify("4322", against: hash))
    }

    // MARK: Enrolment codes

    func testCodesAreTwelveUnambiguousCharactersTypedAnyWay() {
        var seen = Set<String>()
        for _ in 0..<200 {
            let code = EnrolmentCode.generate()
            XCTAssertEqual(code.count, 14, code)
            XCTAssertEqual(code.split(separator: "-").map(\.count), [4, 4, 4])
            XCTAssertFalse(code.contains { "01IO".contains($0) }, code)
            let normal = EnrolmentCode.normalized(code)
            XCTAssertEqual(normal, code.replacingOccurrences(of: "-", with: ""))
            XCTAssertEqual(EnrolmentCode.normalized(code.lowercased().replacingOccurrences(of: "-", with: " ")), normal)
            seen.insert(code)
        }
        XCTAssertEqual(seen.count, 200)
        for bad in ["", "ABCD", "ABCD-EFGH-JKM", "ABCD-EFGH-JKMNP", "ABCD-EFGH-JKM0", "ABCD-EFGH-JKMÉ", String(repeating: "A", count: 100)] {
            XCTAssertNil(EnrolmentCode.normalized(bad), bad)
        }
    }

    // MARK: Throttle

    func testFiveWrongPINsLockThatMemberOnThatScreenForFifteenMinutes() {
        let throttle = ScreenThrottle()
        let (mum, dad) = (MemberID(1), MemberID(2))
        let t0: Int64 = 1_000_000
        for i in 0..<4 { throttle.recordWrongPIN(screen: 1, member: mum, now: t0 + Int64(i)) }
        XCTAssertFalse(throttle.isPINLocked(screen: 1, member: mum, now: t0 + 4))
        throttle.recordWrongPIN(screen: 1, member: mum, now: t0 + 10)
        XCTAssertTrue(throttle.isPINLocked(screen: 1, member: mum, now: t0 + 10))
        XCTAssertTrue(throttle.isPINLocked(screen: 1, member: mum, now: t0 + 10 + ScreenThrottle.lockSeconds - 1))
        XCTAssertFalse(throttle.isPINLocked(screen: 1, member: mum, now: t0 + 10 + ScreenThrottle.lockSeconds))
        XCTAssertFalse(throttle.isPINLocked(screen: 2, member: mum, now: t0 + 10), "another screen")
        XCTAssertFalse(throttle.isPINLocked(screen: 1, member: dad, now: t0 + 10), "another member")
    }

    func testFailuresOutsideTheWindowAndARightPINStartAgain() {
        let throttle = ScreenThrottle()
        let mum = MemberID(1)
        for i in 0..<4 { throttle.recordWrongPIN(screen: 1, member: mum, now: Int64(i)) }
        throttle.recordWrongPIN(screen: 1, member: mum, now: ScreenThrottle.window + 3)
        XCTAssertFalse(throttle.isPINLocked(screen: 1, member: mum, now: ScreenThrottle.window + 3), "the first ones left the window")
        for i in 0..<4 { throttle.recordWrongPIN(screen: 2, member: mum, now: Int64(i)) }
        throttle.recordRightPIN(screen: 2, member: mum)
        throttle.recordWrongPIN(screen: 2, member: mum, now: 5)
        XCTAssertFalse(throttle.isPINLocked(screen: 2, member: mum, now: 5))
    }

    func testWrongCodesLockAnAddressAndManyLockEnrolmentForEveryone() {
        let throttle = ScreenThrottle()
        for _ in 0..<5 { throttle.recordWrongCode(address: "2001:db8::1", now: 100) }
        XCTAssertTrue(throttle.isCodeLocked(address: "2001:db8::ffff", now: 100), "the same /64")
        XCTAssertFalse(throttle.isCodeLocked(address: "192.0.2.1", now: 100))
        for i in 0..<ScreenThrottle.maxCodeFailuresAnywhere { throttle.recordWrongCode(address: "10.0.\(i / 4).\(i)", now: 200) }
        XCTAssertTrue(throttle.isCodeLocked(address: "192.0.2.1", now: 200))
        XCTAssertFalse(throttle.isCodeLocked(address: "192.0.2.1", now: 200 + ScreenThrottle.lockSeconds))
    }

    func testTheThrottleStaysBounded() {
        let throttle = ScreenThrottle()
        for i in 0..<(ScreenThrottle.maxKeys + 500) { throttle.recordWrongPIN(screen: Int64(i), member: MemberID(1), now: Int64(i)) }
        XCTAssertLessThanOrEqual(throttle.trackedKeyCount, ScreenThrottle.maxKeys)
    }

    // MARK: Records

    func testCodesScreensVisitsAndPINsInTheInstanceDatabase() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let family = try makeFamily(in: directory, clock: clock)
        let mum = try family.setUp()
        let screens = FamilyScreens(data: family.data, now: { clock.now })

        let (code, expires) = try screens.newCode(label: "Kitchen")
        XCTAssertEqual(expires, clock.now + FamilyScreens.codeLifetime)
        XCTAssertEqual(try screens.pendingCode()?.label, "Kitchen")
        let (token, screen) = try screens.enrol(code: code)
        XCTAssertNil(try screens.pendingCode())
        XCTAssertEqual(try screens.screen(forToken: token), screen)
        XCTAssertNil(try screens.screen(forToken: "not a token"))
        XCTAssertThrowsError(try screens.enrol(code: code)) { XCTAssertEqual($0 as? FamilyScreens.EnrolmentRefusal, .wrongCode) }

        // Not on the screen until opted in and with a PIN.
        XCTAssertEqual(try screens.shownMembers(), [])
        try screens.setOnScreen(true, for: mum.id)
        XCTAssertEqual(try screens.shownMembers(), [])
        try screens.setPINHash(PasswordHasher.hash(PIN("1234")), for: mum.id)
        XCTAssertEqual(try screens.shownMembers().map(\.username), ["mum"])

        let visit = try screens.startVisit(screen: screen.id, member: mum.id)
        XCTAssertEqual(try screens.visitor(token: visit, screen: screen.id), mum.id)
        XCTAssertNil(try screens.visitor(token: visit, screen: screen.id + 1))
        clock.advance(by: FamilyScreens.visitLifetime)
        XCTAssertNil(try screens.visitor(token: visit, screen: screen.id), "60 s later")

        // Clearing the PIN, opting out, revoking the screen, removing the member: visits go.
        clock.advance(by: -FamilyScreens.visitLifetime)
        for end in [{ try screens.setPINHash(nil, for: mum.id) }, { try screens.setOnScreen(false, for: mum.id) },
                    { _ = try screens.revoke(screen.id) }] {
            try screens.setOnScreen(true, for: mum.id)
            try screens.setPINHash(PasswordHasher.hash(PIN("1234")), for: mum.id)
            let live = try screens.screen(forToken: token) ?? screen
            let visit = try screens.startVisit(screen: live.id, member: mum.id)
            try end()
            XCTAssertNil(try screens.visitor(token: visit, screen: live.id))
        }
        XCTAssertNil(try screens.screen(forToken: token), "revoked")
        XCTAssertFalse(try screens.revoke(screen.id))
    }

    func testAnExpiredCodeAndTheScreenLimit() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let family = try makeFamily(in: directory, clock: clock)
        try family.setUp()
        let screens = FamilyScreens(data: family.data, now: { clock.now })
        let (code, _) = try screens.newCode(label: "Old")
        clock.advance(by: FamilyScreens.codeLifetime)
        XCTAssertThrowsError(try screens.enrol(code: code))
        XCTAssertEqual(try family.count("screen_codes"), 0, "the expired code is swept")
        for _ in 0..<FamilyScreens.maxScreens { _ = try screens.enrol(code: try screens.newCode(label: "S").code) }
        XCTAssertThrowsError(try screens.enrol(code: try screens.newCode(label: "One too many").code)) {
            XCTAssertEqual($0 as? FamilyScreens.EnrolmentRefusal, .tooManyScreens)
        }
        XCTAssertEqual(try family.count("screens"), FamilyScreens.maxScreens)
    }
}
