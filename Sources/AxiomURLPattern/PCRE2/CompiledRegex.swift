public import Synchronization

// `package`: the matching calls below are inlined into the router, across the module boundary.
// Which PCRE2 the package links is a package trait (Package.swift): `SystemPCRE2` (the default:
// the system's libpcre2-8, module `CPCRE2`) or `BundledPCRE2` (Scripts/pcre2/build's static build
// in Vendor/, module `CPCRE2Bundled`). With both on — as SwiftPM's plugins build — the bundled
// one is imported when it has been built. A trait that cannot be met stops here, saying what to do.
#if BundledPCRE2 && !SystemPCRE2 && !canImport(CPCRE2Bundled)
    #error(
        "the BundledPCRE2 trait is on but Vendor/ holds no PCRE2: run Scripts/pcre2/build (host, or xcframework on a Mac), which also clears SwiftPM's cached evaluation of the manifest from before it (in Xcode: File > Packages > Reset Package Caches; README, 'In an app')"
    )
#elseif !SystemPCRE2 && !BundledPCRE2
    #error("no PCRE2 trait is on: enable SystemPCRE2 (the default) or BundledPCRE2")
#elseif BundledPCRE2 && canImport(CPCRE2Bundled)
    import CPCRE2Bundled
#else
    import CPCRE2
#endif

/// Why PCRE2 refused to compile a regular expression.
package struct RegexCompileError: Error, Sendable, Equatable {
    /// PCRE2's own message, e.g. "missing closing parenthesis".
    package var message: String
    /// Offset in UTF-8 bytes into the compiled source where PCRE2 stopped.
    package var offset: Int
    /// PCRE2's error code.
    package var code: Int32 = 0

    /// The compiled pattern would exceed PCRE2's size limit (64K code units with the usual
    /// LINK_SIZE=2 build): split the expression.
    package var isTooLarge: Bool { code == PCRE2_ERROR_PATTERN_TOO_LARGE }
}

/// Why a match did not finish.
@_spi(Lookup) public enum RegexMatchFailure: Error, Sendable, Equatable {
    /// The match, depth, heap or JIT stack limit was hit: the pattern backtracks too much
    /// on this input.
    case limitExceeded
    /// Any other PCRE2 error, with its code and message (not expected for valid UTF-8 input).
    case internalError(code: Int32, message: String)
}

/// A PCRE2 pattern compiled once (and JIT-compiled where the platform has a JIT).
///
/// `@unchecked Sendable` invariant: the `pcre2_code` is written only in `init` (compile, and
/// JIT compile unless deferred), by a deferred JIT compile — once, under `deferredCompiles`, while every
/// match that finds the JIT still pending waits on that lock, so no match runs on the code as
/// it changes — and freed in `deinit`; PCRE2 documents compiled code as read-only during
/// matching and safe to share between threads. Everything a match writes lives in a
/// ``MatchScratch``, which is not shared.
@_spi(Lookup) public final class CompiledRegex: @unchecked Sendable {
    private let code: OpaquePointer
    /// The regular expression as handed to PCRE2.
    package let source: String
    /// Number of capturing groups.
    package let captureCount: Int
    /// Whether the JIT has compiled this pattern (false where PCRE2 was built without a JIT,
    /// and until the first match for a pattern whose JIT compile is deferred).
    package var isJITCompiled: Bool { jitState.load(ordering: .acquiring) == JITState.compiled }

    /// `JITState`'s values: the JIT is not wanted or failed, is wanted at the first match, or
    /// has compiled the pattern.
    @usableFromInline enum JITState {
        @usableFromInline static let none = 0
        @usableFromInline static let deferred = 1
        @usableFromInline static let compiled = 2
    }
    /// Read by every match through a ``Handle`` (one load): whether to call the JIT's code.
    @usableFromInline let jitState: Atomic<Int>
    /// Held while the JIT compiles a deferred pattern: PCRE2 may not match with a code object
    /// that is being JIT-compiled, so a match that finds the state `deferred` waits here. It
    /// counts the deferred compiles (at most one), which tests read.
    private let deferredCompiles = Locked(0)

