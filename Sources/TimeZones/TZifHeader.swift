/// The 44-byte header before each TZif data block, counts already checked
/// against the format and `TimeZoneLimits`.
struct TZifHeader {
    /// 1...4
    let version: Int
    let isUTCount: Int
    let isStandardCount: Int
    let leapCount: Int
    let transitionCount: Int
    let typeCount: Int
    let abbreviationByteCount: Int

    init(reading reader: inout TZifByteReader) throws(TimeZoneError) {
        guard try reader.take(4).elementsEqual("TZif".utf8) else {
            throw TimeZoneRules.malformed("does not start with \"TZif\"")
        }
        switch try reader.uint8() {
        case 0: version = 1
        case UInt8(ascii: "2"): version = 2
        case UInt8(ascii: "3"): version = 3
        case UInt8(ascii: "4"): version = 4
        case let other: throw TimeZoneRules.malformed("unknown version byte \(other)")
        }
        try reader.skip(15)  // reserved
        func count(_ name: String, max: Int) throws(TimeZoneError) -> Int {
            let value = try reader.uint32()
            guard value <= UInt32(max) else { throw TimeZoneRules.malformed("\(name) \(value) exceeds \(max)") }
            return Int(value)
        }
        isUTCount = try count("isutcnt", max: TimeZoneLimits.maxLocalTimeTypes)
        isStandardCount = try count("isstdcnt", max: TimeZoneLimits.maxLocalTimeTypes)
        leapCount = try count("leapcnt", max: TimeZoneLimits.maxLeapSecondRecords)
        transitionCount = try count("timecnt", max: TimeZoneLimits.maxTransitions)
        typeCount = try count("typecnt", max: TimeZoneLimits.maxLocalTimeTypes)
        abbreviationByteCount = try count("charcnt", max: TimeZoneLimits.maxAbbreviationBytes)
        guard typeCount > 0 else { throw TimeZoneRules.malformed("typecnt is zero") }
        guard abbreviationByteCount > 0 else { throw TimeZoneRules.malformed("charcnt is zero") }
        guard isUTCount == 0 || isUTCount == typeCount else { throw TimeZoneRules.malformed("isutcnt is neither 0 nor typecnt") }
        guard isStandardCount == 0 || isStandardCount == typeCount else {
            throw TimeZoneRules.malformed("isstdcnt is neither 0 nor typecnt")
        }
    }

    /// The size of the data block that follows; the counts are bounded, so
    /// this cannot overflow.
    func dataBlockByteCount(timeByteCount: Int) -> Int {
        transitionCount * (timeByteCount + 1) + typeCount * 6 + abbreviationByteCount
            + leapCount * (timeByteCount + 4) + isStandardCount + isUTCount
    }
}
