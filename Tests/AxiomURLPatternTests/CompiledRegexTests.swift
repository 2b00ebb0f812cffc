#if BundledPCRE2 && canImport(CPCRE2Bundled)
    import CPCRE2Bundled
#else
    import CPCRE2
#endif
import Testing

@_spi(Lookup) @testable import AxiomURLPattern

@Suite struct CompiledRegexTests {
    private static func groups(_ regex: CompiledRegex, _ subject: String) throws -> [String?]? {
        let scratch = MatchScratch(captures: regex.captureCount, limits: MatchLimits())
        var text = subject
        return try text.withUTF8 { bytes in
            guard try regex.match(bytes, scratch: scratch) else { return nil }
            return (0...regex.captureCount).map { index in
                scratch.range(ofGroup: index).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
        }
    }

    @Test func compilesWithTheJITWhereAvailable() throws {
        let regex = try CompiledRegex("^/users/(\\d+)(?:/(edit))?$", caseless: false)
        #expect(regex.captureCount == 2)
        #expect(regex.isJITCompiled == CompiledRegex.jitAvailable)
    }

    /// A URLPattern's regexps are JIT-compiled at their first match, not when the pattern is
    /// built (as JavaScript engines do); matches racing to be first all wait for the one
    /// compile and agree (run under `swift test --sanitize=thread` too).
    @Test func aDeferredJITCompilesAtTheFirstMatchOnce() async throws {
        let regex = try CompiledRegex("^/users/(\\d+)(?:/(edit))?$", caseless: false, deferJIT: true)
        #expect(regex.isJITCompiled == false)
        #expect(regex.deferredJITCompileCount == 0)
        #expect(try Self.groups(regex, "/users/42/edit") == ["/users/42/edit", "42", "edit"])
        #expect(regex.isJITCompiled == CompiledRegex.jitAvailable)
        #expect(regex.deferredJITCompileCount == (CompiledRegex.jitAvailable ? 1 : 0))

        // Sixteen first matches at once: one compile, and every match sees the same groups.
        let racing = try CompiledRegex("^/users/(\\d+)(?:/(edit))?$", caseless: false, deferJIT: true)
        let raced = try await withThrowingTaskGroup(of: [String?]?.self) { group in
            for index in 0..<16 {
                group.addTask { try Self.groups(racing, "/users/\(index)/edit") }
            }
            var all: [[String?]?] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(Set(raced.compactMap { $0?[1] }) == Set((0..<16).map { String($0) }))
        #expect(racing.deferredJITCompileCount == (CompiledRegex.jitAvailable ? 1 : 0))

        let pattern = try URLPattern("https://example.com/users/:id(\\d+)/:tab?")
        let results = await withTaskGroup(of: (id: String?, tab: String?).self) { group in
            for index in 0..<16 {
                group.addTask {
                    let result = pattern.exec("https://example.com/users/\(index)/posts")
                    return (result?.pathname["id"], result?.pathname["tab"])
                }
            }
            var all: [(id: String?, tab: String?)] = []
            for await result in group { all.append(result) }
            return all
        }
        let ids: Set<String> = Set(results.compactMap(\.id))
        #expect(ids == Set((0..<16).map { String($0) }))
        #expect(results.allSatisfy { $0.tab == "posts" })
    }

    @Test func reportsGroupsAndUnsetGroups() throws {
        let regex = try CompiledRegex("^/users/(\\d+)(?:/(edit))?$", caseless: false)
        #expect(try Self.groups(regex, "/users/42/edit") == ["/users/42/edit", "42", "edit"])
        #expect(try Self.groups(regex, "/users/42") == ["/users/42", "42", nil])
        #expect(try Self.groups(regex, "/users/x") == nil)
    }

    @Test func dollarMatchesOnlyAtTheVeryEnd() throws {
        let regex = try CompiledRegex("^a$", caseless: false)
        #expect(try Self.groups(regex, "a\n") == nil)
    }

    @Test func emptyClassesMeanNothingAndAnything() throws {
        #expect(try Self.groups(CompiledRegex("^[^]$", caseless: false), "\n") == ["\n"])
        #expect(try Self.groups(CompiledRegex("^[]$", caseless: false), "a") == nil)
    }

    @Test func caselessMatchingFoldsUnicode() throws {
        #expect(try Self.groups(CompiledRegex("^straße$", caseless: true), "STRAßE") != nil)
    }

    @Test func compileErrorsCarryPCRE2sMessageAndOffset() {
        #expect {
            try CompiledRegex("a(b", caseless: false)
        } throws: { error in
            let error = error as? RegexCompileError
            return error?.message.contains("missing closing parenthesis") == true && error?.offset == 3
        }
    }

    @Test func runawayMatchesEndWithLimitExceeded() throws {
        let regex = try CompiledRegex("^(?:a+)+$", caseless: false)
        let scratch = MatchScratch(captures: 0, limits: MatchLimits(matchLimit: 10_000))
        // Longer than the breadth-first fallback looks at: the limit is the answer.
        var subject = String(repeating: "a", count: CompiledRegex.breadthFirstSubjectLimit + 10) + "!"
        #expect(throws: RegexMatchFailure.limitExceeded) {
            try subject.withUTF8 { try regex.match($0, scratch: scratch) }
        }
        // A back-reference, which the breadth-first algorithm cannot follow: the limit too.
        let backReference = try CompiledRegex("^(a|aa)+\\1$", caseless: false)
        var short = String(repeating: "a", count: 40) + "b"
        #expect(throws: RegexMatchFailure.limitExceeded) {
            try short.withUTF8 { try backReference.match($0, scratch: scratch) }
        }
    }

    /// A short subject with no match: backtracking gives up at the limit, and PCRE2's
    /// breadth-first algorithm then answers "no match" exactly.
    @Test func aShortSubjectWithNoMatchIsAnsweredPastTheLimit() throws {
        let regex = try CompiledRegex("^(?:a+)+$", caseless: false)
        let scratch = MatchScratch(captures: 0, limits: MatchLimits(matchLimit: 10_000))
        var subject = String(repeating: "a", count: 64) + "!"
        // The backtracking matcher alone does hit the limit on it …
        let rc = subject.withUTF8 { bytes in
            pcre2_match_8(regex.handle.code, bytes.baseAddress, bytes.count, 0, 0, scratch.matchData, scratch.matchContext)
        }
        #expect(rc == PCRE2_ERROR_MATCHLIMIT)
        // … and the answer is still the right one.
        #expect(try subject.withUTF8 { try regex.match($0, scratch: scratch) } == false)
        var matching = String(repeating: "a", count: 64)
        #expect(try matching.withUTF8 { try regex.match($0, scratch: scratch) } == true)
    }

    @Test func matchesTheEmptySubject() throws {
        #expect(try Self.groups(CompiledRegex("^$", caseless: false), "") == [""])
    }
}
