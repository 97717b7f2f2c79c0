import FuzzSupport
import HTTP

// The Cookie header parser, and with it the other small request-header parsers
// (Accept-Encoding, If-None-Match, HTTP dates). Input: the header value.
//
// - Cookies: at most `Cookies.maxCount` pairs read; names are tokens, values cookie-octets;
//   written back as `a=1; b=2` they parse to the same cookies.
// - A `Set-Cookie` the server would send (built from the input's first pair, when valid)
//   reads back, through the Cookie parser, to its name and value.
// - HTTP dates: parse → format → parse gives the same time; format of any time in range parses back.

func isCookieOctet(_ b: UInt8) -> Bool {
    b >= 0x21 && b <= 0x7E && b != UInt8(ascii: "\"") && b != UInt8(ascii: ",") && b != UInt8(ascii: ";")
        && b != UInt8(ascii: "\\")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let header = String(decoding: bytes, as: UTF8.self)

    let cookies = Cookies.parse(header)
    require(cookies.count <= Cookies.maxCount, "\(cookies.count) cookies")
    for (name, value) in cookies {
        require(isToken(name), "cookie name \(name)")
        require(value.utf8.allSatisfy(isCookieOctet), "cookie value \(value)")
    }
    // One cookie read on its own (as every request reads its session) is what parse reads.
    for (name, value) in cookies {
        require(Cookies.value(named: name, in: header) == value, "value(named: \(name)) differs from parse")
    }
    for name in ["dawn_session", "a", "", " "] where cookies[name] == nil {
        require(Cookies.value(named: name, in: header) == nil, "value(named: \(name)) found what parse did not")
    }
    let written = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    require(Cookies.parse(written) == cookies, "rewritten cookies differ: \(written)")

    // The first `name=value` of the input, as the server would set it.
    let first = header.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    if let equals = first.firstIndex(of: "=") {
        let name = String(first[..<equals])
        let value = String(first[first.index(after: equals)...])
        if let cookie = try? SetCookie(name: name, value: value, path: "/", maxAge: 3600, secure: bytes.count % 2 == 0) {
            require(Cookies.parse(cookie.headerValue)[name] == value, "Set-Cookie \(cookie.headerValue) reads back otherwise")
        }
    }

    _ = AcceptEncoding.prefersGzip(header)
    _ = EntityTag.matches(header, EntityTag.strong([header]))

    if let time = HTTPDate.parse(header) {
        require(HTTPDate.parse(HTTPDate.format(secondsSince1970: time)) == time, "date \(header) does not round-trip")
    }
    if bytes.count >= 8 {
        let raw = bytes.prefix(8).reduce(0) { $0 << 8 | Int($1) }
        let time = raw % 253_402_300_800  // 0000-01-01 … 9999-12-31, around 1970
        let text = HTTPDate.format(secondsSince1970: time)
        if time >= -62_167_219_200 {
            require(HTTPDate.parse(text) == time, "format(\(time)) = \(text) does not parse back")
        }
    }
    return 0
}
