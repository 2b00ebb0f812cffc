import Testing

@testable import AxiomRouting

/// DuckDuckGo for iOS (duckduckgo/apple-browsers, Apache-2.0): the app's deep-link schemes of
/// `AppDeepLinkSchemes` as `Corpus/DuckDuckGo/duckduckgo.routes`, and every assertion of its
/// `AppDeepLinkSchemesTests.swift` about a URL, replayed through the engine. `Link` mirrors the
/// app's enum (the case `fromURL(_:)` gives) with what `MainCoordinator` reads from the URL;
/// `link(for:)` builds it from the route's name and typed values.
@Suite struct DuckDuckGoCorpusTests {
    enum Link: Equatable, Sendable {
        case newSearch, voiceSearch, fireButton, favorites, newEmail, addFavorite, openVPN, openAIChat, openBookmarks, customProductPage
        /// What `query(fromQuickLink:)` gives: the rest of the URL, repaired.
        case quickLink(String)
        case openPasswords(fromLockScreen: Bool)
        case openAIVoiceChat(source: String?)
    }

    static let app = Result { try CorpusApp("Corpus/DuckDuckGo/duckduckgo.routes") }

    /// The route of each case, in the app's `allCases` order, with its scheme as the app spells it.
    static let schemes: [(route: String, scheme: String, link: Link)] = [
        ("newSearch", "ddgNewSearch", .newSearch), ("voiceSearch", "ddgVoiceSearch", .voiceSearch),
        ("fireButton", "ddgFireButton", .fireButton), ("favorites", "ddgFavorites", .favorites), ("newEmail", "ddgNewEmail", .newEmail),
        ("quickLink", "ddgQuickLink", .quickLink("")), ("addFavorite", "ddgAddFavorite", .addFavorite), ("openVPN", "ddgOpenVPN", .openVPN),
        ("openPasswords", "ddgOpenPasswords", .openPasswords(fromLockScreen: false)), ("openAIChat", "ddgOpenAIChat", .openAIChat),
        ("openAIVoiceChat", "ddgOpenAIVoiceChat", .openAIVoiceChat(source: nil)), ("openBookmarks", "ddgOpenBookmarks", .openBookmarks),
        ("customProductPage", "ddgCPP", .customProductPage),
    ]

    /// The engine's answer as the app's value.
    static func link(for url: String) -> Link? {
        guard let app = try? app.get(), case .success(let match) = app.router.resolve(url) else { return nil }
        switch match.route.name {
        case "quickLink":
            // The app's repair: a payload that lost its scheme's `:` (`https//foo.bar`) gets it back.
            guard case .string(var payload)? = match.parameters["payload"] else { return nil }
            for scheme in ["https", "http"] where payload.hasPrefix(scheme + "//") {
                payload = scheme + ":" + payload.dropFirst(scheme.count)
            }
            return .quickLink(payload)
        case "openPasswords": return .openPasswords(fromLockScreen: match.query["ls"] != nil)
        case "openAIVoiceChat":
            if case .string(let source)? = match.query["source"] { return .openAIVoiceChat(source: source) }
            return .openAIVoiceChat(source: nil)
        case let name: return schemes.first { $0.route == name }?.link
        }
    }

    /// `AppDeepLinkSchemesTests.swift`, in its order (the app's `allCases` test is one assertion a
    /// case). Left out: its raw-value list (no URL) and `query(fromQuickLink:)` on another scheme's
    /// URL (a helper given a URL that is not a quick link: nothing is routed).
    static let assertions: [CorpusAssertion<Link>] =
        schemes.map { CorpusAssertion("whenAllSchemesAreUsedThenTheirRawValuesAndURLsRoundTrip", $0.scheme + "://", $0.link) }
        + ["ddgquicklink://foo.bar", "DDGQUICKLINK://foo.bar", "ddgQuickLink://foo.bar"].map {
            CorpusAssertion("whenSchemeCasingVariesThenTheQuickLinkIsDetected", $0, .quickLink("foo.bar"))
        } + [
            CorpusAssertion("whenSchemeIsUnknownThenItIsNotDetected", "someOtherType://foo.bar", nil),
            CorpusAssertion("whenQuickLinkQueriesAreExtractedThenTheirPayloadIsPreserved", "ddgquicklink://foo.bar", .quickLink("foo.bar")),
            CorpusAssertion(
                "whenQuickLinkQueriesAreExtractedThenTheirPayloadIsPreserved", "DDGQUICKLINK://foo.bar/baz/123?A=b&c=D",
                .quickLink("foo.bar/baz/123?A=b&c=D")),
            CorpusAssertion(
                "whenQuickLinkQueriesAreExtractedThenTheirPayloadIsPreserved", "ddgQuickLink://foo.bar/baz/123#hello-world?A=b&c=D",
                .quickLink("foo.bar/baz/123#hello-world?A=b&c=D")),
            CorpusAssertion(
                "whenQuickLinkQueriesAreExtractedThenTheirPayloadIsPreserved", "ddgquicklink://https://foo.bar", .quickLink("https://foo.bar")),
            CorpusAssertion(
                "whenQuickLinkQueriesAreExtractedThenTheirPayloadIsPreserved", "ddgquicklink://https//foo.bar", .quickLink("https://foo.bar")),
        ]

