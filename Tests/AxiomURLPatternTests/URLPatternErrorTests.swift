import Testing

@testable import AxiomURLPattern

@Suite struct URLPatternErrorTests {
    private func error(pathname: String) -> URLPatternError? {
        do {
            _ = try URLPattern(URLPatternInit(pathname: pathname))
            return nil
        } catch {
            return error
        }
    }

    // The bad patterns: each a typed error naming the component and position.
    @Test(arguments: [
        ("/:id/:id", URLPatternError.Code.duplicateGroupName, 5),
        ("/(foo", .invalidRegexpGroup, 1),
        ("/:🚲", .missingGroupName, 1),
        ("/(\\m)", .invalidRegexp, 2),
        ("{/a", .unexpectedToken, 3),
        ("/a\\", .trailingBackslash, 2),
        ("/(?:a)", .invalidRegexpGroup, 1),
        ("/((a))", .invalidRegexpGroup, 2),
        ("/()", .invalidRegexpGroup, 1),
        ("/(é)", .invalidRegexpGroup, 2),
        ("/a}", .unexpectedToken, 2),
        ("/(a++)", .invalidRegexp, 4),
        ("/x/(?<=a+)", .invalidRegexpGroup, 3),
        ("/:x(\\p{NotAProperty})", .invalidRegexp, 3),
        ("/:x((?<=a+)b)", .invalidRegexp, 3),
        ("/(*ACCEPT)", .invalidRegexp, 2),
        // Names with a regexp, the shape the one-pass reader takes: refused by the translator
        // (then read by the parser, which points into the regexp), and by PCRE2 alone (a plain
        // regexp waits for its first match; this one is not plain, so construction reports it).
        ("/a/:x(\\m)", .invalidRegexp, 6),
        ("/a/:x(b**)", .invalidRegexp, 8),
        ("/a/:x([z-a])", .invalidRegexp, 5),
    ])
    func invalidPathnamesThrowTypedErrorsWithPositions(pattern: String, code: URLPatternError.Code, position: Int) throws {
        let failure = try #require(error(pathname: pattern))
        #expect(failure.code == code)
        #expect(failure.component == .pathname)
        #expect(failure.position == position)
        #expect(failure.pattern == pattern)
        #expect(failure.description.contains("pathname pattern '\(pattern)' at offset \(position)"))
    }

    @Test func messagesSayHowToFixIt() throws {
        #expect(try #require(error(pathname: "/:id/:id")).message.contains("duplicate group name 'id'"))
        #expect(try #require(error(pathname: "{/a")).message.contains("'}'"))
        #expect(try #require(error(pathname: "/(\\m)")).message.contains("invalid escape '\\m'"))
    }

    @Test func annotatedPatternPutsACaretUnderThePosition() throws {
        #expect(try #require(error(pathname: "/:id/:id")).annotatedPattern == "/:id/:id\n     ^")
    }

    @Test func constructorStringErrorsNameTheComponent() {
        #expect {
            try URLPattern("https://example.com/:id/:id")
        } throws: { error in
            let error = error as? URLPatternError
            return error?.component == .pathname && error?.code == .duplicateGroupName && error?.position == 5
        }
        #expect {
            try URLPattern("https://exa mple.com/")
        } throws: { error in
            let error = error as? URLPatternError
            return error?.component == .hostname && error?.code == .invalidComponent
        }
    }

    @Test func colonWithoutANameInARelativeConstructorStringPointsAtTheColon() {
        #expect {
            try URLPattern("/:🚲", baseURL: "https://example.com")
        } throws: { error in
            let error = error as? URLPatternError
            return error?.code == .missingGroupName && error?.position == 1 && error?.component == nil
        }
    }

    @Test(arguments: [
        (URLPatternInit(protocol: "1http"), URLPattern.Component.protocol),
        (URLPatternInit(hostname: "bad host"), .hostname),
        // The host parser's own errors (a host ends at '/', '?', '#', '\\' instead: WPT 291, 293).
        (URLPatternInit(hostname: "a@b"), .hostname),
        (URLPatternInit(hostname: "bad%host"), .hostname),
        // A port starts with a digit ('80a' reads as 80: WPT 171).
        (URLPatternInit(port: "a80"), .port),
        (URLPatternInit(port: "65536"), .port),
        (URLPatternInit(hostname: "[\\:\\:g]"), .hostname),
    ])
    func invalidFixedTextIsRejectedForItsComponent(input: URLPatternInit, component: URLPattern.Component) {
        #expect {
            try URLPattern(input)
        } throws: { error in
            let error = error as? URLPatternError
            return error?.code == .invalidComponent && error?.component == component
        }
    }

    @Test func relativeConstructorStringWithoutABaseIsAnError() {
        #expect {
            try URLPattern("/books/:id")
        } throws: { error in
            (error as? URLPatternError)?.code == .missingProtocol
        }
    }

    @Test func invalidBaseURLIsAnError() {
        #expect {
            try URLPattern("/books/:id", baseURL: "not a url")
        } throws: { error in
            (error as? URLPatternError)?.code == .invalidBaseURL
        }
    }

    @Test func unparsableURLsAreTypedMatchErrors() throws {
        let compiled = try URLPattern("https://example.com/*")
        #expect {
            try compiled.execOrThrow("no scheme")
        } throws: { error in
            (error as? URLPatternMatchError)?.code == .invalidURL
        }
        #expect {
            try compiled.execOrThrow("/x", baseURL: "::")
        } throws: { error in
            (error as? URLPatternMatchError)?.code == .invalidBaseURL
        }
    }
}
