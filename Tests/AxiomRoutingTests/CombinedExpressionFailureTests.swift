import Testing

@testable import AxiomRouting

/// A route checked alone can still break the table's combined expression, which wraps each
/// route in a few more groups (PCRE2 allows 250 levels of parentheses). The error must name
/// the route to change, not the table's first route, and say how to fix it.
@Suite struct CombinedExpressionFailureTests {
    /// A table whose second route nests `depth` non-capturing groups in its regexp group.
    static func table(depth: Int) -> String {
        "route other /a/b/c\nroute deep /x/:id(" + String(repeating: "(?:", count: depth) + "a" + String(repeating: ")", count: depth) + ")\n"
    }

    @Test func theRouteThatFailsOnItsOwnIsNamed() throws {
        // One level less still builds: the limit is the combined expression's, not the route's.
        let fits = Router.compile([RouteSource(name: "t.routes", text: Self.table(depth: 247))])
        #expect(fits.router != nil && !fits.diagnostics.hasErrors)
        // One more level: the pattern alone compiles (it is not E201 at the pattern), the
        // table's expression does not.
        let compilation = Router.compile([RouteSource(name: "t.routes", text: Self.table(depth: 248))])
        #expect(compilation.router == nil)
        let error = try #require(compilation.diagnostics.first { $0.severity == .error })
        #expect(error.code == .invalidPattern && error.message.hasPrefix("the table's combined expression does not compile"))
        #expect(error.location.line == 2 && error.location.file == "t.routes")
        #expect(error.help?.contains("compiles alone") == true)
        // The throwing initializer reports the same.
        do {
            _ = try Router(source: RouteSource(name: "t.routes", text: Self.table(depth: 248)))
            Issue.record("the table built")
        } catch {
            #expect(error.diagnostics.map(\.location.line) == [2])
        }
        // Two levels more: the pattern itself is refused where it is written.
        let refused = Router.compile([RouteSource(name: "t.routes", text: Self.table(depth: 249))])
        let patternError = try #require(refused.diagnostics.first { $0.severity == .error })
        #expect(patternError.location.line == 2 && !patternError.message.contains("combined"))
    }
}
