import Testing

@_spi(Lookup) @testable import AxiomURLPattern

/// A component's generated regexp is compiled at its first match, not at construction
/// (`DeferredRegex`); a regexp group, or a source over the limit, still compiles with the
/// pattern, so construction reports what it must.
@Suite struct DeferredRegexTests {
    private static func matcher(_ pattern: URLPattern, _ component: URLPattern.Component) -> CompiledComponent.Matcher {
        pattern.components[component.index].matcher
    }

    private static func deferred(_ pattern: URLPattern, _ component: URLPattern.Component) -> DeferredRegex? {
        guard case .deferred(let regex) = matcher(pattern, component) else { return nil }
        return regex
    }

    @Test func constructionLeavesAGeneratedRegexUncompiledUntilTheFirstMatch() throws {
        let pattern = try URLPattern("https://example.com/users/:user/posts/:post")
        let pathname = try #require(Self.deferred(pattern, .pathname))
        #expect(!pathname.isCompiled)
        // The constant components match by equality: no regex at all.
        guard case .literal("example.com") = Self.matcher(pattern, .hostname) else {
            Issue.record("hostname: \(Self.matcher(pattern, .hostname))")
            return
        }
        let result = try #require(pattern.exec("https://example.com/users/ana/posts/7"))
        #expect(result.pathname["user"] == "ana")
        #expect(result.pathname["post"] == "7")
        #expect(pathname.isCompiled)
        #expect(pattern.exec("https://example.com/users/ana/comments/7") == nil)
    }

    /// The scratch a match uses is sized from the component's names before the regex exists:
    /// the regex compiled later must have exactly one capture for each (a deferred regexp has
    /// no regexp group, whose own parentheses could capture).
    @Test(arguments: [
        "/:a/:b?", "/files/*", "/:a+", "/:a*", "{/:x}?/y", "/:a-:b", "/:a.:ext", "/*/:rest*", "/post{/:slug}?", "/:a{-:b}*",
        "https://:sub.example.com/:p", "https://example.com/search?q=:q#:frag", ":scheme://h/p",
    ])
    func aDeferredRegexHasOneCaptureForEachGroup(pattern text: String) throws {
        for options in [URLPattern.Options(), URLPattern.Options(ignoreCase: true)] {
            let pattern = try URLPattern(text, baseURL: "https://example.com", options: options)
            var deferredCount = 0
            for component in URLPattern.Component.allCases {
                guard let deferred = Self.deferred(pattern, component) else { continue }
                deferredCount += 1
                let compiled = try deferred.regex()
                #expect(compiled.captureCount == pattern.components[component.index].names.count, "\(text) \(component)")
                #expect(compiled.captureCount == pattern.components[component.index].captureCount, "\(text) \(component)")
            }
            #expect(deferredCount > 0, "\(text): no component deferred")
        }
    }

    @Test func aPlainRegexpGroupIsDeferredAndMatchesAsCompiled() throws {
        let pattern = try URLPattern("https://example.com/a/:id(\\d+)")
        let pathname = try #require(Self.deferred(pattern, .pathname))
        #expect(!pathname.isCompiled)
        #expect(pattern.exec("https://example.com/a/42")?.pathname["id"] == "42")
        #expect(pattern.exec("https://example.com/a/x") == nil)
        #expect(pathname.isCompiled)
    }

    /// A plain regexp group waiting for its first match keeps the pattern's options: with
    /// `ignoreCase`, its class matches either case, as it does compiled with the pattern.
    @Test func aDeferredRegexpGroupKeepsIgnoreCase() throws {
        let caseless = try URLPattern("https://example.com/a/:code([a-f0-9]+)", options: URLPattern.Options(ignoreCase: true))
        let pathname = try #require(Self.deferred(caseless, .pathname))
        #expect(!pathname.isCompiled)
        #expect(caseless.exec("https://example.com/A/BEEF42")?.pathname["code"] == "BEEF42")
        let exact = try URLPattern("https://example.com/a/:code([a-f0-9]+)")
        #expect(exact.exec("https://example.com/a/BEEF42") == nil)
        #expect(exact.exec("https://example.com/a/beef42")?.pathname["code"] == "beef42")
    }

    /// A regexp group PCRE2 might refuse compiles with the pattern, so construction reports it.
    @Test(arguments: [
        // PCRE2 refuses each (the translator lets them through).
        "/:id([z-a])", "/:id(a{70000})", "/:id((?<=a+)b)",
    ])
    func aRegexpGroupPCRE2MightRefuseFailsConstruction(pattern: String) {
        #expect(throws: URLPatternError.self) { try URLPattern(pattern, baseURL: "https://example.com") }
    }

