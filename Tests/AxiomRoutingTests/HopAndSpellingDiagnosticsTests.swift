import Foundation
import Testing

@testable import AxiomRouting

/// `check`'s W416 (a hop that lands on a stricter route than its target) and W417 (a spelling the
/// table cannot keep on one route): each finding names an example URL that the router really
/// sends where the warning says, and tables without the problem stay quiet.
@Suite struct HopAndSpellingDiagnosticsTests {
    static func compile(_ text: String) -> RouteTableCompilation {
        Router.compile([RouteSource(name: "t.routes", text: "origins https://example.com\n" + text)])
    }

    static func warnings(_ text: String, _ code: DiagnosticCode) -> [Diagnostic] {
        compile(text).diagnostics.filter { $0.code == code }
    }

    static let docs = """
        route adminDoc /docs/:name(admin-[^\\/]*)
          sources inApp
        route doc /docs/:name

        """

    @Test func aRedirectWhoseValuesGiveTheStricterRoutesURLsIsReportedWithAnExampleThatLandsThere() throws {
        let text = Self.docs + "redirect legacyDoc /legacy/:name -> doc\n"
        let found = Self.warnings(text, .redirectTakenByStricter)
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(warning.message.contains("redirect 'legacyDoc' leads to 'doc'"))
        #expect(warning.message.contains("lands on 'adminDoc'"))
        // The example is a URL of the redirect, and the router sends it to `adminDoc`.
        let example = try #require(warning.message.split(separator: "'").first { $0.hasPrefix("/legacy/") })
        let router = try #require(Self.compile(text).router)
        #expect(try router.resolve(path: String(example)).get().route.name == "adminDoc")
    }

    @Test func aSetValueAnAliasAndAChainAreReportedToo() {
        // A `set` value that is one of the stricter route's.
        #expect(Self.warnings(Self.docs + "redirect keys /keys -> doc\n  set name = admin-keys\n", .redirectTakenByStricter).count == 1)
        // An alias of the target.
        #expect(Self.warnings(Self.docs.replacingOccurrences(of: "route doc /docs/:name\n", with: "route doc /docs/:name\n  alias /d/:name\n"), .redirectTakenByStricter).count == 1)
        // A chain of redirects: reported at the first hop whose URL lands there.
        let chain = Self.docs + "redirect old /old/:name -> legacy\nredirect legacy /legacy/:name -> doc\n"
        #expect(Self.warnings(chain, .redirectTakenByStricter).count == 2)
    }

    @Test func aHopThatCannotMakeTheStricterRoutesURLsIsQuiet() {
        // Its values never start with `admin-` (no `-` at all).
        #expect(Self.warnings(Self.docs + "redirect legacyDoc /legacy/:name([a-z0-9]+) -> doc\n", .redirectTakenByStricter).isEmpty)
        // A `set` value the stricter route does not take.
        #expect(Self.warnings(Self.docs + "redirect guide /guide -> doc\n  set name = guide\n", .redirectTakenByStricter).isEmpty)
        // The route ranked first is no stricter than the target.
        let open = """
            route adminDoc /docs/:name(admin-[^\\/]*)
            route doc /docs/:name
            redirect legacyDoc /legacy/:name -> doc
            """
        #expect(Self.warnings(open, .redirectTakenByStricter).isEmpty)
        // A redirect straight to the stricter route says what it does: nothing to report.
        #expect(Self.warnings(Self.docs + "redirect legacyAdmin /legacy-admin/:name -> adminDoc\n", .redirectTakenByStricter).isEmpty)
    }

    @Test(arguments: ["%40", "%7E", "%3A", "%21", "%2B"])
    func aPatternWritingAnEscapeURLsAreMatchedWithDecodedIsReported(escape: String) throws {
        let text = "route mine /\(escape)me/settings\n  auth\nroute page /:page+\n"
        let found = Self.warnings(text, .spellingNotGuaranteed)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("writes '\(escape)'") == true)
        // What the warning says: no spelling of the URL reaches the route.
        let router = try #require(Self.compile(text).router)
        let decoded = String(decoding: [UInt8(escape.dropFirst(), radix: 16) ?? 0], as: UTF8.self)
        for spelling in ["/\(escape)me/settings", "/\(decoded)me/settings"] {
            #expect(try router.resolve(path: spelling).get().route.name == "page")
        }
        // Written as the character itself, both spellings reach it, and `check` is quiet.
        let fixed = "route mine /\(decoded == ":" ? "\\:" : decoded == "+" ? "\\+" : decoded)me/settings\n  auth\nroute page /:page+\n"
        #expect(Self.warnings(fixed, .spellingNotGuaranteed).isEmpty)
        let fixedRouter = try #require(Self.compile(fixed).router)
        for spelling in ["/\(escape)me/settings", "/\(decoded)me/settings"] {
            #expect(try fixedRouter.resolve(path: spelling).get().route.name == "mine")
        }
    }

    @Test func anEscapeOfACharacterThatStaysEscapedIsNotReported() {
        // `%2F` and `%20` are never decoded before matching: a pattern may write them.
        #expect(Self.warnings("route a /a%2Fb\nroute s /with%20space\n", .spellingNotGuaranteed).isEmpty)
    }

    @Test func aCaseInsensitiveTableWhoseRestrictedRouteLosesAnotherCaseToAWeakerRouteIsReported() throws {
        let text = """
            option path-case insensitive
            route kind /x/:kind
              param kind enum(admin, user)
              auth
            route page /:page+
            """
        let found = Self.warnings(text, .spellingNotGuaranteed)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("taken by 'page' (no auth)") == true)
        let router = try #require(Self.compile(text).router)
        #expect(try router.resolve(path: "/x/ADMIN").get().route.name == "page")
        // The regexp group takes the values in any case: one route for every spelling, no warning.
        let fixed = text.replacingOccurrences(of: "route kind /x/:kind\n  param kind enum(admin, user)", with: "route kind /x/:kind(admin|user)")
        #expect(Self.warnings(fixed, .spellingNotGuaranteed).isEmpty)
        #expect(try #require(Self.compile(fixed).router).resolve(path: "/x/ADMIN").get().route.name == "kind")
        // A table that minds case has one spelling per case: nothing to report.
        #expect(Self.warnings(text.replacingOccurrences(of: "option path-case insensitive\n", with: ""), .spellingNotGuaranteed).isEmpty)
    }
}