    /// Compiles `source` in UTF mode with JavaScript-like `$` (end of subject only) and
    /// `[]`/`[^]` classes. With `deferJIT`, the JIT compiles the pattern at its first match
    /// rather than now (as JavaScript engines compile a regexp when it is first used): a
    /// pattern built and never matched, or matched once, does not pay for it.
    package init(_ source: String, caseless: Bool, jit: Bool = true, deferJIT: Bool = false) throws(RegexCompileError) {
        var options =
            UInt32(PCRE2_UTF) | UInt32(PCRE2_DOLLAR_ENDONLY) | UInt32(PCRE2_ALLOW_EMPTY_CLASS)
            | UInt32(PCRE2_NEVER_BACKSLASH_C)
        if caseless { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset: Int = 0
        let compiled: OpaquePointer? =
            source.utf8.withContiguousStorageIfAvailable { bytes in
                pcre2_compile_8(bytes.baseAddress, bytes.count, options, &errorCode, &errorOffset, nil)
            }
            ?? {
                let bytes = Array(source.utf8)
                return bytes.withUnsafeBufferPointer {
                    pcre2_compile_8($0.baseAddress, $0.count, options, &errorCode, &errorOffset, nil)
                }
            }()
        guard let compiled else {
            throw RegexCompileError(message: Self.message(for: errorCode), offset: errorOffset, code: errorCode)
        }
        self.code = compiled
        self.source = source
        var captures: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &captures)
        self.captureCount = Int(captures)
        if jit, deferJIT, Self.usesJIT {
            self.jitState = Atomic(JITState.deferred)
        } else {
            let compiledByJIT = jit && Self.usesJIT && pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
            self.jitState = Atomic(compiledByJIT ? JITState.compiled : JITState.none)
        }
    }

    /// JIT-compiles a deferred pattern, once; matches that arrive meanwhile wait for it.
    @usableFromInline @inline(never)
    func compileDeferredJIT() {
        deferredCompiles.withLock { compiles in
            guard jitState.load(ordering: .acquiring) == JITState.deferred else { return }
            compiles += 1
            let compiledByJIT = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
            jitState.store(compiledByJIT ? JITState.compiled : JITState.none, ordering: .releasing)
        }
    }

    /// Completes a deferred JIT compile now rather than at the first match (nothing when the
    /// JIT is done, not wanted or unavailable).
    package func compileJITNow() {
        if jitState.load(ordering: .acquiring) == JITState.deferred { compileDeferredJIT() }
    }

    deinit { pcre2_code_free_8(code) }

    /// How many times a deferred JIT compile ran for this pattern: 0 before the first match,
    /// 1 after it, however many matches raced to be first.
    package var deferredJITCompileCount: Int { deferredCompiles.withLock { $0 } }

