@_spi(Benchmarks) import AxiomRouting
import BenchmarkSupport
import CPCRE2Baseline
import Foundation
import RoutingKit

/// `axiom-benchmarks routers`: this Router beside vapor/routing-kit's `TrieRouter`, the C
/// baseline (one trie-shaped PCRE2 expression for the table, matched from plain C: the limit
/// this design can approach) and an `NSRegularExpression`-per-route linear scan, on generated
/// tables of 10 to 10,000 routes; with the ratios and issue 17's targets.
extension RouterBenchmarks {
    struct Row {
        var size: Int
        var axiom: Double
        /// Axiom through the borrowed match (`withMatch(path:)`): the route and its values'
        /// places, nothing converted, nothing allocated.
        var axiomView: Double
        /// Axiom finding the route only (`firstCandidate(path:)`): no values, no match.
        var axiomFind: Double
        /// Finding the route and reading its values (`firstCandidateValues(path:)`): no match.
        var axiomValues: Double
        var axiomURL: Double
        var cBaseline: Double
        var routingKit: Double
        var regexScan: Double
        var regexScanLookups: Int
        var compileMilliseconds: Double
        var bytesPerRoute: Double?
    }

    static func run(sizes: [Int] = [10, 100, 1_000, 10_000], lookups: Int = 100_000) throws {
        print("Routers, ns per lookup (release build, median of 5 runs; 10% of lookups miss)")
        print("")
        var rows: [Row] = []
        for size in sizes {
            rows.append(try measure(size: size, lookupCount: lookups))
            let row = rows[rows.count - 1]
            print(
                "\(pad(String(size), 6, right: true)) routes  axiom \(row.axiom.formatted(0)) ns  (borrowed \(row.axiomView.formatted(0)), full URL \(row.axiomURL.formatted(0)), C \(row.cBaseline.formatted(0)))"
                    + "  routing-kit \(row.routingKit.formatted(0)) ns  NSRegularExpression scan \(row.regexScan.formatted(0)) ns"
                    + "  compile \(row.compileMilliseconds.formatted(2)) ms"
                    + (row.bytesPerRoute.map { "  memory \($0.formatted(0)) B/route" } ?? ""))
        }
        print("")
        print(
            "| routes | Axiom borrowed | Axiom Router | Axiom, full URL | C baseline | routing-kit TrieRouter | NSRegularExpression scan | borrowed ÷ C | Axiom ÷ C | URL ÷ path | vs routing-kit | vs regex scan | compile (ms) | memory (B/route) |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for row in rows {
            print(
                "| \(row.size) | \(row.axiomView.formatted(0)) | \(row.axiom.formatted(0)) | \(row.axiomURL.formatted(0)) | \(row.cBaseline.formatted(0)) | \(row.routingKit.formatted(0)) | \(row.regexScan.formatted(0))\(row.regexScanLookups < lookups ? " ⁽\(row.regexScanLookups)⁾" : "") | \((row.axiomView / row.cBaseline).formatted(2))× | \((row.axiom / row.cBaseline).formatted(2))× | \((row.axiomURL / row.axiom).formatted(2))× | \((row.routingKit / row.axiom).formatted(1))× | \((row.regexScan / row.axiom).formatted(0))× | \(row.compileMilliseconds.formatted(2)) | \(row.bytesPerRoute.map { $0.formatted(0) } ?? "–") |"
            )
        }
        print("")
        print("Issue 33's targets (issue 17's compile and memory):")
        for row in rows {
            let viewLimit = row.size >= 10_000 ? 1.5 : 2
            var checks = [
                target(
                    "borrowed ≤ \(viewLimit.formatted(1))× C", row.axiomView / row.cBaseline <= viewLimit,
                    "\((row.axiomView / row.cBaseline).formatted(2))×"),
                target("resolve(path:) ≤ 3× C", row.axiom / row.cBaseline <= 3, "\((row.axiom / row.cBaseline).formatted(2))×"),
                target("full URL ≤ 1.5× path", row.axiomURL / row.axiom <= 1.5, "\((row.axiomURL / row.axiom).formatted(2))×"),
            ]
            if row.size == 1_000 {
                checks.append(target("compile ≤ 30 ms", row.compileMilliseconds <= 30, "\(row.compileMilliseconds.formatted(1)) ms"))
            }
            if row.size == 10_000 {
                checks.append(target("compile ≤ 300 ms", row.compileMilliseconds <= 300, "\(row.compileMilliseconds.formatted(1)) ms"))
                // Issue 33: the first build in a fresh process (what an app sees), beside the warm
                // figure, on both generators.
                let api = APITable(count: row.size)
                for (name, isAPI) in [
                    ("generated table", false), ("API-shaped table (patterns \(api.averagePatternLength.formatted(0)) bytes on average)", true),
                ] {
                    guard let (warm, first) = memoryFigures(size: row.size, api: isAPI) else { continue }
                    checks.append(
                        target("first build ≤ 1 KiB per route, \(name)", first <= 1024, "\(first.formatted(0)) B; warm \(warm.formatted(0)) B"))
                }
            }
            print("  \(pad(String(row.size), 6, right: true)) routes: " + checks.joined(separator: "  "))
        }
        print("")
        print("Where resolve(path:)'s nanoseconds go, against 2× the C baseline (same paths, same run):")
        for row in rows {
            let over = row.axiom - 2 * row.cBaseline
            print(
                "  \(pad(String(row.size), 6, right: true)) routes: C \(row.cBaseline.formatted(0)) ns"
                    + " · Axiom finds the route in \(row.axiomFind.formatted(0)) ns (canonical check, literal table, dispatch, PCRE2 match: \((row.axiomFind / row.cBaseline).formatted(2))× C)"
                    + " · makes the match (its values left in the path) and the caller releases it in \((row.axiom - row.axiomFind).formatted(0)) ns"
                    + " · (reading every value, strings and the array made and freed, would add \((row.axiomValues - row.axiomFind).formatted(0)) ns)"
                    + (over > 0 ? " · \(over.formatted(0)) ns over 2× C" : " · within 2× C"))
        }
        if let first = rows.first, let last = rows.last {
            print("")
            print(
                "growth from \(first.size) to \(last.size) routes: Axiom \((last.axiom / first.axiom).formatted(2))×, routing-kit \((last.routingKit / first.routingKit).formatted(2))×"
            )
        }
    }

