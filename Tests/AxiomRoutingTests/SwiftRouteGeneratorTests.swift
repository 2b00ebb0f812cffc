import Foundation
import TestSupport
import Testing

@testable import AxiomRouting

/// The generator's names and its refusals; `TypedRoutesTests` compiles and runs what it
/// writes for the default table and for names that need converting.
@Suite struct SwiftRouteGeneratorTests {
    @Test(arguments: [
        ("user_id", "userID"), ("change_password", "changePassword"), ("userId", "userId"), ("UserId", "userId"),
        ("URLPath", "urlPath"), ("ID", "id"), ("_debug", "_debug"), ("2fa", "_2fa"), ("post_url_id", "postURLID"),
        ("a__b", "aB"),
    ])
    func tableNamesBecomeLowerCamelCase(name: String, swift: String) {
        #expect(SwiftNames.member(name) == swift)
    }

    @Test(arguments: [("new-tab", "newTab"), ("1080p", "_1080p"), ("x.y", "xY"), ("default", "default"), ("Top Rated", "topRated"), ("-", "_")])
    func enumValuesBecomeCaseNames(value: String, swift: String) {
        #expect(SwiftNames.enumCase(value) == swift)
    }

    @Test func keywordsAreEscapedWhereSwiftNeedsIt() {
        #expect(SwiftNames.escaped("default") == "`default`")
        #expect(SwiftNames.escaped("class") == "`class`")
        #expect(SwiftNames.escaped("profile") == "profile")
        // Labels: only what Swift refuses bare (it warns about needless backticks).
        #expect(SwiftNames.declaredLabel("in") == "in")
        #expect(SwiftNames.declaredLabel("let") == "`let`")
        #expect(SwiftNames.calledLabel("let") == "let")
        #expect(SwiftNames.calledLabel("inout") == "`inout`")
        #expect(SwiftNames.type("profile", "tab") == "ProfileTab")
        #expect(SwiftNames.type("user_id") == "UserID")
    }

    private func generate(_ text: String, options: SwiftRouteGenerator.Options = .init()) -> Result<String, RouteTableError> {
        SwiftRouteGenerator.generate(Router.compile([RouteSource(name: "t.routes", text: text)]), options: options)
    }

    private func codes(_ text: String) -> [String] {
        guard case .failure(let error) = generate(text) else { return [] }
        return error.diagnostics.map { "\($0.location.line):\($0.code.rawValue)" }
    }

    @Test func aFragmentRoutesValuesAreCasesValues() throws {
        // The fragment's groups are parameters like the path's: typed, in the case, read back.
        let source = try generate("origins https://app.example.com\nroute page /books/:book#/page/:number\n  param number int\n").get()
        #expect(source.contains("case page(book: String, number: Int)"))
        #expect(source.contains("RouteParameters(names: [\"book\", \"number\"]"))
        #expect(source.contains("parameters.value(\"number\", as: Int.self)"))
    }

    @Test func theGroupsOfALikeItemAreTypedValuesOfTheCase() throws {
        // `?id=42L`: the group, not the item, is the case's value, typed by its `param` line.
        let source = try generate("route user /users\n  query id like :userId(\\d+)L\n  param userId int\n").get()
        #expect(source.contains("case user(userId: Int)"))
        #expect(source.contains("query.value(\"userId\", as: Int.self)"))
        #expect(!source.contains("\"id\""))
    }

    @Test func namesThatBecomeOneSwiftNameAreRefusedAtTheRoute() {
        // Two routes.
        #expect(codes("route user_profile /u/:id\nroute userProfile /m/:id") == ["2:E501"])
        // Two parameters of one route.
        #expect(codes("route a /a/:user_id/:userID\n  param user_id int") == ["1:E501"])
        // Two values of an enum.
        #expect(codes("route a /a/:kind\n  param kind enum(a-b, a.b)") == ["1:E501"])
        // Two generated enum types.
        #expect(codes("route a /a/:b_c\n  param b_c enum(x)\nroute a_b /ab/:c\n  param c enum(y)") == ["3:E501"])
    }

