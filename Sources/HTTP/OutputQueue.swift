/// Encoded responses waiting for a socket, in order. Heads, and bodies too small to be
/// worth a segment of their own, are copied into a buffer the queue owns; a larger body
/// stays the array it was made in (a cached page is shared, not copied per request), and
/// the socket is given up to two segments at once (`front`), so a head and its body leave
/// in one system call.
public struct OutputQueue {
    /// A body of at least this many bytes is queued as it is, not copied.
    public static let sharedBodyBytes = 1024

    private struct Segment {
        var bytes: [UInt8]
        /// The queue's own buffer (bytes may be appended), not a body it was handed.
        let owned: Bool
    }

    /// What is left to send: the first segment from `start` on, then the others whole.
    private var segments: [Segment] = []
    private var start = 0
    /// A sent buffer of the queue's own, emptied and kept for the next head (no allocation
    /// per response).
    private var spare: [UInt8] = []

    /// Bytes queued and not yet consumed.
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }
    /// How many arrays the pending bytes are in (for tests: a large body is not copied).
    public var segmentCount: Int { segments.count }

    /// Copies `bytes` to the end of the queue.
    public mutating func append(contentsOf bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else { return }
        count += bytes.count
        appendOwned { $0.append(contentsOf: bytes) }
    }

    /// Writes to the end of the queue through `write`, e.g. a response head.
    public mutating func append(writing write: (inout [UInt8]) -> Void) {
        var written = 0
        appendOwned { buffer in
            let before = buffer.count
            write(&buffer)
            written = buffer.count - before
        }
        count += written
    }

    /// Queues a body: a large one as it is (shared, not copied), a small one copied.
    public mutating func append(body: [UInt8]) {
        guard body.count >= Self.sharedBodyBytes else { return append(contentsOf: body) }
        segments.append(Segment(bytes: body, owned: false))
        count += body.count
    }

    /// The next bytes to send: the rest of the first segment, and the second segment (empty
    /// when there is none). Both are valid only inside `body`.
    public func withFront<R>(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> R) -> R {
        switch segments.count {
        case 0:
            return body(UnsafeRawBufferPointer(start: nil, count: 0), UnsafeRawBufferPointer(start: nil, count: 0))
        case 1:
            return segments[0].bytes.withUnsafeBytes { first in
                body(UnsafeRawBufferPointer(rebasing: first[start...]), UnsafeRawBufferPointer(start: nil, count: 0))
            }
        default:
            return segments[0].bytes.withUnsafeBytes { first in
                segments[1].bytes.withUnsafeBytes { second in
                    body(UnsafeRawBufferPointer(rebasing: first[start...]), second)
                }
            }
        }
    }

    /// Drops the first `sent` bytes (what the socket took).
    public mutating func consume(_ sent: Int) {
        precondition(sent >= 0 && sent <= count, "consumed more than was queued")
        count -= sent
        var left = sent
        while !segments.isEmpty, left >= segments[0].bytes.count - start {
            left -= segments[0].bytes.count - start
            start = 0
            var removed = segments.removeFirst()
            // Kept for the next head, unless a burst of pipelined responses made it large.
            if removed.owned, spare.capacity == 0, removed.bytes.capacity <= 256 * 1024 {
                removed.bytes.removeAll(keepingCapacity: true)
                spare = removed.bytes
            }
            if left == 0, segments.first.map({ !$0.bytes.isEmpty }) ?? true { return }
        }
        start += left
    }

    private mutating func appendOwned(_ write: (inout [UInt8]) -> Void) {
        if segments.last?.owned != true {
            segments.append(Segment(bytes: spare, owned: true))
            spare = []
        }
        write(&segments[segments.count - 1].bytes)
    }
}
