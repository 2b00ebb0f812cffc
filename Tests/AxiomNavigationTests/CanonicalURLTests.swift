import AxiomNavigationTesting
import AxiomRouting
import Foundation
import TestSupport
import Testing

@testable import AxiomNavigation

/// Canonical URLs (Docs/Navigation.md, "The URL of a screen"): over generated sessions on the
/// default table, the corpus of real apps' tables and the gate's, the URL of what is visible,
/// opened as a link on a fresh flow, shows the same screen with the same values.
@MainActor
@Suite struct CanonicalURLTests {
    nonisolated static let tables = [
        "Routes", "Corpus/Signal/signal.routes", "Corpus/WordPress/wordpress.routes", "Corpus/Firefox/firefox.routes",
        "Corpus/IceCubes/icecubes.routes", "Corpus/Kickstarter/kickstarter.routes", "Corpus/DuckDuckGo/duckduckgo.routes", "gate", "fuzz",
    ]

    static func router(_ table: String) throws -> Router {
        switch table {
        case "gate": return try Router(source: RouteSource(name: "gate.routes", text: GateTests.table))
        case "fuzz": return try Router(source: RouteSource(name: "fuzz.routes", text: ModelFuzzTests.tableA))
        default:
            let sources = try RouteSource.load(from: packageRoot() + "/" + table)
            return try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        }
    }

