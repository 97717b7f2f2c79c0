import Glibc
@testable import HTTPServer
import XCTest

/// glibc's malloc tuning (`malloc_trim`, `mallopt`) is used only when `malloc` is glibc's:
/// under a sanitizer's allocator it crashed threads that trimmed at once or exited after
/// (the first trims race in glibc's set-up, so only a new process shows it: the address
/// sanitizer's run of `Tests/e2e/test_fd_limit.py`, where both loops go idle together,
/// crashed about once in twenty before).
final class MallocTuningTests: XCTestCase {
    func testMallocIsGlibcsExactlyWhenNoASanOrTSanRuntimeIsLoaded() {
        let sanitizer = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
        XCTAssertEqual(System.mallocIsGlibcs, !sanitizer)
    }
}
