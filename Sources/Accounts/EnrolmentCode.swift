/// The one-time code an admin reads off `/family` and types on the tablet to enrol it as a
/// family screen: 12 characters of an alphabet without look-alikes (no 0/O, 1/I), 60
/// random bits from the system CSPRNG, shown in groups of four ("K7QM-3XPA-92TR").
/// Stored only as SHA-256 (high entropy, so a fast hash is enough); typed case-insensitively,
/// with or without the dashes and spaces.
public enum EnrolmentCode {
    static let alphabet = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ".utf8)
    public static let length = 12

    /// A new code, grouped for reading.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var characters: [UInt8] = []
        while characters.count < length {
            let value = generator.next() as UInt64
            for shift in stride(from: 0, to: 60, by: 5) where characters.count < length {
                characters.append(alphabet[Int((value >> UInt64(shift)) & 31)])
            }
        }
        var grouped = ""
        for (index, character) in characters.enumerated() {
            if index > 0, index % 4 == 0 { grouped += "-" }
            grouped.unicodeScalars.append(Unicode.Scalar(character))
        }
        return grouped
    }

    /// The code as stored and compared: upper case, without dashes and spaces; nil when it
    /// cannot be a code (wrong length or a character outside the alphabet).
    public static func normalized(_ typed: String) -> String? {
        guard typed.utf8.count <= 64 else { return nil }
        let characters = typed.uppercased().utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }
        guard characters.count == length, characters.allSatisfy(alphabet.contains) else { return nil }
        return String(decoding: characters, as: UTF8.self)
    }

    static func hash(_ normalized: String) -> [UInt8] {
        SHA256.hash(Array(normalized.utf8))
    }
}
