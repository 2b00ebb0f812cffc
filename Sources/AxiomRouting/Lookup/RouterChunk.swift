@_spi(Lookup) import AxiomURLPattern
import Synchronization

/// One of a router's combined expressions ("chunks", see `RegexShaper`): compiled when the
/// router is built from a table's text, or — for a router loaded from a snapshot
/// (``RouterSnapshot``) — at the first lookup that tries it, so a launch compiles nothing and
/// each first segment's expressions are compiled when a URL first needs them.
///
/// `@unchecked Sendable` invariant: `compiled` and `readyHandle` are written once, under
/// `compiles`' lock, before `state` is stored `ready` or `failed` with release ordering; a
/// reader reads them only after loading `ready` with acquire ordering, and then only reads.
final class RouterChunk: @unchecked Sendable {
    /// The expression as handed to PCRE2 (shown by `explain`, written to snapshots).
    let source: String
    let caseless: Bool
    private let state: Atomic<Int>
    /// How many compiles ran (at most one), under the lock that makes first uses wait.
    private let compiles = Locked(0)
    private var compiled: CompiledRegex?
    private var readyHandle: CompiledRegex.Handle?

    private static let pending = 0
    private static let ready = 1
    private static let failed = 2

    /// A chunk compiled already.
    init(_ regex: CompiledRegex, caseless: Bool) {
        source = regex.source
        self.caseless = caseless
        compiled = regex
        readyHandle = regex.handle
        state = Atomic(Self.ready)
    }

    /// A chunk compiled at its first use.
    init(source: String, caseless: Bool) {
        self.source = source
        self.caseless = caseless
        state = Atomic(Self.pending)
    }

    /// The compiled expression, once compiled (nil before its first use, or if it failed).
    var regex: CompiledRegex? { state.load(ordering: .acquiring) == Self.ready ? compiled : nil }

    /// How many times this chunk was compiled after the router was made: 0 or 1.
    var lazyCompileCount: Int { compiles.withLock { $0 } }

    /// The expression's code for the lookup loop, compiled first if this is its first use; nil
    /// when it cannot be (PCRE2 refused it, or it has more groups than `captures`, the size
    /// of the router's match data): the lookup then answers route by route.
    @inline(__always)
    func handle(captures: Int) -> CompiledRegex.Handle? {
        if state.load(ordering: .acquiring) == Self.ready { return readyHandle }
        return compileNow(captures: captures)
    }

    @inline(never)
    private func compileNow(captures: Int) -> CompiledRegex.Handle? {
        compiles.withLock { count in
            switch state.load(ordering: .acquiring) {
            case Self.ready: return readyHandle
            case Self.failed: return nil
            default: break
            }
            count += 1
            if let regex = try? CompiledRegex(source, caseless: caseless), regex.captureCount <= captures {
                compiled = regex
                readyHandle = regex.handle
                state.store(Self.ready, ordering: .releasing)
                return readyHandle
            }
            state.store(Self.failed, ordering: .releasing)
            return nil
        }
    }
}
