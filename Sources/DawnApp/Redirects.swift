import HTTP

extension HTTPResponse {
    /// 303 See Other: the GET after every successful POST.
    static func redirect(to location: String, setCookies: [String] = []) -> HTTPResponse {
        var response = HTTPResponse(status: .seeOther, headers: ["Location": location])
        for cookie in setCookies where !cookie.isEmpty { response.headers.add("Set-Cookie", cookie) }
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}

/// Where a sign-in may send the member back to: only a path on this site.
enum ReturnPath {
    static func sanitize(_ raw: String?) -> String {
        guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"), !raw.hasPrefix("/\\"), raw.count <= 512,
              raw.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return "/" }
        return raw
    }
}