    static func measure(size: Int, lookupCount: Int) throws -> Row {
        let table = GeneratedTable(count: size)
        guard Set(table.routes.map(\.pattern)).count == table.routes.count else {
            throw BenchmarkError("the generated table of \(size) routes has duplicate patterns")
        }
        let lookups = table.lookups(lookupCount)
        let source = RouteSource(name: "generated.routes", text: table.tableText)

        // Compile time: parse, rank, shape, PCRE2 compile and JIT.
        var compileSamples: [Double] = []
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let start = clock.now
            let router = try Router(source: source)
            let elapsed = clock.now - start
            Measure.blackHole(router.routes.count)
            compileSamples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
        let router = try Router(source: source)
        let bytesPerRoute = size >= 1_000 ? memoryPerRoute(size: size) : nil

        // routing-kit, given the same path strings (it needs them split into segments).
        let trie = TrieRouter(Int.self)
        for (index, route) in table.routes.enumerated() {
            trie.register(index, at: route.segments.map { $0.hasPrefix(":") ? .parameter(String($0.dropFirst())) : .constant($0) })
        }
        // A hand-written deep-link handler: one NSRegularExpression per route, tried in order.
        let regexes = try table.routes.map { route in
            try NSRegularExpression(
                pattern: "^/"
                    + route.segments.map { $0.hasPrefix(":") ? "([^/]+)" : NSRegularExpression.escapedPattern(for: $0) }
                    .joined(separator: "/") + "$")
        }

        // All three must agree before they are timed.
        for (path, expected) in lookups.prefix(2_000) {
            let ours = try? router.resolve(path: path).get().route.name
            var parameters = Parameters()
            let theirs = trie.route(path: path.split(separator: "/").map(String.init), parameters: &parameters)
            guard ours == expected.map({ "r\($0)" }), theirs == expected else {
                throw BenchmarkError(
                    "routers disagree on \(path): axiom \(ours ?? "nil"), routing-kit \(theirs.map(String.init) ?? "nil"), expected \(expected.map(String.init) ?? "miss")"
                )
            }
        }

        // The C baseline must agree too.
        let (baseline, split) = try cBaseline(table)
        defer { pcre2_baseline_free(baseline) }
        let subjects = lookups.map { strdup($0.path) }
        defer { subjects.forEach { free($0) } }
        let lengths = lookups.map { $0.path.utf8.count }
        for (position, lookup) in lookups.prefix(2_000).enumerated() {
            let route = pcre2_baseline_match(baseline, subjects[position], lengths[position])
            guard route == (lookup.route ?? -1) else {
                throw BenchmarkError("the C baseline gives \(route) for \(lookup.path), expected \(lookup.route.map(String.init) ?? "miss")")
            }
        }
        let cBaseline = Measure.median(
            (0..<5).map { _ in
                var checksum = 0
                let time = subjects.withUnsafeBufferPointer { pointers in
                    pointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { constant in
                        pcre2_baseline_time(baseline, constant.baseAddress, lengths, lookups.count, lookups.count, &checksum)
                    }
                }
                Measure.blackHole(checksum)
                return time
            })

        var index = 0
        let axiom = Measure.nanosecondsPerCall(runs: 5, iterations: lookups.count) {
            index = index == lookups.count - 1 ? 0 : index + 1
            switch router.resolve(path: lookups[index].path) {
            case .success(let match): return match.parameters.count
            case .failure: return -1
            }
        }
        // The borrowed match: the route's rank and how many values it has (as the C baseline
        // gives the route's number), no value converted; it must answer as resolve(path:) does.
        for (path, expected) in lookups.prefix(2_000) {
            let found = try? router.withMatch(path: path) { router.entries[$0.rank].name }.get()
            guard found == expected.map({ "r\($0)" }) else {
                throw BenchmarkError("withMatch(path:) gives \(found ?? "nil") for \(path), expected \(expected.map { "r\($0)" } ?? "miss")")
            }
        }
        let axiomView = Measure.nanosecondsPerCall(runs: 5, iterations: lookups.count) {
            index = index == lookups.count - 1 ? 0 : index + 1
            switch router.withMatch(path: lookups[index].path, { $0.rank &+ $0.count }) {
            case .success(let found): return found
            case .failure: return -1
            }
        }
        // Finding the route alone: the lookup's first half, which the C baseline also does.
        for (path, expected) in lookups.prefix(2_000) {
            let found = router.firstCandidate(path: path).map { router.entries[$0].name }
            guard found == expected.map({ "r\($0)" }) else {
                throw BenchmarkError("firstCandidate(path:) gives \(found ?? "nil") for \(path), expected \(expected.map { "r\($0)" } ?? "miss")")
            }
        }
        let axiomFind = Measure.nanosecondsPerCall(runs: 5, iterations: lookups.count) {
            index = index == lookups.count - 1 ? 0 : index + 1
            return router.firstCandidate(path: lookups[index].path) ?? -1
        }
        // Finding the route and reading its values: every generated value is read in place.
        for (path, expected) in lookups.prefix(2_000) {
            let count = router.firstCandidateValues(path: path)
            guard (count == nil) == (expected == nil), count == nil || count == (try? router.resolve(path: path).get().parameters.count) else {
                throw BenchmarkError("firstCandidateValues(path:) gives \(count.map(String.init) ?? "nil") values for \(path)")
            }
        }
        let axiomValues = Measure.nanosecondsPerCall(runs: 5, iterations: lookups.count) {
            index = index == lookups.count - 1 ? 0 : index + 1
            return router.firstCandidateValues(path: lookups[index].path) ?? -1
        }
        let urls = lookups.map { "myapp:/" + $0.path }
        let urlRouter = try Router(source: RouteSource(name: "generated.routes", text: "origins myapp:\n" + table.tableText))
        let axiomURL = Measure.nanosecondsPerCall(runs: 5, iterations: urls.count) {
            index = index == urls.count - 1 ? 0 : index + 1
            switch urlRouter.resolve(urls[index]) {
            case .success(let match): return match.parameters.count
            case .failure: return -1
            }
        }
        let routingKit = Measure.nanosecondsPerCall(runs: 5, iterations: lookups.count) {
            index = index == lookups.count - 1 ? 0 : index + 1
            var parameters = Parameters()
            let segments = lookups[index].path.split(separator: "/").map(String.init)
            return trie.route(path: segments, parameters: &parameters) ?? -1
        }
        // The linear scan is too slow for 100k lookups on big tables: fewer, same mix.
        let scanLookups = min(lookups.count, max(200, 20_000_000 / max(size, 1) / 10))
        let regexScan = Measure.nanosecondsPerCall(runs: 5, iterations: scanLookups) {
            index = index >= scanLookups - 1 ? 0 : index + 1
            let path = lookups[index].path
            let range = NSRange(location: 0, length: (path as NSString).length)
            for (route, regex) in regexes.enumerated() {
                if let match = regex.firstMatch(in: path, range: range) {
                    var total = route
                    for group in 1..<match.numberOfRanges { total += (path as NSString).substring(with: match.range(at: group)).utf8.count }
                    return total
                }
            }
            return -1
        }
        if split { print("  (\(size) routes: the C baseline uses one expression per first segment; one is past PCRE2's size limit)") }
        return Row(
            size: size, axiom: axiom, axiomView: axiomView, axiomFind: axiomFind, axiomValues: axiomValues, axiomURL: axiomURL, cBaseline: cBaseline,
            routingKit: routingKit, regexScan: regexScan,
            regexScanLookups: scanLookups, compileMilliseconds: Measure.median(compileSamples), bytesPerRoute: bytesPerRoute)
    }

