import Files
import Gzip
import HTTP
import Locks

import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// One epoll event loop on its own thread. It accepts from the shared
/// listening socket, reads, parses, calls the responder, writes, and times
/// connections out. Everything but `inbox` and `wakeFD` is touched only on the
/// loop's own thread, which is why the class can be `@unchecked Sendable`:
/// other threads only post messages to the inbox and poke the eventfd.
final class EventLoop: @unchecked Sendable {
    enum Message: Sendable {
        /// A worker finished the response for connection `id`, compressed already on its thread.
        case completed(id: UInt64, response: HTTPResponse)
        /// Stop accepting and finish: graceful shutdown.
        case drain(deadline: UInt64)
    }

    private static let listenToken: UInt64 = 0
    private static let wakeToken: UInt64 = 1
    private static let readEvents = EPOLLIN.rawValue
    private static let writeEvents = EPOLLOUT.rawValue
    private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private let shared: ServerShared
    private let epfd: Int32
    private let wakeFD: Int32
    private let inbox = Lock<[Message]>([])

    private var connections: [UInt64: Connection] = [:]
    private var nextID: UInt64 = 2
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Made on the first response this loop gzips, dropped when the loop goes idle (its
    /// ~320 KiB of deflate state and scratch is not kept resident between bursts).
    private var compressor: GzipCompressor?
    private let tally: ServerMetrics.Tally
    private var logBuffer: [UInt8] = []
    private var dateSecond = -1
    private var dateHeader = ""
    private var lastSweep: UInt64 = 0
    private let sweepInterval: UInt64
    private var draining = false
    private var drainDeadline: UInt64 = .max
    private var listener: ListenerBackoff

    init(shared: ServerShared) throws(SystemError) {
        self.shared = shared
        epfd = try System.epollCreate()
        wakeFD = try System.eventFD()
        tally = shared.metrics.makeTally()
        listener = ListenerBackoff(pause: shared.configuration.acceptBackoff)
        try System.epollAdd(epfd, wakeFD, events: Self.readEvents, token: Self.wakeToken)
        // Check timeouts often enough to honour the shortest one within a quarter of it.
        let limits = shared.configuration.limits
        let shortest = [limits.headerTimeout, limits.bodyTimeout, limits.idleTimeout, limits.writeTimeout,
                        limits.sendRateWindow]
            .map(\.nanoseconds).min() ?? 1_000_000_000
        sweepInterval = min(max(shortest / 4, 10_000_000), 500_000_000)
        try watchListener()
    }

    /// Posts a message from any thread.
    func post(_ message: Message) {
        inbox.withLock { $0.append(message) }
        System.signalEventFD(wakeFD)
    }

    /// Runs until drained. Called once, on the loop's own thread.
    /// Requests this loop answered since it last gave free heap pages back, and when the
    /// last one came (`System.monotonicNanoseconds`).
    private var requestsSinceTrim = 0
    private var lastRequestAt: UInt64 = 0
    /// How long a loop stays idle after requests before free heap pages go back to the
    /// system: a family's server is idle most of the day, and keeps no burst's peak resident.
    static let idleTrimNanoseconds: UInt64 = 1_000_000_000

    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        let sweepMilliseconds = Int32(max(1, sweepInterval / 1_000_000))
        while !(draining && (connections.isEmpty || System.monotonicNanoseconds() >= drainDeadline)) {
            var timeoutMilliseconds = sweepMilliseconds
            if let resume = listener.resumeDeadline {
                let wait = (resume &- min(resume, System.monotonicNanoseconds())) / 1_000_000 + 1
                timeoutMilliseconds = Int32(min(UInt64(sweepMilliseconds), wait))
            }
            let count = events.withUnsafeMutableBufferPointer {
                System.epollWait(epfd, $0, timeoutMilliseconds: timeoutMilliseconds)
            }
            for i in 0..<count {
                let event = events[i]
                switch event.data.u64 {
                case Self.listenToken: acceptConnections()
                case Self.wakeToken: handleInbox()
                case let id: handle(id: id, events: event.events)
                }
            }
            let now = System.monotonicNanoseconds()
            if listener.tick(now: now) { rewatchListener(now: now) }
            if now &- lastSweep >= sweepInterval {
                lastSweep = now
                sweepTimeouts(now: now)
                if requestsSinceTrim > 0, now &- lastRequestAt >= Self.idleTrimNanoseconds {
                    requestsSinceTrim = 0
                    compressor = nil
                    shared.poolCompressors.releaseIdle()
                    System.releaseFreeMemory()
                }
            }
            flushLog()
        }
        for connection in Array(connections.values) { close(connection) }
        flushLog()
        System.close(wakeFD)
        System.close(epfd)
    }

