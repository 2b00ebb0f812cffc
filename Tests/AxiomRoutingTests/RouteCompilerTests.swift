import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

@Suite struct RouteCompilerTests {
    @Test(arguments: [
        // Pattern errors point inside the pattern.
        ("route a /users/:id/1️⃣:id", DiagnosticCode.invalidPattern),
        ("route a /files/1️⃣(foo", .invalidPattern),
        ("route a 1️⃣users", .invalidPattern),
        // Parameters.
        ("route a /users/:userId\n  param 1️⃣userid int", .unknownParameter),
        ("route a /users/:id\n  param id int\n  param 1️⃣id string", .duplicateParameter),
        ("route a /s\n  query q int\n  query 1️⃣q int", .duplicateParameter),
        ("route a /u/:id\n  query 1️⃣id int", .duplicateParameter),
        ("route a /s\n  query page int = 1️⃣one", .invalidDefault),
        ("route a /files/*\n  param 0 1️⃣int", .segmentTypeMismatch),
        ("route a /files/:name\n  param name 1️⃣path", .segmentTypeMismatch),
        ("route a /s\n  query 1️⃣page int = 1 optional", .redundantOptional),
        // The table.
        ("route a /a\nroute 1️⃣a /b", .duplicateRouteName),
        ("route a /a\n  parent 1️⃣hom\nroute home /", .unknownParent),
        ("route a /a\n  parent 1️⃣b\nroute b /b\n  parent a", .parentCycle),
        ("tabs home\nroute a /a\n  transition tab(1️⃣hom)", .unknownTab),
        ("origins 1️⃣example.com\nroute a /a", .invalidOrigin),
        ("origins 1️⃣https:\nroute a /a", .invalidOrigin),
        ("login 1️⃣logn\nroute login /login", .unknownLoginRoute),
        ("include 1️⃣missing.routes\nroute a /a", .includeNotFound),
        ("route a /a1️⃣/", .trailingSlash),
        ("route a /legal/1️⃣**", .adjacentWildcards),
        ("route a /f/:name1️⃣:ext", .adjacentWildcards),
    ])
    func reportsEachProblemAtItsPlace(table: String, code: DiagnosticCode) {
        let marked = MarkedText(table)
        #expect(diagnostic(code, at: "1️⃣", in: marked) != nil, "\(compile(marked.text).diagnostics)")
    }

