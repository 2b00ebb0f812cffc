import AxiomRouteCommands
import AxiomRouting
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The bounded costs of "every path holds": hostile inputs that used to cost seconds (or never
/// end) and the streaming commands, each timed here (medians of repeated runs) with the peak
/// memory of the process after it. `swift run -c release --package-path Benchmarks axiom-benchmarks costs [SECTION]`,
/// sections: failure, check, includes, resolve, simulate, gate.
enum CostBenchmarks {
    static func run(only: String?) async throws {
        let sections: [(String, () async throws -> Void)] = [
            ("failure", longFailures), ("check", largeChecks), ("includes", includeBomb), ("resolve", streamedResolve), ("simulate", longSimulation),
            ("gate", { try await GateCostBenchmarks.run() }),
        ]
        for (name, body) in sections where only == nil || only == name { try await body() }
    }

    static let repository: String = {
        var path = #filePath
        // The file, its target folder, `Sources`, `Benchmarks`: four steps up to the repository.
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// Peak resident memory of the process so far, in MB.
    static var peakMemory: Double {
        #if canImport(Glibc)
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_maxrss) / 1024
        #else
            return .nan
        #endif
    }

    static func profileMiss(count: Int, url: String) throws {
        let sources = try RouteSource.load(from: repository + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        var total = 0
        for _ in 0..<count {
            if case .failure(let failure) = router.resolve(url) { total &+= failure.description.utf8.count }
        }
        print(total)
    }

    /// An unmatched URL up to the 8 KiB limit: the failure, its reason and its suggestions.
    static func longFailures() throws {
        let sources = try RouteSource.load(from: repository + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        print("unmatched URLs on the default table: resolve + reason + suggestions (median of 11 runs)")
        print("  \(pad("input", 44)) \(pad("bytes", 6, right: true))  \(pad("resolve µs", 11, right: true))  \(pad("+ reason µs", 11, right: true))")
        // `\u{FFFD}` is what a `\xff` byte read from a file or standard input becomes (3 bytes).
        let inputs = [
            ("myapp://nope (a short miss)", "myapp://nope"),
            ("myapp://users/ + 800 × \\xff", "myapp://users/" + String(repeating: "\u{FFFD}", count: 800)),
            ("myapp://users/ + 1,500 × \\xff", "myapp://users/" + String(repeating: "\u{FFFD}", count: 1_500)),
            ("myapp://users/ + 2,725 × \\xff (8 KiB)", "myapp://users/" + String(repeating: "\u{FFFD}", count: 2_725)),
            ("myapp://a/b/…/ 4,000 segments (8 KiB)", "myapp://" + Array(repeating: "a", count: 4_000).joined(separator: "/")),
            ("myapp://settings/ + 8 KiB of %41", "myapp://settings/" + String(repeating: "%41", count: 2_700)),
        ]
        for (name, url) in inputs {
            let lookup = Measure.nanosecondsPerCall(iterations: 20) {
                guard case .failure(let failure) = router.resolve(url) else { return 0 }
                return failure.input.utf8.count
            }
            let time = Measure.nanosecondsPerCall(iterations: 20) {
                guard case .failure(let failure) = router.resolve(url) else { return 0 }
                return failure.description.utf8.count
            }
            print(
                "  \(pad(name, 44)) \(pad(String(url.utf8.count), 6, right: true))  \(pad((lookup / 1000).formatted(1), 11, right: true))  \(pad((time / 1000).formatted(1), 11, right: true))"
            )
        }
    }

    /// `check` (compile with every diagnostic) of tables whose routes share one first segment.
    static func largeChecks() throws {
        print("check: routes under one first segment (a third literal, a third typed, a third with a leading parameter)")
        try timeChecks([1_000, 10_000, 100_000]) { count in
            var text = ""
            for index in 0..<count {
                switch index % 3 {
                case 0: text += "route r\(index) /s/w\(index)\n"
                case 1: text += "route r\(index) /s/w\(index)/:id\n  param id int\n"
                default: text += "route r\(index) /s/:x/w\(index)\n"
                }
            }
            return text
        }
        // The overlap analysis's worst case among plausible tables: every route ties with every
        // other in rank, so each is compared with the most candidates the analysis allows.
        print("check: routes that all rank the same (one regexp group each, a wildcard and a suffix each)")
        try timeChecks([1_000, 10_000]) { count in (0..<count).map { "route r\($0) /a/:x(v\($0))\n" }.joined() }
        try timeChecks([1_000, 10_000]) { count in (0..<count).map { "route r\($0) /a/*/b\($0)\n" }.joined() }
    }

    private static func timeChecks(_ counts: [Int], _ table: (Int) -> String) throws {
        for count in counts {
            let text = table(count)
            let source = RouteSource(name: "big.routes", text: text)
            var samples: [Double] = []
            var diagnostics = 0
            for _ in 0..<(count >= 100_000 ? 1 : 3) {
                let clock = ContinuousClock()
                let start = clock.now
                let compilation = Router.compile([source])
                samples.append(Double((clock.now - start).components.attoseconds) / 1e15 + Double((clock.now - start).components.seconds) * 1000)
                diagnostics = compilation.diagnostics.count
            }
            print(
                "  \(pad(String(count), 7, right: true)) routes: \(pad(Measure.median(samples).formatted(0), 6, right: true)) ms, \(diagnostics) diagnostics, peak memory \(peakMemory.formatted(0)) MB"
            )
        }
    }

    /// Two links to the table's own folder, used in includes: every file is read once.
    static func includeBomb() throws {
        let folder = NSTemporaryDirectory() + "axiom-bomb-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/a", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b", withDestinationPath: ".")
        try Data("include a/main.routes\ninclude b/main.routes\ninclude a/b/more.routes\nroute home /\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/main.routes"))
        try Data("include b/a/main.routes\ninclude a/a/more.routes\nroute about /about\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/more.routes"))
        let sources = try RouteSource.load(from: folder + "/main.routes")
        let resolver = RouteSource.fileResolver(roots: [folder])
        let time = Measure.nanosecondsPerCall(runs: 5, iterations: 5) { Router.compile(sources, resolver: resolver).sources.count }
        let files = Router.compile(sources, resolver: resolver).sources.count
        print("include bomb (two links to '.', each file including the others through them): \((time / 1e6).formatted(2)) ms, \(files) files read")
    }

    /// `axiom-route resolve` over a million lines of standard input, in process.
    static func streamedResolve() async throws {
        // JSON is written by Foundation's encoder, entry by entry (≈ 90 µs each): fewer lines.
        for (format, lines) in [("text", 1_000_000), ("json", 200_000)] {
            let counter = LineSource(count: lines)
            let written = ByteCounter()
            let console = Console(write: { _, text in written.add(text.utf8.count) }, readLine: { counter.next() })
            let before = peakMemory
            let clock = ContinuousClock()
            let start = clock.now
            _ = await Console.$current.withValue(console) { await AxiomRoute.execute(arguments: ["resolve", "--format", format]) }
            let seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
            print(
                "resolve --format \(format), \(lines) lines from standard input: \(seconds.formatted(1)) s (\((Double(lines) / seconds).formatted(0)) lines/s), \(written.megabytes.formatted(0)) MB written, peak memory \(before.formatted(0)) → \(peakMemory.formatted(0)) MB"
            )
        }
    }

    /// `axiom-route simulate` of 5,000 pushes, the whole state after each step and only the changes.
    static func longSimulation() async throws {
        let steps = 5_000
        let script = (0..<steps).map { "navigate myapp://posts/\($0)" }
        for detail in ["changes", "full"] {
            let written = ByteCounter()
            let input = LineSource(lines: script)
            let console = Console(write: { _, text in written.add(text.utf8.count) }, readLine: { input.next() })
            let before = peakMemory
            let clock = ContinuousClock()
            let start = clock.now
            let status = await Console.$current.withValue(console) { await AxiomRoute.execute(arguments: ["simulate", "-", "--state", detail]) }
            let seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
            print(
                "simulate, \(steps) pushes, --state \(detail): \(seconds.formatted(2)) s, exit \(status), \(written.megabytes.formatted(1)) MB written, peak memory \(before.formatted(0)) → \(peakMemory.formatted(0)) MB"
            )
        }
    }
}

/// Lines for a command's standard input: generated URLs (a tenth of them misses), or given lines.
final class LineSource: @unchecked Sendable {
    // Read only by the one command running, one call at a time (commands read their input
    // sequentially on one task).
    private var index = 0
    private let count: Int
    private let lines: [String]?

    init(count: Int) {
        self.count = count
        self.lines = nil
    }

    init(lines: [String]) {
        self.count = lines.count
        self.lines = lines
    }

    func next() -> String? {
        guard index < count else { return nil }
        defer { index += 1 }
        if let lines { return lines[index] }
        return index % 10 == 9 ? "myapp://nope/\(index)" : "myapp://posts/\(index)/comments?sort=new"
    }
}

/// Counts what a command writes instead of keeping it.
final class ByteCounter: @unchecked Sendable {
    // Written only by the one command running, one call at a time.
    private var bytes = 0
    func add(_ count: Int) { bytes += count }
    var megabytes: Double { Double(bytes) / 1_048_576 }
}
