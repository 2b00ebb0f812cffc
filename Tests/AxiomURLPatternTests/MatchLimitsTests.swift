import Testing

@testable import AxiomURLPattern

@Suite struct MatchLimitsTests {
    @Test func oneMebibyteInputIsRejectedBeforeMatching() throws {
        let compiled = try URLPattern("https://example.com/*")
        let huge = "https://example.com/" + String(repeating: "a", count: 1 << 20)
        #expect(throws: URLPatternMatchError.inputTooLong(length: huge.utf8.count, limit: 8192)) {
            try compiled.execOrThrow(huge)
        }
        #expect(throws: URLPatternMatchError.self) {
            try compiled.execOrThrow(URLPatternInit(pathname: String(repeating: "b", count: 1 << 20)))
        }
    }

    @Test func inputLengthLimitIsConfigurable() throws {
        var limits = MatchLimits()
        limits.maxInputLength = 32
        let compiled = try URLPattern("https://example.com/*", options: .init(limits: limits))
        #expect(try compiled.testOrThrow("https://example.com/short"))
        #expect(throws: URLPatternMatchError.inputTooLong(length: 40, limit: 32)) {
            try compiled.execOrThrow("https://example.com/" + String(repeating: "x", count: 20))
        }
    }

    @Test func catastrophicBacktrackingStopsAtTheMatchLimit() throws {
        // (a+)+ against a run of 'a' that ends in '!' takes exponential time without a limit.
        let options = URLPattern.Options(limits: MatchLimits(maxInputLength: 20_000))
        let compiled = try URLPattern(URLPatternInit(pathname: "/:x((?:a+)+)"), options: options)
        let input = URLPatternInit(pathname: "/" + String(repeating: "a", count: 10_000) + "!")
        #expect(throws: URLPatternMatchError.matchLimitExceeded(component: .pathname)) {
            try compiled.execOrThrow(input)
        }
        // The same pattern still matches ordinary input.
        #expect(try compiled.execOrThrow(URLPatternInit(pathname: "/aaa"))?.pathname["x"] == "aaa")
    }

    /// Issue 16, item 5: many groups in one segment against an ordinary path of a few dozen
    /// bytes that does not match. Backtracking tries every way to split the segment (C(30, 6)
    /// for seven groups) and would stop at the limit; the answer is "no match", as the
    /// standard says.
    @Test func manyGroupsInASegmentAnswerOrdinaryInputsBelowTheLimit() throws {
        let base = "https://example.com"
        let seven = try URLPattern("/:a-:b-:c-:d-:e-:f-:g", baseURL: base)
        let trailingSlash = "/" + String(repeating: "a-", count: 30) + "/"  // 62 bytes
        #expect(try seven.execOrThrow(trailingSlash, baseURL: base) == nil)
        #expect(!seven.test(trailingSlash, baseURL: base))
        // And where there is a match, it is the standard's (lazy groups, the rest in the last).
        let result = try #require(try seven.execOrThrow("/" + String(repeating: "a-", count: 30) + "z", baseURL: base))
        #expect(result.pathname["a"] == "a" && result.pathname["f"] == "a")
        #expect(result.pathname["g"] == String(repeating: "a-", count: 24) + "z")
        // Every number of groups up to twelve, every length up to 128 bytes, three shapes of
        // failing input: none reaches the limit.
        for count in 2...12 {
            let pattern = try URLPattern("/" + (0..<count).map { ":g\($0)" }.joined(separator: "-") + ".html", baseURL: base)
            for length in stride(from: 8, through: 112, by: 16) {  // inputs up to 120 bytes
                let body = String(repeating: "ab-", count: length / 3)
                for input in ["/\(body)/", "/\(body).htm", "/\(body)x/y.html"] {
                    do {
                        #expect(try pattern.execOrThrow(input, baseURL: base) == nil, "\(count) groups, \(input)")
                    } catch {
                        Issue.record("\(count) groups, \(input): \(error)")
                    }
                }
            }
        }
    }

    /// The fallback has bounds of its own: past 128 bytes, or with a back-reference, a runaway
    /// search still ends at the limit, with an error that says what to change.
    @Test func longInputsAndBackReferencesStillEndAtTheLimit() throws {
        let base = "https://example.com"
        let seven = try URLPattern("/:a-:b-:c-:d-:e-:f-:g", baseURL: base)
        let long = "/" + String(repeating: "a-", count: 150) + "/"
        let error = try #require(throws: URLPatternMatchError.self) { try seven.execOrThrow(long, baseURL: base) }
        #expect(error == .matchLimitExceeded(component: .pathname))
        #expect(error.description.contains("raise MatchLimits.matchLimit or write fewer groups per segment"))
        #expect(seven.exec(long, baseURL: base) == nil)  // the standard's form: null, the reason dropped
        let backReference = try URLPattern(URLPatternInit(pathname: "/:x((?:a|aa)+)-(\\1)"))
        #expect(try backReference.execOrThrow(URLPatternInit(pathname: "/aaa-aaa"))?.pathname["x"] == "aaa")
        #expect(throws: URLPatternMatchError.matchLimitExceeded(component: .pathname)) {
            try backReference.execOrThrow(URLPatternInit(pathname: "/" + String(repeating: "a", count: 40) + "-b"))
        }
    }
}
