import Files
import HTTP

/// One client connection, owned by one event loop and touched only on its thread.
final class Connection {
    let id: UInt64
    let fd: Int32
    let peer: SocketAddress
    /// The peer is a trusted reverse proxy: the connection counts against the address it
    /// forwards, request by request, not against the proxy's.
    let fromTrustedProxy: Bool
    /// The client address (`ClientAddress.key`) whose slot this connection holds now, if any.
    var client: String?
    var parser: RequestParser
    var machine: ConnectionStateMachine

    /// Received bytes not yet consumed by the parser start at `inputStart`.
    var input: [UInt8] = []
    var inputStart = 0
    /// Encoded responses not yet sent.
    var output = OutputQueue()
    /// The rest of a streamed body, read into `output` as it drains. Nothing else is read
    /// or answered on the connection until it is all out.
    var stream: BodyStream?
    /// Bytes the socket has taken, in all: `EventLoop.delivered` starts from it.
    var bytesSent: UInt64 = 0

    /// The current request is on the worker pool; parsing waits so responses keep request order.
    var pending: PendingRequest?
    /// The client closed its side; answer what was asked, then close.
    var peerClosed = false
    /// No further request will be read (error, `Connection: close`, shutdown).
    var noMoreRequests = false
    var shutdownSent = false
    /// `100 Continue` went out for the request being received.
    var continueSent = false
    /// Upload bytes this connection's current request holds of the server's budget,
    /// given back when its response is queued or the connection closes.
    var uploadReservation = 0
    /// The same for a spooled upload, against the server's budget of spooled bytes.
    var spoolReservation = 0
    /// The spooled body being received: nothing is parsed until it is all in its file.
    var spool: Spooling?
    /// The file of the spooled body whose request is being answered, removed when the
    /// response is queued or the connection closes (a handler keeping it renamed it).
    var spooledPath: String?
    /// The epoll interest currently registered.
    var registeredEvents: UInt32

    init(id: UInt64, fd: Int32, peer: SocketAddress, fromTrustedProxy: Bool, client: String?, limits: HTTPLimits,
         admitUpload: RequestParser.UploadAdmission?, now: UInt64, registeredEvents: UInt32) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.fromTrustedProxy = fromTrustedProxy
        self.client = client
        parser = RequestParser(limits: limits, admitUpload: admitUpload)
        machine = ConnectionStateMachine(limits: limits, now: now)
        self.registeredEvents = registeredEvents
    }

    var hasBufferedInput: Bool { inputStart < input.count }
    /// Bytes still to send: the queued ones and a streamed body's unread rest.
    var pendingOutputBytes: Int {
        guard let stream else { return output.count }
        return output.count + Int(stream.remaining)
    }

    func consumeInput(_ count: Int) {
        inputStart += count
        if inputStart >= input.count {
            input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
            inputStart = 0
        }
    }

    func consumeOutput(_ count: Int) {
        output.consume(count)
        bytesSent &+= UInt64(count)
    }
}

/// What the loop remembers of a request while its response is being made.
struct PendingRequest: Sendable {
    let method: HTTPMethod
    let path: String
    let version: HTTPVersion
    let keepAlive: Bool
    let acceptsGzip: Bool
    let startedAt: UInt64
}

/// A spooled upload's body on its way into its file.
final class Spooling {
    let file: SpoolFile
    let head: HTTPRequest
    let length: Int
    /// Body bytes still to come.
    var remaining: Int

    init(file: SpoolFile, head: HTTPRequest, length: Int) {
        self.file = file
        self.head = head
        self.length = length
        remaining = length
    }
}
