import Synchronization

/// A generated regular expression that PCRE2 compiles at its first match rather than when the
/// pattern is constructed, as JavaScript engines compile a regexp when it is first used: a
/// pattern constructed and never matched does not pay for the compile (about a quarter of
/// constructing `/users/:user/posts/:post`).
///
/// Only for text that cannot fail to compile, so that construction still reports every error
/// it must (``isDeferrable(_:parts:)``): a component's regexp no longer than
/// ``maxSourceLength``, far inside PCRE2's limits on size and nesting, whose pieces are the
/// generator's own or regexp groups of the plain kind (`:id(\d+)`, `([a-z]+)`) that the
/// translator has accepted and PCRE2 cannot refuse. Should the compile fail all the same (out
/// of memory), the match reports it as an internal error.
package final class DeferredRegex: Sendable {
    /// The regular expression as it will be handed to PCRE2.
    package let source: String
    private let caseless: Bool
    /// The compiled expression, once a match has asked for it. Two first matches racing may
    /// both compile; one result is kept, the other freed.
    private let compiled = AtomicLazyReference<CompiledRegex>()

    /// The longest source deferred. A generated expression compiles to at most a few code
    /// units per source byte (a `[^/]` class is 33), so 2,048 bytes stay far below PCRE2's
    /// 64K-unit limit; its groups nest four deep at most (a repeated group with a prefix),
    /// against a limit of 250.
    package static let maxSourceLength = 2_048

    package init(_ source: String, caseless: Bool) {
        self.source = source
        self.caseless = caseless
    }

    /// Whether a match has compiled the expression yet.
    package var isCompiled: Bool { compiled.load() != nil }

    /// The compiled expression: compiled now, at the first call (its JIT compile deferred to
    /// its own first match, as for any component's regex).
    @inline(__always)
    package func regex() throws(RegexMatchFailure) -> CompiledRegex {
        if let regex = compiled.load() { return regex }
        return try compile()
    }

    private func compile() throws(RegexMatchFailure) -> CompiledRegex {
        do {
            return compiled.storeIfNil(try CompiledRegex(source, caseless: caseless, deferJIT: true))
        } catch {
            throw .internalError(code: error.code, message: "the pattern's regexp did not compile at its first match: \(error.message)")
        }
    }
}