    /// For profilers: `rounds` passes over 100,000 lookups, as paths or (`urls`) as the
    /// `myapp:` URLs the full-URL column times.
    static func profileLookups(size: Int, rounds: Int = 20, urls: Bool = false, view: Bool = false) throws {
        let table = GeneratedTable(count: size)
        let lookups = table.lookups(100_000)
        let router = try Router(source: RouteSource(name: "generated.routes", text: (urls ? "origins myapp:\n" : "") + table.tableText))
        let inputs = lookups.map { urls ? "myapp:/" + $0.path : $0.path }
        var total = 0
        for _ in 0..<rounds where view {
            for input in inputs {
                if case .success(let found) = router.withMatch(path: input, { $0.rank &+ $0.count }) { total &+= found }
            }
        }
        for _ in 0..<rounds where !view {
            for input in inputs {
                let result = urls ? router.resolve(input) : router.resolve(path: input)
                if case .success(let match) = result { total &+= match.parameters.count }
            }
        }
        print(total)
    }

    /// `axiom-benchmarks memory SIZE`: in a fresh process, resident memory growth from
    /// compiling a table of SIZE routes, per route.
    static func printMemory(size: Int, api: Bool = false, detail: Bool = false) throws {
        let source = RouteSource(name: "generated.routes", text: api ? APITable(count: size).tableText : GeneratedTable(count: size).tableText)
        // As an app sees it: the growth from the first build in this fresh process (the
        // compiler's garbage the allocator keeps included), freed heap returned first.
        trimHeap()
        guard let start = residentBytes() else {
            print("unavailable")
            return
        }
        let mappingsBefore = detail ? residentByMapping() : [:]
        let peakBefore = detail ? peakResidentBytes() : 0
        let first = try Router(source: source)
        trimHeap()
        let mappingsAfter = detail ? residentByMapping() : [:]
        let peakAfter = detail ? peakResidentBytes() : 0
        // The warm figure: a first router warms the allocator (its pools then hold the
        // compiler's garbage); the growth from a second one, kept alive beside it, is what a
        // router retains.
        guard let before = residentBytes() else {
            print("unavailable")
            return
        }
        let heapBefore = heapBytesInUse()
        let second = try Router(source: source)
        trimHeap()
        let after = residentBytes() ?? before
        let heap = heapBytesInUse() - heapBefore
        Measure.blackHole(first.routes.count + second.routes.count)
        // Two figures, warm then first build: `memoryPerRoute` reads both.
        print(Double(after - before) / Double(size), Double(before - start) / Double(size))
        guard detail else { return }
        // Where the bytes go, per route: PCRE2's code (compiled, JIT machine code, not on
        // malloc's heap), the expressions' source, and the rest of malloc's growth (routes,
        // their strings and parameters, the dispatch and literal tables).
        let expressions = second.expressionFootprint
        func perRoute(_ bytes: Int) -> String { (Double(bytes) / Double(size)).formatted(0) }
        print("  JIT machine code     \(perRoute(expressions.jit)) B/route")
        print("  PCRE2 compiled code  \(perRoute(expressions.compiled)) B/route")
        print("  expression source    \(perRoute(expressions.source)) B/route")
        print("  malloc heap growth   \(perRoute(heap)) B/route (the compiled code and the source included)")
        // The first build's growth by kind of memory (Linux's /proc/self/smaps): malloc's
        // heap pages (what the router keeps, and the compiler's garbage on pages the allocator
        // cannot return because a kept object shares them), PCRE2's JIT pages, and the code
        // pages the build touched for the first time (fixed, not per route).
        guard !mappingsAfter.isEmpty else { return }
        print("first build, resident growth by kind:")
        func grown(_ kind: String) -> Int {
            guard kind == "code" else { return (mappingsAfter[kind] ?? 0) - (mappingsBefore[kind] ?? 0) }
            func code(_ mappings: [String: Int]) -> Int { mappings.filter { $0.key.hasPrefix("code:") }.values.reduce(0, +) }
            return code(mappingsAfter) - code(mappingsBefore)
        }
        for kind in ["heap", "jit", "code", "other"] {
            let grown = grown(kind)
            print(
                "  \(kind.padding(toLength: 6, withPad: " ", startingAt: 0)) \(perRoute(grown)) B/route (\((Double(grown) / 1_048_576).formatted(1)) MiB)"
            )
        }
        print("  peak during the build \(perRoute(peakAfter - peakBefore)) B/route above the start (VmHWM)")
        // The JIT compiles each expression at its first lookup: once URLs have tried them all
        // (here: all at once), the router holds its machine code too.
        let jitTime = ContinuousClock().measure { first.compileExpressionsNow() }
        trimHeap()
        let mappingsCompiled = residentByMapping()
        let jitCompiled = (mappingsCompiled["jit"] ?? 0) - (mappingsBefore["jit"] ?? 0)
        let chunks = first.expressionCount
        let milliseconds = Double(jitTime.components.attoseconds) / 1e15 + Double(jitTime.components.seconds) * 1000
        print(
            "  every expression JIT-compiled (compileExpressionsNow): jit \(perRoute(jitCompiled)) B/route more, "
                + "\(milliseconds.formatted(1)) ms for \(chunks) chunks (\((milliseconds / Double(max(1, chunks))).formatted(2)) ms each)")
        print("code pages touched for the first time, by file and mapping:")
        for (kind, after) in mappingsAfter.sorted(by: { $0.key < $1.key }) where kind.hasPrefix("code:") {
            let grown = after - (mappingsBefore[kind] ?? 0)
            guard grown > 0 else { continue }
            print("  \(kind.dropFirst(5)) \((Double(grown) / 1024).formatted(0)) KiB")
        }
    }