    // MARK: accepting

    private func acceptConnections() {
        guard !draining, listener.isWatching else { return }
        while true {
            switch System.accept(shared.listener.fd) {
            case .wouldBlock:
                return
            case .connectionFailed:
                continue
            case let .failed(error):
                // Out of descriptors (EMFILE…): the listener stays readable, so watching it
                // would spin. Keep serving what we have; watch again soon (ListenerBackoff).
                System.epollRemove(epfd, shared.listener.fd)
                if listener.outOfResources(now: System.monotonicNanoseconds()) {
                    let open = shared.metrics.openConnections.load(ordering: .relaxed)
                    shared.warn("\(error) with \(open) connections open; this loop stops accepting for "
                                + "\(shared.configuration.acceptBackoff) or until one of its connections closes")
                }
                return
            case let .accepted(fd, peer):
                let now = System.monotonicNanoseconds()
                listener.accepted(now: now)
                guard shared.metrics.openConnections.add(1, ordering: .relaxed).newValue <= shared.configuration.limits.maxConnections else {
                    shared.metrics.openConnections.subtract(1, ordering: .relaxed)
                    System.close(fd)
                    continue
                }
                // A trusted proxy speaks for many clients: its requests are counted one by one
                // against the address each is forwarded for (see `attribute`).
                let fromTrustedProxy = ClientAddress.isTrustedProxy(peer.host, shared.configuration.trustedProxies)
                let client = fromTrustedProxy ? nil : ClientAddress.key(peer.host)
                if let client, !shared.takeSlot(client) {
                    shared.metrics.openConnections.subtract(1, ordering: .relaxed)
                    refuseOverClientLimit(fd)
                    continue
                }
                System.setNoDelay(fd)
                let id = nextID
                nextID += 1
                var admitUpload: RequestParser.UploadAdmission?
                if !shared.configuration.limits.uploadPathSuffixes.isEmpty {
                    let shared = shared
                    admitUpload = { @Sendable head, bytes in shared.admitUpload(head, bytes: bytes, peer: peer) }
                }
                let connection = Connection(id: id, fd: fd, peer: peer, fromTrustedProxy: fromTrustedProxy,
                                            client: client, limits: shared.configuration.limits,
                                            admitUpload: admitUpload, now: now, registeredEvents: Self.readEvents)
                do {
                    try System.epollAdd(epfd, fd, events: Self.readEvents, token: id)
                } catch {
                    shared.metrics.openConnections.subtract(1, ordering: .relaxed)
                    if let client { shared.releaseSlot(client) }
                    System.close(fd)
                    continue
                }
                connections[id] = connection
            }
        }
    }

    /// A client address already holding all its slots: a 503 it can read, then closed at
    /// once, so it holds nothing. What it already sent is read first, so that the close
    /// is a FIN, not a reset that could take the 503 with it.
    private func refuseOverClientLimit(_ fd: Int32) {
        _ = readBuffer.withUnsafeMutableBytes { System.read(fd, into: $0) }
        var bytes: [UInt8] = []
        ResponseEncoder.encode(Self.tooManyConnections(), version: .http1_1, isHead: false, keepAlive: false,
                               date: currentDate(), into: &bytes)
        _ = bytes.withUnsafeBytes { System.send(fd, $0) }
        System.close(fd)
        tally.count(status: 503)
        if shared.configuration.accessLog {
            let info = PendingRequest(method: .GET, path: "-", version: .http1_1, keepAlive: false,
                                      acceptsGzip: false, startedAt: 0)
            log(info, status: 503, bytes: 0, microseconds: 0)
        }
    }

    private static func tooManyConnections() -> HTTPResponse {
        var response = HTTPResponse.text(.serviceUnavailable,
                                         "Too many connections from your address. Please try again in a moment.")
        response.headers.add("Retry-After", "5")
        return response
    }