    /// A random value of `type`: characters a URL must escape, unicode, signs, long ids.
    static func value(_ type: ParameterType, host: Bool, _ random: inout SplitMix64) -> RouteValue? {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let alphabet = Array("abcXYZ09 é%?#&=+-_.~:@!$'()*,;ü")
        func text(_ count: Int) -> String { String((0..<count).map { _ in pick(alphabet) }) }
        switch type {
        case .string: return .string(host ? pick(["acme", "acme-2", "x9"]) : random.next() % 5 == 0 ? "" : text(1 + Int(random.next() % 8)))
        case .int: return .int(pick([0, -1, 7, 42, Int(random.next() % 1_000_000), Int.max]))
        case .double: return .double(pick([0.5, -12.75, 1e6, 3]))
        case .bool: return .bool(random.next() % 2 == 0)
        case .uuid:
            var bytes: [UInt8] = (0..<16).map { _ in UInt8(random.next() % 256) }
            bytes[6] = (bytes[6] & 0x0F) | 0x40
            return .uuid(UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])))
        case .enumeration(let values): return values.isEmpty ? nil : .string(pick(values))
        case .path: return .path((0..<(1 + Int(random.next() % 3))).map { _ in text(1 + Int(random.next() % 5)) })
        case .url(let schemes): return .string((schemes.first ?? "https") + "://example.com/a?b=c")
        case .rest, .list: return nil
        }
    }

    /// A destination of `route` with random values that a URL of the route carries, or nil when
    /// the generator did not give one.
    static func destination(_ route: Route, router: Router, _ random: inout SplitMix64) -> Destination? {
        let hostNames = Set(route.parameters.suffix(route.host?.parameterCount ?? 0).map(\.name))
        var names: [String] = []
        var values: [RouteValue] = []
        for parameter in route.parameters {
            guard let value = value(parameter.type, host: hostNames.contains(parameter.name), &random) else { return nil }
            names.append(parameter.name)
            values.append(value)
        }
        var queryNames: [String] = []
        var queryValues: [RouteValue] = []
        for item in route.query where item.isRequired || random.next() % 3 == 0 {
            guard let value = value(item.type, host: false, &random) else {
                if item.isRequired { return nil }
                continue
            }
            queryNames.append(item.name)
            queryValues.append(value)
        }
        let destination = Destination(
            route.name, parameters: RouteParameters(names: names, values: values), query: RouteParameters(names: queryNames, values: queryValues))
        // Values of the right types that the route's pattern refuses (`:data([A-Za-z0-9_-]+)`) make
        // a screen code may navigate to but no URL reaches: not the screens this property is about.
        guard (try? router.canonicalURL(for: destination)) != nil else { return nil }
        return destination
    }

    @Test(arguments: tables)
    func theURLOfWhatIsVisibleOpensTheSameScreen(table: String) async throws {
        let router = try Self.router(table)
        var random = SplitMix64(state: UInt64(table.utf8.count) &* 7919)
        let navigator = TestNavigator(router: router, options: .init(signedIn: true, rateLimit: nil))
        navigator.exhaustive = false
        await navigator.start()
        let routes = router.routes.filter { $0.kind == .route }
        var opened = 0
        var printed = 0
        for step in 0..<120 {
            // A random step: a screen navigated to in code or its link opened, back, a tab.
            switch random.next() % 6 {
            case 0, 1, 2:
                let route = routes[Int(random.next() % UInt64(routes.count))]
                guard let destination = Self.destination(route, router: router, &random) else { continue }
                if random.next() % 2 == 0, let url = try? router.canonicalURL(for: destination) {
                    _ = await navigator.flow.open(url: url, source: .inApp)
                } else {
                    _ = await navigator.flow.navigate(to: destination)
                }
            case 3: _ = await navigator.flow.back()
            case 4: if let tab = router.tabs.randomElement(using: &random) { _ = await navigator.flow.selectTab(tab) }
            default: _ = await navigator.flow.dismiss()
            }
            guard let visible = navigator.state.visible, let route = router.route(named: visible.route) else { continue }
            let url: String
            do {
                url = try navigator.flow.url(of: visible)
            } catch {
                // Only a table whose origins are all patterns (`https://*`) has screens without a
                // link; every other screen has one.
                #expect(
                    error.code == .noPrintableOrigin && router.origins.allSatisfy { origin in
                        switch origin.hosts {
                        case .any, .subdomains, .everyOtherScheme: true
                        case .exact, .appScheme: false
                        }
                    },
                    "\(table) step \(step): \(visible) has no URL: \(error)")
                continue
            }
            printed += 1
            #expect(navigator.flow.canonicalURL == url)
            #expect(!url.contains("utm_"), "\(url)")
            // Opened as a link on a fresh flow, signed in: the same screen and values — or, for a
            // route that links may not open, refused.
            let fresh = TestNavigator(router: router, options: .init(signedIn: true, rateLimit: nil))
            fresh.exhaustive = false
            await fresh.start()
            let result = await fresh.flow.open(url: url, source: .universalLink)
            if route.metadata.allows(source: NavigationSource.universalLink.rawValue) {
                #expect(
                    fresh.state.visible?.destination == visible.destination,
                    "\(table) step \(step): \(url) shows \(fresh.state.visible.map { "\($0.destination) \($0.destination.query)" } ?? "nothing") (\(result)), not \(visible.destination) \(visible.destination.query)")
                // In the table's spelling: no redirect on the way.
                #expect(result == .completed || result == .duplicated, "\(table): \(url) → \(result)")
                opened += 1
            } else {
                #expect(result == .cancelled(.untrustedSource), "\(table): \(url) → \(result)")
            }
        }
        print("canonical URLs, \(table): \(printed) printed, \(opened) opened as links")
        #expect(printed > 20 && opened > 10, "\(table): only \(printed) URLs printed, \(opened) opened")
    }

    /// Found by the property: code gives values in its own order, a URL in the route's; the same
    /// screen either way (a duplicate, equal, one hash).
    @Test func theSameValuesInAnotherOrderAreTheSameScreen() async throws {
        let code = Destination("post", parameters: ["postId": .int(7)], query: ["b": .int(2), "a": .int(1)])
        let url = Destination("post", parameters: ["postId": .int(7)], query: ["a": .int(1), "b": .int(2)])
        #expect(code == url && code.hashValue == url.hashValue)
        #expect(code != Destination("post", parameters: ["postId": .int(7)], query: ["a": .int(1), "b": .int(3)]))
        #expect(code != Destination("post", parameters: ["postId": .int(7)], query: ["a": .int(1)]))
        // Symmetric even for a name given twice (no route takes one).
        let twice = Destination("post", query: RouteParameters(names: ["a", "a"], values: [.int(1), .int(2)]))
        let once = Destination("post", query: RouteParameters(names: ["a", "a"], values: [.int(1), .int(1)]))
        #expect(twice != once && once != twice)
        let router = try Self.router("Corpus/Kickstarter/kickstarter.routes")
        let navigator = TestNavigator(router: router, options: .init(signedIn: true, rateLimit: nil))
        navigator.exhaustive = false
        await navigator.start()
        let url2 = "https://www.kickstarter.com/discover/categories/art/painting?ref=home"
        #expect(await navigator.flow.open(url: url2) == .completed)
        let opened = try #require(navigator.state.visible?.destination)
        // The same values, the query in another order: already on screen.
        let reordered = Destination(
            opened.route, parameters: opened.parameters,
            query: RouteParameters(names: opened.query.reversed().map(\.name), values: opened.query.reversed().map(\.value)))
        #expect(opened.query.count == 2 && reordered.query.map(\.name) != opened.query.map(\.name))
        #expect(await navigator.flow.navigate(to: reordered) == .duplicated)
    }

    /// A table whose origins are all patterns has no link to print: the canonical URL is nil and
    /// `url(of:)` says why.
    @Test func aTableOfPatternOriginsHasNoCanonicalURL() async throws {
        let router = try Router(source: RouteSource(name: "w.routes", text: "origins https://*\nroute home /\nroute tag /tags/:tag\n"))
        let navigator = TestNavigator(router: router, options: .init(signedIn: true, rateLimit: nil))
        navigator.exhaustive = false
        await navigator.start()
        await navigator.open("https://example.org/tags/swift", expect: "completed")
        #expect(navigator.flow.canonicalURL == nil)
        let visible = try #require(navigator.state.visible)
        #expect(throws: RouteURLError.noPrintableOrigin(route: "tag", path: "/tags/swift")) { try navigator.flow.url(of: visible) }
    }

    /// Docs/Navigation.md, "The URL of a screen".
    @Test func theGuidesExampleRuns() async throws {
        let navigator = TestNavigator(router: try Self.router("fuzz"), options: .init(signedIn: true, rateLimit: nil))
        navigator.exhaustive = false
        await navigator.start()
        let flow = navigator.flow
        await flow.open(url: "myapp://posts/7?utm_source=mail&sort=top")
        print(flow.canonicalURL ?? "none")                 // myapp://posts/7 (sort=top is the default)
        let home = flow.state.activeStack[0]
        print(try flow.url(of: home))                      // myapp://
        #expect(flow.canonicalURL == "myapp://posts/7")
        #expect(try flow.url(of: home) == "myapp://")
    }

    @Test func theCanonicalURLLeavesOutDefaultsAndAttribution() async throws {
        let router = try Self.router("fuzz")
        let navigator = TestNavigator(router: router, options: .init(signedIn: true, rateLimit: nil))
        navigator.exhaustive = false
        await navigator.start()
        #expect(navigator.flow.canonicalURL == "myapp://")
        await navigator.open("myapp://posts/7?utm_source=mail&sort=top", expect: "completed")
        #expect(navigator.flow.canonicalURL == "myapp://posts/7")
        await navigator.open("myapp://posts/8?sort=new", expect: "completed")
        #expect(navigator.flow.canonicalURL == "myapp://posts/8?sort=new")
        let below = try #require(navigator.state.activeStack.first)
        #expect(try navigator.flow.url(of: below) == "myapp://")
    }
}
