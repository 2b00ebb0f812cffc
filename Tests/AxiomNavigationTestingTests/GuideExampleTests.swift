// swift-format-ignore-file
// (The guide example below is shown in Docs/Testing.md exactly as written here.)
import AxiomNavigation
import AxiomNavigationTesting
import Foundation
import Testing

// Docs/Testing.md shows this file from here to the end, as written; a test below checks it.
// --- guide example ---
@MainActor
@Suite struct CheckoutNavigationTests {
    let routes = """
        origins myapp:
        tabs shop, account
        login login

        route shop /
          transition tab(shop)
        route product /products/:id
          param id int
          parent shop
          analytics "Product"
        route checkout /checkout
          auth
          parent shop
        route account /account
          transition tab(account)
        route login /login
          transition modal(fullScreen)
        """

    @Test func aProductLinkBuildsTheBackStack() async throws {
        let navigator = try TestNavigator(routes: routes)
        await navigator.open("myapp://products/7", expect: "completed", state: """
            tabs: shop*, account
              shop: #2 shop > #3 product(id: 7)
              account: #1 account
            """)
        await navigator.back(expect: "completed", state: """
            tabs: shop*, account
              shop: #2 shop
              account: #1 account
            """)
        navigator.expectAnalytics(["completed Product", "completed back"])
    }

    @Test func checkoutWaitsForSignIn() async throws {
        let navigator = try TestNavigator(routes: routes)
        await navigator.open("myapp://checkout", expect: "redirected", state: """
            tabs: shop*, account
              shop: #0 shop
              account: #1 account
            modal fullScreen: #2 login
            """)
        await navigator.signIn(expect: "completed", state: """
            tabs: shop*, account
              shop: #3 shop > #4 checkout
              account: #1 account
            """)
        // The login screen's context came and went; the checkout's is alive.
        #expect(navigator.contexts.values.compactMap { ($0 as? RecordedContext)?.entry.route }.sorted() == ["checkout"])
    }

    @Test func pushNotificationBurstsAreLimited() async throws {
        let navigator = try TestNavigator(routes: routes)
        navigator.exhaustive = false   // only the results matter here
        for id in 1...10 { await navigator.open("myapp://products/\(id)", source: .pushNotification, expect: "completed") }
        await navigator.open("myapp://products/11", source: .pushNotification, expect: "cancelled.rate-limited")
        await navigator.advance(by: .seconds(1))
        await navigator.open("myapp://products/11", source: .pushNotification, expect: "completed")
    }
}
// --- end of guide example ---

@Suite struct TestingGuideIsUpToDate {
    @Test func theGuideShowsThisFilesExampleAsWritten() throws {
        var path = #filePath
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(source.range(of: "// --- guide example ---\n"))
        let end = try #require(source.range(of: "// --- end of guide example ---"))
        let example = String(source[start.upperBound..<end.lowerBound])
        while let slash = path.lastIndex(of: "/"), !path.hasSuffix("/Tests") { path = String(path[..<slash]) }
        let guide = try String(contentsOfFile: String(path.dropLast("/Tests".count)) + "/Docs/Testing.md", encoding: .utf8)
        #expect(guide.contains(example))
    }
}