    @Test func loadersBecomeRequirementsAndTwoThatAreOneSwiftNameAreRefused() throws {
        let table = "route a /a\n  load user_data\nroute b /b\n  load userData\n"
        guard case .failure(let error) = generate(table, options: .init(contexts: true)) else {
            Issue.record("generated two loaders of one Swift name")
            return
        }
        #expect(error.diagnostics.map(\.code) == [.swiftNameClash])
        // Without contexts there is no protocol: only the names.
        let names = try generate(table).get()
        #expect(names.contains("static let loaderNames: [String] = [\"userData\", \"user_data\"]"))
        let source = try generate("route a /a\n  load feed\n", options: .init(contexts: true)).get()
        #expect(source.contains("func feed(for route: AppRoute, request: LoadRequest) async throws -> any Sendable"))
        #expect(source.contains("flow.loaders[\"feed\"] = { request in"))
    }

    /// `result TYPE`: a key a route that answers, typed with its answer's Swift (an enum of its own
    /// for `enum(…)`); none for a route that answers nothing, and no `Results` when none does.
    @Test func routesThatAnswerGetATypedKey() throws {
        let table = """
            route pick /pick
              result uuid
            route tags /tags
              result [enum(swift, go)]
            route count /count
              result int
            route plain /plain
            """
        let source = try generate(table).get()
        #expect(source.contains("static let pick = RouteResultKey<UUID>(route: \"pick\")"))
        #expect(source.contains("static let tags = RouteResultKey<[TagsResult]>(route: \"tags\")"))
        #expect(source.contains("enum TagsResult: String, RouteValueConvertible, Hashable, CaseIterable"))
        #expect(source.contains("static let count = RouteResultKey<Int>(route: \"count\")"))
        #expect(!source.contains("static let plain = RouteResultKey"))
        #expect(source.contains("import Foundation") || source.contains("import FoundationEssentials"))
        #expect(!(try generate("route plain /plain").get()).contains("enum Results"))
        // An enum the generator would name like the keys' enum is refused, as other taken names are.
        #expect(codes("route results /r/:results\n  param results enum(x)") == ["1:E502"])
    }

    @Test func namesTheGeneratedTypeCannotUseAreRefused() {
        #expect(codes("route loaderNames /a") == ["1:E502"])
        #expect(codes("route routeName /a") == ["1:E502"])
        #expect(codes("route init /a") == ["1:E502"])
        #expect(codes("route string /s/:string\n  param string enum(a, b)") == ["1:E502"])
        // The generated type's own name is taken too.
        #expect(codes("route app /a/:route\n  param route enum(x)") == ["1:E502"])
    }

    /// A value is the URL's spelling, which the app cannot rename (issue 30): one Swift cannot
    /// name a case by gets a `_` after it, with the URL's spelling as its raw value.
    @Test func enumValuesSwiftCannotNameAreGeneratedWithAnUnderscore() throws {
        let code = try generate("route a /a/:kind\n  param kind enum(self, init, rawValue, b)").get()
        #expect(code.contains("        case self_ = \"self\"\n"))
        #expect(code.contains("        case init_ = \"init\"\n"))
        // Cases start in lowercase: `Self` is `self_` too.
        #expect(try generate("route a /a/:kind\n  param kind enum(Self)").get().contains("        case self_ = \"Self\"\n"))
        #expect(code.contains("        case rawValue_ = \"rawValue\"\n"))
        #expect(code.contains("        case b\n"))
        // A value already spelled so clashes, as any two values of one Swift name do.
        #expect(codes("route a /a/:kind\n  param kind enum(self, self_)") == ["1:E501"])
    }

    @Test func aTableWithErrorsGivesItsOwnDiagnostics() throws {
        guard case .failure(let error) = generate("route a /a/:id\n  param id integer") else {
            Issue.record("generated code for a table with an error")
            return
        }
        #expect(error.description.contains("t.routes:2:12: error: unknown parameter type 'integer' [E202]"))
    }

    @Test func accessAndTypeNameAreTheCallersAndTheTableIsEmbedded() throws {
        let code = try generate(
            "origins myapp:\nroute default /d/:in\n  param in int\n  query when double = -1.5",
            options: .init(typeName: "Screens", access: .public)
        ).get()
        #expect(code.contains("public import AxiomRouting\n"))
        #expect(code.contains("public enum Screens: TypedRoute {\n"))
        #expect(code.contains("    case `default`(in: Int, when: Double = -1.5)\n"))
        #expect(code.contains("            return .`default`(in: v0, when: v1 ?? -1.5)\n"))
        #expect(code.contains("RouteSource(name: \"t.routes\", text: #\"\"\"\norigins myapp:\n"))
        #expect(!code.contains("import Foundation"))
    }