    /// The URLs the app prints (`AppDeepLinkSchemes.url`, `appending(_:)`), asked of reverse
    /// routing: a route, its values, and the app's URL. One differs: the URL parser cannot keep
    /// a nested `https://` in an app link's host (above), so `url(for:)` refuses to print a URL
    /// that would not read back.
    struct Printed {
        let test: String
        let route: String
        let parameters: RouteParameters
        let expected: String
        let difference: String?
    }

    static let printed: [Printed] =
        schemes.map {
            // A route's `*` takes the empty rest of `ddgNewSearch://`; the quick link's payload is empty.
            let parameters: RouteParameters = $0.route == "quickLink" ? ["payload": .string("")] : ["0": .path([""])]
            return Printed(
                test: "whenAllSchemesAreUsedThenTheirRawValuesAndURLsRoundTrip", route: $0.route, parameters: parameters,
                expected: $0.scheme + "://", difference: nil)
        } + [
            Printed(
                test: "whenPayloadIsAppendedThenTheSchemeIsPreserved", route: "quickLink", parameters: ["payload": .string("https://foo.bar")],
                expected: "ddgQuickLink://https://foo.bar",
                difference: "the parser drops the empty port's ':' of the host 'https', so the URL would read back as 'https//foo.bar'")
        ]

    /// How many printed URLs agree (each known difference must still be one).
    static func replayPrinted() -> Int {
        guard let app = try? app.get() else { return 0 }
        var agreeing = 0
        for case let assertion in printed {
            let url = try? app.router.url(for: assertion.route, parameters: assertion.parameters)
            if assertion.difference == nil {
                #expect(url == assertion.expected, "\(assertion.test): \(assertion.route)")
                if url == assertion.expected { agreeing += 1 }
            } else {
                #expect(url != assertion.expected, "\(assertion.test) now agrees; drop its difference")
            }
        }
        return agreeing
    }

    @Test func theTableIsCleanAndItsMarksAreTheDocumentedOnes() throws {
        let app = try Self.app.get()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(app.marks == [.asWritten: 12, .workaround: 1])
        #expect(app.roundTrips(samples: ["0": .path([""])]) == [])
    }

    @Test func theAppsOwnAssertionsAgree() {
        #expect(Self.assertions.count == 22)
        #expect(replay(Self.assertions, Self.link(for:)) == 22)
        #expect(Self.printed.count == 14)
        #expect(Self.replayPrinted() == 13)
    }

    /// What the app reads past the scheme, in every spelling the app accepts.
    @Test func theValuesTheAppReads() {
        #expect(Self.link(for: "ddgOpenPasswords://?ls") == .openPasswords(fromLockScreen: true))
        #expect(Self.link(for: "ddgOpenPasswords://") == .openPasswords(fromLockScreen: false))
        #expect(Self.link(for: "ddgopenaivoicechat://?source=control_center") == .openAIVoiceChat(source: "control_center"))
        // The scheme alone decides: any path or query reaches the action.
        #expect(Self.link(for: "ddgFireButton://anything/at/all?x=1") == .fireButton)
        // Not a scheme of the app, and not the web either.
        #expect(Self.link(for: "https://duckduckgo.com/?q=x") == nil)
        #expect(Self.link(for: "ddgfirebuttonx://") == nil)
    }
}
