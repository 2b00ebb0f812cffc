@_spi(Benchmarks) import AxiomRouting
import BenchmarkSupport
import Foundation

/// `axiom-benchmarks launch [RUNS]`: a route table made ready at an app's launch, cold — each
/// figure from a fresh process of this program (`launch-child`), which loads the table once and
/// reports the time, so nothing is warm but the binary itself. Medians of RUNS processes (11).
///
/// Two tables (the default table in `Routes/`, 39 routes; a generated table of 1,000) and two
/// ways to load each: from its text (what `makeRouter()` did: parse, check, rank, shape, compile
/// every expression), and from the snapshot the build wrote (``RouterSnapshot``: nothing parsed
/// or checked, each first segment's expressions compiled at its first lookup). Also the first
/// lookup after each load, which pays for what the snapshot put off.
enum LaunchBenchmarks {
    static let tables = ["default", "generated-1000"]
    static let ways = ["text", "snapshot"]

    static func run(runs: Int) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        print("A route table ready at launch: each figure from a fresh process (median of \(runs); release build)")
        print("")
        print("| table | load from | ready | first lookup | ready + first lookup |")
        print("|---|---|---:|---:|---:|")
        var medians: [String: Double] = [:]
        for table in tables {
            // The snapshot as the build writes it, made here once and read by the children.
            let snapshotFile = FileManager.default.temporaryDirectory.appendingPathComponent("axiom-launch-\(table).snapshot")
            let (sources, resolver, _) = try load(table)
            try RouterSnapshot.encode(Router(sources: sources, resolver: resolver)).write(to: snapshotFile, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: snapshotFile) }
            for way in ways {
                var ready: [Double] = []
                var first: [Double] = []
                for _ in 0..<runs {
                    let process = Process()
                    process.executableURL = executable
                    process.arguments = ["launch-child", table, way, snapshotFile.path]
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    try process.run()
                    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                    guard process.terminationStatus == 0, numbers.count == 2 else {
                        throw BenchmarkError("launch-child \(table) \(way) failed: \(output)")
                    }
                    ready.append(numbers[0])
                    first.append(numbers[1])
                }
                let readyMedian = Measure.median(ready)
                let firstMedian = Measure.median(first)
                medians[table + way] = readyMedian
                print(
                    "| \(table) | \(way) | \((readyMedian / 1e6).formatted(3)) ms | \((firstMedian / 1e3).formatted(1)) µs | \(((readyMedian + firstMedian) / 1e6).formatted(3)) ms |"
                )
            }
        }
        print("")
        for table in tables {
            if let text = medians[table + "text"], let snapshot = medians[table + "snapshot"] {
                print("\(table): the snapshot is ready \((text / snapshot).formatted(1))× sooner than the text")
            }
        }
        print("Targets (issue 29): generated-1000 from the snapshot under 5 ms, the default table under 1 ms.")

        // Once every expression is compiled, a loaded router looks up as a built one does (its
        // loop asks each chunk whether it is compiled): 100,000 lookups on the 1,000-route table.
        let generated = GeneratedTable(count: 1_000)
        let lookups = generated.lookups(100_000).map { "myapp:/" + $0.path }
        let built = try Router(source: RouteSource(name: "generated.routes", text: "origins myapp:\n" + generated.tableText))
        let loaded = try Router(snapshot: RouterSnapshot.encode(built))
        for url in lookups {
            guard (try? built.resolve(url).get().route.name) == (try? loaded.resolve(url).get().route.name) else {
                throw BenchmarkError("the loaded router answers \(url) otherwise")
            }
        }
        var index = 0
        let time = { (router: Router) in
            Measure.nanosecondsPerCall(runs: 5, iterations: lookups.count) {
                index = index == lookups.count - 1 ? 0 : index + 1
                switch router.resolve(lookups[index]) {
                case .success(let match): return match.parameters.count
                case .failure: return -1
                }
            }
        }
        let builtTime = time(built)
        let loadedTime = time(loaded)
        print(
            "Lookups once warm, 1,000 routes, full URLs: built \(builtTime.formatted(0)) ns, loaded from the snapshot \(loadedTime.formatted(0)) ns (\((loadedTime / builtTime).formatted(2))×)"
        )
    }

    /// A table's sources, and a URL it resolves.
    static func load(_ table: String) throws -> (sources: [RouteSource], resolver: IncludeResolver, lookup: String) {
        let sources: [RouteSource]
        let lookup: String
        switch table {
        case "default":
            sources = try RouteSource.load(from: "Routes")
            lookup = "myapp://profile/42?tab=likes"
        default:
            let generated = GeneratedTable(count: 1_000)
            sources = [RouteSource(name: "generated.routes", text: "origins myapp:\n" + generated.tableText)]
            lookup = "myapp:/" + (generated.lookups(100).first { $0.route != nil }?.path ?? "/")
        }
        return (sources, RouteSource.resolver(among: sources), lookup)
    }

    /// In the fresh process: load `table` the `way` asked (the snapshot from `snapshotPath`),
    /// print the nanoseconds to a ready router and those of its first lookup. Reading the files
    /// is not timed either way.
    static func child(table: String, way: String, snapshotPath: String) throws {
        let (sources, resolver, lookup) = try load(table)
        let snapshot = way == "snapshot" ? try String(contentsOfFile: snapshotPath, encoding: .utf8) : ""
        let clock = ContinuousClock()
        let start = clock.now
        let router = way == "snapshot" ? try Router(snapshot: snapshot) : try Router(sources: sources, resolver: resolver)
        let ready = clock.now
        let result = router.resolve(lookup)
        let looked = clock.now
        guard case .success = result else { throw BenchmarkError("\(lookup) did not resolve on \(table)") }
        print(nanoseconds(ready - start), nanoseconds(looked - ready))
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
}
