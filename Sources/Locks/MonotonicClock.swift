#if canImport(Glibc)
import Glibc
#endif

/// The time since an arbitrary start that never jumps (CLOCK_MONOTONIC): what intervals
/// are measured by. Here rather than Swift's `ContinuousClock`, whose module (and the
/// libraries it loads) the server does without.
public enum MonotonicClock {
    public static var now: Duration {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }
}
