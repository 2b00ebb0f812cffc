import Testing

@testable import AxiomRouting

/// Another spelling never reaches a weaker route (issue 51): an escape of a character a path
/// segment holds as it is (`@`, `:`, the sub-delimiters) is decoded before matching, as escapes of
/// unreserved characters were, so `/%40me/settings` is the restricted route `/@me/settings` and not
/// the open catch-all beside it. Escapes that would move where the path splits (`/`, `?`, `#`) stay.
@Suite struct ReservedEscapeSpellingTests {
    static let table = """
        origins myapp:
        route mySettings /@me/settings
          auth
          sources inApp
        route share /share/:target
        route page /:page+
          param page path
        """

    let router: Router
    init() throws { router = try Router(source: RouteSource(name: "t.routes", text: Self.table)) }

    @Test(arguments: [
        "myapp://%40me/settings", "myapp://%40me/%73ettings", "myapp://%40me/settings/", "myapp://%40%6de/settings",
    ])
    func everySpellingOfTheRestrictedPathIsTheRestrictedRoute(url: String) throws {
        let match = try router.resolve(url).get()
        #expect(match.route.name == "mySettings", "\(url)")
        #expect(match.route.metadata.requiresAuthentication)
        // The borrowed match agrees.
        let path = String(url.dropFirst("myapp:/".count))
        #expect(try router.withMatch(path: path) { $0.routeName }.get() == "mySettings")
    }

    @Test func theCatchAllNeverReceivesTheRestrictedRoutesPath() throws {
        for url in ["myapp://%40me/settings", "myapp://%40me%2Fsettings", "myapp://%40%6De/settings"] {
            if case .success(let match) = router.resolve(url) {
                #expect(match.route.name != "page" || match.parameters["page"] != .path(["@me", "settings"]), "\(url)")
            }
        }
    }

    @Test func valuesReadTheSameUnderEitherSpelling() throws {
        for (url, value) in [
            ("myapp://share/a%40b", "a@b"), ("myapp://share/a@b", "a@b"), ("myapp://share/x%3Ay", "x:y"), ("myapp://share/4%2B2", "4+2"),
        ] {
            let match = try router.resolve(url).get()
            #expect(match.route.name == "share", "\(url)")
            #expect(match.parameters["target"] == .string(value), "\(url)")
        }
        // Reverse routing writes what reads back.
        for value in ["a@b", "x:y", "4+2", "a,b;c=d", "!$&'()*"] {
            let url = try router.url(for: "share", parameters: ["target": .string(value)])
            #expect(try router.resolve(url).get().parameters["target"] == .string(value), "\(url)")
        }
    }

    @Test func escapesThatMoveThePathsSplitsStayEscaped() {
        #expect(Router.normalizingEscapes("/a%3Fb/c%23d/e%2Ff/g%25h") == "/a%3Fb/c%23d/e%2Ff/g%25h")
        #expect(Router.normalizingEscapes("/%40%3a%3B%3d%21%24%26%27%28%29%2a%2B%2C") == "/@:;=!$&'()*+,")
        #expect(Router.normalizingEscapes("/%3f%2f") == "/%3F%2F")
    }
}
