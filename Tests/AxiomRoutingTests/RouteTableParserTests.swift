import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

@Suite struct RouteTableParserTests {
    @Test func readsEveryDirectiveAndProperty() throws {
        let compilation = compile(
            """
            # a comment
            origins myapp:, https://example.com   # trailing comment
            tabs home, profile
            login login
            option path-case insensitive
            option trailing-slash strict

            route login /login
            route profile /profile/:userId
              param userId int
              query tab enum(posts, likes) = posts
              query ref string optional
              auth
              analytics "Profile screen"
              transition tab(profile)
              parent login
            """)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let router = try #require(compilation.router)
        #expect(router.origins.map(\.description) == ["myapp:", "https://example.com"])
        #expect(router.tabs == ["home", "profile"])
        #expect(router.loginRoute == "login")
        #expect(!router.options.pathCaseSensitive)
        #expect(!router.options.ignoresTrailingSlash)
        let profile = try #require(router.route(named: "profile"))
        #expect(profile.parameters == [Route.Parameter(name: "userId", type: .int, isOptional: false)])
        #expect(
            profile.query == [
                Route.QueryParameter(
                    name: "tab", type: .enumeration(["posts", "likes"]), defaultValue: .string("posts"), isRequired: false, isLenient: false),
                Route.QueryParameter(name: "ref", type: .string, defaultValue: nil, isRequired: false, isLenient: false),
            ])
        #expect(profile.metadata.requiresAuthentication)
        #expect(profile.metadata.analyticsName == "Profile screen")
        #expect(profile.metadata.transition == .tab("profile"))
        #expect(profile.metadata.parent == "login")
        #expect(profile.metadata.tab == "profile")
    }

    @Test func reportsEveryProblemOfAFileInOneRun() {
        let marked = MarkedText(
            """
            1️⃣rout home /
            route profile /profile/:id
              param id 2️⃣integer
              3️⃣parm x int
            4️⃣  auth
            route 5️⃣9lives /nine
              transition modal(6️⃣drawer)
            """)
        let compilation = compile(marked.text)
        #expect(diagnostic(.unknownDirective, at: "1️⃣", in: marked)?.help == "did you mean 'route'?")
        #expect(diagnostic(.unknownType, at: "2️⃣", in: marked)?.help == "did you mean 'int'?")
        #expect(diagnostic(.unknownProperty, at: "3️⃣", in: marked)?.help == "did you mean 'param'?")
        #expect(diagnostic(.invalidName, at: "5️⃣", in: marked) != nil)
        #expect(diagnostic(.invalidTransition, at: "6️⃣", in: marked) != nil)
        // "4️⃣  auth" is indented under profile: fine. Five errors, all reported.
        #expect(compilation.diagnostics.count == 5)
        #expect(compilation.router == nil)
    }

    @Test func propertyBeforeAnyRouteIsReported() {
        let marked = MarkedText("  1️⃣auth\nroute a /a")
        #expect(diagnostic(.propertyOutsideRoute, at: "1️⃣", in: marked) != nil)
    }

    @Test func routePropertyAtColumnOneIsExplained() {
        let marked = MarkedText("route a /a\n1️⃣auth")
        let found = diagnostic(.unknownDirective, at: "1️⃣", in: marked)
        #expect(found?.message == "'auth' is a route property; indent it under its 'route' line")
    }

    @Test(arguments: [
        ("route 1️⃣", DiagnosticCode.missingArgument),
        ("route home 1️⃣", .missingArgument),
        ("route home / 1️⃣extra", .unexpectedArgument),
        ("route home /\n  analytics 1️⃣\"unterminated", .unterminatedString),
        ("route home /\n  auth\n  1️⃣auth", .duplicateProperty),
        ("route home /\n  param 1️⃣", .missingArgument),
        ("route home /\n  query q int = 1 1️⃣sometimes", .unexpectedArgument),
        ("option 1️⃣colour blue\nroute a /a", .invalidOption),
        ("option path-case 1️⃣loud\nroute a /a", .invalidOption),
        ("route a /:x\n  param x 1️⃣enum", .invalidEnum),
        ("route a /:x\n  param x enum(a, 1️⃣a)", .invalidEnum),
    ])
    func syntaxErrorsPointAtTheirPlace(table: String, code: DiagnosticCode) {
        let marked = MarkedText(table)
        #expect(diagnostic(code, at: "1️⃣", in: marked) != nil, "\(compile(marked.text).diagnostics)")
    }

    /// Feature modules: each file may declare the origins it is linked from; they are merged.
    @Test func featureModulesEachDeclareTheirOrigins() throws {
        let sources = [
            RouteSource(name: "app.routes", text: "origins myapp:\ntabs home\nroute home /\n  transition tab(home)\ninclude shop.routes"),
            RouteSource(name: "shop.routes", text: "origins https://shop.example.com, myapp:\nroute cart /cart"),
        ]
        let compilation = Router.compile(sources, resolver: RouteSource.resolver(among: sources))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        let router = try #require(compilation.router)
        // `myapp:` twice counts once; the order is the order read.
        #expect(router.origins.count == 2)
        #expect(try router.resolve("https://shop.example.com/cart").get().route.name == "cart")
        #expect(try router.resolve("myapp://cart").get().route.name == "cart")
        #expect(try router.url(for: "cart") == "myapp://cart")
        #expect((try? router.resolve("https://other.example.com/cart").get()) == nil)
    }

    @Test func directivesDeclaredTwiceAcrossFilesPointAtTheFirst() {
        let compilation = Router.compile(
            [
                RouteSource(name: "a.routes", text: "tabs home\nroute home /\n  transition tab(home)"),
                RouteSource(name: "b.routes", text: "tabs other"),
            ])
        let duplicate = compilation.diagnostics.first { $0.code == .duplicateDirective }
        #expect(duplicate?.location == SourceLocation(file: "b.routes", line: 1, column: 1, length: 4))
        #expect(duplicate?.notes.first?.location?.file == "a.routes")
    }
}