    /// The bytes PCRE2 holds for this pattern: its compiled code, and the JIT's machine code
    /// (0 when not JIT-compiled). For memory reports.
    package var footprint: (compiled: Int, jit: Int) {
        var compiled = 0
        var jit = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_SIZE), &compiled)
        if isJITCompiled { pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_JITSIZE), &jit) }
        return (compiled, jit)
    }

    /// Matches the whole of `subject` (the pattern carries its own `^…$` anchors) and leaves
    /// the group offsets in `scratch`. Returns whether it matched.
    package func match(_ subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch) throws(RegexMatchFailure) -> Bool {
        try handle.match(subject, scratch: scratch)
    }

    /// The compiled code as a plain value, for loops over many expressions: matching
    /// through it costs no reference counting. Valid only while this object lives. A
    /// deferred JIT compile runs at the handle's first match, as at ``match(_:scratch:)``'s.
    package var handle: Handle { Handle(code: code, owner: self) }

    package struct Handle: @unchecked Sendable {
        // `@unchecked Sendable` invariant: as for `CompiledRegex` — the code is read-only
        // while matching (a deferred JIT compile changes it under the owner's lock, while
        // every match that finds it pending waits), and the owning `CompiledRegex` outlives
        // every handle (a router keeps both side by side), so `owner` is never dangling.
        @usableFromInline let code: OpaquePointer
        /// Read for its JIT state at each match, without a reference count.
        @usableFromInline unowned(unsafe) let owner: CompiledRegex

        @usableFromInline init(code: OpaquePointer, owner: CompiledRegex) {
            self.code = code
            self.owner = owner
        }

        /// See ``CompiledRegex/match(_:scratch:)``. Inlinable: a lookup's hot call, made from
        /// the router's module.
        @inlinable @inline(__always)
        package func match(_ subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch) throws(RegexMatchFailure) -> Bool {
            var state = owner.jitState.load(ordering: .acquiring)
            if state == JITState.deferred {
                owner.compileDeferredJIT()
                state = owner.jitState.load(ordering: .acquiring)
            }
            let isJITCompiled = state == JITState.compiled
            // Swift strings are valid UTF-8, so PCRE2's own UTF check is skipped. PCRE2 wants
            // a non-null subject pointer even for an empty subject.
            var empty: UInt8 = 0
            let rc = withUnsafePointer(to: &empty) { emptyPointer in
                let pointer = subject.baseAddress ?? emptyPointer
                // pcre2_jit_match skips pcre2_match's set-up (about as costly as a routing
                // table's whole JIT match); it is only valid for JIT-compiled code.
                return isJITCompiled
                    ? pcre2_jit_match_8(code, pointer, subject.count, 0, 0, scratch.matchData, scratch.matchContext)
                    : pcre2_match_8(code, pointer, subject.count, 0, UInt32(PCRE2_NO_UTF_CHECK), scratch.matchData, scratch.matchContext)
            }
            if rc >= 0 { return true }
            switch rc {
            case PCRE2_ERROR_NOMATCH:
                return false
            case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
                // Most runaway backtracking is a search for a match that does not exist
                // (`/:a-:b-:c-:d-:e-:f-:g` against `/a-a-…-a-/`). PCRE2's other algorithm
                // answers that for short subjects without backtracking; a match that exists
                // but is too costly to find in the standard's order, or a long subject, is
                // reported as the limit.
                if CompiledRegex.matchExistsWithoutBacktracking(code, subject, scratch: scratch) == false { return false }
                throw .limitExceeded
            default:
                throw .internalError(code: rc, message: CompiledRegex.message(for: rc))
            }
        }
    }

    /// The longest subject `matchExistsWithoutBacktracking` examines. Its cost grows with the
    /// subject's length times the paths it keeps alive (about 5 ms at 128 bytes for ten groups
    /// in one segment, 40 ms at 256), so it is for the short inputs where a runaway
    /// backtracking search is a surprise, not a bound for long ones.
    @usableFromInline package static let breadthFirstSubjectLimit = 128

    /// Whether `subject` matches at all, by PCRE2's breadth-first algorithm (`pcre2_dfa_match`),
    /// which keeps every path alive at once instead of backtracking; nil when it cannot say:
    /// the subject is longer than ``breadthFirstSubjectLimit``, the scratch's budget for one
    /// operation is spent (``MatchScratch/breadthFirstBudget``), the pattern has what the
    /// algorithm does not support (a back-reference, a verb such as `(*MARK)`), or it needs
    /// more than its workspace (at most 64 KiB, less under a lower match limit). The slow path only: it runs after the
    /// backtracking matcher gave up.
    @usableFromInline package static func matchExistsWithoutBacktracking(
        _ code: OpaquePointer, _ subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch
    ) -> Bool? {
        guard subject.count <= breadthFirstSubjectLimit, scratch.breadthFirstBudget > 0 else { return nil }
        // Its time grows with the subject's length times the paths it keeps alive, which the
        // workspace bounds (three integers a path). The workspace is sized so that the two
        // together stay within the match limit the caller chose for backtracking: a lower
        // limit buys a cheaper fallback (one that gives up sooner), never a dearer one.
        let scaled = 6 * Int(scratch.matchLimit) / max(subject.count, 1)
        var workspace = [Int32](repeating: 0, count: min(1 << 14, max(64, scaled)))
        var empty: UInt8 = 0
        let rc = withUnsafePointer(to: &empty) { emptyPointer in
            workspace.withUnsafeMutableBufferPointer { buffer in
                pcre2_dfa_match_8(
                    code, subject.baseAddress ?? emptyPointer, subject.count, 0, UInt32(PCRE2_NO_UTF_CHECK) | UInt32(PCRE2_DFA_SHORTEST),
                    scratch.matchData, scratch.matchContext, buffer.baseAddress, buffer.count)
            }
        }
        // An item the algorithm does not support stops it at once: that costs nothing from the
        // budget (so a combined expression's route marks do not use up a lookup's runs).
        if rc == PCRE2_ERROR_DFA_UITEM || rc == PCRE2_ERROR_DFA_UCOND { return nil }
        scratch.breadthFirstBudget -= 1
        // 0: matched, with more matches than the match data holds.
        if rc >= 0 { return true }
        return rc == PCRE2_ERROR_NOMATCH ? false : nil
    }

    /// PCRE2's text for an error code.
    @usableFromInline package static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
        }
        guard length > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }

    /// Whether this PCRE2 build has a JIT for this platform.
    package static let jitAvailable: Bool = {
        var value: UInt32 = 0
        return pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &value) >= 0 && value == 1
    }()

    /// The linked PCRE2's version, as it reports it ("10.42 2022-12-11").
    package static let pcre2Version: String = {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBytes { pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), $0.baseAddress) }
        guard length > 1 else { return "unknown" }
        return String(decoding: buffer[0..<Int(length - 1)], as: UTF8.self)
    }()

    /// Whether expressions compiled from now on are JIT-compiled: the JIT is available and
    /// ``jitEnabled`` has not been turned off.
    package static var usesJIT: Bool { jitAvailable && jitSwitch.load(ordering: .relaxed) }

    /// Off: every expression compiled from now on runs in PCRE2's interpreter, as on a platform
    /// with no JIT (iOS and its siblings). For measuring both engines in one process; the
    /// interpreter is the same code in a PCRE2 built with `--disable-jit`.
    package static var jitEnabled: Bool {
        get { jitSwitch.load(ordering: .relaxed) }
        set { jitSwitch.store(newValue, ordering: .relaxed) }
    }
    private static let jitSwitch = Atomic<Bool>(true)
}

