/// Bounds on the cost of one match, so no input can make matching run away.
///
/// Every URL handed to a matcher comes from outside the app (deep links, push payloads,
/// pasted text), so the engine refuses inputs over ``maxInputLength`` before touching them
/// and caps PCRE2's backtracking with ``matchLimit`` and ``depthLimit``.
///
/// ```swift
/// var limits = MatchLimits()
/// limits.maxInputLength = 2048
/// let pattern = try URLPattern("https://example.com/*", options: .init(limits: limits))
/// ```
public struct MatchLimits: Sendable, Hashable {
    /// The longest input, in UTF-8 bytes, that is matched at all (default 8 KiB).
    public var maxInputLength: Int
    /// PCRE2's match limit: how many times the matcher may call its internal match
    /// function (backtracking steps) for one match, with or without the JIT.
    public var matchLimit: UInt32
    /// PCRE2's depth limit: how deep backtracking may nest (interpreter only; the JIT is
    /// bounded by its stack instead, and running out of it is reported the same way).
    public var depthLimit: UInt32

    /// The defaults: 8 KiB inputs, one million backtracking steps, depth 10,000.
    public init(maxInputLength: Int = 8192, matchLimit: UInt32 = 1_000_000, depthLimit: UInt32 = 10_000) {
        self.maxInputLength = maxInputLength
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
    }
}
