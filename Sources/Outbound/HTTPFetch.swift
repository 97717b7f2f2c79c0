import CCurl

/// An HTTP(S) request whose answer is read: a GET, or a POST of a form. The OpenID
/// provider's discovery document, key set and token endpoint go through it. Like every
/// outbound request (`CurlTransfer`): no redirects followed, no proxy from the environment,
/// a total timeout, only the named protocols, TLS certificates and names checked, each
/// address judged by the policy before the socket exists; and the answer's body read up to
/// a limit. Blocks for up to the timeout: call it from the worker pool, never an event loop.
public struct HTTPFetch: Sendable {
    public enum Method: Sendable, Equatable {
        case get
        /// `application/x-www-form-urlencoded`, already encoded.
        case postForm(String)
    }

    /// The answer: its status and its body.
    public struct Response: Sendable, Equatable {
        public let status: Int
        public let body: [UInt8]

        public init(status: Int, body: [UInt8]) {
            self.status = status
            self.body = body
        }
    }

    public var url: String
    public var method: Method
    /// Header lines as name and value; values must not hold CR or LF.
    public var headers: [(name: String, value: String)]
    public var timeoutMilliseconds: Int
    /// A longer body ends the transfer with `.transfer`.
    public var maximumResponseBytes: Int
    public var policy: AddressPolicy
    /// `true`: `https` only; `false`: `http` too.
    public var httpsOnly: Bool
    /// A PEM file of certificate authorities trusted instead of the system's bundle (a
    /// provider on the home network with a certificate of its own); nil: the system's.
    public var certificateAuthorities: String?

    public init(url: String, method: Method = .get, headers: [(name: String, value: String)] = [],
                timeoutMilliseconds: Int = 10_000, maximumResponseBytes: Int = 256 * 1024, policy: AddressPolicy,
                httpsOnly: Bool, certificateAuthorities: String? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.timeoutMilliseconds = timeoutMilliseconds
        self.maximumResponseBytes = maximumResponseBytes
        self.policy = policy
        self.httpsOnly = httpsOnly
        self.certificateAuthorities = certificateAuthorities
    }

    public func send() throws(OutboundError) -> Response {
        for header in headers {
            guard !header.name.isEmpty, !(header.name + header.value).utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw .urlRefused("a header holds a line break")
            }
        }
        let transfer = try CurlTransfer(url: url, protocols: httpsOnly ? "https" : "http,https", policy: policy,
                                        timeoutMilliseconds: timeoutMilliseconds)
        if let certificateAuthorities { try transfer.trust(certificateAuthorities: certificateAuthorities) }
        try transfer.collectBody(limit: maximumResponseBytes)
        var lines = headers.map { "\($0.name): \($0.value)" } + ["Accept: application/json"]
        switch method {
        case .get:
            try transfer.set(CURLOPT_HTTPHEADER, list: lines)
            try transfer.perform()
        case .postForm(let form):
            lines += ["Content-Type: application/x-www-form-urlencoded", "Expect:"]
            try transfer.set(CURLOPT_HTTPHEADER, list: lines)
            let body = Array(form.utf8)
            let outcome: Result<Void, OutboundError> = body.withUnsafeBytes { bytes in
                Result { () throws(OutboundError) in
                    try transfer.setPostBody(bytes)
                    try transfer.perform()
                }
            }
            try outcome.get()
        }
        return Response(status: transfer.responseCode, body: transfer.body)
    }
}
