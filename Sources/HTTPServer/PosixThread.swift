import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// A plain POSIX thread running one closure, joinable. The server's loops and
/// workers are these rather than Foundation threads: no run loop, no extra library.
/// The app's own threads (the reminder scheduler, the notification delivery) are these too.
package final class PosixThread: Sendable {
    private let handle: pthread_t

    /// Starts `body` on a new thread with the given stack size.
    package init(name: String, stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let name: String
            let body: @Sendable () -> Void
            init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        defer { pthread_attr_destroy(&attributes) }
        let box = Unmanaged.passRetained(Box(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            // Linux thread names are at most 15 bytes.
            _ = CLinux_setThreadName(String(box.name.prefix(15)))
            box.body()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed: \(cText(strerror(status)))")
        handle = thread
    }

    /// Waits for the thread to end. Call once.
    package func join() {
        pthread_join(handle, nil)
    }
}

/// A counting semaphore (POSIX `sem_t`) for threads that sleep until work comes.
package final class Semaphore: @unchecked Sendable {
    // sem_t must not move: it lives in its own allocation. sem_* are thread-safe.
    private let semaphore: UnsafeMutablePointer<sem_t>

    package init(value: UInt32 = 0) {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, value)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    package func signal() {
        sem_post(semaphore)
    }

    package func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    /// Waits for a signal or until `milliseconds` have passed on the wall clock (the
    /// deadline is a wall-clock instant, so a clock set forward ends the wait early, as it
    /// should for something due at a wall-clock time). True when signalled.
    package func wait(milliseconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let total = Int(deadline.tv_nsec) + (milliseconds % 1000) * 1_000_000
        deadline.tv_sec += milliseconds / 1000 + total / 1_000_000_000
        deadline.tv_nsec = total % 1_000_000_000
        while true {
            if sem_timedwait(semaphore, &deadline) == 0 { return true }
            if errno != EINTR { return false }
        }
    }
}
