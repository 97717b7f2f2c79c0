/// Which addresses an outbound connection may reach, checked twice: on the host a URL
/// names, when a member saves it (a literal address, however spelt), and on every address
/// libcurl is about to connect to (after its own resolution, so a name cannot resolve to
/// one thing when checked and another when used). This host's own interface addresses are
/// refused like loopback, whatever their class.
public enum AddressPolicy: Sendable, Equatable {
    /// Public unicast addresses only (`AddressClass.public`): the default for every
    /// notification target and the SMTP relay.
    case publicOnly
    /// Public addresses and a family's own network (`AddressClass.private`: RFC 1918, CGNAT,
    /// ULA), with `DAWN_NOTIFY_ALLOW_PRIVATE=1`: an ntfy on the home LAN. Never loopback,
    /// link-local, metadata, multicast, reserved or documentation addresses.
    case publicAndPrivate
    /// Anything (`DAWN_NOTIFY_ALLOW_LOOPBACK=1`: tests, an ntfy on this very host).
    case any
    /// Loopback only: an OpenID provider the operator named by a plain `http://` loopback
    /// URL (its tests', or one reached through a tunnel), so that no name can take the code
    /// and the client secret off this machine in clear text.
    case loopbackOnly

    /// The policy the operator's two switches give; loopback allows everything.
    public init(allowingLoopback: Bool, allowingPrivate: Bool) {
        self = allowingLoopback ? .any : allowingPrivate ? .publicAndPrivate : .publicOnly
    }

    public func allows(_ addressClass: AddressClass) -> Bool {
        switch self {
        case .any: true
        case .loopbackOnly: addressClass == .loopback
        case .publicAndPrivate: addressClass == .public || addressClass == .private
        case .publicOnly: addressClass == .public
        }
    }

    /// Whether an IPv4 address (4 bytes, network order) may be reached.
    public func allows(ipv4 a: [UInt8]) -> Bool {
        guard let addressClass = AddressClass.of(ipv4: a) else { return false }
        return allows(addressClass)
    }

    /// Whether an IPv6 address (16 bytes) may be reached. IPv4-mapped and NAT64 addresses
    /// are judged by the IPv4 address inside.
    public func allows(ipv6 a: [UInt8]) -> Bool {
        guard let addressClass = AddressClass.of(ipv6: a) else { return false }
        return allows(addressClass)
    }

    /// Whether an address of 4 or 16 bytes may be reached from this host, whose interfaces
    /// have `localAddresses` (`InterfaceAddresses.current()`): its class must be allowed and,
    /// unless everything is, it must not be one of them (a public address of this server
    /// reaches the very services loopback would).
    public func allows(address: [UInt8], localAddresses: [[UInt8]]) -> Bool {
        switch address.count {
        case 4: guard allows(ipv4: address) else { return false }
        case 16: guard allows(ipv6: address) else { return false }
        default: return false
        }
        // Loopback is this host's own by definition: what `.loopbackOnly` is for.
        if self == .any || self == .loopbackOnly { return true }
        let target = Self.embeddedIPv4(address) ?? address
        return !localAddresses.contains { (Self.embeddedIPv4($0) ?? $0) == target }
    }

    /// Whether a URL's host, as written (lowercase, an IPv6 literal in brackets), is refused
    /// before any lookup: an address literal the policy refuses in any spelling a resolver
    /// takes (`0x7f000001`, `127.1`, `2130706433`, `0177.0.0.1`), one of this host's
    /// interface addresses, `localhost`, or a name ending in a number that is no address.
    /// (Names are checked again on every address they resolve to.)
    public func refusesHost(_ host: String, localAddresses: [[UInt8]] = []) -> Bool {
        if self == .any { return false }
        let lowered = host.lowercased()
        let name = lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
        if name == "localhost" || name.hasSuffix(".localhost") { return self != .loopbackOnly }
        if let v4 = Self.ipv4Literal(lowered) { return !allows(address: v4, localAddresses: localAddresses) }
        if lowered.hasPrefix("["), lowered.hasSuffix("]") {
            guard let v6 = Self.ipv6Literal(String(lowered.dropFirst().dropLast())) else { return true }
            return !allows(address: v6, localAddresses: localAddresses)
        }
        // A resolver (and the WHATWG URL rules) read a host whose last label is a number as
        // an IPv4 address; one that is not a valid one is no name either.
        if let last = name.split(separator: ".", omittingEmptySubsequences: false).last, Self.looksNumeric(last) { return true }
        return false
    }

