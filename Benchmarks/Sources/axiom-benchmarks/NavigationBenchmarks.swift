import AxiomNavigation
import AxiomRouting
import Foundation

/// `axiom-benchmarks navigation`: `open(url)` end to end on the default table — resolve,
/// three pass-through middleware, plan, commit, context creation and lifecycle — over
/// 100,000 navigations; p50, p99 and resident memory before and after (after a warm-up).
@MainActor
enum NavigationBenchmarks {
    final class TrivialContext: Context {
        var appearances = 0
        func onAppear() async { appearances += 1 }
        func onDisappear() async {}
    }

    /// Variants for finding costs: `navigation bare` (no middleware), `navigation flow` (no
    /// orchestrator, no contexts).
    static func run(navigations: Int = 100_000, variant: String = "") async throws {
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
        let flowOnly = NavigationFlow(router: router, state: orchestrator.navigation.state)
        if variant != "bare" {
            for _ in 0..<3 { orchestrator.navigation.add(MiddlewareClosure { request, next in try await next(request) }) }
        }
        await orchestrator.start()
        // Deep links across tabs, depths, modals and parameters.
        let urls = [
            "myapp://posts/7/comments?sort=new", "myapp://profile/42", "https://example.com/settings/privacy/ads",
            "myapp://discover/topics/music", "myapp://compose", "myapp://inbox/E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "myapp://search?q=swift&page=2", "myapp://u/alice", "myapp://places/1.5/-3", "myapp://me/edit",
        ]
        @MainActor func navigate(_ count: Int, samples: inout [Duration]) async -> Int {
            var completed = 0
            let clock = ContinuousClock()
            for index in 0..<count {
                let started = clock.now
                let result =
                    variant == "flow"
                    ? await flowOnly.open(url: urls[index % urls.count]) : await orchestrator.open(url: urls[index % urls.count])
                samples[index] = clock.now - started
                if result == .completed { completed += 1 }
            }
            return completed
        }
        var warmUp = [Duration](repeating: .zero, count: 10_000)
        _ = await navigate(10_000, samples: &warmUp)
        var samples = [Duration](repeating: .zero, count: navigations)
        RouterBenchmarks.trimHeap()
        let before = RouterBenchmarks.residentBytes()
        let completed = await navigate(navigations, samples: &samples)
        RouterBenchmarks.trimHeap()
        let after = RouterBenchmarks.residentBytes()
        let nanoseconds = samples.map { Double($0.components.seconds) * 1e9 + Double($0.components.attoseconds) / 1e9 }.sorted()
        func percentile(_ p: Double) -> Double { nanoseconds[min(nanoseconds.count - 1, Int(Double(nanoseconds.count) * p))] }
        print(
            "open(url) end to end, \(navigations) navigations on the default table (\(completed) completed), \(variant == "bare" ? "no middleware" : variant == "flow" ? "flow only: no middleware, no contexts" : "3 middleware"):"
        )
        print(
            "  p50 \((percentile(0.5) / 1000).formatted(2)) µs   p99 \((percentile(0.99) / 1000).formatted(2)) µs   max \(((nanoseconds.last ?? 0) / 1000).formatted(1)) µs"
        )
        if let before, let after {
            print(
                "  resident memory: \((Double(before) / 1_048_576).formatted(1)) MiB before, \((Double(after) / 1_048_576).formatted(1)) MiB after (\((Double(after - before) / 1_048_576).formatted(2)) MiB growth)"
            )
        }
        print("  live contexts \(orchestrator.contexts.count), history \(orchestrator.navigation.history.count)")
    }
}
