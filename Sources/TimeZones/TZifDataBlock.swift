/// One TZif data block (32-bit times in v1, 64-bit in v2+), checked:
/// ascending transitions, type indices in range, offsets within RFC 9636's
/// bounds, NUL-terminated ASCII abbreviations, 0/1 indicators.
struct TZifDataBlock {
    let transitionTimes: [Int64]
    let transitionTypeIndices: [UInt8]
    let localTimeTypes: [LocalTimeType]

    init(reading reader: inout TZifByteReader, header: TZifHeader, timeByteCount: Int) throws(TimeZoneError) {
        // Check the whole block is present before allocating for it.
        guard header.dataBlockByteCount(timeByteCount: timeByteCount) <= reader.remaining else {
            throw TimeZoneRules.malformed("truncated: the header promises more data than the file holds")
        }
        var times: [Int64] = []
        times.reserveCapacity(header.transitionCount)
        for index in 0..<header.transitionCount {
            let time = try reader.signedTime(byteCount: timeByteCount)
            if let previous = times.last, time <= previous {
                throw TimeZoneRules.malformed("transition \(index) is not after the one before it")
            }
            times.append(time)
        }
        let typeIndices = Array(try reader.take(header.transitionCount))
        if let bad = typeIndices.first(where: { Int($0) >= header.typeCount }) {
            throw TimeZoneRules.malformed("transition type index \(bad) is not below typecnt \(header.typeCount)")
        }
        var rawTypes: [(utOffset: Int, isDST: Bool, abbreviationIndex: Int)] = []
        for index in 0..<header.typeCount {
            let utOffset = Int(Int32(bitPattern: try reader.uint32()))
            let isDST = try reader.uint8()
            let abbreviationIndex = Int(try reader.uint8())
            guard TimeZoneLimits.utOffsetRange.contains(utOffset) else {
                throw TimeZoneRules.malformed("type \(index) has UT offset \(utOffset) s, outside \(TimeZoneLimits.utOffsetRange)")
            }
            guard isDST <= 1 else { throw TimeZoneRules.malformed("type \(index) has isdst \(isDST)") }
            guard abbreviationIndex < header.abbreviationByteCount else {
                throw TimeZoneRules.malformed("type \(index) has abbreviation index \(abbreviationIndex) beyond charcnt")
            }
            rawTypes.append((utOffset, isDST == 1, abbreviationIndex))
        }
        let abbreviationBytes = try reader.take(header.abbreviationByteCount)
        var types: [LocalTimeType] = []
        for (index, raw) in rawTypes.enumerated() {
            let start = abbreviationBytes.startIndex + raw.abbreviationIndex
            guard let end = abbreviationBytes[start...].firstIndex(of: 0) else {
                throw TimeZoneRules.malformed("type \(index) has an abbreviation without a terminating NUL")
            }
            let abbreviation = abbreviationBytes[start..<end]
            guard abbreviation.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                throw TimeZoneRules.malformed("type \(index) has a non-ASCII abbreviation")
            }
            types.append(LocalTimeType(utOffset: raw.utOffset, isDST: raw.isDST,
                                       abbreviation: String(decoding: abbreviation, as: UTF8.self)))
        }
        try reader.skip(header.leapCount * (timeByteCount + 4))
        let isStandard = try reader.take(header.isStandardCount)
        let isUT = try reader.take(header.isUTCount)
        guard isStandard.allSatisfy({ $0 <= 1 }), isUT.allSatisfy({ $0 <= 1 }) else {
            throw TimeZoneRules.malformed("a standard/wall or UT/local indicator is neither 0 nor 1")
        }
        if !isUT.isEmpty, !isStandard.isEmpty,
           zip(isUT, isStandard).contains(where: { ut, standard in ut == 1 && standard == 0 }) {
            throw TimeZoneRules.malformed("a UT indicator is set without its standard-time indicator")
        }
        transitionTimes = times
        transitionTypeIndices = typeIndices
        localTimeTypes = types
    }
}
