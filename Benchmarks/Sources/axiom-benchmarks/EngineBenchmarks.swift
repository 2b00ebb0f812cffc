@_spi(Benchmarks) import AxiomRouting
@_spi(Benchmarks) import AxiomURLPattern
import BenchmarkSupport
import Foundation

/// `axiom-benchmarks jit [SIZES]`: PCRE2's JIT beside its interpreter (what an iOS app runs:
/// apps there may not JIT-compile code), in one process on one PCRE2 — the interpreter is the
/// same code as in a PCRE2 built with `--disable-jit`. For each engine, the router at 10 to
/// 10,000 routes (paths and full URLs), the table's compile, and URLPattern `exec` and
/// construction on `patterns`' cases; then the ratios, interpreter ÷ JIT.
enum EngineBenchmarks {
    /// One engine's figures.
    struct Figures {
        var path: [Int: Double] = [:]
        var url: [Int: Double] = [:]
        var compile: [Int: Double] = [:]
        var exec: [String: Double] = [:]
        var construct: [String: Double] = [:]
    }

    static func run(sizes: [Int]) throws {
        guard URLPattern.jitAvailable else {
            print("This PCRE2 has no JIT (built with --disable-jit): there is only the interpreter to measure.")
            return
        }
        print("PCRE2's JIT beside its interpreter, one process, one PCRE2 \(pcre2Version) (release build; medians of 5 runs, 11 for patterns)")
        print("")
        var engines: [(name: String, figures: Figures)] = []
        for jit in [true, false] {
            URLPattern.jitEnabled = jit
            defer { URLPattern.jitEnabled = true }
            engines.append((jit ? "JIT" : "interpreter", try measure(sizes: sizes)))
        }
        let (jit, interpreter) = (engines[0].figures, engines[1].figures)

        print("| router | JIT ns | interpreter ns | interpreter ÷ JIT |")
        print("|---|---:|---:|---:|")
        for size in sizes {
            for (label, column) in [("path", \Figures.path), ("full URL", \Figures.url)] {
                let a = jit[keyPath: column][size] ?? .nan
                let b = interpreter[keyPath: column][size] ?? .nan
                print("| \(size) routes, \(label) | \(a.formatted(0)) | \(b.formatted(0)) | \((b / a).formatted(2))× |")
            }
        }
        print("")
        print("| table compile | JIT ms | interpreter ms | interpreter ÷ JIT |")
        print("|---|---:|---:|---:|")
        for size in sizes {
            let a = jit.compile[size] ?? .nan
            let b = interpreter.compile[size] ?? .nan
            print("| \(size) routes | \(a.formatted(2)) | \(b.formatted(2)) | \((b / a).formatted(2))× |")
        }
        print("")
        print("| URLPattern | exec, JIT ns | exec, interpreter ns | ÷ | construct, JIT µs | construct, interpreter µs | ÷ |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for benchmark in PatternBenchmarks.cases {
            let execA = jit.exec[benchmark.name] ?? .nan
            let execB = interpreter.exec[benchmark.name] ?? .nan
            let constructA = jit.construct[benchmark.name] ?? .nan
            let constructB = interpreter.construct[benchmark.name] ?? .nan
            print(
                "| \(benchmark.name) | \(execA.formatted(0)) | \(execB.formatted(0)) | \((execB / execA).formatted(2))× "
                    + "| \((constructA / 1000).formatted(1)) | \((constructB / 1000).formatted(1)) | \((constructB / constructA).formatted(2))× |")
        }
        print("")
        print("A URLPattern JIT-compiles its expressions at their first match, not at construction: construction costs the same;")
        print("the JIT's cost shows in the first exec, which the median leaves out.")
    }

    /// Every figure for the engine now selected; each router and pattern is built after the switch.
    static func measure(sizes: [Int]) throws -> Figures {
        var figures = Figures()
        for size in sizes {
            let table = GeneratedTable(count: size)
            let lookups = table.lookups(100_000)
            let source = RouteSource(name: "generated.routes", text: table.tableText)
            figures.compile[size] = Measure.median(
                try (0..<5).map { _ in
                    let clock = ContinuousClock()
                    let start = clock.now
                    let router = try Router(source: source)
                    let elapsed = clock.now - start
                    Measure.blackHole(router.routes.count)
                    return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
                })
            let router = try Router(source: source)
            // The engine must give the generator's answers before it is timed.
            for (path, expected) in lookups.prefix(2_000) {
                let found = try? router.resolve(path: path).get().route.name
                guard found == expected.map({ "r\($0)" }) else {
                    throw BenchmarkError("\(path) resolves to \(found ?? "nothing"), expected \(expected.map { "r\($0)" } ?? "a miss")")
                }
            }
            var index = 0
            figures.path[size] = Measure.nanosecondsPerCall(runs: 5, iterations: lookups.count) {
                index = index == lookups.count - 1 ? 0 : index + 1
                switch router.resolve(path: lookups[index].path) {
                case .success(let match): return match.parameters.count
                case .failure: return -1
                }
            }
            let urls = lookups.map { "myapp:/" + $0.path }
            let urlRouter = try Router(source: RouteSource(name: "generated.routes", text: "origins myapp:\n" + table.tableText))
            figures.url[size] = Measure.nanosecondsPerCall(runs: 5, iterations: urls.count) {
                index = index == urls.count - 1 ? 0 : index + 1
                switch urlRouter.resolve(urls[index]) {
                case .success(let match): return match.parameters.count
                case .failure: return -1
                }
            }
        }
        for benchmark in PatternBenchmarks.cases {
            let pattern = try URLPattern(benchmark.pattern)
            guard try pattern.execOrThrow(benchmark.url) != nil else { throw BenchmarkError("\(benchmark.name) does not match its URL") }
            figures.exec[benchmark.name] = try Measure.nanosecondsPerCall(iterations: 20_000) {
                try pattern.execOrThrow(benchmark.url)?.pathname.input.utf8.count ?? 0
            }
            figures.construct[benchmark.name] = try Measure.nanosecondsPerCall(iterations: 300) {
                try URLPattern(benchmark.pattern).pathname.utf8.count
            }
        }
        return figures
    }

    static var pcre2Version: String { URLPattern.pcre2Version }
}
