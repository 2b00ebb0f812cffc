import AxiomRouting
import Foundation
import TestSupport
import Testing

@testable import AxiomRouteCommands

/// Attribution parameters never steer routing: adding them to a URL, anywhere in its query, in
/// any spelling, changes nothing but `RouteMatch.attribution`.
@Suite struct AttributionTests {
    /// The tables: the default one and every table of the corpus.
    private static func tables() throws -> [(name: String, router: Router)] {
        var tables: [(String, Router)] = [("default", try #require(RouteTableOptions.embeddedRouter))]
        let corpus = packageRoot() + "/Corpus"
        for folder in try FileManager.default.contentsOfDirectory(atPath: corpus).sorted() where !folder.hasSuffix(".md") {
            let path = corpus + "/" + folder
            tables.append((folder, try #require(Router.compile(try RouteSource.load(from: path), resolver: RouteSource.fileResolver(roots: [path])).router)))
        }
        return tables
    }

    /// A URL prefix for each origin of `router` (the path follows it).
    private static func prefixes(_ router: Router) -> [String] {
        guard !router.origins.isEmpty else { return ["https://example.com"] }
        return router.origins.compactMap { origin -> String? in
            switch origin.hosts {
            case .exact(let host): return origin.scheme + "://" + host + (origin.port.map { ":\($0)" } ?? "")
            case .subdomains(let domain): return origin.scheme + "://links." + domain + (origin.port.map { ":\($0)" } ?? "")
            case .any: return origin.scheme + "://any.example.org"
            case .appScheme: return origin.scheme + ":/"
            case .everyOtherScheme: return "feed:/"
            }
        }
    }

    /// `url` with `items` inserted into its query at `position` (0: first; past the end: last).
    private static func inserting(_ items: [String], into url: String, at position: Int) -> String {
        let hash = url.firstIndex(of: "#") ?? url.endIndex
        let beforeHash = url[..<hash]
        let fragment = url[hash...]
        guard let question = beforeHash.firstIndex(of: "?") else { return beforeHash + "?" + items.joined(separator: "&") + fragment }
        var query = beforeHash[beforeHash.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map(String.init)
        query.insert(contentsOf: items, at: min(position, query.count))
        return beforeHash[...question] + query.joined(separator: "&") + fragment
    }

    /// Spellings platforms and people append, with what the app reads back (name and value decoded).
    private static let spellings: [(written: String, name: String, value: String)] = [
        ("utm_source=newsletter", "utm_source", "newsletter"),
        ("utm_campaign=spring+sale", "utm_campaign", "spring sale"),
        ("gclid=Cj0KCQ", "gclid", "Cj0KCQ"),
        ("fbclid=IwAR2x", "fbclid", "IwAR2x"),
        ("UTM_Medium=email", "UTM_Medium", "email"),
        ("utm%5Fterm=a%26b", "utm_term", "a&b"),
        ("msclkid", "msclkid", ""),
        ("_gl=1*abc", "_gl", "1*abc"),
    ]

    @Test func addingOrRemovingThemChangesNothingElseOnEveryRouteOfEveryTable() throws {
        var generator = SplitMix64(state: 32)
        var compared = 0
        for (name, router) in try Self.tables() {
            let surface = LinkSurface(router: router)
            let origins = Self.prefixes(router)
            let probe = LinkSurface.Host(written: "h.invalid", sample: "h.invalid")
            for entry in surface.entries {
                for trial in surface.trialURLs(entry.entry, host: probe).prefix(12) {
                    for prefix in origins {
                        let url = prefix + trial.dropFirst("https://h.invalid".count)
                        let plain = router.resolve(url)
                        let count = Int.random(in: 1...3, using: &generator)
                        let chosen = (0..<count).map { _ in Self.spellings[Int.random(in: 0..<Self.spellings.count, using: &generator)] }
                        let tagged = Self.inserting(chosen.map { $0.written }, into: url, at: Int.random(in: 0...4, using: &generator))
                        let withThem = router.resolve(tagged)
                        compared += 1
                        switch (plain, withThem) {
                        case (.success(let a), .success(let b)):
                            #expect(a == b, "\(name): \(tagged) is not \(url)'s match")
                            #expect(a.attribution.isEmpty)
                            let spaces = router.options.queryPlusIsSpace
                            #expect(
                                b.attribution.map { [$0.name, $0.value] }
                                    == chosen.map { [$0.name, spaces ? $0.value : $0.value.replacingOccurrences(of: " ", with: "+")] },
                                "\(name): \(tagged)")
                            // The canonical URL reverse routing prints is the same, without them.
                            let canonical = try? router.url(for: b.route.name, parameters: b.parameters, query: b.query)
                            #expect(canonical == (try? router.url(for: a.route.name, parameters: a.parameters, query: a.query)))
                            #expect(canonical.map { !$0.lowercased().contains("utm") && !$0.contains("gclid") } ?? true)
                        case (.failure(let a), .failure(let b)):
                            #expect(a.code == b.code, "\(name): \(tagged) fails otherwise than \(url)")
                        default:
                            Issue.record("\(name): \(url) and \(tagged) resolve differently: \(plain) / \(withThem)")
                        }
                    }
                }
            }
        }
        #expect(compared > 5_000)
    }

    @Test func aClosedQueryARestMapAndAToEndValueNeverSeeThem() throws {
        let router = try #require(
            Router.compile([
                RouteSource(
                    name: "t.routes",
                    text: """
                        origins https://example.com
                        route strict /strict
                          option query closed
                          query id int
                        route search /search
                          query filters rest
                        route open /open
                          query url url(http, https) to-end
                        """)
            ]).router)
        let strict = try router.resolve("https://example.com/strict?id=1&utm_source=x&gclid=y").get()
        #expect(strict.route.name == "strict")
        #expect(strict.attribution.map(\.name) == ["utm_source", "gclid"])
        let search = try router.resolve("https://example.com/search?color=red&utm_medium=social").get()
        #expect(search.query["filters"] == .fields(["color": "red"]))
        let open = try router.resolve("https://example.com/open?url=https://x.com/s?q=swift&page=2&utm_source=share").get()
        #expect(open.query["url"] == .string("https://x.com/s?q=swift&page=2"))
        #expect(open.attribution == [AttributionParameters.Item(name: "utm_source", value: "share")])
        // Reverse routing leaves them out of a rest map too: the canonical URL never has one.
        let printed = try router.url(for: "search", query: ["filters": .fields(["color": "red", "utm_source": "x", "GCLID": "y"])])
        #expect(printed == "https://example.com/search?color=red")
    }

    @Test func theTableExtendsTheListAndCannotDeclareOne() throws {
        let router = try #require(
            Router.compile([
                RouteSource(name: "t.routes", text: "origins https://example.com\nattribution ref_src, partner_*\nroute home /\n  option query closed\n")
            ]).router)
        let match = try router.resolve("https://example.com/?ref_src=twsrc&partner_id=7").get()
        #expect(match.attribution.map(\.name) == ["ref_src", "partner_id"])
        // Without the line, a closed query refuses them.
        let plain = try #require(Router.compile([RouteSource(name: "t.routes", text: "origins https://example.com\nroute home /\n  option query closed\n")]).router)
        #expect(throws: RouteFailure.self) { try plain.resolve("https://example.com/?ref_src=twsrc").get() }
        // A table-wide query parameter of such a name is refused too.
        let shared = Router.compile([RouteSource(name: "t.routes", text: "query utm_source string optional\nroute home /\n")])
        #expect(shared.diagnostics.map(\.code) == [.attributionQuery])
        // `*` alone would make every item attribution: refused, as is a name no item can have.
        for entry in ["*", "a=b", "x*y*"] {
            let bad = Router.compile([RouteSource(name: "t.routes", text: "attribution \(entry)\nroute home /\n")])
            #expect(bad.router == nil)
            #expect(bad.diagnostics.first?.message.contains("is not an attribution name") == true, "\(entry)")
        }
        // The list survives a snapshot.
        let restored = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(try restored.resolve("https://example.com/?partner_x=1").get().attribution.map(\.name) == ["partner_x"])
    }

    /// The other doors of a lookup take them out too: every match, an explanation, a trusted path.
    @Test func everyLookupDoorTakesThemOut() throws {
        let router = try #require(
            Router.compile([RouteSource(name: "t.routes", text: "origins https://example.com\nroute strict /strict\n  option query closed\n  query id int\n")]).router)
        let plain = "https://example.com/strict?id=1"
        let tagged = "https://example.com/strict?utm_source=x&id=1&gclid=y"
        #expect(try router.matches(tagged).get().map(\.route.name) == router.matches(plain).get().map(\.route.name))
        #expect(try router.matches(tagged).get().count == 1)
        #expect(try router.explain(tagged).result.get() == router.explain(plain).result.get())
        #expect(try router.resolve(path: "/strict", query: "id=1&fbclid=z").get().attribution.map(\.name) == ["fbclid"])
        #expect(try router.matches(path: "/strict", query: "utm_medium=m&id=1").get().count == 1)
    }

    /// Docs/LinkSurface.md, "Attribution parameters", as written.
    @Test func theGuidesExample() throws {
        let router = try #require(RouteTableOptions.embeddedRouter)
        let match = try router.resolve("https://example.com/profile/42?utm_source=news&tab=likes").get()
        #expect(match.route.name == "profile")
        #expect(match.query["tab"] == .string("likes"))
        #expect(match.attribution == [AttributionParameters.Item(name: "utm_source", value: "news")])
        let run = runCommand("resolve", "https://example.com/profile/42?utm_source=news&tab=likes")
        #expect(run.out.contains("  attribution utm_source=news\n"))
    }
}
