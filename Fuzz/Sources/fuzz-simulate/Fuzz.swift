import AxiomRouteCommands
import Foundation
import FuzzSupport

/// A `simulate` script (on the default table), run in process twice. Oracles: nothing crashes,
/// bounded time, the exit status is 0, 1 or 2, and the two runs print the same (the simulation
/// is deterministic on its test clock).
///
/// The simulation runs on the main actor; libFuzzer runs on a thread of its own and waits for
/// each run, so the main thread stays free to run it.
@main struct Main {
    static func main() async {
        let fuzzer = Thread {
            runFuzzer { bytes in
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let first = simulate(lines)
                let second = simulate(lines)
                guard [0, 1, 2].contains(first.status) else { oracleFailed("simulate exited \(first.status)") }
                guard first == second else { oracleFailed("two runs of one script differ:\n\(first.out)\n---\n\(second.out)") }
            }
        }
        fuzzer.stackSize = 16 << 20
        fuzzer.start()
        // The fuzzer ends the process when it is done.
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }
}

struct Run: Equatable {
    var status: Int32
    var out: String
    var err: String
}

/// Runs `axiom-route simulate -` on the main actor and waits for it (called on the fuzzer's thread).
func simulate(_ lines: [String]) -> Run {
    let done = DispatchSemaphore(value: 0)
    let result = Box()
    Task { @MainActor in
        let console = CapturedConsole(input: lines)
        let status = await Console.$current.withValue(console.console) { await AxiomRoute.execute(arguments: ["simulate", "-"]) }
        result.set(Run(status: status, out: console.standardOutput, err: console.standardError))
        done.signal()
    }
    done.wait()
    return result.get()
}

/// Hands a run from the main actor to the waiting thread.
final class Box: @unchecked Sendable {
    // Written once on the main actor before `done.signal()`, read after `done.wait()`: the
    // semaphore orders the two.
    private var run = Run(status: -1, out: "", err: "")
    func set(_ value: Run) { run = value }
    func get() -> Run { run }
}