    /// The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, else nil.
    static func embeddedIPv4(_ a: [UInt8]) -> [UInt8]? {
        guard a.count == 16 else { return nil }
        if a[0..<10].allSatisfy({ $0 == 0 }), a[10] == 0xFF, a[11] == 0xFF { return Array(a[12...]) }
        if a[0..<12].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { return Array(a[12...]) }
        return nil
    }

    /// An IPv4 address in every form `inet_aton` and the WHATWG URL parser accept (and
    /// libcurl normalises): one to four parts, each decimal, octal (a leading 0) or hex
    /// (0x), the last filling the bytes left (`127.1`, `2130706433`, `0x7f000001`,
    /// `0177.0.0.1`, `127.0.0.1.`) → its 4 bytes; nil when it is not one.
    static func ipv4Literal(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        if text.hasSuffix(".") { text = text.dropLast() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = ipv4Part(part) else { return nil }
            numbers.append(number)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }), numbers.last! < (1 << (8 * UInt64(5 - parts.count))) else { return nil }
        var value = numbers.last!
        for (index, number) in numbers.dropLast().enumerated() { value |= number << (8 * UInt64(3 - index)) }
        return [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// One part of an IPv4 literal: decimal, octal after a leading 0, hex after 0x (an empty
    /// hex part is 0, as the WHATWG parser has it); nil when it is none or too large.
    private static func ipv4Part(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.utf8.count <= 34, part.allSatisfy(\.isASCII) else { return nil }
        if part.hasPrefix("0x") {
            let digits = part.dropFirst(2)
            guard digits.allSatisfy(\.isHexDigit) else { return nil }
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if part.count > 1, part.hasPrefix("0") {
            guard part.allSatisfy({ ("0"..."7").contains($0) }) else { return nil }
            return UInt64(part.dropFirst(), radix: 8)
        }
        guard part.allSatisfy(\.isNumber) else { return nil }
        return UInt64(part, radix: 10)
    }

    /// A label a resolver would take for a number: digits, or 0x and hex digits.
    private static func looksNumeric(_ label: Substring) -> Bool {
        guard !label.isEmpty else { return false }
        if label.hasPrefix("0x") { return label.dropFirst(2).allSatisfy(\.isHexDigit) }
        return label.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// "192.168.1.10" → its 4 bytes; nil unless four decimal parts of 0…255 (the form an
    /// IPv6 literal's trailing IPv4 part takes).
    static func dottedQuad(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let n = UInt8(part) else { return nil }
            bytes.append(n)
        }
        return bytes
    }

    /// An IPv6 literal (no brackets) → its 16 bytes; nil when malformed. Handles `::` and
    /// a trailing dotted IPv4 part.
    static func ipv6Literal(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        func groups(_ part: Substring) -> [UInt16]? {
            if part.isEmpty { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = dottedQuad(String(piece)) else { return nil }
                    result.append(UInt16(v4[0]) << 8 | UInt16(v4[1]))
                    result.append(UInt16(v4[2]) << 8 | UInt16(v4[3]))
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        let halves = text.split(separator: "::", omittingEmptySubsequences: false)
        var all: [UInt16]
        if halves.count == 1 {
            guard let g = groups(text[...]), g.count == 8 else { return nil }
            all = g
        } else if halves.count == 2 {
            guard let head = groups(halves[0]), let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            all = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        } else {
            return nil
        }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
