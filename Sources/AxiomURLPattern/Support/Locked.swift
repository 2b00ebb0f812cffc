#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a POSIX mutex: the project's lock, in place of `Synchronization.Mutex`.
///
/// Why not `Mutex`: on Linux it is built on futexes the thread sanitizer does not see, so
/// `swift test --sanitize=thread` reports races on values only ever touched inside `withLock`
/// (`../shared/repro/tsan-mutex` reproduces it in a few lines, and the same code on a pthread
/// mutex is clean). A sanitizer that cries wolf hides the real race; a pthread mutex is one it
/// intercepts, on Linux and on Apple platforms alike, at the cost of a few nanoseconds per
/// uncontended lock (no use of it is on a lookup's path).
///
/// ```swift
/// let cache = Locked<[Int: String]>([:])
/// let name = cache.withLock { $0[7, default: "seven"] }
/// ```
///
/// `Value` must not be empty (`()` or a field-less struct): the runtime places an empty stored
/// property at the object's first word, so the sanitizer sees each `withLock`'s access to it
/// overlap the header read that every call makes before it locks, and reports a race that is
/// not there (`Locked(())` did, in CI). A lock that guards no value still counts something.
package final class Locked<Value>: @unchecked Sendable {
    // `value` is read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock`
    // of `mutex` (in `withLock`), and values enter and leave as `sending`: the invariant that
    // makes the class Sendable, as `Mutex` is.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: sending Value) {
        assert(MemoryLayout<Value>.size > 0, "Locked needs a value that is not empty; see the type's documentation")
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held.
    package func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
