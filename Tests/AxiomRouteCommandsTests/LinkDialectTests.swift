import Foundation
import Testing

@testable import AxiomRouteCommands

private func url(_ text: String) throws -> LinkURL { try #require(LinkURL(text)) }

/// The models of each platform's matcher, held to the platforms' own documented examples (and,
/// for Android, to the behaviour of AOSP's `PatternMatcher`, quirks included).
@Suite struct AppleComponentTests {
    @Test func wildcardsAreAppleDocumented() {
        // `*` matches zero or more characters, greedily, `/` included; `?` exactly one; `?*` one or more.
        #expect(AppleGlob.matches("/videos/*", "/videos/wwdc/2015/x", caseSensitive: true))
        #expect(AppleGlob.matches("/videos/*", "/videos/", caseSensitive: true))
        #expect(!AppleGlob.matches("/videos/?*", "/videos/", caseSensitive: true))
        #expect(AppleGlob.matches("????", "1234", caseSensitive: true))
        #expect(!AppleGlob.matches("????", "12345", caseSensitive: true))
        #expect(AppleGlob.matches("*market/lettings*", "/market/lettings/49830", caseSensitive: true))
        #expect(!AppleGlob.matches("/Help", "/help", caseSensitive: true))
        #expect(AppleGlob.matches("/Help", "/help", caseSensitive: false))
        // A pattern with many stars against a long text stays linear enough to answer.
        #expect(!AppleGlob.matches(String(repeating: "*a", count: 200) + "b", String(repeating: "a", count: 4000), caseSensitive: true))
    }

    /// WWDC19 "What's new in universal links": `/help/*` with `articleNumber` of exactly four
    /// characters and `articleName` of one or more.
    @Test func queryItemsAsAppleDescribesThem() throws {
        let component = LinkComponent(path: "/help/*", query: .items(["articleNumber": "????", "articleName": "?*"]))
        #expect(component.matches(try url("https://example.com/help/website/search?articleNumber=1234&articleName=abc")))
        #expect(!component.matches(try url("https://example.com/help/website/search?articleNumber=12345&articleName=abc")))
        // An absent item reads as the empty string: `?*` refuses it, `*` takes it.
        #expect(!component.matches(try url("https://example.com/help/x?articleNumber=1234")))
        #expect(LinkComponent(path: "*", query: .items(["v": "*"])).matches(try url("https://example.com/watch")))
        // Every instance of a repeated item must match.
        #expect(!component.matches(try url("https://example.com/help/x?articleNumber=1234&articleNumber=12&articleName=a")))
    }

    @Test func firstMatchDecidesAndExcludeKeepsTheLinkInTheBrowser() throws {
        let list = ComponentList(components: [
            LinkComponent(fragment: "no_universal_links", exclude: true),
            LinkComponent(path: "/settings/account/password", exclude: true),
            LinkComponent(path: "/settings/*"),
        ])
        #expect(list.opener(of: try url("https://example.com/settings/privacy")) == 2)
        #expect(list.opener(of: try url("https://example.com/settings/account/password")) == nil)
        #expect(list.opener(of: try url("https://example.com/settings/privacy#no_universal_links")) == nil)
        #expect(list.opener(of: try url("https://example.com/other")) == nil)
    }

    @Test func percentEncodedFalseComparesDecodedText() throws {
        let link = try url("https://example.com/caf%C3%A9")
        #expect(!LinkComponent(path: "/café").matches(link))
        #expect(LinkComponent(path: "/café", percentEncoded: false).matches(link))
        #expect(LinkComponent(path: "/caf%C3%A9").matches(link))
    }
}

@Suite struct AndroidMatcherTests {
    /// `pathPattern`: `.` any character, `X*` zero or more of X, `\` escapes — and `.*` runs to
    /// the first occurrence of the next character, without backtracking (AOSP's matchGlobPattern).
    @Test func simpleGlobAsTheManifestDocsAndAOSPHaveIt() {
        #expect(AndroidGlob.matchesSimple("/profile/.*", "/profile/1/2"))
        #expect(AndroidGlob.matchesSimple("/profile/.*", "/profile/"))
        #expect(AndroidGlob.matchesSimple("a*b", "aaab"))
        #expect(AndroidGlob.matchesSimple("a*b", "b"))
        #expect(!AndroidGlob.matchesSimple("a*b", "acb"))
        #expect(AndroidGlob.matchesSimple("/files/.*\\.json", "/files/x.json"))
        // No backtracking: `.*` stops at the first `/`, so the rest must follow from there.
        #expect(!AndroidGlob.matchesSimple("/.*/edit", "/a/b/edit"))
        #expect(AndroidGlob.matchesSimple("/.*/edit", "/a/edit"))
        // A literal star, escaped.
        #expect(AndroidGlob.matchesSimple("/a\\*", "/a*"))
        #expect(!AndroidGlob.matchesSimple("/a\\*", "/aa"))
    }

    @Test func advancedPatternIsGreedyAndNeverGivesBack() {
        #expect(AndroidGlob.matchesAdvanced("/user/[0-9]+", "/user/42") == true)
        #expect(AndroidGlob.matchesAdvanced("/user/[0-9]+", "/user/x") == false)
        #expect(AndroidGlob.matchesAdvanced("/user/[^/]+", "/user/a/b") == false)
        #expect(AndroidGlob.matchesAdvanced("/user/.{2,3}", "/user/abc") == true)
        #expect(AndroidGlob.matchesAdvanced("/user/.{2,3}", "/user/abcd") == false)
        #expect(AndroidGlob.matchesAdvanced("/n/-{0,1}[0-9]+", "/n/-3") == true)
        // `[^/]+` takes `x.json` whole and gives nothing back: `\.json` after it never matches.
        #expect(AndroidGlob.matchesAdvanced("/f/[^/]+\\.json", "/f/x.json") == false)
        // Patterns the platform refuses.
        #expect(AndroidGlob.matchesAdvanced("*a", "a") == nil)
        #expect(AndroidGlob.matchesAdvanced("[a-z", "a") == nil)
        #expect(AndroidGlob.matchesAdvanced("a{3,1}", "aaa") == nil)
    }

    @Test func intentFilterHostsPathsAndRelativeGroups() throws {
        var filter = IntentFilterModel(schemes: ["https"], hosts: ["*.example.com"], paths: [.prefix("/shop")])
        #expect(filter.matches(try url("https://a.example.com/shop/1")))
        // A `*.` host is the subdomains only.
        #expect(!filter.matches(try url("https://example.com/shop/1")))
        #expect(!filter.matches(try url("http://a.example.com/shop/1")))
        // API 35: groups in order, the first that matches allows or blocks; one must allow.
        filter.paths = []
        filter.groups = [
            .init(allow: false, path: .literal("/shop/secret")),
            .init(allow: true, path: .advanced("/shop/[^/]+"), query: [.advanced("q=.+")]),
        ]
        #expect(filter.matches(try url("https://a.example.com/shop/1?x=2&q=swift")))
        #expect(!filter.matches(try url("https://a.example.com/shop/1")))
        #expect(!filter.matches(try url("https://a.example.com/shop/secret?q=1")))
        // Query items are matched decoded, one `name=value` pair at a time.
        #expect(filter.matches(try url("https://a.example.com/shop/1?q=caf%C3%A9")))
    }
}
