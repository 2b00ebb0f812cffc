import AxiomNavigationTesting
import AxiomRouting
import Testing

@testable import AxiomNavigation

/// Every spelling and every hop decides as the direct URL does (issue 51), at the flow: a link to
/// the restricted route's path with `@` escaped, a redirect or an alias whose target a stricter
/// sibling takes, and a redirect's `set` value — each is refused from a link exactly as the
/// direct URL is, and opens in-app exactly as it does.
@MainActor
@Suite struct EverySpellingDecidesAsTheDirectURLTests {
    static let table = """
        origins myapp:
        login login
        route home /
        route mySettings /@me/settings
          auth
          sources inApp
        route adminDoc /docs/:name(admin-[^\\/]*)
          sources inApp
        route doc /docs/:name
          alias /d/:name
        redirect legacyDoc /legacy/:name -> doc
        redirect adminHome /admin-home -> doc
          set name = admin-home
        route page /:page+
          param page path
        route login /login
          transition modal(fullScreen)
        """

    static func navigator() throws -> TestNavigator {
        let navigator = try TestNavigator(routes: table, options: .init(signedIn: true))
        navigator.exhaustive = false
        return navigator
    }

    @Test(arguments: [
        ("myapp://@me/settings", "myapp://%40me/settings"), ("myapp://docs/admin-keys", "myapp://legacy/admin-keys"),
        ("myapp://docs/admin-keys", "myapp://d/admin-keys"), ("myapp://docs/admin-home", "myapp://admin-home"),
    ])
    func anotherSpellingOrHopIsDecidedAsTheDirectURL(direct: String, other: String) async throws {
        let navigator = try Self.navigator()
        await navigator.start()
        // (`myapp://@me/…` is a URL whose host is `me`, empty user info and all: the path `/@me/…`
        // has no unescaped spelling in an app-scheme URL, so only the escaped one is tried.)
        if !direct.contains("@me") { #expect(await navigator.flow.open(url: direct) == .cancelled(.untrustedSource)) }
        #expect(await navigator.flow.open(url: other) == .cancelled(.untrustedSource), "\(other)")
        #expect(navigator.state.visible?.route == "home")
        // In-app, the hop opens the stricter route itself.
        let inApp = await navigator.flow.open(url: other, source: .inApp)
        #expect(inApp.committed)
        #expect(["mySettings", "adminDoc"].contains(navigator.state.visible?.route ?? ""), "\(other)")
    }
}
