import AxiomNavigation
import AxiomRouting
import CPCRE2Baseline
import Foundation

// What the benchmarks (`axiom-benchmarks`) and the instruction counts (`axiom-instructions`,
// run by `Benchmarks/thresholds`) share: the C baseline, the patterns, the navigation set-up.
// Each suite's timing code extends these types in `axiom-benchmarks`.

package struct BenchmarkError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

package enum RouterBenchmarks {
    /// The C baseline for `table`: one expression for the table; past PCRE2's size limit, one
    /// per first segment (`split`). Free it with `pcre2_baseline_free`.
    package static func cBaseline(_ table: GeneratedTable) throws -> (OpaquePointer, split: Bool) {
        if let whole = table.trieExpression.withCString({ pcre2_baseline_create($0, strlen($0)) }) { return (whole, false) }
        let parts = table.trieExpressionsByFirstSegment
        let keys = parts.map { strdup($0.segment) }
        let patterns = parts.map { strdup($0.expression) }
        defer { (keys + patterns).forEach { free($0) } }
        let baseline = keys.withUnsafeBufferPointer { keyPointers in
            patterns.withUnsafeBufferPointer { patternPointers in
                keyPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { constantKeys in
                    patternPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { constantPatterns in
                        pcre2_baseline_create_split(constantKeys.baseAddress, constantPatterns.baseAddress, parts.count)
                    }
                }
            }
        }
        guard let baseline else { throw BenchmarkError("PCRE2 refused the trie-shaped expressions of \(table.routes.count) routes") }
        return (baseline, true)
    }
}

package enum PatternBenchmarks {
    package struct Case {
        package var name: String
        package var pattern: String
        package var url: String
        /// The equivalent hand-written regular expression over the whole URL string.
        package var regex: String
    }

    package static let cases: [Case] = [
        Case(
            name: "literal path", pattern: "https://example.com/settings/privacy",
            url: "https://example.com/settings/privacy", regex: "^https://example\\.com/settings/privacy$"),
        Case(
            name: "three named params", pattern: "https://example.com/users/:user/posts/:post/comments/:comment",
            url: "https://example.com/users/42/posts/7/comments/3",
            regex: "^https://example\\.com/users/([^/]+?)/posts/([^/]+?)/comments/([^/]+?)$"),
        Case(
            name: "regexp group", pattern: "https://example.com/orders/:id(\\d+)",
            url: "https://example.com/orders/12345", regex: "^https://example\\.com/orders/(\\d+)$"),
        Case(
            name: "full URL, host + query", pattern: "https://{:tenant.}?example.com/search/:kind\\?q=:query#*",
            url: "https://acme.example.com/search/books?q=swift#top",
            regex: "^https://(?:([^.]+?)\\.)?example\\.com/search/([^/]+?)\\?q=([^#]+?)(?:#(.*))?$"),
    ]
}

@MainActor
package enum NavigationBenchmarks {
    package final class TrivialContext: Context {
        package var appearances = 0
        package init() {}
        package func onAppear() async { appearances += 1 }
        package func onDisappear() async {}
    }

    /// Variants for finding costs: `navigation bare` (no middleware), `navigation flow` (no
    /// orchestrator, no contexts).
    /// Deep links across tabs, depths, modals and parameters.
    package static let urls = [
        "myapp://posts/7/comments?sort=new", "myapp://profile/42", "https://example.com/settings/privacy/ads",
        "myapp://discover/topics/music", "myapp://compose", "myapp://inbox/E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "myapp://search?q=swift&page=2", "myapp://u/alice", "myapp://places/1.5/-3", "myapp://me/edit",
    ]

    /// The default table's orchestrator, with `middleware` pass-through middleware and (when
    /// `signedIn`) a signed-in session, so the routes that require authentication complete
    /// too, started.
    package static func orchestrator(middleware: Int, signedIn: Bool = true) async throws -> (Orchestrator, Router) {
        let sources = try RouteSource.load(from: "Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let factories = Dictionary(
            uniqueKeysWithValues: router.routes.map { route -> (String, ContextFactory) in
                (route.name, { _ in TrivialContext() })
            })
        let orchestrator = Orchestrator(
            router: router,
            state: NavigationState(tabs: [
                "home": Destination("home"), "discover": Destination("discover"),
                "inbox": Destination("inbox"), "profile": Destination("me"),
            ]), factories: factories)
        if signedIn { orchestrator.navigation.add(AuthenticationMiddleware(loginRoute: router.loginRoute, signedIn: true, clock: ContinuousClock())) }
        for _ in 0..<middleware { orchestrator.navigation.add(MiddlewareClosure { request, next in try await next(request) }) }
        await orchestrator.start()
        return (orchestrator, router)
    }

    /// For counting instructions: `count` navigations through three middleware; how many completed.
    package static func count(_ count: Int) async throws -> Int {
        let (orchestrator, _) = try await orchestrator(middleware: 3)
        var completed = 0
        for index in 0..<count where await orchestrator.open(url: urls[index % urls.count]) == .completed { completed += 1 }
        return completed
    }
}
