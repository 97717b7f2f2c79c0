import CThreadSanitizer
import Synchronization

/// `Synchronization.Mutex`, telling ThreadSanitizer when it is taken and given back.
///
/// The mutex itself locks with futexes inside an uninstrumented library, so
/// ThreadSanitizer would report every access it guards as a race, and
/// `swift test --sanitize=thread` could never run clean enough to catch a real one.
/// A class, so the annotations have one stable address per lock. Inlinable, so each use
/// is specialised where it is written instead of instantiating generic metadata per call.
public final class Lock<Value>: Sendable {
    @usableFromInline let mutex: Mutex<Value>

    public init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value while holding the lock, as `Mutex.withLock` does.
    @inlinable
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            CThreadSanitizer_acquire(address)
            defer { CThreadSanitizer_release(address) }
            return try body(&value)
        }
    }

    /// Runs `body` while holding the lock if nobody else holds it now; nil (and `body` not
    /// run) when the lock is taken. For work that may as well wait for a later turn.
    @inlinable
    public func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return try mutex.withLockIfAvailable { (value: inout sending Value) throws(E) -> sending Result in
            CThreadSanitizer_acquire(address)
            defer { CThreadSanitizer_release(address) }
            return try body(&value)
        }
    }
}
