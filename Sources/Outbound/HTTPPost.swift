import CCurl

/// An HTTP(S) POST through libcurl: the status of the answer, or why there was none.
/// Redirects are not followed (a 3xx is an answer like any other). Blocks for up to the
/// timeout: call it from a delivery thread, never from an event loop.
public struct HTTPPost: Sendable {
    public var url: String
    /// Header lines as name and value; values must not hold CR or LF.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var timeoutMilliseconds: Int
    public var policy: AddressPolicy
    /// `true`: `https` only; `false`: `http` too.
    public var httpsOnly: Bool

    public init(url: String, headers: [(name: String, value: String)] = [], body: [UInt8], timeoutMilliseconds: Int = 10_000,
                policy: AddressPolicy, httpsOnly: Bool) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutMilliseconds = timeoutMilliseconds
        self.policy = policy
        self.httpsOnly = httpsOnly
    }

    /// Sends the request; returns the response's status code.
    public func send() throws(OutboundError) -> Int {
        for header in headers {
            guard !header.name.isEmpty, !(header.name + header.value).utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw .urlRefused("a header holds a line break")
            }
        }
        let transfer = try CurlTransfer(url: url, protocols: httpsOnly ? "https" : "http,https", policy: policy,
                                        timeoutMilliseconds: timeoutMilliseconds)
        // "Expect:" off: no 100-continue round trip for a small body.
        try transfer.set(CURLOPT_HTTPHEADER, list: headers.map { "\($0.name): \($0.value)" } + ["Expect:"])
        let outcome: Result<Void, OutboundError> = body.withUnsafeBytes { bytes in
            Result { () throws(OutboundError) in
                try transfer.setPostBody(bytes)
                try transfer.perform()
            }
        }
        try outcome.get()
        return transfer.responseCode
    }
}
