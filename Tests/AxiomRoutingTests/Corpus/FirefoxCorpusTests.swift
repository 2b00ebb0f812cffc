import AxiomURLPattern
import Testing

@testable import AxiomRouting

/// Firefox for iOS (mozilla-mobile/firefox-ios, MPL-2.0): the deep links of `RouteBuilder`
/// as `Corpus/Firefox/firefox.routes`, and every URL assertion of its `RouteTests.swift`,
/// replayed through the engine. `Route` mirrors the app's enum (URLs compared in their WHATWG
/// form, which the engine's `url` type gives and `URL` equality spells differently:
/// `http://google.com?a` and `http://google.com/?a` are one URL); `route(for:)` is what
/// `makeRoute(url:)` becomes: it builds the app's value from the route's name and typed values.
@Suite struct FirefoxCorpusTests {
    enum Route: Equatable, Sendable {
        case search(url: String?, isPrivate: Bool, focusLocationField: Bool)
        case searchQuery(query: String, isPrivate: Bool)
        case glean(url: String)
        case homepanel(String)
        case settings(String)
        case defaultBrowser(String)
        case action(String)
        case fxaSignIn(query: [String: String])
        case sharesheet(url: String, title: String?, subtitle: String?)
    }

    static let app = Result { try CorpusApp("Corpus/Firefox/firefox.routes") }

    /// A URL as the WHATWG parser writes it.
    static func canonical(_ url: String) -> String { (try? URLRecord(url).href) ?? url }

    /// The engine's answer as the app's value (the app's browsing mode: not private; no open tabs).
    static func route(for url: String) -> Route? {
        guard let app = try? app.get(), case .success(let match) = app.router.resolve(url) else { return nil }
        let query = match.query
        func string(_ name: String) -> String? { query[name].map(\.description) }
        var isPrivate = false
        if case .bool(let value) = query["private"] { isPrivate = value }
        let name = match.route.name
        switch name {
        case "settings", "homepanel", "defaultBrowser", "action":
            // The section the table read out of the nested path, as the app's raw value.
            guard let section = string("section") else { return nil }
            switch name {
            case "settings": return .settings(section)
            case "homepanel": return .homepanel(section)
            case "defaultBrowser": return .defaultBrowser(section)
            default: return .action(section)
            }
        case "fxaSignIn":
            var items: [String: String] = [:]
            if case .fields(let fields) = query["params"] { items = fields }
            items["signin"] = string("signin")
            if let value = string("private") { items["private"] = value }
            return .fxaSignIn(query: items)
        case "openUrl", "widgetMediumTopSitesOpenUrl": return .search(url: string("url"), isPrivate: isPrivate, focusLocationField: false)
        case "widgetSmallQuickLinkOpenUrl", "widgetMediumQuickLinkOpenUrl":
            return .search(url: string("url"), isPrivate: isPrivate, focusLocationField: true)
        case "openText": return .searchQuery(query: string("text") ?? "", isPrivate: isPrivate)
        case "glean": return .glean(url: url)
        case "widgetSmallQuickLinkClosePrivateTabs", "widgetMediumQuickLinkClosePrivateTabs": return .action("close-private-tabs")
        case "widgetTabsMediumOpenUrl", "widgetTabsLargeOpenUrl":
            // No tab of that uuid is open: a new, empty tab.
            return .search(url: nil, isPrivate: false, focusLocationField: false)
        case "shareSheet":
            return string("url").map { .sharesheet(url: $0, title: string("title"), subtitle: string("subtitle")) }
        default: return nil
        }
    }

    static func assertion(_ test: String, _ url: String, _ expected: Route?, differs: String? = nil) -> CorpusAssertion<Route> {
        // URLs inside the expected values are compared as the WHATWG parser writes them.
        var expected = expected
        switch expected {
        case .search(let inner?, let isPrivate, let focus): expected = .search(url: canonical(inner), isPrivate: isPrivate, focusLocationField: focus)
        case .sharesheet(let inner, let title, let subtitle): expected = .sharesheet(url: canonical(inner), title: title, subtitle: subtitle)
        default: break
        }
        return CorpusAssertion(test, url, expected, differs: differs)
    }

