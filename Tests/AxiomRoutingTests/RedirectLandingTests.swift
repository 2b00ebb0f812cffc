import Testing

@testable import AxiomRouting

/// A redirect or an alias lands exactly where resolving its target's URL directly lands (issue 51):
/// `redirect legacyDoc /legacy/:name -> doc` beside a stricter sibling of `doc`'s
/// (`adminDoc /docs/:name(admin-[^/]*)`, in-app only) takes `/legacy/admin-keys` to `adminDoc`, as
/// `/docs/admin-keys` goes — never to `doc` from any link. The same for `set` values and aliases.
@Suite struct RedirectLandingTests {
    static let table = """
        origins myapp:
        route adminDoc /docs/:name(admin-[^\\/]*)
          sources inApp
        route doc /docs/:name
          alias /d/:name
        redirect legacyDoc /legacy/:name -> doc
        redirect adminHome /admin-home -> doc
          set name = admin-home
        redirect plainHome /home-doc -> doc
          set name = welcome
        """

    let router: Router
    init() throws { router = try Router(source: RouteSource(name: "t.routes", text: Self.table)) }

    @Test(arguments: [
        ("myapp://docs/admin-keys", "adminDoc"), ("myapp://legacy/admin-keys", "adminDoc"), ("myapp://d/admin-keys", "adminDoc"),
        ("myapp://admin-home", "adminDoc"), ("myapp://legacy/guide", "doc"), ("myapp://d/guide", "doc"), ("myapp://home-doc", "doc"),
    ])
    func aRedirectOrAliasLandsWhereItsTargetsURLLands(url: String, route: String) throws {
        let match = try router.resolve(url).get()
        #expect(match.route.name == route, "\(url)")
        // Decided as that route: its own policy.
        #expect(match.route.metadata.allows(source: "deepLink") == (route != "adminDoc"), "\(url)")
    }

    @Test func theChainIsStillRecorded() throws {
        let match = try router.resolve("myapp://legacy/admin-keys").get()
        #expect(match.redirects.map(\.name) == ["legacyDoc"])
        #expect(match.parameters["name"] == .string("admin-keys"))
        #expect(try router.resolve("myapp://d/admin-x").get().alias == "/d/:name")
    }
}