    /// Resident bytes by kind of mapping (Linux's /proc/self/smaps): `jit` (anonymous
    /// executable: PCRE2's JIT code), `heap` (malloc's brk heap and its mmapped arenas:
    /// anonymous read-write), `code:…` (file-backed: the binary and its libraries, by file and
    /// mapping), `other`. Empty elsewhere.
    static func residentByMapping() -> [String: Int] {
        #if os(Linux)
            guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return [:] }
            let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            var kinds: [String: Int] = [:]
            var kind = "other"
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard let first = fields.first else { continue }
                if first.contains("-"), fields.count >= 5 {
                    // `start-end perms offset dev inode [path]`
                    let permissions = fields[1]
                    let path = fields.count > 5 ? String(fields[5]) : ""
                    if path.isEmpty && permissions.contains("x") {
                        kind = "jit"
                    } else if path == "[heap]" || (path.isEmpty && permissions.hasPrefix("rw")) {
                        kind = "heap"
                    } else if path.hasPrefix("/") {
                        // By file and mapping (`code:NAME PERMISSIONS @OFFSET`), summed as `code`.
                        kind = "code:" + (path.split(separator: "/").last.map(String.init) ?? path) + " " + permissions + " @" + fields[2]
                    } else {
                        kind = "other"
                    }
                } else if first == "Rss:", fields.count > 1, let kilobytes = Int(fields[1]) {
                    kinds[kind, default: 0] += kilobytes * 1024
                }
            }
            return kinds
        #else
            return [:]
        #endif
    }

    /// The process's peak resident set (VmHWM, Linux); 0 elsewhere.
    static func peakResidentBytes() -> Int {
        #if os(Linux)
            guard let handle = FileHandle(forReadingAtPath: "/proc/self/status") else { return 0 }
            let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if fields.count > 1, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
            }
            return 0
        #else
            return 0
        #endif
    }

    /// Bytes in use on malloc's heap (glibc's `mallinfo2`); 0 elsewhere.
    static func heapBytesInUse() -> Int { Int(benchmark_heap_bytes_in_use()) }

    /// Runs `memory SIZE` in a child process (one process per configuration, so earlier
    /// measurements' freed memory does not hide this one's).
    static func memoryPerRoute(size: Int, api: Bool = false) -> Double? { memoryFigures(size: size, api: api)?.warm }

    /// Both figures of `memory SIZE`: bytes per route from a second router beside a first
    /// (`warm`), and from the first build in a fresh process (`first`, what an app sees).
    static func memoryFigures(size: Int, api: Bool = false) -> (warm: Double, first: Double)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["memory", String(size)] + (api ? ["api"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard numbers.count >= 2 else { return nil }
        return (numbers[0], numbers[1])
    }

    static func trimHeap() {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
    }

    /// Resident set size from /proc (Linux); nil elsewhere.
    static func residentBytes() -> Int? {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
    }
}