    /// RouteTests.swift, in its order. Four of its tests set the clipboard and assert what the
    /// app reads from it; the URL only names the action (`widget-small-quicklink-open-copied`),
    /// so they are not assertions about URLs and are left out (the docs count them).
    static let assertions: [CorpusAssertion<Route>] = [
        assertion(
            "testSearchRouteWithUrl", "http://google.com?a=1&b=2&c=foo%20bar",
            .search(url: "http://google.com?a=1&b=2&c=foo%20bar", isPrivate: false, focusLocationField: true),
            differs: "as the default browser the app opens every http(s) URL; a table's origins name hosts"),
        assertion("testSearchRouteWithJS_shouldReturnFalse", "javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion(
            "testSearchRouteWithEncodedUrl", "firefox://open-url?url=http%3A%2F%2Fgoogle.com%3Fa%3D1%26b%3D2%26c%3Dfoo%2520bar",
            .search(url: "http://google.com?a=1&b=2&c=foo%20bar", isPrivate: false, focusLocationField: false)),
        assertion("testSearchRouteWithPrivateFlag", "firefox://open-url?private=true", .search(url: nil, isPrivate: true, focusLocationField: false)),
        assertion("testSettingsRouteWithClearPrivateData", "firefox://deep-link?url=/settings/clear-private-data", .settings("clear-private-data")),
        assertion("testSettingsRouteWithNewTab", "firefox://deep-link?url=/settings/newTab", .settings("newtab")),
        assertion("testSettingsRouteWithNewTabTrailingSlash", "firefox://deep-link?url=/settings/newTab/", .settings("newtab")),
        assertion("testSettingsRouteWithHomePage", "firefox://deep-link?url=/settings/homePage", .settings("homepage")),
        assertion("testSettingsRouteWithMailto", "firefox://deep-link?url=/settings/mailto", .settings("mailto")),
        assertion("testSettingsRouteWithSearch", "firefox://deep-link?url=/settings/search", .settings("search")),
        assertion("testSettingsRouteWithFxa", "firefox://deep-link?url=/settings/fxa", .settings("fxa")),
        assertion("testHomepanelRouteWithBookmarks", "firefox://deep-link?url=/homepanel/bookmarks", .homepanel("bookmarks")),
        assertion("testHomepanelRouteWithTopSites", "firefox://deep-link?url=/homepanel/top-sites", .homepanel("top-sites")),
        assertion("testHomepanelRouteWithHistory", "firefox://deep-link?url=/homepanel/history", .homepanel("history")),
        assertion("testHomepanelRouteWithReadingList", "firefox://deep-link?url=/homepanel/reading-list", .homepanel("reading-list")),
        assertion("testDefaultBrowserRouteWithTutorial", "firefox://deep-link?url=/default-browser/tutorial", .defaultBrowser("tutorial")),
        assertion(
            "testDefaultBrowserRouteWithSystemSettings", "firefox://deep-link?url=/default-browser/system-settings",
            .defaultBrowser("system-settings")),
        assertion("testInvalidRouteWithBadPath", "firefox://deep-link?url=/homepanel/badbad", nil),
        assertion(
            "testFxaSignInrouteBuilderRoute", "firefox://fxa-signin?signin=coolcodes&user=foo&email=bar",
            .fxaSignIn(query: ["signin": "coolcodes", "user": "foo", "email": "bar"])),
        assertion(
            "test_makeRoute_forFXASignIn_withJS_doesntOpenRoute", "firefox://fxa-signin?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion("testInvalidScheme", "focus://deep-link?url=/settings/newTab", nil),
        assertion("testWhenJSSchemeWithSearchThenDoesntOpenRoute", "firefox://open-url?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion("testMakeRouteWhenJSSchemeWithAlertThenDoesntOpenRoute", "firefox://open-url?url=javascript:alert(1)", nil),
        assertion("testMakeRouteWhenJSSchemeWithWindowCloseThenDoesntOpenRoute", "firefox://open-url?url=javascript:window.close();alert(1337)", nil),
        assertion("testInvalidDeepLink", "firefox://deep-links-are-fun?url=/settings/newTab/", nil),
        assertion(
            "test_makeRoute_forDeepLinks_withJS_doesntOpenRoute", "firefox://deep-link?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion(
            "testWidgetMediumTopSitesOpenUrl", "firefox://widget-medium-topsites-open-url?url=https://google.com",
            .search(url: "https://google.com", isPrivate: false, focusLocationField: false)),
        assertion(
            "test_makeRoute_forMediumTopSitesWidget_withJS_doesntOpenRoute",
            "firefox://widget-medium-topsites-open-url?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion(
            "testWidgetSmallQuicklinkOpenUrlWithPrivateFlag", "firefox://widget-small-quicklink-open-url?private=true&url=https://google.com",
            .search(url: "https://google.com", isPrivate: true, focusLocationField: true)),
        assertion(
            "test_makeRoute_forSmallQuickLinkWidget_withJS_doesntOpenRoute",
            "firefox://widget-small-quicklink-open-url?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion(
            "testWidgetMediumQuicklinkOpenUrlWithoutPrivateFlag", "firefox://widget-medium-quicklink-open-url?url=https://google.com",
            .search(url: "https://google.com", isPrivate: false, focusLocationField: true)),
        assertion(
            "test_makeRoute_forMediumQuickLinkWidget_withJS_doesntOpenRoute",
            "firefox://widget-medium-quicklink-open-url?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion("testWidgetSmallQuicklinkClosePrivateTabs", "firefox://widget-small-quicklink-close-private-tabs", .action("close-private-tabs")),
        assertion(
            "test_makeRoute_forMediumQuickLinkCloseWidget_withJS_doesntOpenRoute",
            "firefox://widget-small-quicklink-close-private-tabs?url=javascript://https://google.com%2Fsearch?q=foo", .action("close-private-tabs")),
        assertion(
            "testWidgetMediumQuicklinkClosePrivateTabs",
            "firefox://widget-medium-quicklink-close-private-tabs?url=javascript://https://google.com%2Fsearch?q=foo", .action("close-private-tabs")),
        assertion("testUnsupportedScheme", "chrome://example.com", nil),
        assertion("testInvalidHost", "firefox://", nil),
        assertion("testInvalidDeepLinking", "firefox://deep-link?url=/invalid-path", nil),
        assertion(
            "testInvalidWidgetTabUuid", "firefox://widget-tabs-medium-open-url?uuid=invalid",
            .search(url: nil, isPrivate: false, focusLocationField: false)),
        assertion("testInvalidFxaSignIn", "firefox://fxa-signin", nil),
        assertion("testOpenText", "firefox://open-text?text=google", .searchQuery(query: "google", isPrivate: false)),
        assertion("test_makeRoute_forOpenText_withJS_doesntOpenRoute", "firefox://open-text?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion(
            "testShareSheetRouteUrlOnly", "firefox://share-sheet?url=https://www.google.com",
            .sharesheet(url: "https://www.google.com", title: nil, subtitle: nil)),
        assertion(
            "testShareSheetRouteUrlTitle", "firefox://share-sheet?url=https://www.google.com&title=TEST TITLE",
            .sharesheet(url: "https://www.google.com", title: "TEST TITLE", subtitle: nil)),
        assertion(
            "testShareSheetRouteUrlTitleAndSubtitle", "firefox://share-sheet?url=https://www.google.com&title=TEST TITLE&subtitle=TEST SUBTITLE",
            .sharesheet(url: "https://www.google.com", title: "TEST TITLE", subtitle: "TEST SUBTITLE")),
        assertion(
            "test_makeRoute_forShareSheet_withJS_doesntOpenRoute", "firefox://share-sheet?url=javascript://https://google.com%2Fsearch?q=foo", nil),
        assertion("testAppAction_showIntroOnboarding", "firefox://deep-link?url=/action/show-intro-onboarding", .action("show-intro-onboarding")),
    ]

    @Test func theTableIsCleanAndItsMarksAreTheDocumentedOnes() throws {
        let app = try Self.app.get()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(app.marks == [.asWritten: 18, .notExpressible: 1])
        #expect(app.roundTrips() == [])
    }

    @Test func theAppsOwnAssertionsAgree() {
        #expect(Self.assertions.count == 47)
        #expect(replay(Self.assertions, Self.route(for:)) == 46)
    }

    /// The engine reads the hosts and the nested URL as the app does, in every spelling.
    @Test func otherSpellingsTheAppAccepts() {
        // The app lowercases the host; `+` stays `+` (URLComponents.queryItems), so a nested
        // search keeps it; the nested URL runs to the end of the query.
        #expect(
            Self.route(for: "firefox://Open-URL?url=https://x.com/s?q=swift+ios&page=2")
                == .search(url: "https://x.com/s?q=swift+ios&page=2", isPrivate: false, focusLocationField: false))
        // The app's section enums hold camel-case values it can never reach (it lowercases the
        // path first): the table's pattern ignores case, so they open, in the enum's spelling.
        #expect(Self.route(for: "firefox://deep-link?url=/settings/contentBlocker") == .settings("contentBlocker"))
        #expect(Self.route(for: "firefox://deep-link?url=/SETTINGS/NEWTAB/x/y") == .settings("newtab"))
        #expect(Self.route(for: "firefox://deep-link?url=/settings") == nil)
    }
}
