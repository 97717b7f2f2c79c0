/// `application/x-www-form-urlencoded` and query strings as OAuth sends them: every byte
/// but the unreserved characters of RFC 3986 (`A–Z a–z 0–9 - . _ ~`) percent-encoded.
public enum FormEncoding {
    public static func encode(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%"
                output.unicodeScalars.append(hex[Int(byte >> 4)])
                output.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return output
    }

    /// `name=value&…`, each part encoded.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
