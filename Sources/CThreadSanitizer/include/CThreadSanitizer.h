// ThreadSanitizer's annotations, for locks it cannot see into.
//
// Swift's Synchronization.Mutex locks with futexes inside a library that is not
// instrumented, so ThreadSanitizer sees neither the lock nor the unlock and reports
// every guarded access as a race. These tell it, at the same points, what happened.
// The symbols are weak: without the sanitizer's runtime they are null and each call
// is one predictable branch.
#ifndef DAWN_CTHREADSANITIZER_H
#define DAWN_CTHREADSANITIZER_H

extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

static inline void CThreadSanitizer_acquire(void *address) {
    if (__tsan_acquire) __tsan_acquire(address);
}

static inline void CThreadSanitizer_release(void *address) {
    if (__tsan_release) __tsan_release(address);
}

#endif
