import AxiomNavigation
import AxiomRouting
import BenchmarkSupport
import Foundation

/// `axiom-benchmarks navigation`: `open(url)` end to end on the default table — resolve,
/// a signed-in session and three pass-through middleware, plan, commit, context creation and
/// lifecycle — over 100,000 navigations; p50 and p99 over all and per outcome, and resident
/// memory before and after (after a warm-up).
extension NavigationBenchmarks {
    static func run(navigations: Int = 100_000, variant: String = "") async throws {
        // `bare`: no middleware at all, no session either (the routes that require
        // authentication then end `cancelled.guard-rejected`, reported apart).
        let (orchestrator, router) = try await orchestrator(middleware: variant == "bare" ? 0 : 3, signedIn: variant != "bare")
        let flowOnly = NavigationFlow(router: router, state: orchestrator.navigation.state)
        /// Each navigation's time and how it ended, by URL.
        @MainActor func navigate(_ count: Int, samples: inout [Duration], outcomes: inout [String]) async {
            let clock = ContinuousClock()
            for index in 0..<count {
                let started = clock.now
                let result =
                    variant == "flow"
                    ? await flowOnly.open(url: urls[index % urls.count]) : await orchestrator.open(url: urls[index % urls.count])
                samples[index] = clock.now - started
                outcomes[index] = result.code.rawValue
            }
        }
        var warmUp = [Duration](repeating: .zero, count: 10_000)
        var warmUpOutcomes = [String](repeating: "", count: 10_000)
        await navigate(10_000, samples: &warmUp, outcomes: &warmUpOutcomes)
        var samples = [Duration](repeating: .zero, count: navigations)
        var outcomes = [String](repeating: "", count: navigations)
        RouterBenchmarks.trimHeap()
        let before = RouterBenchmarks.residentBytes()
        await navigate(navigations, samples: &samples, outcomes: &outcomes)
        RouterBenchmarks.trimHeap()
        let after = RouterBenchmarks.residentBytes()
        let nanoseconds = samples.map { Double($0.components.seconds) * 1e9 + Double($0.components.attoseconds) / 1e9 }
        func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        let all = nanoseconds.sorted()
        let completed = outcomes.filter { $0 == "completed" }.count
        print(
            "open(url) end to end, \(navigations) navigations on the default table (\(completed) completed), \(variant == "bare" ? "no middleware" : variant == "flow" ? "flow only: no middleware, no contexts" : "3 middleware and a signed-in session"):"
        )
        print(
            "  all       p50 \((percentile(all, 0.5) / 1000).formatted(2)) µs   p99 \((percentile(all, 0.99) / 1000).formatted(2)) µs   max \(((all.last ?? 0) / 1000).formatted(1)) µs"
        )
        // Each outcome apart: a navigation that ends inside the flow (a duplicate, a refusal)
        // does less work than one that commits, and mixing them hides both.
        for outcome in Set(outcomes).sorted() {
            let times = zip(outcomes, nanoseconds).filter { $0.0 == outcome }.map(\.1).sorted()
            print(
                "  \(pad(outcome, 9)) p50 \((percentile(times, 0.5) / 1000).formatted(2)) µs   p99 \((percentile(times, 0.99) / 1000).formatted(2)) µs   (\(times.count) navigations)"
            )
        }
        // Which URLs end how (the first pass over the list, after the warm-up).
        for (index, url) in urls.enumerated() where outcomes[index] != "completed" {
            print("    \(url): \(outcomes[index])")
        }
        if let before, let after {
            print(
                "  resident memory: \((Double(before) / 1_048_576).formatted(1)) MiB before, \((Double(after) / 1_048_576).formatted(1)) MiB after (\((Double(after - before) / 1_048_576).formatted(2)) MiB growth)"
            )
        }
        print("  live contexts \(orchestrator.contexts.count), history \(orchestrator.navigation.history.count)")
    }
}