    @Test(arguments: ["/:id((?:a|b)+)", "/:id(a{2,3})", "/:id(\\bx)", "/:id([[a]])", "/:id(\\u0041)"])
    func aRegexpGroupNotPlainCompilesWithThePattern(pattern text: String) throws {
        let pattern = try URLPattern(text, baseURL: "https://example.com")
        guard case .regex = Self.matcher(pattern, .pathname) else {
            Issue.record("\(text)'s pathname is \(Self.matcher(pattern, .pathname))")
            return
        }
    }

    /// The rule that lets a regexp group wait: whatever the translator accepts and
    /// `isPlainRegexp` calls plain, PCRE2 compiles (in a component's whole regexp, caseless
    /// or not) with no capture of its own. Random regexps over an alphabet with the pieces
    /// PCRE2 alone checks (ranges in either order, counted quantifiers, groups, lookbehinds,
    /// back-references, escapes) and what the plain kind allows.
    @Test func whatIsPlainAndTranslatedAlwaysCompiles() throws {
        let pieces = [
            "a", "z", "0", "9", "_", "-", ".", "^", "$", "|", "*", "+", "?", "[", "]", "[^", "\\d", "\\W", "\\s", "\\/", "\\.",
            "\\b", "\\1", "\\u0041", "\\p{L}", "{2}", "{99999}", "(", ")", "(?:", "(?<=", "(?<x>", "\\k<x>", "é", "&&", "--",
        ]
        var generator = SystemRandomNumberGenerator()
        var plain = 0
        var translatedPlain = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let regexp = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
            guard DeferredRegex.isPlainRegexp(regexp) else { continue }
            plain += 1
            #expect(!regexp.contains("(") && !regexp.contains("{") && !regexp.contains("\\1"), "\(regexp)")
            guard let translated = try? JavaScriptRegexTranslator.translate("^\\/(" + regexp + ")$") else { continue }
            translatedPlain += 1
            for caseless in [false, true] {
                do {
                    let compiled = try CompiledRegex(translated, caseless: caseless, deferJIT: true)
                    #expect(compiled.captureCount == 1, "\(regexp)")
                } catch {
                    Issue.record("plain and translated, but PCRE2 refuses '\(regexp)': \(error.message)")
                }
            }
        }
        // The alphabet reaches the plain kind often, and the translator accepts some of it.
        #expect(plain > 1_000)
        #expect(translatedPlain > 300)
        // Ranges: in order is plain, out of order is not (PCRE2 refuses it).
        #expect(DeferredRegex.isPlainRegexp("[a-z0-9_]+"))
        #expect(!DeferredRegex.isPlainRegexp("[z-a]"))
        #expect(!DeferredRegex.isPlainRegexp("[9-0]"))
        #expect(!DeferredRegex.isPlainRegexp("[\\d-z]"))
    }

    @Test func aSourceOverTheLimitCompilesWithThePattern() throws {
        let long = (0..<300).map { "/:p\($0)" }.joined()
        let pattern = try URLPattern(long, baseURL: "https://example.com")
        let source = pattern.components[URLPattern.Component.pathname.index].regexSource
        #expect(source.utf8.count > DeferredRegex.maxSourceLength)
        guard case .regex = Self.matcher(pattern, .pathname) else {
            Issue.record("a source of \(source.utf8.count) bytes was deferred")
            return
        }
        let path = (0..<300).map { "/v\($0)" }.joined()
        #expect(pattern.exec("https://example.com" + path)?.pathname["p299"] == "v299")
    }

    /// Should the compile at the first match fail (it cannot for a generated regexp, but for
    /// lack of memory), the match says so as an internal error, never as a non-match or a trap.
    @Test func aCompileThatFailsAtTheFirstMatchIsAnError() {
        let broken = DeferredRegex("(unclosed", caseless: false)
        #expect(throws: RegexMatchFailure.self) { try broken.regex() }
        do {
            _ = try broken.regex()
        } catch {
            guard case .internalError(_, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("did not compile at its first match"))
        }
        #expect(!broken.isCompiled)
    }

    @Test func firstMatchesRacingAllAgree() async throws {
        for _ in 0..<20 {
            let pattern = try URLPattern("https://example.com/users/:user/posts/:post")
            let results = await withTaskGroup(of: URLPatternResult?.self) { group in
                for index in 0..<8 { group.addTask { pattern.exec("https://example.com/users/u\(index % 2)/posts/7") } }
                var results: [URLPatternResult?] = []
                for await result in group { results.append(result) }
                return results
            }
            #expect(results.count == 8)
            #expect(results.allSatisfy { $0?.pathname["post"] == "7" })
            #expect(Set(results.compactMap { $0?.pathname["user"] }) == ["u0", "u1"])
            #expect(Self.deferred(pattern, .pathname)?.isCompiled == true)
        }
    }
}
