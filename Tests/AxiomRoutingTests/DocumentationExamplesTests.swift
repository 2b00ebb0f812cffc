import AxiomRouting
import Foundation
import TestSupport
import Testing

/// The examples of README.md and Docs/Patterns.md, run as written.
@Suite struct DocumentationExamplesTests {
    @Test func readmeRouterExample() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let match = try router.resolve("myapp://profile/42").get()
        #expect("\(match.route.name) \(match.parameters.get("userId", as: Int.self) ?? 0)" == "profile 42")
    }

    /// RouteTableFormat.md, "Aliases and redirects", on the default table that carries the example.
    @Test func aliasesAndRedirectsGuideExample() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let short = try router.resolve("myapp://t/swift").get()
        #expect(short.route.name == "tag")
        #expect(short.alias == "/t/:tag")
        #expect(short.redirects.isEmpty)
        let old = try router.resolve("myapp://hashtags/swift").get()
        #expect(old.route.name == "tag")
        #expect(old.parameters["tag"] == .string("swift"))
        #expect(old.redirects.map(\.name) == ["hashtag"])
        #expect(try router.url(for: "tag", parameters: ["tag": .string("swift")]) == "myapp://tags/swift")
        #expect(router.entries.first { $0.name == "hashtag" }?.kind == .redirect(target: "tag"))
    }

    /// Routing.md, "Load a table at launch: snapshots", as written.
    @Test func snapshotGuideExample() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let text = RouterSnapshot.encode(try Router(sources: sources, resolver: RouteSource.resolver(among: sources)))
        let router = try Router(snapshot: text)
        #expect(try router.resolve("myapp://profile/42").get().route.name == "profile")
        do {
            _ = try Router(snapshot: String(text.dropLast(8)))
            Issue.record("a snapshot cut short loaded")
        } catch {
            #expect(error.code == .damaged)
        }
    }

    @Test func readmeExample() throws {
        let pattern = try URLPattern("app://profile/:userId")
        let result = try #require(try pattern.execOrThrow("app://profile/42"))
        #expect(result.pathname["userId"] == "42")
    }

    @Test func patternsGuideOpeningExamples() throws {
        let profile = try URLPattern("app://profile/:userId")
        #expect(try profile.execOrThrow("app://profile/42")?.pathname["userId"] == "42")
        let settings = try URLPattern("https://example.com/settings/*")
        #expect(try settings.execOrThrow("https://example.com/settings/privacy/ads")?.pathname["0"] == "privacy/ads")
    }

    @Test func buildingPatterns() throws {
        let a = try URLPattern("https://example.com/books/:id")
        let b = try URLPattern("/books/:id", baseURL: "https://example.com")
        #expect(a.pathname == b.pathname)
        #expect(a.hostname == b.hostname)
        let c = try URLPattern(URLPatternInit(protocol: "http{s}?", hostname: "*.example.com", pathname: "/books/:id"))
        #expect(try c.execOrThrow("https://www.example.com/books/9")?.pathname["id"] == "9")
        let d = try URLPattern(URLPatternInit(pathname: ":id", baseURL: "https://example.com/books/"))
        #expect(d.pathname == "/books/:id")
    }

    @Test func groupsInResults() throws {
        let optional = try URLPattern(URLPatternInit(pathname: "/foo/:bar?"))
        #expect(try optional.execOrThrow(URLPatternInit(pathname: "/foo"))?.pathname.groups["bar"] == .some(nil))
        let wildcard = try URLPattern(URLPatternInit(pathname: "/foo/*"))
        #expect(try wildcard.execOrThrow(URLPatternInit(pathname: "/foo/"))?.pathname.groups["0"] == .some(""))
    }

    /// Patterns.md, "Errors": the standard's answers, and the throwing variants for the reason.
    @Test func standardAnswersAndTheirThrowingVariants() throws {
        let pattern = try URLPattern("https://example.com/:id")
        #expect(pattern.exec("not a url") == nil)
        #expect(pattern.test("not a url") == false)
        #expect(pattern.exec("/7", baseURL: "not|a|valid|url") == nil)
        #expect(throws: URLPatternMatchError.self) { try pattern.execOrThrow("not a url") }
        let error = try #require(throws: URLPatternMatchError.self) { try pattern.execOrThrow("not a url") }
        #expect(error.code == .invalidURL)
        #expect(pattern.exec("https://example.com/7")?.pathname["id"] == "7")
        // Hostnames and ports read as the URL parser reads them (WPT 170-173, 291, 293).
        let ported = try URLPattern(URLPatternInit(hostname: "example.com/ignored", port: "80x"))
        #expect(ported.hostname == "example.com" && ported.port == "80")
        #expect(ported.test(URLPatternInit(hostname: "EXAMPLE.com", port: "8\t0")))
    }

    /// Patterns.md, "International domain names", as written there.
    @Test func internationalDomainNamesExample() throws {
        let shop = try URLPattern("https://:shop.bücher.example/*")
        #expect(shop.hostname == ":shop.xn--bcher-kva.example")
        #expect(shop.exec("https://Café.BÜCHER.example/x")?.hostname.groups == ["shop": "xn--caf-dma"])
        #expect(shop.test("https://a\u{200D}b.bücher.example/x") == false)
        #expect {
            try URLPattern("https://a\u{FFFD}.example/")
        } throws: { error in
            "\(error)".contains("U+FFFD is not allowed")
        }
        let munich = try URLPattern("https://münchen.example/*")
        for input in [
            "https://MÜNCHEN.example/x", "https://xn--mnchen-3ya.example/x", "https://mu\u{308}nchen.example/x", "https://m%C3%BCnchen.example/x",
        ] {
            #expect(munich.test(input), "\(input)")
        }
        #expect(try URLPattern("https://xn--a.example/").hostname == "xn--a.example")
        // Each fixed part on its own: a label mixing a group and international text never matches.
        let mixed = try URLPattern("https://:a-bücher.example/*")
        #expect(mixed.hostname == "{:a}xn---bcher-4ya.example")  // the hyphen went into the punycode
        #expect(mixed.test("https://x-bücher.example/y") == false)
        #expect(try URLPattern("https://:a(xn--[a-z0-9\\-]+).example/*").test("https://x-bücher.example/y"))
    }

    @Test func errorsExample() throws {
        do {
            _ = try URLPattern("https://example.com/:id/:id")
            Issue.record("the pattern should not compile")
        } catch {
            #expect(
                error.description
                    == "invalid pathname pattern '/:id/:id' at offset 5: duplicate group name 'id' (each group of a component needs its own name)")
            #expect(error.annotatedPattern == "/:id/:id\n     ^")
        }
    }

    @Test func boundedCostExample() throws {
        let options = URLPattern.Options(limits: MatchLimits(maxInputLength: 2048, matchLimit: 100_000))
        let pattern = try URLPattern("https://example.com/*", options: options)
        #expect(try pattern.testOrThrow("https://example.com/a"))
        #expect(throws: URLPatternMatchError.self) { try pattern.execOrThrow("https://example.com/" + String(repeating: "x", count: 2048)) }
    }

    @Test func syntaxTableRows() throws {
        func path(_ pattern: String, _ input: String) throws -> URLPatternComponentResult.Groups? {
            try URLPattern(URLPatternInit(pathname: pattern)).exec(URLPatternInit(pathname: input))?.pathname.groups
        }
        #expect(try path("/about", "/about") == [:])
        #expect(try path("/users/:id", "/users/42") == ["id": "42"])
        #expect(try path("/(\\d+)", "/123") == ["0": "123"])
        #expect(try path("/:id(\\d+)", "/7") == ["id": "7"])
        #expect(try path("/files/*", "/files/a/b") == ["0": "a/b"])
        #expect(try path("/users/:id?", "/users") == ["id": nil])
        #expect(try path("/:path+", "/a/b") == ["path": "a/b"])
        #expect(try path("/a\\:b", "/a:b") == [:])
        #expect(try path("/\\*", "/*") == [:])
        #expect(try path("/users-:id", "/users-7") == ["id": "7"])
        #expect(try path("/:café", "/x") == ["café": "x"])
        #expect(try URLPattern("app://profile/:userId").exec("app://profile/a/b")?.pathname["userId"] == "a/b")
    }
}

/// Every table example of Docs/RouteTableFormat.md compiles without a diagnostic, as written
/// (indented ones inside list items too).
@Suite struct RouteTableFormatExamplesTests {
    static func examples() throws -> [String] {
        let text = try String(contentsOfFile: packageRoot() + "/Docs/RouteTableFormat.md", encoding: .utf8)
        var examples: [String] = []
        var current: [Substring]? = nil
        var indent = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if current == nil, trimmed == "```routes" {
                indent = line.count - trimmed.count
                current = []
            } else if current != nil, trimmed == "```" {
                examples.append(current!.map { $0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)) }.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return examples
    }

    @Test func everyTableExampleCompilesCleanly() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 4)
        for example in examples {
            let compilation = Router.compile([RouteSource(name: "example.routes", text: example)])
            #expect(compilation.diagnostics.isEmpty, "\(example)\n\(compilation.formattedDiagnostics)")
        }
    }
}
