import Accounts
import Store
import XCTest

/// The kitchen screen's pure parts and records: the PIN's shape, enrolment codes, the
/// enrolment throttle on a clock, the PIN lockout rule, and `FamilyScreens` and
/// `PINFailures` over a real instance schema.
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

    /// 5 counted failures lock for 15 minutes from the fifth, 10 for an hour from the tenth,
    /// 15 until an admin unlocks.
    func testThePINLockoutGrowsFiveFifteenMinutesTenAnHourFifteenForGood() {
        typealias Lockout = PINFailures.Lockout
        let t0: Int64 = 1_000_000
        func times(_ count: Int) -> [Int64] { (0..<count).map { t0 + Int64($0) * 10_000 } }
        XCTAssertEqual(Lockout.state(failureTimes: [], now: t0), .open)
        XCTAssertEqual(Lockout.state(failureTimes: times(4), now: t0 + 40_000), .open)
        let fifth = times(5)[4]
        XCTAssertEqual(Lockout.state(failureTimes: times(5), now: fifth), .lockedUntil(fifth + 15 * 60))
        XCTAssertEqual(Lockout.state(failureTimes: times(5), now: fifth + 15 * 60 - 1), .lockedUntil(fifth + 15 * 60))
        XCTAssertEqual(Lockout.state(failureTimes: times(5), now: fifth + 15 * 60), .open)
        XCTAssertEqual(Lockout.state(failureTimes: times(9), now: times(9)[8]), .open, "tries again after the lock")
        let tenth = times(10)[9]
        XCTAssertEqual(Lockout.state(failureTimes: times(10), now: tenth + 60 * 60 - 1), .lockedUntil(tenth + 60 * 60))
        XCTAssertEqual(Lockout.state(failureTimes: times(14), now: times(14)[13]), .open)
        XCTAssertEqual(Lockout.state(failureTimes: times(15), now: times(15)[14] + 365 * 86_400), .lockedUntilUnlocked)
        XCTAssertEqual(Lockout.state(failureTimes: times(16), now: 0), .lockedUntilUnlocked)
    }

    /// Failures are per member across screens, survive reopening the database (a restart),
    /// are cleared by a right PIN or an admin's unlock, and are shown once to the member.
    func testPINFailuresAreKeptPerMemberAcrossScreensAndRestarts() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let family = try makeFamily(in: directory, clock: clock)
        let mum = try family.setUp()
        let dad = try family.add("dad")
        let failures = PINFailures(data: family.data, now: { clock.now })
        for i in 0..<3 {
            clock.advance(by: 1)
            XCTAssertEqual(try failures.recordWrong(mum.id, screen: i == 2 ? "Hall" : "Kitchen"), .open)
        }
        clock.advance(by: 1)
        XCTAssertEqual(try failures.recordWrong(mum.id, screen: "Hall"), .open)
        clock.advance(by: 1)
        XCTAssertEqual(try failures.recordWrong(mum.id, screen: "Hall"), .lockedUntil(clock.now + 15 * 60),
                       "the fifth, though on two screens")
        XCTAssertEqual(try failures.state(of: dad.id), .open, "another member")
        XCTAssertEqual(try failures.unseen(mum.id).map { "\($0.screen) \($0.count) \($0.last)" },
                       ["Hall 3 \(clock.now)", "Kitchen 2 \(clock.now - 3)"])
        XCTAssertEqual(try failures.counted()[mum.id]?.count, 5)
        XCTAssertEqual(try failures.counted()[mum.id]?.lastScreen, "Hall")
        XCTAssertNil(try failures.counted()[dad.id])

        family.data.closeAll()
        let reopened = try makeFamily(in: directory, clock: clock)
        defer { reopened.data.closeAll() }
        let again = PINFailures(data: reopened.data, now: { clock.now })
        XCTAssertTrue(try again.state(of: mum.id).isLocked, "a restart forgets nothing")

        XCTAssertTrue(try again.markSeen(mum.id))
        XCTAssertEqual(try again.unseen(mum.id), [])
        XCTAssertFalse(try again.markSeen(mum.id), "nothing more to see")
        XCTAssertTrue(try again.state(of: mum.id).isLocked, "seeing the notice does not unlock")
        XCTAssertTrue(try again.clearLockout(mum.id))
        XCTAssertEqual(try again.state(of: mum.id), .open)
        XCTAssertEqual(try reopened.count("pin_failures"), 0, "seen and no longer counted: gone")

        // At most `maxRows` rows a member; the newest are kept.
        for _ in 0..<(PINFailures.maxRows + 20) {
            clock.advance(by: 1)
            _ = try again.recordWrong(dad.id, screen: "Kitchen")
            if try again.state(of: dad.id).isLocked { try again.clearLockout(dad.id) }
        }
        XCTAssertEqual(try reopened.count("pin_failures"), PINFailures.maxRows)
        XCTAssertEqual(try again.unseen(dad.id).first?.last, clock.now)
    }

    /// The keypad's digits: per screen and member, at most eight, gone 60 s after the last
    /// key or once taken, and bounded in number.
    func testTheKeypadKeepsDigitsPerScreenAndMemberBrieflyAndBounded() {
        let keypad = ScreenKeypad()
        let (mum, dad) = (MemberID(1), MemberID(2))
        XCTAssertNil(ScreenKeypad.Key("x"))
        XCTAssertNil(ScreenKeypad.Key("12"))
        XCTAssertNil(ScreenKeypad.Key("١"))
        for key in ["2", "4", "9", "back", "6", "8"] { keypad.press(ScreenKeypad.Key(key)!, screen: 1, member: mum, now: 100) }
        XCTAssertEqual(keypad.count(screen: 1, member: mum, now: 100), 4)
        XCTAssertEqual(keypad.count(screen: 2, member: mum, now: 100), 0, "another screen")
        XCTAssertEqual(keypad.count(screen: 1, member: dad, now: 100), 0, "another member")
        XCTAssertNil(keypad.take(screen: 1, member: dad, now: 100), "not Dad's digits, and now gone")
        XCTAssertEqual(keypad.count(screen: 1, member: mum, now: 100), 0)
        for _ in 0..<10 { keypad.press(.digit(UInt8(ascii: "7")), screen: 1, member: mum, now: 200) }
        XCTAssertEqual(keypad.take(screen: 1, member: mum, now: 200 + ScreenKeypad.lifetime - 1), "77777777")
        XCTAssertNil(keypad.take(screen: 1, member: mum, now: 200), "taken once")
        keypad.press(.digit(UInt8(ascii: "1")), screen: 1, member: mum, now: 300)
        XCTAssertNil(keypad.take(screen: 1, member: mum, now: 300 + ScreenKeypad.lifetime), "expired")
        for screen in 0..<Int64(ScreenKeypad.maxEntries + 30) {
            keypad.press(.digit(UInt8(ascii: "1")), screen: screen, member: mum, now: 400 + screen)
        }
        XCTAssertLessThanOrEqual(keypad.entryCount, ScreenKeypad.maxEntries)
        XCTAssertEqual(keypad.count(screen: Int64(ScreenKeypad.maxEntries + 29), member: mum, now: 400), 1, "the newest kept")
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
        for i in 0..<(ScreenThrottle.maxKeys + 500) { throttle.recordWrongCode(address: "10.\(i / 65_536).\(i / 256 % 256).\(i % 256)", now: Int64(i)) }
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

        let start = clock.now
        let visit = try screens.startVisit(screen: screen.id, member: mum.id)
        XCTAssertEqual(try screens.visitor(token: visit, screen: screen.id), mum.id)
        XCTAssertNil(try screens.visitor(token: visit, screen: screen.id + 1))
        clock.advance(by: FamilyScreens.visitLifetime)
        XCTAssertNil(try screens.visitor(token: visit, screen: screen.id), "60 s later")
        XCTAssertNil(try screens.extendVisit(token: visit, screen: screen.id), "an ended visit is not started again")
        clock.set(start)

        // A tap starts the minute again: 59 s after each, still the visit, a minute after the last, over.
        let tapped = try screens.startVisit(screen: screen.id, member: mum.id)
        XCTAssertNil(try screens.extendVisit(token: tapped, screen: screen.id + 1), "not from another screen")
        for _ in 0..<3 {
            clock.advance(by: FamilyScreens.visitLifetime - 1)
            XCTAssertEqual(try screens.extendVisit(token: tapped, screen: screen.id), mum.id)
        }
        clock.advance(by: FamilyScreens.visitLifetime - 1)
        XCTAssertEqual(try screens.visitor(token: tapped, screen: screen.id), mum.id)
        clock.advance(by: 1)
        XCTAssertNil(try screens.visitor(token: tapped, screen: screen.id), "a minute without a tap")

        // Clearing the PIN, opting out, revoking the screen, removing the member: visits go.
        clock.set(start)
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
