import AxiomNavigation
import Foundation

/// `axiom-benchmarks state-decode [TABS…]`: decoding a saved `NavigationState` of many tabs
/// (one entry each) with `JSONDecoder` — the checks a decoded state passes are linear in its
/// size. Median of five runs per size, and the time a tab.
enum StateBenchmarks {
    static func run(sizes: [Int]) throws {
        print("state-decode: a saved state of N tabs, one entry each (median of 5); the last line, the largest state read:")
        print("  as many tabs as NavigationState.maxTabs, each entry with a parameter (maxEntries entries, maxValues values)")
        for (row, size) in (sizes + [NavigationState.maxTabs]).enumerated() {
            let withValues = row == sizes.count
            let order = (0..<size).map { "t\($0)" }
            var stacks: [String: Any] = [:]
            for (index, name) in order.enumerated() {
                var entry: [String: Any] = ["id": index, "route": "home", "source": "inApp"]
                if withValues { entry["parameters"] = [["name": "id", "value": ["string": "item-\(index)"]]] }
                stacks[name] = [entry]
            }
            let json: [String: Any] = [
                "version": 1, "nextID": size, "modals": [] as [Any],
                "root": ["tabs": ["order": order, "selected": "t0", "stacks": stacks]],
            ]
            let data = try JSONSerialization.data(withJSONObject: json)
            var times: [Duration] = []
            let clock = ContinuousClock()
            var outcome = ""
            for _ in 0..<5 {
                let started = clock.now
                // Past the bounds the decoder refuses the state: the time is the refusal's.
                let state = try? JSONDecoder().decode(NavigationState.self, from: data)
                times.append(clock.now - started)
                outcome = state.map { "read, \($0.entries.count) entries" } ?? "refused (past NavigationState.maxTabs)"
            }
            let median = times.sorted()[2]
            let ms = Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1e3
            print(String(format: "  %7d tabs  %9.1f ms  %6.2f us a tab  %@", size, ms, ms * 1000 / Double(size), outcome))
        }
    }
}

/// `costs gate`: the gate on hostile states, linear in their size — a state restored from a link
/// whose stack alternates screens its source may not open with auth-only ones (each taken off one
/// by one, with no session: dropped or withheld), and a state of many tabs and withheld groups
/// put back at once (sign-in).
@MainActor
enum GateCostBenchmarks {
    static let table = """
        origins myapp:
        login login
        route home /
        route secret /secret/:n
          param n int
          sources inApp
          parent home
        route vault /vault/:n
          param n int
          auth
          parent home
        route login /login
          transition modal(fullScreen)
        """

    static func run() throws {
        let router = try Router(source: RouteSource(name: "gate.routes", text: table))
        print("costs gate: hostile states through the gate (median of 5)")
        for size in [10_000, 40_000, 160_000] {
            // A saved stack: home, then `secret` (in-app only) and `vault` (auth) alternating.
            var stack = [Destination("home")]
            for index in 0..<size { stack.append(Destination(index.isMultiple(of: 2) ? "vault" : "secret", parameters: ["n": .int(index)])) }
            let saved = NavigationState(stack: stack)
            let restored = saved.restored(against: router, source: .deepLink).state
            var times: [Duration] = []
            let clock = ContinuousClock()
            var shown = ""
            for _ in 0..<5 {
                let started = clock.now
                let flow = NavigationFlow(router: router, state: restored)
                times.append(clock.now - started)
                shown = flow.state.visible?.route ?? "-"
            }
            let median = times.sorted()[2]
            let ms = Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1e3
            print(String(format: "  %7d screens to take off: %8.1f ms  %6.2f us a screen  (visible: %@)", size, ms, ms * 1000 / Double(size), shown))
        }
        for size in [10_000, 40_000, 160_000] {
            // A stack of auth-only screens with nothing below them, started without a session.
            let saved = NavigationState(stack: (0..<size).map { Destination("vault", parameters: ["n": .int($0)]) })
            var times: [Duration] = []
            let clock = ContinuousClock()
            var left = 0
            for _ in 0..<5 {
                let started = clock.now
                let flow = NavigationFlow(router: router, state: saved)
                times.append(clock.now - started)
                left = flow.state.entries.count
            }
            let median = times.sorted()[2]
            let ms = Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1e3
            print(
                String(
                    format: "  %7d guarded screens, none below: %8.1f ms  %6.2f us a screen  (entries left: %d)", size, ms, ms * 1000 / Double(size),
                    left))
        }
    }
}
