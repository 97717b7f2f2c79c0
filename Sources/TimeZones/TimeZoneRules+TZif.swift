/// Parsing TZif (RFC 9636), versions 1 to 4.
extension TimeZoneRules {
    /// Rules from the bytes of a TZif file. Version 1 files use their 32-bit
    /// block; version 2+ files skip it for the 64-bit block and the POSIX TZ
    /// footer. Leap-second records are skipped ("right/" zones therefore come
    /// out a few seconds off, as in other readers that ignore them).
    ///
    /// Every count is checked against `TimeZoneLimits` and the bytes present,
    /// and every index and value against the format, so malformed input is
    /// always a thrown `.malformedData`, never a crash.
    public init(tzif bytes: [UInt8]) throws(TimeZoneError) {
        guard bytes.count <= TimeZoneLimits.maxFileBytes else {
            throw TimeZoneRules.malformed("larger than \(TimeZoneLimits.maxFileBytes) bytes")
        }
        var reader = TZifByteReader(bytes)
        let version1Header = try TZifHeader(reading: &reader)
        guard version1Header.version >= 2 else {
            let block = try TZifDataBlock(reading: &reader, header: version1Header, timeByteCount: 4)
            guard reader.remaining == 0 else {
                throw TimeZoneRules.malformed("\(reader.remaining) unexpected bytes after the version 1 data")
            }
            self.init(block: block, footer: nil)
            return
        }
        try reader.skip(version1Header.dataBlockByteCount(timeByteCount: 4))
        let header = try TZifHeader(reading: &reader)
        guard header.version == version1Header.version else {
            throw TimeZoneRules.malformed("the two headers disagree on the version")
        }
        let block = try TZifDataBlock(reading: &reader, header: header, timeByteCount: 8)
        let footer = try TimeZoneRules.footer(reading: &reader)
        self.init(block: block, footer: footer)
    }

    private init(block: TZifDataBlock, footer: POSIXTimeZoneRule?) {
        self.init(
            transitionTimes: block.transitionTimes,
            transitionTypes: block.transitionTypeIndices.map { block.localTimeTypes[Int($0)] },
            initialType: block.localTimeTypes[0],
            footer: footer)
    }

    /// "\n" POSIX-TZ-string "\n", then the end of the file. An empty string
    /// means no rule: the last transition's type stays in force.
    private static func footer(reading reader: inout TZifByteReader) throws(TimeZoneError) -> POSIXTimeZoneRule? {
        guard reader.remaining >= 2, try reader.uint8() == UInt8(ascii: "\n") else {
            throw malformed("missing the footer after the version 2+ data")
        }
        let rest = try reader.take(reader.remaining)
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else {
            throw malformed("the footer does not end with a newline")
        }
        guard end == rest.endIndex - 1 else {
            throw malformed("\(rest.endIndex - 1 - end) unexpected bytes after the footer")
        }
        let text = rest[rest.startIndex..<end]
        guard !text.isEmpty else { return nil }
        guard text.count <= TimeZoneLimits.maxPOSIXRuleBytes, text.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw malformed("the footer is not a short printable ASCII line")
        }
        var parser = POSIXRuleParser(String(decoding: text, as: UTF8.self))
        do {
            return try parser.parse()
        } catch {
            throw malformed("footer: \(error)")
        }
    }

    static func malformed(_ reason: String) -> TimeZoneError {
        .malformedData(zone: nil, reason: reason)
    }
}
