import CCurl

#if canImport(Glibc)
import Glibc
#endif

/// One libcurl easy handle for one request, set up the way every outbound request of
/// Dawn is: no signals (threads), no proxy from the environment, no redirects, a total
/// timeout, only the given protocols, and every address checked by `AddressPolicy` just
/// before libcurl connects to it. Used on delivery threads only, never on an event loop.
final class CurlTransfer {

    private let handle: UnsafeMutableRawPointer
    private var lists: [UnsafeMutablePointer<curl_slist>] = []
    /// libcurl writes its detailed error here; it must stay put for the handle's life.
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    /// What the socket callback sees: the policy, this host's interface addresses as they
    /// were when the transfer began, and, after a refusal, what was refused.
    final class SocketGate {
        let policy: AddressPolicy
        let localAddresses: [[UInt8]]
        var refused: String?
        init(policy: AddressPolicy) {
            self.policy = policy
            localAddresses = policy == .any ? [] : InterfaceAddresses.current()
        }
    }
    private let gate: SocketGate
    /// Where the answer's body goes, when it is read (`collectBody`).
    private var sink: ResponseSink?

    init(url: String, protocols: String, policy: AddressPolicy, timeoutMilliseconds: Int) throws(OutboundError) {
        // Opens libcurl on the first transfer of the process (and runs curl_global_init once).
        guard dawn_curl_load() == 0 else { throw .transfer(String(cString: dawn_curl_load_error())) }
        guard let handle = dawn_curl_easy_init() else { throw .transfer("libcurl could not start") }
        self.handle = handle
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        gate = SocketGate(policy: policy)
        try set(CURLOPT_URL, url)
        try set(CURLOPT_PROTOCOLS_STR, protocols)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_FOLLOWLOCATION, 0)
        // An empty proxy: `https_proxy` and friends in the environment are not followed.
        try set(CURLOPT_PROXY, "")
        try set(CURLOPT_TIMEOUT_MS, timeoutMilliseconds)
        try set(CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMilliseconds, 10_000))
        try check(dawn_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        try check(dawn_curl_setopt_open_socket_function(handle, Self.openSocket))
        try check(dawn_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(gate).toOpaque()))
        // TLS checks the certificate and the name: libcurl's defaults, said here so that no
        // build or environment can turn them off unseen.
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        // The body of an answer is not read unless asked for (`collectBody`): for a
        // notification its status is all that counts.
        try check(dawn_curl_setopt_write_function(handle, { _, size, count, _ in size * count }))
    }

    deinit {
        dawn_curl_easy_cleanup(handle)
        for list in lists { dawn_curl_slist_free_all(list) }
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws(OutboundError) {
        try check(dawn_curl_setopt_long(handle, option, value))
    }

    /// libcurl copies strings it is given (since 7.17), so the Swift string may go.
    func set(_ option: CURLoption, _ value: String) throws(OutboundError) {
        try check(value.withCString { dawn_curl_setopt_pointer(handle, option, $0) })
    }

    /// A list option (headers, recipients); the list lives as long as the transfer.
    func set(_ option: CURLoption, list values: [String]) throws(OutboundError) {
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for value in values {
            guard let appended = dawn_curl_slist_append(list, value) else {
                dawn_curl_slist_free_all(list)
                throw .transfer("out of memory")
            }
            list = appended
        }
        guard let list else { return }
        lists.append(list)
        try check(dawn_curl_setopt_pointer(handle, option, list))
    }

    func setPostBody(_ body: UnsafeRawBufferPointer) throws(OutboundError) {
        try set(CURLOPT_POST, 1)
        try check(dawn_curl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        // A non-null pointer even for an empty body (a null one would make libcurl read stdin).
        try check(dawn_curl_setopt_pointer(handle, CURLOPT_POSTFIELDS, body.baseAddress ?? UnsafeRawPointer(bitPattern: 1)))
    }

    func setReader(_ source: MessageSource) throws(OutboundError) {
        try set(CURLOPT_UPLOAD, 1)
        try check(dawn_curl_setopt_read_function(handle, { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            return Unmanaged<MessageSource>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: size * count)
        }))
        try check(dawn_curl_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(source).toOpaque()))
    }

    /// Keeps the answer's body, up to `limit` bytes; a longer one ends the transfer with
    /// `.transfer` saying so.
    func collectBody(limit: Int) throws(OutboundError) {
        let sink = ResponseSink(limit: limit)
        self.sink = sink
        try check(dawn_curl_setopt_write_function(handle, { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue().append(data, count: size * count)
        }))
        try check(dawn_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque()))
    }

    /// The body kept by `collectBody`, once `perform` has returned.
    var body: [UInt8] { sink?.bytes ?? [] }

    /// Trusts the certificate authorities of a PEM file instead of the system's bundle.
    func trust(certificateAuthorities path: String) throws(OutboundError) {
        try set(CURLOPT_CAINFO, path)
        // No folder of certificates beside the file (Debian's libcurl reads /etc/ssl/certs).
        try check(dawn_curl_setopt_pointer(handle, CURLOPT_CAPATH, nil))
    }

    /// Runs the transfer to its end (or its timeout).
    func perform() throws(OutboundError) {
        let code = dawn_curl_easy_perform(handle)
        guard code == CURLE_OK else {
            if let refused = gate.refused { throw .addressRefused(refused) }
            if let sink, sink.overflowed { throw .transfer("the answer is longer than \(sink.limit) bytes") }
            let detail = String(cString: errorBuffer)
            throw .transfer(detail.isEmpty ? String(cString: dawn_curl_easy_strerror(code)) : detail)
        }
    }

    /// The status code of the last response (HTTP status, or the SMTP reply code).
    var responseCode: Int {
        var code = 0
        _ = dawn_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    private func check(_ code: CURLcode) throws(OutboundError) {
        guard code == CURLE_OK else { throw .transfer("libcurl refused an option: " + String(cString: dawn_curl_easy_strerror(code))) }
    }

    /// libcurl asks for a socket to each address it resolved, before connecting: refused
    /// unless the policy allows the address and it is none of this host's own, so what is
    /// checked is exactly what is connected to.
    private static let openSocket: curl_opensocket_callback = { context, _, address in
        guard let context, let address else { return CURL_SOCKET_BAD }
        let gate = Unmanaged<SocketGate>.fromOpaque(context).takeUnretainedValue()
        let family = address.pointee.family
        // `addr` heads a buffer as large as `addrlen` (libcurl allocates a sockaddr_storage).
        let raw = UnsafeRawPointer(address) + MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
        let length = Int(address.pointee.addrlen)
        var allowed = false
        var text = "address family \(family)"
        if family == AF_INET, length >= MemoryLayout<sockaddr_in>.size {
            let sin = raw.loadUnaligned(as: sockaddr_in.self)
            let bytes = withUnsafeBytes(of: sin.sin_addr) { Array($0) }
            allowed = gate.policy.allows(address: bytes, localAddresses: gate.localAddresses)
            text = bytes.map { String($0) }.joined(separator: ".")
        } else if family == AF_INET6, length >= MemoryLayout<sockaddr_in6>.size {
            let sin6 = raw.loadUnaligned(as: sockaddr_in6.self)
            let bytes = withUnsafeBytes(of: sin6.sin6_addr) { Array($0) }
            allowed = gate.policy.allows(address: bytes, localAddresses: gate.localAddresses)
            text = stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                .joined(separator: ":")
        }
        guard allowed else {
            gate.refused = text
            return CURL_SOCKET_BAD
        }
        return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
    }
}

/// The bytes libcurl uploads (an email), handed out as it asks for them.
final class MessageSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

/// The bytes of an answer, as libcurl hands them over, up to a limit.
final class ResponseSink {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var overflowed = false

    init(limit: Int) { self.limit = limit }

    /// How many bytes were taken: all of them, or 0 past the limit (libcurl then stops).
    func append(_ data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        guard bytes.count + count <= limit else {
            overflowed = true
            return 0
        }
        UnsafeRawBufferPointer(start: data, count: count).withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0) }
        return count
    }
}