    /// Counts a connection from a trusted proxy against the client it forwards this request
    /// for (known only now that the head is read), until the response is sent. False when
    /// that client holds all its slots already.
    private func attribute(_ connection: Connection, to request: HTTPRequest) -> Bool {
        let client = ClientAddress.key(ClientAddress.lastForwardedHop(request.headers) ?? connection.peer.host)
        if connection.client == client { return true }
        releaseSlot(connection)
        guard shared.takeSlot(client) else { return false }
        connection.client = client
        return true
    }

    private func releaseSlot(_ connection: Connection) {
        guard let client = connection.client else { return }
        connection.client = nil
        shared.releaseSlot(client)
    }

    // MARK: events

    private func handle(id: UInt64, events: UInt32) {
        guard let connection = connections[id] else { return }
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
            // The peer is gone both ways: nothing can be delivered.
            close(connection)
            return
        }
        if events & Self.writeEvents != 0 {
            flush(connection)
            guard connections[id] != nil else { return }
        }
        if events & Self.readEvents != 0 {
            read(connection)
        }
    }

    private func read(_ connection: Connection) {
        let now = System.monotonicNanoseconds()
        var received = false
        // A bounded number of reads per wake-up, so one fast sender cannot starve the loop.
        reading: for _ in 0..<8 {
            let result = readBuffer.withUnsafeMutableBytes { System.read(connection.fd, into: $0) }
            switch result {
            case let .bytes(n):
                received = true
                if let spool = connection.spool {
                    // A spooled body goes to its file as it comes; only what follows it is kept.
                    let taken = min(n, spool.remaining)
                    if taken < n { connection.input.append(contentsOf: readBuffer[taken..<n]) }
                    connection.machine.bytesReceived(now: now)
                    guard writeSpool(connection, spool, count: taken, now: now) else { break reading }
                    if connection.spool == nil || n < readBuffer.count { break reading }
                    continue
                }
                // After our last response, the rest of what the client sends is drained unread.
                if !connection.noMoreRequests {
                    connection.input.append(contentsOf: readBuffer[0..<n])
                }
                if n < readBuffer.count { break reading }
                // A full buffer: parse before reading more, so limits bound the input.
                if !connection.noMoreRequests { break reading }
            case .wouldBlock:
                break reading
            case .endOfFile:
                connection.peerClosed = true
                break reading
            case .failed:
                close(connection)
                return
            }
        }
        if received { connection.machine.bytesReceived(now: now) }
        process(connection, now: now)
        flush(connection)
    }

    /// Parses and answers buffered requests, one at a time, in order.
    private func process(_ connection: Connection, now: UInt64) {
        while connection.pending == nil, connection.spool == nil, !connection.noMoreRequests, connection.hasBufferedInput,
              connection.pendingOutputBytes < shared.configuration.outputHighWater {
            let step = connection.input.withUnsafeBufferPointer {
                connection.parser.parse(UnsafeBufferPointer(rebasing: $0[connection.inputStart...]))
            }
            let reserved = connection.parser.takeUploadReservation()
            if case .spool = step { connection.spoolReservation += reserved } else { connection.uploadReservation += reserved }
            switch step {
            case .needMore:
                if connection.parser.isReceivingBody { connection.machine.headComplete(now: now) }
                if connection.parser.expectsContinue, !connection.continueSent {
                    // The head passed every check (a too-large body was already refused): ask for the body.
                    connection.continueSent = true
                    connection.output.append(contentsOf: Self.continueResponse)
                }
                if connection.peerClosed {
                    // Half a request and then silence for good: nothing to answer.
                    connection.consumeInput(connection.input.count - connection.inputStart)
                }
                return
            case let .request(request, consumed):
                connection.consumeInput(consumed)
                connection.continueSent = false
                connection.machine.requestComplete()
                if connection.fromTrustedProxy, !attribute(connection, to: request) {
                    let info = PendingRequest(method: request.method, path: request.path, version: request.version,
                                              keepAlive: false, acceptsGzip: false, startedAt: now)
                    finish(connection, info, Self.tooManyConnections())
                    continue
                }
                dispatch(request, on: connection, now: now)
            case let .spool(head, consumed, length):
                connection.consumeInput(consumed)
                startSpool(connection, head, length: length, now: now)
            case let .error(error):
                connection.consumeInput(connection.input.count - connection.inputStart)
                connection.machine.requestComplete()
                var response = HTTPResponse.text(error.status, error.message)
                if error == .uploadsBusy { response.headers.add("Retry-After", "5") }
                let info = PendingRequest(method: .GET, path: "-", version: .http1_1, keepAlive: false,
                                          acceptsGzip: false, startedAt: now)
                finish(connection, info, response)
            }
        }
    }

    // MARK: spooled uploads

    /// An admitted spooled upload's head: its body goes to a new file in the spool directory,
    /// written on this thread as it arrives, a read buffer (64 KiB) at a time. A local file
    /// takes a write into the page cache without waiting for the disk, so the loop stays as
    /// responsive as it is copying into memory, and no body is ever held whole.
    private func startSpool(_ connection: Connection, _ head: HTTPRequest, length: Int, now: UInt64) {
        // No spool directory admits no spooled upload (`ServerShared.admitUpload`).
        guard let directory = shared.configuration.spoolDirectory else { return refuseSpool(connection, head, now: now) }
        let file: SpoolFile
        do {
            file = try SpoolFile(in: directory, prefix: "upload-")
        } catch {
            StandardError.line("an upload could not be spooled (\(error))")
            refuseSpool(connection, head, now: now)
            return
        }
        let spool = Spooling(file: file, head: head, length: length)
        connection.spool = spool
        connection.machine.headComplete(now: now, totalTimeout: shared.configuration.limits.spooledBodyTotalTimeout)
        let expects = head.headers["Expect"]?.lowercased() == "100-continue"
        if expects, head.version == .http1_1, !connection.hasBufferedInput {
            connection.output.append(contentsOf: Self.continueResponse)
        }
        // What came with the head.
        let buffered = min(spool.remaining, connection.input.count - connection.inputStart)
        if buffered > 0 {
            let start = connection.inputStart
            let written = connection.input.withUnsafeBytes { raw in
                Result { () throws(FileError) in try file.append(UnsafeRawBufferPointer(rebasing: raw[start..<start + buffered])) }
            }
            connection.consumeInput(buffered)
            spooled(connection, spool, count: buffered, result: written, now: now)
        } else if length == 0 {
            spooled(connection, spool, count: 0, result: .success(()), now: now)
        }
    }

    /// Writes the first `count` bytes of the read buffer to the spool; false when the upload
    /// ended badly (the connection answered and closing).
    private func writeSpool(_ connection: Connection, _ spool: Spooling, count: Int, now: UInt64) -> Bool {
        let result = readBuffer.withUnsafeBytes { raw in
            Result { () throws(FileError) in try spool.file.append(UnsafeRawBufferPointer(rebasing: raw[0..<count])) }
        }
        return spooled(connection, spool, count: count, result: result, now: now)
    }

    /// Counts `count` more bytes in the file: a refusal when the write failed, the request
    /// dispatched when the body is all there.
    @discardableResult
    private func spooled(_ connection: Connection, _ spool: Spooling, count: Int, result: Result<Void, FileError>,
                         now: UInt64) -> Bool {
        if case let .failure(error) = result {
            StandardError.line("an upload could not be spooled (\(error))")
            connection.spool = nil
            spool.file.discard()
            refuseSpool(connection, spool.head, now: now)
            return false
        }
        spool.remaining -= count
        guard spool.remaining == 0 else { return true }
        spool.file.close()
        connection.spool = nil
        connection.spooledPath = spool.file.path
        var request = spool.head
        request.spooledBody = SpooledBody(path: spool.file.path, length: Int64(spool.length))
        connection.machine.requestComplete()
        if connection.fromTrustedProxy, !attribute(connection, to: request) {
            let info = PendingRequest(method: request.method, path: request.path, version: request.version,
                                      keepAlive: false, acceptsGzip: false, startedAt: now)
            finish(connection, info, Self.tooManyConnections())
            return true
        }
        dispatch(request, on: connection, now: now)
        return true
    }

    /// The server could not store an upload (no spool directory, a full disk): a 507, and the
    /// rest of the body is drained unread.
    private func refuseSpool(_ connection: Connection, _ head: HTTPRequest, now: UInt64) {
        connection.noMoreRequests = true
        connection.consumeInput(connection.input.count - connection.inputStart)
        connection.machine.requestComplete()
        let info = PendingRequest(method: head.method, path: head.path, version: head.version, keepAlive: false,
                                  acceptsGzip: false, startedAt: now)
        finish(connection, info, .text(.insufficientStorage, "The server could not store the upload. Please try again later."))
    }

    /// Gives back the spooled bytes and removes the file: an unfinished one, or the answered one.
    private func dropSpool(_ connection: Connection) {
        if let spool = connection.spool {
            spool.file.discard()
            connection.spool = nil
        }
        if let path = connection.spooledPath {
            // Gone already when the handler kept it under another name.
            try? FileSystem.remove(path)
            connection.spooledPath = nil
        }
        shared.releaseSpooled(connection.spoolReservation)
        connection.spoolReservation = 0
    }

    private func dispatch(_ request: HTTPRequest, on connection: Connection, now: UInt64) {
        requestsSinceTrim &+= 1
        lastRequestAt = now
        let acceptsGzip = AcceptEncoding.prefersGzip(request.headers["Accept-Encoding"])
        let info = PendingRequest(method: request.method, path: request.path, version: request.version,
                                  keepAlive: request.keepAlive && !draining, acceptsGzip: acceptsGzip, startedAt: now)
        let context = RequestContext(peer: connection.peer, receivedAt: now, acceptsGzip: acceptsGzip)
        switch shared.responder.reply(to: request, context: context) {
        case let .now(response):
            finish(connection, info, response)
        case let .onWorkerPool(work):
            run(work, on: shared.workers, for: connection, info) {
                var busy = HTTPResponse.text(.serviceUnavailable, "The server is busy. Please try again in a moment.")
                busy.headers.add("Retry-After", "1")
                return busy
            }
        case let .onPool(pool, whenFull, work):
            run(work, on: pool, for: connection, info, whenFull: whenFull)
        }
    }

    /// Queues `work` on `pool`; when the queue is full, answers `whenFull()` at once.
    private func run(_ work: @escaping @Sendable () -> HTTPResponse, on pool: WorkerPool, for connection: Connection,
                     _ info: PendingRequest, whenFull: () -> HTTPResponse) {
        connection.pending = info
        let id = connection.id
        let acceptsGzip = info.acceptsGzip
        let minimumBytes = shared.configuration.minimumCompressedBytes
        let compressors = shared.poolCompressors
        let accepted = pool.submit { [self] in
            // Compressed here, on the pool thread: a large body would stall every connection of this loop.
            var response = work()
            ResponseCompression.apply(to: &response, acceptsGzip: acceptsGzip, minimumBytes: minimumBytes) {
                compressors.compress($0)
            }
            post(.completed(id: id, response: response))
        }
        if !accepted {
            connection.pending = nil
            finish(connection, info, whenFull())
        }
    }

    /// Compresses a response made on this loop, then encodes, queues and logs it.
    private func finish(_ connection: Connection, _ info: PendingRequest, _ response: HTTPResponse) {
        var response = response
        ResponseCompression.apply(to: &response, acceptsGzip: info.acceptsGzip,
                                  minimumBytes: shared.configuration.minimumCompressedBytes) {
            let gzip = compressor ?? GzipCompressor(level: shared.configuration.gzipLevel)
            compressor = gzip
            return gzip.compress($0)
        }
        queue(connection, info, response)
    }

    /// Encodes and queues a response as it is (compressed already where it was made); logs it.
    private func queue(_ connection: Connection, _ info: PendingRequest, _ response: HTTPResponse) {
        let configuration = shared.configuration
        let keepAlive = info.keepAlive && !draining && !connection.noMoreRequests
        let now = System.monotonicNanoseconds()
        // The request's upload (if any) is answered: its body is no longer held for it.
        shared.releaseUpload(connection.uploadReservation)
        connection.uploadReservation = 0
        dropSpool(connection)
        let writesBody = ResponseEncoder.encode(response, version: info.version, isHead: info.method == .HEAD,
                                                keepAlive: keepAlive, date: currentDate(), into: &connection.output)
        if writesBody, let streamed = response.streamedBody, streamed.length > 0 {
            connection.stream = BodyStream(streamed)
        }
        connection.machine.responseQueued(now: now, keepAlive: keepAlive, hasBufferedInput: connection.hasBufferedInput)
        if !keepAlive { connection.noMoreRequests = true }
        let microseconds = (now &- info.startedAt) / 1000
        tally.record(status: response.status.code, microseconds: Int(microseconds))
        if configuration.accessLog {
            log(info, status: response.status.code, bytes: info.method == .HEAD ? 0 : Int(response.bodyLength),
                microseconds: microseconds)
        }
    }

    private func flush(_ connection: Connection) {
        var sent = 0
        while connection.pendingOutputBytes > 0 {
            if let stream = connection.stream, connection.output.count < BodyStream.chunkBytes {
                guard refill(connection, from: stream) else { return }
            }
            let result = connection.output.withFront { System.send(connection.fd, $0, $1) }
            switch result {
            case let .bytes(n):
                connection.consumeOutput(n)
                sent += n
            case .wouldBlock, .endOfFile:
                break
            case .failed:
                close(connection)
                return
            }
            if case .bytes = result { continue }
            break
        }
        let now = System.monotonicNanoseconds()
        if connection.pendingOutputBytes > 0 {
            connection.machine.outputPending(now: now, sent: sent, delivered: delivered(connection))
        } else {
            connection.machine.outputDrained(now: now)
            // Room again: requests that waited behind a full output buffer may go on.
            if connection.hasBufferedInput, connection.pending == nil, !connection.noMoreRequests {
                process(connection, now: now)
                if connection.pendingOutputBytes > 0 { flush(connection); return }
            }
            // A proxy's connection between requests is the proxy's, not the last client's.
            if connection.fromTrustedProxy, connection.pending == nil { releaseSlot(connection) }
        }
        settle(connection)
    }

    /// Reads the next chunk of a streamed body into the output; answers false (and closes the
    /// connection, its promised length not kept) when a file of it cannot be read.
    private func refill(_ connection: Connection, from stream: BodyStream) -> Bool {
        do {
            connection.output.append(body: try stream.next())
            if stream.remaining == 0 { connection.stream = nil }
            return true
        } catch {
            StandardError.line("a streamed response was cut short (\(error.message)); its connection is closed")
            close(connection)
            return false
        }
    }

    /// Closes or half-closes a connection that is done, and keeps its epoll interest right.
    private func settle(_ connection: Connection) {
        if connection.pendingOutputBytes == 0, connection.pending == nil {
            if connection.peerClosed {
                close(connection)
                return
            }
            if connection.noMoreRequests, !connection.shutdownSent {
                connection.shutdownSent = true
                System.shutdownWrite(connection.fd)
                connection.machine.stopReading(now: System.monotonicNanoseconds())
            }
        }
        var wanted: UInt32 = 0
        let canRead = connection.pending == nil && !connection.peerClosed
            && connection.pendingOutputBytes < shared.configuration.outputHighWater
        if canRead { wanted |= Self.readEvents }
        if connection.pendingOutputBytes > 0 { wanted |= Self.writeEvents }
        if wanted != connection.registeredEvents {
            connection.registeredEvents = wanted
            System.epollModify(epfd, connection.fd, events: wanted, token: connection.id)
        }
    }

    private func close(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        connection.stream = nil
        connection.machine.close()
        releaseSlot(connection)
        shared.releaseUpload(connection.uploadReservation)
        connection.uploadReservation = 0
        dropSpool(connection)
        System.epollRemove(epfd, connection.fd)
        System.close(connection.fd)
        shared.metrics.openConnections.subtract(1, ordering: .relaxed)
        // A descriptor is free: a paused listener may accept again.
        if listener.connectionClosed() { rewatchListener(now: System.monotonicNanoseconds()) }
    }

    // MARK: the listener

    private func watchListener() throws(SystemError) {
        // EPOLLEXCLUSIVE: one loop, not all, is woken for each new connection.
        try System.epollAdd(epfd, shared.listener.fd, events: Self.readEvents | EPOLLEXCLUSIVE.rawValue,
                            token: Self.listenToken)
    }

    /// Watches the listener again after a pause (never while draining: it is gone for good).
    private func rewatchListener(now: UInt64) {
        guard !draining else { return }
        do {
            try watchListener()
        } catch {
            _ = listener.outOfResources(now: now)
        }
    }

    // MARK: cross-thread messages

    private func handleInbox() {
        System.drainEventFD(wakeFD)
        let messages = inbox.withLock { box -> [Message] in
            defer { box.removeAll(keepingCapacity: true) }
            return box
        }
        for message in messages {
            switch message {
            case let .completed(id, response):
                // The client may have gone while the worker ran.
                guard let connection = connections[id], let info = connection.pending else { continue }
                connection.pending = nil
                queue(connection, info, response)
                process(connection, now: System.monotonicNanoseconds())
                flush(connection)
            case let .drain(deadline):
                startDraining(deadline: deadline)
            }
        }
    }

    private func startDraining(deadline: UInt64) {
        guard !draining else { return }
        draining = true
        drainDeadline = deadline
        System.epollRemove(epfd, shared.listener.fd)
        for connection in Array(connections.values) {
            // Idle and lingering connections go now; the rest finish the request they are on
            // (finish() stops keep-alive while draining).
            switch connection.machine.state {
            case .readingHead where !connection.hasBufferedInput, .idle, .lingering:
                if connection.pendingOutputBytes == 0 { close(connection); continue }
            default:
                break
            }
            settle(connection)
        }
    }

    // MARK: timeouts

    private func sweepTimeouts(now: UInt64) {
        for connection in Array(connections.values) {
            guard let deadline = connection.machine.nextDeadline, now >= deadline else { continue }
            switch connection.machine.tick(now: now, delivered: delivered(connection)) {
            case .none:
                break
            case .close:
                close(connection)
            case .requestTimeout:
                dropSpool(connection)
                connection.consumeInput(connection.input.count - connection.inputStart)
                connection.noMoreRequests = true
                let info = PendingRequest(method: .GET, path: "-", version: .http1_1, keepAlive: false,
                                          acceptsGzip: false, startedAt: now)
                finishTimeout(connection, info)
            }
        }
    }

    /// What the client has taken of everything this connection sent: what the socket took,
    /// minus what it still holds unacknowledged. One ioctl, asked for only by connections
    /// whose output waits, when their clocks start and when a write deadline falls due.
    private func delivered(_ connection: Connection) -> UInt64 {
        let held = UInt64(System.unacknowledgedBytes(connection.fd))
        return connection.bytesSent >= held ? connection.bytesSent - held : 0
    }

    private func finishTimeout(_ connection: Connection, _ info: PendingRequest) {
        ResponseEncoder.encode(.text(.requestTimeout, "The request took too long to arrive."),
                               version: .http1_1, isHead: false, keepAlive: false,
                               date: currentDate(), into: &connection.output)
        tally.count(status: 408)
        if shared.configuration.accessLog { log(info, status: 408, bytes: 0, microseconds: 0) }
        flush(connection)
    }

    // MARK: date and log

    private func currentDate() -> String {
        let second = System.wallClockSeconds()
        if second != dateSecond {
            dateSecond = second
            dateHeader = HTTPDate.format(secondsSince1970: second)
        }
        return dateHeader
    }

    private func log(_ info: PendingRequest, status: Int, bytes: Int, microseconds: UInt64) {
        logBuffer.append(contentsOf: info.method.rawValue.utf8)
        logBuffer.append(UInt8(ascii: " "))
        logBuffer.append(contentsOf: shared.configuration.loggedPath(info.path).utf8)
        // The numbers digit by digit into the buffer: a line a request, with no string made for it.
        func number(_ value: UInt64) {
            logBuffer.append(UInt8(ascii: " "))
            DecimalDigits.forEach(of: value) { logBuffer.append($0) }
        }
        number(UInt64(max(0, status)))
        number(UInt64(max(0, bytes)))
        number(microseconds)
        logBuffer.append(contentsOf: "us\n".utf8)
    }

    private func flushLog() {
        guard !logBuffer.isEmpty else { return }
        shared.log(logBuffer)
        logBuffer.removeAll(keepingCapacity: true)
    }
}
