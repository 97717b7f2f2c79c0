/// The shape of an email address Dawn sends to and signs members in by: a plain
/// `local@domain`, at most 254 bytes (RFC 5321's path limit less the brackets). The local
/// part is a dot-atom of at most 64 bytes; the domain is labels of letters, digits and
/// hyphens with at least one dot. No spaces, quotes, brackets, line breaks or non-ASCII,
/// so an address can go into `MAIL FROM`, `RCPT TO` and a header as it is. Shared by the
/// mail sender (`Outbound.MailMessage`) and the members' addresses (`Accounts.EmailAddress`).
public enum EmailAddressShape {
    public static let maximumLength = 254
    public static let maximumLocalLength = 64

    public static func matches(_ address: String) -> Bool {
        let bytes = Array(address.utf8)
        guard bytes.count <= maximumLength, let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        let atext = Array("!#$%&'*+-/=?^_`{|}~".utf8)
        func isAlnum(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        guard (1...maximumLocalLength).contains(local.count), local.first != UInt8(ascii: "."), local.last != UInt8(ascii: "."),
              local.allSatisfy({ isAlnum($0) || atext.contains($0) || $0 == UInt8(ascii: ".") }),
              !local.indices.contains(where: { $0 > local.startIndex && local[$0] == UInt8(ascii: ".") && local[$0 - 1] == UInt8(ascii: ".") })
        else { return false }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// The address as Dawn keeps and compares it: trimmed of spaces, the domain in ASCII
    /// lowercase (domains are case-insensitive), the local part as written (a mail server
    /// may tell its case apart, so mail goes to it as typed); nil unless that `matches`.
    /// Two addresses name the same member when they are equal ignoring ASCII case.
    public static func normalized(_ raw: String) -> String? {
        let trimmed = PlainText.trimmed(raw)
        guard let at = trimmed.lastIndex(of: "@") else { return nil }
        let domain = String(decoding: trimmed[trimmed.index(after: at)...].utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 },
                            as: UTF8.self)
        let address = String(trimmed[..<at]) + "@" + domain
        return matches(address) ? address : nil
    }
}
