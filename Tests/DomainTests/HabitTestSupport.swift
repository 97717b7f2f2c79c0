import Domain
import XCTest

/// Fails unless `body` throws exactly `expected`.
func assertHabitError<T>(
    _ expected: HabitError, _ body: () throws(HabitError) -> T, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let value = try body()
        XCTFail("expected \(expected), got \(value) \(message)", file: file, line: line)
    } catch {
        XCTAssertEqual(error, expected, message, file: file, line: line)
    }
}

/// SplitMix64: a seeded generator, so that a shuffled test that fails fails again.
struct HabitTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
