import Glibc

/// Runs `body` with the soft descriptor limit lowered to the lowest free descriptor plus
/// `spare`, so after at most `spare` more opens every open(2) in this process fails with
/// EMFILE; restores the limit after. (XCTest runs tests one at a time: no other test starves.)
func withDescriptorsExhausted<T>(leaving spare: Int = 0, _ body: () throws -> T) rethrows -> T {
    var saved = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &saved)
    let lowestFree = dup(0)
    close(lowestFree)
    var lowered = saved
    lowered.rlim_cur = rlim_t(lowestFree + Int32(spare))
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &lowered)
    defer { setrlimit(Int32(RLIMIT_NOFILE.rawValue), &saved) }
    return try body()
}
