/// A family-screen PIN as typed: 4 to 8 ASCII digits, nothing else (no spaces, no other
/// scripts' digits). Stored only as a yescrypt hash (`PasswordHasher.hash(_: PIN)`).
///
/// Printing a PIN never shows it.
public struct PIN: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public static let lengths = 4...8

    /// Why a typed PIN was refused.
    public enum Problem: Error, Equatable, Sendable {
        /// Not 4–8 characters, or a character that is not an ASCII digit.
        case invalid
        /// The "type it twice" fields differ.
        case differ
    }

    public let value: String

    public init(_ raw: String) throws(Problem) {
        let bytes = raw.utf8
        guard Self.lengths.contains(bytes.count),
              bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { throw .invalid }
        value = raw
    }

    /// Both fields must hold the same digits, and be a valid PIN.
    public static func confirm(_ pin: String, _ repeated: String) throws(Problem) -> PIN {
        let checked = try PIN(pin)
        guard pin.utf8.elementsEqual(repeated.utf8) else { throw .differ }
        return checked
    }

    public var description: String { "PIN(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
