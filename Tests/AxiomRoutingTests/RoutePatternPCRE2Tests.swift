import Testing

@testable import AxiomRouting

/// A route's expression is compiled while the table is, so PCRE2's refusal points at the route,
/// unless PCRE2 cannot refuse it (generated pieces and plain regexp groups: the rule a
/// URLPattern's regexp waits by). What PCRE2 alone refuses is still reported, at its route.
@Suite struct RoutePatternPCRE2Tests {
    @Test(arguments: [
        ("/a/:id([z-a])", "range out of order"), ("/a/:id(a{70000})", "too big"), ("/a/:id((?<=a+)b)", "lookbehind"),
    ])
    func whatOnlyPCRE2RefusesIsReportedAtTheRoute(pattern: String, message: String) throws {
        let text = "route home /\nroute item \(pattern)\n"
        let compilation = Router.compile([RouteSource(name: "app.routes", text: text)])
        #expect(compilation.router == nil)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.code == .invalidPattern)
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
    }

    @Test func aPlainRegexpGroupRoutesAsCompiled() throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: "route home /\nroute item /a/:id([a-z0-9_]+)/:n(\\d+)\n"))
        let match = try router.resolve(path: "/a/x_1/42").get()
        #expect(match.route.name == "item")
        #expect(match.parameters["id"] == .string("x_1"))
        #expect(match.parameters["n"] == .string("42"))
        #expect((try? router.resolve(path: "/a/X/42").get()) == nil)
    }
}