    /// A pattern of many wildcards gets one W406 that counts the rest (formatting hundreds of
    /// diagnostics over one long line took the table fuzzer a quarter of a second).
    @Test func adjacentWildcardsAreOneWarningPerRoute() throws {
        let table = "route a /x" + String(repeating: "*", count: 1_000) + "\nroute b /y/:a:b:c\n"
        let warnings = compile(table).diagnostics.filter { $0.code == .adjacentWildcards }
        #expect(warnings.count == 2)
        #expect(warnings.first?.message == "'**' repeats a wildcard that already matches any text (and 499 more places in this pattern)")
        #expect(
            warnings.last?.message
                == "':a' and ':b' have nothing between them: ':a' always captures a single character (and 1 more place in this pattern)")
    }

    @Test func unknownNamesGetDidYouMean() {
        let parent = diagnostic(.unknownParent, at: "1️⃣", in: MarkedText("route a /a\n  parent 1️⃣hom\nroute home /"))
        #expect(parent?.help == "did you mean 'home'?")
        let parameter = diagnostic(.unknownParameter, at: "1️⃣", in: MarkedText("route a /users/:userId\n  param 1️⃣userid int"))
        #expect(parameter?.help == "did you mean 'userId'?")
        let tab = diagnostic(.unknownTab, at: "1️⃣", in: MarkedText("tabs home\nroute a /a\n  transition tab(1️⃣hom)"))
        #expect(tab?.help == "did you mean 'home'?")
    }

    @Test func duplicateNameHasANoteAtTheFirstDeclaration() throws {
        let marked = MarkedText("route 1️⃣a /a\nroute 2️⃣a /b")
        let found = try #require(diagnostic(.duplicateRouteName, at: "2️⃣", in: marked))
        #expect(found.notes.first?.location?.line == marked.location("1️⃣")?.line)
        #expect(found.notes.first?.location?.column == marked.location("1️⃣")?.column)
    }

    @Test func parentCycleNamesTheWholeChain() throws {
        let found = try #require(compile("route a /a\n  parent b\nroute b /b\n  parent c\nroute c /c\n  parent a").diagnostics.first)
        #expect(found.code == .parentCycle)
        #expect(found.message == "parent cycle: a → b → c → a")
    }

    @Test func includeCycleIsReported() {
        let sources = [
            RouteSource(name: "Routes/a.routes", text: "include b.routes\nroute a /a"),
            RouteSource(name: "Routes/b.routes", text: "include a.routes\nroute b /b"),
        ]
        let compilation = Router.compile([sources[0]], resolver: RouteSource.resolver(among: sources))
        #expect(compilation.diagnostics.map(\.code) == [.includeCycle])
        // An error (even in an include) means no router.
        #expect(compilation.router == nil)
    }

    @Test func emptyTableIsAnError() {
        #expect(compile("# nothing here\n").diagnostics.map(\.code) == [.emptyTable])
    }

    @Test func exactTiesAreAmbiguousAndNeverMatch() throws {
        let marked = MarkedText("route first /users/:id\nroute 1️⃣second /users/:name")
        let found = try #require(diagnostic(.ambiguousRoutes, at: "1️⃣", in: marked))
        #expect(found.message.contains("'first' is declared first and always wins"))
        #expect(found.severity == .warning)
        // A warning does not stop compilation.
        #expect(compile(marked.text).router != nil)
    }

    @Test func routesTakenByAMoreGeneralEarlierRouteAreShadowed() {
        // ':slug' ranks after the literal but is untyped, so it takes everything ':id'
        // (typed int, ranked before it) does not — nothing is shadowed there.
        #expect(compile("route id /items/:id\n  param id int\nroute slug /items/:slug").diagnostics.isEmpty)
        // A typed parameter after an untyped one with a literal in front: '/a/:x/b' is taken
        // by '/a/:x/:y' only if that ranks first; literal 'b' ranks first, so no warning.
        #expect(compile("route general /a/:x/:y\nroute specific /a/:x/b").diagnostics.isEmpty)
        // Same shape, same types: the second can never match (its query may fall through, but
        // the first's cannot: it takes every URL).
        let marked = MarkedText("route one /a/:x/:y\nroute 1️⃣two /a/:p/:q\n  query z int optional")
        #expect(diagnostic(.shadowedRoute, at: "1️⃣", in: marked) != nil)
        // Each takes every URL of the other: the same URLs.
        let same = MarkedText("route one /a/:x/:y\nroute 1️⃣two /a/:p/:q")
        #expect(diagnostic(.ambiguousRoutes, at: "1️⃣", in: same)?.message.contains("match the same URLs") == true)
        // A required query parameter on the first means the second can still match.
        #expect(compile("route one /a/:x\n  query q string\nroute two /a/:y").diagnostics.isEmpty)
    }

    @Test func formatterPrintsLikeACompiler() {
        let compilation = compile("route profile /profile/:userId\n  param userId integer\n")
        #expect(
            compilation.formattedDiagnostics == """
                t.routes:2:16: error: unknown parameter type 'integer' [E202]
                    2 |   param userId integer
                      |                ^~~~~~~
                      = help: did you mean 'int'?
                1 error, 0 warnings

                """)
    }

    @Test func notesArePrintedWithTheirOwnExcerpt() {
        let compilation = compile("route a /a\nroute a /b\n")
        #expect(
            compilation.formattedDiagnostics == """
                t.routes:2:7: error: duplicate route name 'a' [E301]
                    2 | route a /b
                      |       ^
                t.routes:1:7: note: first declared here
                    1 | route a /a
                      |       ^
                      = help: give each route its own name
                1 error, 0 warnings

                """)
    }
}
