@testable import Outbound
import XCTest

final class AddressPolicyTests: XCTestCase {
    func testPublicOnlyRefusesEveryNonPublicIPv4Range() {
        for address: [UInt8] in [[127, 0, 0, 1], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1],
                                 [169, 254, 169, 254], [100, 64, 0, 1], [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255],
                                 [198, 18, 0, 1], [192, 0, 2, 1]] {
            XCTAssertFalse(AddressPolicy.publicOnly.allows(ipv4: address), "\(address)")
        }
        for address: [UInt8] in [[8, 8, 8, 8], [172, 32, 0, 1], [100, 128, 0, 1], [142, 250, 1, 1]] {
            XCTAssertTrue(AddressPolicy.publicOnly.allows(ipv4: address), "\(address)")
        }
    }

    func testPublicOnlyRefusesNonGlobalIPv6AndMappedPrivateIPv4() throws {
        for text in ["::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
                     "64:ff9b::192.168.0.1", "2001:db8::1"] {
            let bytes = try XCTUnwrap(AddressPolicy.ipv6Literal(text), text)
            XCTAssertFalse(AddressPolicy.publicOnly.allows(ipv6: bytes), text)
        }
        for text in ["2606:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"] {
            XCTAssertTrue(AddressPolicy.publicOnly.allows(ipv6: try XCTUnwrap(AddressPolicy.ipv6Literal(text))), text)
        }
    }

    /// Every URL host the settings form must refuse by default, in every spelling.
    func testRefusedAsWrittenByDefault() {
        for host in ["169.254.169.254", "[fe80::1]", "10.0.0.7", "192.168.1.20", "100.64.1.1", "[fd00::2]",
                     "[::ffff:169.254.169.254]", "224.0.0.1", "127.0.0.1", "[::1]", "0.0.0.0", "[::]", "172.16.0.1",
                     "255.255.255.255", "240.0.0.1", "192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1",
                     "[2001:db8::1]", "[3fff::1]", "[ff02::1]", "[fec0::1]", "[fd00:ec2::254]", "100.100.100.200",
                     "[::ffff:a9fe:a9fe]", "[::ffff:10.0.0.7]", "[64:ff9b::a9fe:a9fe]", "[::127.0.0.1]", "[2002:a9fe:a9fe::1]",
                     "[2001::1]", "[::ffff:0:7f00:1]",
                     // Odd IPv4 spellings a resolver reads as 127.0.0.1, 169.254.169.254, 192.168.1.20, 10.0.0.7.
                     "0x7f000001", "0X7F000001", "127.1", "127.0.1", "2130706433", "0177.0.0.1", "0177.1", "0x7f.0.0.1",
                     "127.0.0.1.", "0xa9.0xfe.0xa9.0xfe", "2852039166", "0251.0376.0251.0376", "3232235796", "012.0.0.7",
                     "localhost", "ntfy.localhost", "localhost.",
                     // Hosts ending in a number that is no address: no name either.
                     "1.2.3.4.5", "999.1.1.1", "256.0.0.1", "0x100000000", "08.1.1.1", "4294967296", "ntfy.123", "[::ffff:1.2.3]"] {
            XCTAssertTrue(AddressPolicy.publicOnly.refusesHost(host), host)
        }
        for host in ["ntfy.sh", "push.example.com", "8.8.8.8", "[2606:4700::1111]", "[::ffff:8.8.8.8]", "134744072", "0x8080808",
                     "ntfy.example.org.", "123.ntfy.example", "010.0.0.7"] {   // 010 is octal: 8.0.0.7, a public address
            XCTAssertFalse(AddressPolicy.publicOnly.refusesHost(host), host)  // a name is checked again once resolved
        }
    }

    /// DAWN_NOTIFY_ALLOW_PRIVATE opens the family's network and nothing else.
    func testPrivateNetworksOnlyWhenTheOperatorOpensThem() {
        let lan = AddressPolicy(allowingLoopback: false, allowingPrivate: true)
        XCTAssertEqual(lan, .publicAndPrivate)
        XCTAssertEqual(AddressPolicy(allowingLoopback: false, allowingPrivate: false), .publicOnly)
        XCTAssertEqual(AddressPolicy(allowingLoopback: true, allowingPrivate: false), .any)
        XCTAssertEqual(AddressPolicy(allowingLoopback: true, allowingPrivate: true), .any)
        for host in ["10.0.0.7", "192.168.1.20", "172.31.0.1", "100.64.1.1", "[fd00::2]", "[fc00::1]", "[::ffff:192.168.1.20]",
                     "3232235796", "ntfy.sh", "8.8.8.8"] {
            XCTAssertFalse(lan.refusesHost(host), host)
        }
        for host in ["169.254.169.254", "[fe80::1]", "[::ffff:169.254.169.254]", "[64:ff9b::a9fe:a9fe]", "100.100.100.200",
                     "[fd00:ec2::254]", "127.0.0.1", "0x7f000001", "127.1", "2130706433", "0177.0.0.1", "[::1]", "localhost",
                     "224.0.0.1", "[ff02::1]", "0.0.0.0", "[::]", "192.0.2.1", "[2001:db8::1]", "240.0.0.1", "[::10.0.0.7]",
                     "[2002:c0a8:114::1]"] {
            XCTAssertTrue(lan.refusesHost(host), host)
        }
        XCTAssertTrue(lan.allows(ipv4: [192, 168, 1, 20]))
        XCTAssertFalse(lan.allows(ipv4: [169, 254, 169, 254]))
        XCTAssertFalse(lan.allows(ipv6: AddressPolicy.ipv6Literal("fe80::1")!))
    }

    /// A plain-http OpenID provider on this machine: loopback, and nothing else, however named.
    func testLoopbackOnlyAllowsLoopbackAlone() throws {
        let local = InterfaceAddresses.current()
        for address: [UInt8] in [[127, 0, 0, 1], [127, 9, 9, 9]] {
            XCTAssertTrue(AddressPolicy.loopbackOnly.allows(address: address, localAddresses: local), "\(address)")
        }
        XCTAssertTrue(AddressPolicy.loopbackOnly.allows(address: try XCTUnwrap(AddressPolicy.ipv6Literal("::1")), localAddresses: local))
        for address: [UInt8] in [[8, 8, 8, 8], [192, 168, 1, 20], [10, 0, 0, 7], [169, 254, 169, 254], [0, 0, 0, 0]] {
            XCTAssertFalse(AddressPolicy.loopbackOnly.allows(address: address, localAddresses: local), "\(address)")
        }
        XCTAssertFalse(AddressPolicy.loopbackOnly.refusesHost("localhost"))
        XCTAssertFalse(AddressPolicy.loopbackOnly.refusesHost("127.0.0.1"))
        XCTAssertTrue(AddressPolicy.loopbackOnly.refusesHost("192.168.1.20"))
        XCTAssertTrue(AddressPolicy.loopbackOnly.refusesHost("[fe80::1]"))
    }

    func testAnyAllowsEverything() {
        for host in ["localhost", "127.0.0.1", "[::1]", "169.254.169.254", "[fe80::1]", "0x7f000001", "1.2.3.4.5"] {
            XCTAssertFalse(AddressPolicy.any.refusesHost(host, localAddresses: [[127, 0, 0, 1]]), host)
        }
        XCTAssertTrue(AddressPolicy.any.allows(address: [127, 0, 0, 1], localAddresses: [[127, 0, 0, 1]]))
    }

    /// A public (or, opened, private) address of this very host reaches what loopback would.
    func testThisHostsOwnAddressesAreRefused() throws {
        let own: [UInt8] = [93, 184, 216, 34], ownLAN: [UInt8] = [192, 168, 1, 5]
        let ownV6 = try XCTUnwrap(AddressPolicy.ipv6Literal("2a01:4f8::5"))
        let local = [own, ownLAN, ownV6]
        XCTAssertFalse(AddressPolicy.publicOnly.allows(address: own, localAddresses: local))
        XCTAssertFalse(AddressPolicy.publicOnly.allows(address: ownV6, localAddresses: local))
        XCTAssertFalse(AddressPolicy.publicOnly.allows(address: try XCTUnwrap(AddressPolicy.ipv6Literal("::ffff:93.184.216.34")),
                                                       localAddresses: local))
        XCTAssertFalse(AddressPolicy.publicOnly.allows(address: own, localAddresses: [try XCTUnwrap(AddressPolicy.ipv6Literal("::ffff:93.184.216.34"))]))
        XCTAssertTrue(AddressPolicy.publicOnly.allows(address: [93, 184, 216, 35], localAddresses: local))
        XCTAssertFalse(AddressPolicy.publicAndPrivate.allows(address: ownLAN, localAddresses: local))
        XCTAssertTrue(AddressPolicy.publicAndPrivate.allows(address: [192, 168, 1, 6], localAddresses: local))
        XCTAssertTrue(AddressPolicy.publicOnly.refusesHost("93.184.216.34", localAddresses: local))
        XCTAssertTrue(AddressPolicy.publicOnly.refusesHost("1572395042", localAddresses: local))   // the same, as one number
        XCTAssertTrue(AddressPolicy.publicAndPrivate.refusesHost("192.168.1.5", localAddresses: local))
        XCTAssertFalse(AddressPolicy.publicAndPrivate.refusesHost("192.168.1.6", localAddresses: local))
        XCTAssertTrue(AddressPolicy.any.allows(address: own, localAddresses: local))
        XCTAssertFalse(AddressPolicy.publicOnly.allows(address: [1, 2, 3], localAddresses: []))
    }

    /// getifaddrs lists this host's addresses; loopback is always among them.
    func testInterfaceAddressesListThisHost() {
        let addresses = InterfaceAddresses.current()
        XCTAssertTrue(addresses.contains([127, 0, 0, 1]), "\(addresses)")
        XCTAssertTrue(addresses.allSatisfy { $0.count == 4 || $0.count == 16 })
    }

    func testOddIPv4Spellings() {
        for (text, bytes) in [("0x7f000001", [127, 0, 0, 1]), ("127.1", [127, 0, 0, 1]), ("2130706433", [127, 0, 0, 1]),
                              ("0177.0.0.1", [127, 0, 0, 1]), ("127.0.1", [127, 0, 0, 1]), ("0x7f.1", [127, 0, 0, 1]),
                              ("127.0.0.1.", [127, 0, 0, 1]), ("0x.0.0.0", [0, 0, 0, 0]), ("0", [0, 0, 0, 0]),
                              ("192.168.0x114", [192, 168, 1, 20]), ("010.0.0.7", [8, 0, 0, 7]), ("4294967295", [255, 255, 255, 255]),
                              ("10.0.0.7", [10, 0, 0, 7]), ("1.65536", [1, 1, 0, 0])] as [(String, [UInt8])] {
            XCTAssertEqual(AddressPolicy.ipv4Literal(text), bytes, text)
        }
        for text in ["256.1.1.1", "1.2.3.4.5", "4294967296", "0x100000000", "08.1.1.1", "1.2.3.-4", "0x+1", "+1", "1..2",
                     "1.2.3.256", "1.16777216", "1.2.65536", "", ".", "ntfy.sh", "١٢٧.0.0.1"] {
            XCTAssertNil(AddressPolicy.ipv4Literal(text), text)
        }
    }

    func testSMTPRelayHosts() {
        XCTAssertEqual(SMTPMail.relayHost(of: "smtp://relay.example.org:587"), "relay.example.org")
        XCTAssertEqual(SMTPMail.relayHost(of: "smtp://user:p@ss@Relay.Example.org:587/"), "relay.example.org")
        XCTAssertEqual(SMTPMail.relayHost(of: "smtps://[::1]:465"), "[::1]")
        XCTAssertEqual(SMTPMail.relayHost(of: "smtp://127.1"), "127.1")
        XCTAssertNil(SMTPMail.relayHost(of: "https://relay.example.org"))
    }

    /// The relay is held to the same rules: refused as written, before libcurl starts.
    func testTheSMTPRelayFollowsThePolicy() {
        let message = MailMessage(from: "dawn@example.org", to: "kid@example.org", subject: "s", body: "b", date: 0, messageID: "x")
        for (url, policy) in [("smtp://127.0.0.1:9", AddressPolicy.publicOnly), ("smtp://0x7f000001:9", .publicAndPrivate),
                              ("smtp://192.168.1.20:25", .publicOnly), ("smtps://[fe80::1]:465", .publicAndPrivate)] {
            let mail = SMTPMail(url: url, from: "dawn@example.org", to: "kid@example.org", message: message,
                                timeoutMilliseconds: 2000, policy: policy)
            XCTAssertThrowsError(try mail.send(), url) { error in
                XCTAssertEqual(error as? OutboundError, .urlRefused("the relay's address is not allowed"), url)
            }
        }
    }

    func testIPv6LiteralParsing() {
        XCTAssertEqual(AddressPolicy.ipv6Literal("::1"), Array(repeating: 0, count: 15) + [1])
        XCTAssertEqual(AddressPolicy.ipv6Literal("1:2:3:4:5:6:7:8")?.count, 16)
        XCTAssertNil(AddressPolicy.ipv6Literal("1::2::3"))
        XCTAssertNil(AddressPolicy.ipv6Literal("12345::1"))
        XCTAssertNil(AddressPolicy.ipv6Literal("::ffff:1.2.3"))
        XCTAssertNil(AddressPolicy.ipv6Literal("::+1"))
        XCTAssertNil(AddressPolicy.dottedQuad("256.1.1.1"))
        XCTAssertNil(AddressPolicy.dottedQuad("1.2.3"))
    }

    /// libcurl connects only after the policy saw the resolved address: a refused one never
    /// gets a socket, and the error names it.
    func testARefusedAddressIsNeverConnectedTo() {
        let post = HTTPPost(url: "http://127.0.0.1:9/x", body: Array("hi".utf8), timeoutMilliseconds: 2000,
                            policy: .publicOnly, httpsOnly: false)
        XCTAssertThrowsError(try post.send()) { error in
            XCTAssertEqual(error as? OutboundError, .addressRefused("127.0.0.1"))
        }
    }

    /// A name is checked on every address it resolves to, just before libcurl connects
    /// (`HTTPPost` itself checks nothing as written): `localhost` resolves to loopback, which
    /// is never reached.
    func testEveryAddressANameResolvesToIsChecked() {
        for policy in [AddressPolicy.publicOnly, .publicAndPrivate] {
            let post = HTTPPost(url: "http://localhost:9/x", body: Array("hi".utf8), timeoutMilliseconds: 2000,
                                policy: policy, httpsOnly: false)
            XCTAssertThrowsError(try post.send()) { error in
                guard case let .addressRefused(address) = error as? OutboundError else { return XCTFail("\(error)") }
                XCTAssertTrue(["127.0.0.1", "0:0:0:0:0:0:0:1"].contains(address), address)
            }
        }
    }

    func testOnlyTheGivenProtocolsAreUsed() {
        let post = HTTPPost(url: "http://127.0.0.1:9/x", body: [], timeoutMilliseconds: 2000, policy: .any, httpsOnly: true)
        XCTAssertThrowsError(try post.send()) { error in
            guard case .transfer = error as? OutboundError else { return XCTFail("\(error)") }
        }
    }
}
