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

}
