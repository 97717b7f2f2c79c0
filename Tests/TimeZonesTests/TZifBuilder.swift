/// Writes small TZif files for tests, so each format feature and each
/// malformation can be produced on purpose.
struct TZifBuilder {
    struct TimeType {
        var utOffset: Int32
        var isDST: Bool
        var abbreviation: String
    }

    /// 0 (version 1), or the ASCII digit of the version.
    var versionByte: UInt8 = UInt8(ascii: "2")
    var transitions: [(time: Int64, type: UInt8)] = []
    var types: [TimeType]
    /// Written only for version 2+; nil writes an empty footer line.
    var footer: String?

    func bytes() -> [UInt8] {
        var abbreviations: [UInt8] = []
        var abbreviationIndex: [String: UInt8] = [:]
        for type in types where abbreviationIndex[type.abbreviation] == nil {
            abbreviationIndex[type.abbreviation] = UInt8(abbreviations.count)
            abbreviations += Array(type.abbreviation.utf8) + [0]
        }
        func block(timeBytes: Int) -> [UInt8] {
            let kept = timeBytes == 4 ? transitions.filter { Int64(Int32.min)...Int64(Int32.max) ~= $0.time } : transitions
            var out = header(transitionCount: kept.count, charCount: abbreviations.count)
            for transition in kept {
                out += timeBytes == 4 ? bigEndian(UInt64(UInt32(truncatingIfNeeded: transition.time)), 4)
                                      : bigEndian(UInt64(bitPattern: transition.time), 8)
            }
            out += kept.map(\.type)
            for type in types {
                out += bigEndian(UInt64(UInt32(bitPattern: type.utOffset)), 4)
                out += [type.isDST ? 1 : 0, abbreviationIndex[type.abbreviation]!]
            }
            return out + abbreviations
        }
        var file = block(timeBytes: 4)
        if versionByte != 0 {
            file += block(timeBytes: 8)
            file += [UInt8(ascii: "\n")] + Array((footer ?? "").utf8) + [UInt8(ascii: "\n")]
        }
        return file
    }

    private func header(transitionCount: Int, charCount: Int) -> [UInt8] {
        var out = Array("TZif".utf8) + [versionByte] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, 0, transitionCount, types.count, charCount] {  // isut, isstd, leap, time, type, char
            out += bigEndian(UInt64(count), 4)
        }
        return out
    }

    private func bigEndian(_ value: UInt64, _ byteCount: Int) -> [UInt8] {
        (0..<byteCount).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
