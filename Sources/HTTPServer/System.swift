import CLinux
import Files
#if canImport(Glibc)
import Glibc
#endif

/// Every system call the server makes, in one place (files go through the `Files` layer). Each wrapper retries
/// `EINTR` and turns failure into a `SystemError` that names the call.
enum System {
    /// Gives the pages malloc holds free (in every arena) back to the system: after a burst
    /// of work (an import, a load) the heap's high-water mark would otherwise stay resident.
    static func releaseFreeMemory() {
        guard mallocIsGlibcs else { return }
        _ = malloc_trim(0)
    }

    static func useOneMallocArena() {
        guard mallocIsGlibcs else { return }
        _ = mallopt(M_ARENA_MAX, 1)
    }

    /// Whether `malloc` is glibc's own. Under the address or thread sanitizer (or a malloc
    /// preloaded in its place) it is not, and glibc's `malloc_trim` would then work on arenas
    /// glibc never set up for the calling thread: two event loops trimming at once crashed
    /// in `mtrim`, and a thread that had trimmed aborted on exit in
    /// `__malloc_arena_thread_freeres`. The tuning only means anything for glibc's malloc.
    static let mallocIsGlibcs: Bool = {
        guard let libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD) else { return false }
        defer { dlclose(libc) }
        // RTLD_DEFAULT (a null handle): the `malloc` every call in the process resolves to.
        guard let used = dlsym(nil, "malloc"), let glibcs = dlsym(libc, "malloc") else { return false }
        return used == glibcs
    }()

    static func socket(domain: Int32, type: Int32) throws(SystemError) -> Int32 {
        let fd = Glibc.socket(domain, type | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        if fd < 0 { throw SystemError(call: "socket", errno: errno) }
        return fd
    }

    static func setReuseAddress(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func setIPv6Only(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func bind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws(SystemError) {
        if Glibc.bind(fd, address, length) != 0 { throw SystemError(call: "bind", errno: errno) }
    }

    static func listen(_ fd: Int32, backlog: Int32) throws(SystemError) {
        if Glibc.listen(fd, backlog) != 0 { throw SystemError(call: "listen", errno: errno) }
    }

    static func localPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return 0 }
        return SocketAddress(storage).port
    }

    enum AcceptResult {
        case accepted(fd: Int32, peer: SocketAddress)
        case wouldBlock
        /// This one connection failed before we took it (aborted, a network error
        /// accept4(2) passes on): the next may be fine.
        case connectionFailed
        /// Out of descriptors or kernel memory (or an error that is not about one
        /// connection): the connection waits in the backlog, and the listener stays
        /// readable until something is freed.
        case failed(SystemError)
    }

    static func accept(_ fd: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let client = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    CLinux_accept4(fd, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
            if client >= 0 { return .accepted(fd: client, peer: SocketAddress(storage)) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case ECONNABORTED, EPERM, EPROTO, ENOPROTOOPT, ENETDOWN, ENETUNREACH, EHOSTDOWN, EHOSTUNREACH,
                 ENONET, EOPNOTSUPP, ETIMEDOUT:
                return .connectionFailed
            default: return .failed(SystemError(call: "accept4", errno: errno))
            }
        }
    }

    enum IOResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case endOfFile
        case failed(Int32)
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfFile }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// `send` with MSG_NOSIGNAL, so a vanished peer is an error, not SIGPIPE.
    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { return .bytes(n) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// Sends `first` and then `second` (which may be empty) in one call, as far as the socket takes them.
    static func send(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> IOResult {
        guard second.count > 0 else { return send(fd, first) }
        var vectors = (iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
                       iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count))
        return withUnsafeMutableBytes(of: &vectors) { raw in
            var message = msghdr()
            message.msg_iov = raw.baseAddress!.assumingMemoryBound(to: iovec.self)
            message.msg_iovlen = 2
            while true {
                let n = sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                if n >= 0 { return .bytes(n) }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return .wouldBlock
                default: return .failed(errno)
                }
            }
        }
    }

    // MARK: a blocking client (the health probe)

    /// A blocking socket whose every send, receive and connect gives up after `timeout`.
    static func blockingSocket(domain: Int32, timeout: Duration) throws(SystemError) -> Int32 {
        let fd = Glibc.socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        if fd < 0 { throw SystemError(call: "socket", errno: errno) }
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            _ = setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
        }
        return fd
    }

    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws(SystemError) {
        if Glibc.connect(fd, address, length) != 0 { throw SystemError(call: "connect", errno: errno) }
    }

    /// Reads until the peer closes, `limit` bytes arrived, or the receive timeout.
    static func readAll(_ fd: Int32, limit: Int) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes += chunk[..<n]; continue }
            if n == 0 { break }
            if errno == EINTR { continue }
            throw SystemError(call: "read", errno: errno)
        }
        return bytes
    }

    /// Bytes queued on a TCP socket that its peer has not acknowledged yet (sent or not);
    /// 0 if the kernel cannot say.
    static func unacknowledgedBytes(_ fd: Int32) -> Int {
        max(0, Int(CLinux_unacknowledgedBytes(fd)))
    }

    static func shutdownWrite(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    static func close(_ fd: Int32) {
        // Linux closes the descriptor even when close reports EINTR: never retry.
        _ = Glibc.close(fd)
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    // MARK: epoll

    static func epollCreate() throws(SystemError) -> Int32 {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        if fd < 0 { throw SystemError(call: "epoll_create1", errno: errno) }
        return fd
    }

    static func epollAdd(_ epfd: Int32, _ fd: Int32, events: UInt32, token: UInt64) throws(SystemError) {
        var event = epoll_event(events: events, data: epoll_data_t(u64: token))
        if epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event) != 0 { throw SystemError(call: "epoll_ctl(ADD)", errno: errno) }
    }

    static func epollModify(_ epfd: Int32, _ fd: Int32, events: UInt32, token: UInt64) {
        var event = epoll_event(events: events, data: epoll_data_t(u64: token))
        _ = epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event)
    }

    static func epollRemove(_ epfd: Int32, _ fd: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &event)
    }

    static func epollWait(_ epfd: Int32, _ events: UnsafeMutableBufferPointer<epoll_event>, timeoutMilliseconds: Int32) -> Int {
        let n = epoll_wait(epfd, events.baseAddress, Int32(events.count), timeoutMilliseconds)
        return n < 0 ? 0 : Int(n)  // EINTR: the loop simply goes round again
    }

    // MARK: eventfd, for waking a loop from another thread

    static func eventFD() throws(SystemError) -> Int32 {
        let fd = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        if fd < 0 { throw SystemError(call: "eventfd", errno: errno) }
        return fd
    }

    static func signalEventFD(_ fd: Int32) {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { Glibc.write(fd, $0.baseAddress, 8) }
    }

    static func drainEventFD(_ fd: Int32) {
        var value: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &value) { Glibc.read(fd, $0.baseAddress, 8) }
    }

    // MARK: clocks and limits

    /// CLOCK_MONOTONIC in nanoseconds: what timeouts are measured against.
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    static func wallClockSeconds() -> Int {
        Int(time(nil))
    }

    /// Raises the soft descriptor limit to the hard one, so `maxConnections` is reachable.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }

    /// This process's resident memory in bytes, from `/proc/self/statm` (0 if unreadable).
    static func residentBytes() -> Int {
        guard let bytes = try? FileSystem.read("/proc/self/statm", maxBytes: 4096), !bytes.isEmpty else { return 0 }
        let fields = bytes.split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// How many descriptors this process has open, from `/proc/self/fd` (0 if unreadable).
    static func openDescriptorCount() -> Int {
        guard let names = try? FileSystem.list("/proc/self/fd") else { return 0 }
        return names.count - 1  // the directory stream's own descriptor
    }

    static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }
}

/// A failed system call: which one, and errno's text.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(cText(strerror(errno)))" }
}

/// A C string from the C library (error texts), as a Swift string.
func cText(_ pointer: UnsafePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
}
