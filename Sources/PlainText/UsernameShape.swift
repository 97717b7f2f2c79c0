/// The shape of a username: 3–32 bytes of `a-z 0-9 _ . -`, as stored (already folded).
/// `Accounts.Username` folds and checks typed names with it; the importer checks the
/// `loggedBy` of a logged habit with it (a file names a guardian by username).
public enum UsernameShape {
    public static let lengthLimits = 3...32

    public static func matches<S: StringProtocol>(_ text: S) -> Bool {
        let bytes = text.utf8
        return lengthLimits.contains(bytes.count) && bytes.allSatisfy(isAllowed)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