    @Test func onlyASCIIIdentifiersThatStartUpperCaseNameTheType() {
        #expect(SwiftNames.typeNameProblem("AppRoute") == nil)
        #expect(SwiftNames.typeNameProblem("Screen_2") == nil)
        #expect(SwiftNames.typeNameProblem("app route")?.hasSuffix("(try 'AppRoute')") == true)
        for name in ["App Route", "Self", "Type", "appRoute", "2Route", "Rüte", "App\nRoute", ""] {
            #expect(SwiftNames.typeNameProblem(name) != nil, "\(name)")
        }
    }

    /// A file name is any text: in the generated code it is a literal, even in the header comment.
    @Test func fileNamesCannotBreakOutOfTheGeneratedComment() throws {
        let compilation = Router.compile([RouteSource(name: "a\nstruct Evil {}\n.routes", text: "route home /\n")])
        let code = try SwiftRouteGenerator.generate(compilation, options: .init()).get()
        #expect(code.hasPrefix(#"// Generated by Axiom Navigation from "a\nstruct Evil {}\n.routes". Do not edit."# + "\n"))
        #expect(!code.contains("\nstruct Evil"))
    }

    /// Past 256 routes: no `switch` over all cases (Swift gives up checking one of ~600 cases
    /// with values), conversions unoptimised. (That such code compiles, at 1,000 routes, is
    /// measured in Performance.md, "Typed routes".)
    @Test func largeTablesTestCasesOneByOne() throws {
        func table(_ count: Int) -> String {
            (0..<count).map { "route r\($0) /r\($0)/:id\n  param id int" }.joined(separator: "\n")
        }
        let small = try generate(table(256), options: .init(contexts: true)).get()
        #expect(small.contains("        switch self {\n"))
        #expect(!small.contains("if case"))
        #expect(!small.contains("@_optimize(none)"))
        let large = try generate(table(257), options: .init(contexts: true)).get()
        #expect(!large.contains("switch self {"))
        #expect(!large.contains("switch route {"))
        #expect(large.contains("        if case .r256(let v0) = self { return RouteParameters(names: [\"id\"], values: [v0.routeValue]) }\n"))
        #expect(large.contains("        if case .r0 = self { return \"r0\" }\n        if case .r1 = self { return \"r1\" }\n"))
        #expect(large.contains("    @_optimize(none) var routeName: String {\n"))
        #expect(large.contains("        if case .r256(let v0) = route { return r256(id: v0, environment: environment) }\n"))
        #expect(large.contains("        // Not reachable: the tests above cover every case of AppRoute"))
    }

    @Test func textThatCannotBeARawLiteralIsEscaped() {
        #expect(SwiftLiteral.multiline("a\r\nb") == #""a\r\nb""#)
        #expect(SwiftLiteral.multiline("x \"\"\"# y") == "##\"\"\"\nx \"\"\"# y\n\"\"\"##")
        #expect(SwiftLiteral.string("tab\there \u{1} \\ \"") == #""tab\there \u{1} \\ \"""#)
        #expect(SwiftLiteral.relativeNames(["/a/R/x.routes", "/a/R/f/y.routes"]).map(\.relative) == ["x.routes", "f/y.routes"])
        #expect(SwiftLiteral.relativeNames(["x.routes"]).map(\.relative) == ["x.routes"])
    }
}

/// Docs/TypedRoutes.md, "What is generated": the table shown generates the declarations shown.
@Suite struct TypedRoutesGuideTests {
    @Test func theGuidesExampleIsWhatTheGeneratorWrites() throws {
        let page = try String(contentsOfFile: packageRoot() + "/Docs/TypedRoutes.md", encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## What is generated").dropFirst().first)
        let blocks = section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let table = try #require(blocks.first { $0.hasPrefix("text\n") }).dropFirst(5)
        let swift = try #require(blocks.first { $0.hasPrefix("swift\n") })
        let code = try SwiftRouteGenerator.generate(
            Router.compile([RouteSource(name: "app.routes", text: String(table))]), options: .init(contexts: true)
        ).get()
        let generated = Set(code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let declarations = swift.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { ($0.hasPrefix("case ") || $0.hasPrefix("///") || $0.hasPrefix("enum ") || $0.hasPrefix("import ")) && !$0.contains("…") }
        #expect(declarations.count >= 12)
        for line in declarations {
            let plain = line.components(separatedBy: "   //").first?.trimmingCharacters(in: .whitespaces) ?? line
            #expect(generated.contains(plain), "\(plain)")
        }
    }
}