/// The mutable side of matching: PCRE2 match data (group offsets) and a match context
/// carrying the limits. One scratch serves any number of matches in turn.
///
/// `@unchecked Sendable` invariant: a scratch is used by one caller at a time — created for
/// one `exec`, or taken out of a ``ScratchPool`` under its lock and returned after — so its
/// match data is never written from two threads at once.
@_spi(Lookup) public final class MatchScratch: @unchecked Sendable {
    @usableFromInline let matchData: OpaquePointer
    @usableFromInline let matchContext: OpaquePointer?
    /// The match limit the context carries (what the breadth-first fallback scales its
    /// workspace to).
    package let matchLimit: UInt32
    /// PCRE2's group offsets (stable for the match data's lifetime) and how many pairs.
    private let ovector: UnsafeMutablePointer<Int>
    private let pairs: Int

    /// How many more times the breadth-first fallback may run in this operation (an `exec`,
    /// a lookup): each run costs up to a few milliseconds after a backtracking search spent
    /// the match limit, so an input that sends many expressions there ends at the limit
    /// instead. Reset whenever a scratch is lent out. Not checked for exclusive access at run
    /// time (a class's stored `var` otherwise is, on every write: two calls into the runtime
    /// on every lookup, which resets it); the scratch's single user (see the `Sendable`
    /// invariant) is what keeps its accesses apart.
    @exclusivity(unchecked) @usableFromInline package var breadthFirstBudget = MatchScratch.breadthFirstRunsPerOperation
    @usableFromInline package static let breadthFirstRunsPerOperation = 4

    /// A scratch for patterns with up to `captures` groups, under `limits`.
    @usableFromInline package init(captures: Int, limits: MatchLimits) {
        // pcre2_match_data_create only fails when out of memory; then matching cannot
        // proceed at all, as with any allocation in Swift.
        guard let data = pcre2_match_data_create_8(UInt32(max(1, captures + 1)), nil), let vector = pcre2_get_ovector_pointer_8(data) else {
            fatalError("PCRE2 could not allocate match data (out of memory)")
        }
        self.matchData = data
        self.ovector = vector
        self.pairs = Int(pcre2_get_ovector_count_8(data))
        let context = pcre2_match_context_create_8(nil)
        if let context {
            pcre2_set_match_limit_8(context, limits.matchLimit)
            pcre2_set_depth_limit_8(context, limits.depthLimit)
        }
        self.matchContext = context
        self.matchLimit = limits.matchLimit
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        if let matchContext { pcre2_match_context_free_8(matchContext) }
    }

    /// The name of the last `(*MARK:NAME)` passed on the matching path, as a number.
    package var markNumber: Int? {
        guard let mark = pcre2_get_mark_8(matchData) else { return nil }
        var value = 0
        var pointer = mark
        while pointer.pointee >= 0x30, pointer.pointee <= 0x39 {
            value = value * 10 + Int(pointer.pointee - 0x30)
            pointer += 1
        }
        return pointer == mark ? nil : value
    }

    /// The byte range of group `index` (0 is the whole match) after a successful match,
    /// or nil when the group did not participate.
    package func range(ofGroup index: Int) -> Range<Int>? {
        guard index < pairs else { return nil }
        let start = ovector[2 * index]
        let end = ovector[2 * index + 1]
        // PCRE2_UNSET is ~(size_t)0, which Swift sees as -1 (size_t imports as Int).
        if start < 0 || end < 0 { return nil }
        return start..<end
    }
}
