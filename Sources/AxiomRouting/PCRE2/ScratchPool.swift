import Synchronization

/// Match scratches kept for reuse, so a lookup does not allocate PCRE2 match data.
///
/// Each scratch is handed to one caller at a time (taken out under the lock, put back
/// after), which is what makes ``MatchScratch``'s `@unchecked Sendable` sound.
final class ScratchPool: Sendable {
    private let idle = Mutex<[MatchScratch]>([])
    private let captures: Int
    private let limits: MatchLimits
    /// Scratches beyond this many idle ones are freed.
    private let keep = 8

    init(captures: Int, limits: MatchLimits) {
        self.captures = captures
        self.limits = limits
    }

    func withScratch<Result, Failure: Error>(_ body: (MatchScratch) throws(Failure) -> Result) throws(Failure) -> Result {
        let scratch = idle.withLock { $0.popLast() } ?? MatchScratch(captures: captures, limits: limits)
        defer {
            idle.withLock { if $0.count < keep { $0.append(scratch) } }
        }
        return try body(scratch)
    }
}
