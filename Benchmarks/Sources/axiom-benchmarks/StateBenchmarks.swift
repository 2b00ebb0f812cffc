import AxiomNavigation
import Foundation

/// `axiom-benchmarks state-decode [TABS…]`: decoding a saved `NavigationState` of many tabs
/// (one entry each) with `JSONDecoder` — the checks a decoded state passes are linear in its
/// size. Median of five runs per size, and the time a tab.
enum StateBenchmarks {
    static func run(sizes: [Int]) throws {
        print("state-decode: a saved state of N tabs, one entry each (median of 5)")
        for size in sizes {
            let order = (0..<size).map { "t\($0)" }
            var stacks: [String: Any] = [:]
            for (index, name) in order.enumerated() { stacks[name] = [["id": index, "route": "home", "source": "inApp"]] }
            let json: [String: Any] = [
                "version": 1, "nextID": size, "modals": [] as [Any],
                "root": ["tabs": ["order": order, "selected": "t0", "stacks": stacks]],
            ]
            let data = try JSONSerialization.data(withJSONObject: json)
            var times: [Duration] = []
            let clock = ContinuousClock()
            for _ in 0..<5 {
                let started = clock.now
                let state = try JSONDecoder().decode(NavigationState.self, from: data)
                times.append(clock.now - started)
                precondition(state.entries.count == size)  // the benchmark's own input, not user input
            }
            let median = times.sorted()[2]
            let ms = Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1e3
            print(String(format: "  %7d tabs  %9.1f ms  %6.2f us a tab", size, ms, ms * 1000 / Double(size)))
        }
    }
}