/// One target's verdict, as `✓ name (value)` or `✗ name (value)`.
func target(_ name: String, _ met: Bool, _ value: String) -> String {
    (met ? "✓ " : "✗ ") + name + " (" + value + ")"
}

#if os(Linux)
    /// glibc's `malloc_trim` (declared in <malloc.h>, which Swift's Glibc module does not include):
    /// returns freed heap memory to the system.
    @_silgen_name("malloc_trim")
    func glibcMallocTrim(_ pad: Int) -> Int32
#endif

extension RouterBenchmarks {
    /// `axiom-benchmarks lookup-kinds SIZE`: ns per lookup by kind (literal hit, parameter
    /// hit, miss) — where a lookup's time goes.
    static func lookupKinds(size: Int, only: String? = nil, runs: Int = 5) throws {
        let table = GeneratedTable(count: size)
        let router = try Router(source: RouteSource(name: "generated.routes", text: table.tableText))
        let lookups = table.lookups(100_000)
        let groups: [(String, [String])] = [
            ("literal hit", lookups.filter { $0.route.map { !table.routes[$0].pattern.contains(":") } ?? false }.map(\.path)),
            ("parameter hit", lookups.filter { $0.route.map { table.routes[$0].pattern.contains(":") } ?? false }.map(\.path)),
            ("miss", lookups.filter { $0.route == nil }.map(\.path)),
        ]
        for (name, paths) in groups where only.map({ name.hasPrefix($0) }) ?? true {
            var index = 0
            let time = Measure.nanosecondsPerCall(runs: runs, iterations: 100_000) {
                index = index == paths.count - 1 ? 0 : index + 1
                switch router.resolve(path: paths[index]) {
                case .success(let match): return match.parameters.count
                case .failure: return -1
                }
            }
            print("\(size) routes  \(name): \(time.formatted(0)) ns")
        }
    }
}
