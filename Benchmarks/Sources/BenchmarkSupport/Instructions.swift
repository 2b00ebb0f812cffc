import AxiomNavigation
@_spi(Benchmarks) import AxiomRouting
import AxiomURLPattern
import CPCRE2Baseline
import Foundation

/// `axiom-benchmarks count OPERATION N`: runs one operation N times and nothing else, for
/// counting its instructions under callgrind (`Benchmarks/thresholds` runs each operation at
/// two counts and divides the difference, so the set-up cancels out). The operations are the
/// ones `Benchmarks/Thresholds/instructions.json` holds thresholds for.
package enum Instructions {
    package static let operations = [
        "c-10", "c-100", "c-1000", "view-10", "view-100", "view-1000", "resolve-10", "resolve-100", "resolve-1000", "lookup-parameter", "lookup-literal", "lookup-miss", "lookup-url", "lookup-catch-all", "view-catch-all",
        "construct-literal", "construct-names", "construct-regexp", "construct-url", "exec-names", "compile-100", "navigation",
    ]

    /// The paths of a 1,000-route generated table of one kind.
    private static func paths(_ table: GeneratedTable, kind: String) -> [String] {
        let lookups = table.lookups(20_000)
        switch kind {
        case "literal": return lookups.filter { $0.route.map { !table.routes[$0].pattern.contains(":") } ?? false }.map(\.path)
        case "miss": return lookups.filter { $0.route == nil }.map(\.path)
        default: return lookups.filter { $0.route.map { table.routes[$0].pattern.contains(":") } ?? false }.map(\.path)
        }
    }

    /// A ten-route table with a catch-all, and paths it takes.
    private static let catchAllTable = """
        route home /
        route profile /profile/:id
          param id int
        route post /posts/:slug
        route docs /docs/:rest*
        route files /files/*
        route settings /settings/privacy
        route team /teams/:team/members/:member
        route search /search
        route about /about
        route help /help/:topic
        """
    private static let catchAllPaths = ["/docs/guide/routing/tables", "/docs/a/b/c/d/e/f", "/docs/api", "/files/2026/11/report.pdf"]

    package static func run(_ operation: String, count: Int) async throws {
        var total = 0
        switch operation {
        case "c-10", "c-100", "c-1000", "view-10", "view-100", "view-1000", "resolve-10", "resolve-100", "resolve-1000":
            // The routers benchmark's mix (10% misses) at one size: the C baseline, the borrowed
            // match, resolve(path:).
            let parts = operation.split(separator: "-")
            let table = GeneratedTable(count: Int(parts[1]) ?? 100)
            let paths = table.lookups(20_000).map(\.path)
            switch parts[0] {
            case "c":
                let (baseline, _) = try RouterBenchmarks.cBaseline(table)
                defer { pcre2_baseline_free(baseline) }
                let subjects = paths.map { strdup($0) }
                defer { subjects.forEach { free($0) } }
                let lengths = paths.map(\.utf8.count)
                for index in 0..<count { total &+= pcre2_baseline_match(baseline, subjects[index % paths.count], lengths[index % paths.count]) }
            case "view":
                let router = try Router(source: RouteSource(name: "generated.routes", text: table.tableText))
                for index in 0..<count {
                    if case .success(let found) = router.withMatch(path: paths[index % paths.count], { $0.rank &+ $0.count }) { total &+= found }
                }
            default:
                let router = try Router(source: RouteSource(name: "generated.routes", text: table.tableText))
                for index in 0..<count {
                    if case .success(let match) = router.resolve(path: paths[index % paths.count]) { total &+= match.parameters.count }
                }
            }
        case "lookup-parameter", "lookup-literal", "lookup-miss":
            let table = GeneratedTable(count: 1_000)
            let router = try Router(source: RouteSource(name: "generated.routes", text: table.tableText))
            let paths = paths(table, kind: String(operation.split(separator: "-")[1]))
            for index in 0..<count {
                let path = paths[index % paths.count]
                if case .success(let match) = router.resolve(path: path) { total &+= match.parameters.count }
            }
        case "lookup-url":
            let table = GeneratedTable(count: 1_000)
            let router = try Router(source: RouteSource(name: "generated.routes", text: "origins myapp:\n" + table.tableText))
            let urls = paths(table, kind: "parameter").map { "myapp:/" + $0 }
            for index in 0..<count {
                if case .success(let match) = router.resolve(urls[index % urls.count]) { total &+= match.parameters.count }
            }
        case "lookup-catch-all", "view-catch-all":
            let router = try Router(source: RouteSource(name: "catch-all.routes", text: catchAllTable))
            for index in 0..<count {
                let path = catchAllPaths[index % catchAllPaths.count]
                if operation == "view-catch-all" {
                    if case .success(let found) = router.withMatch(path: path, { $0.rank &+ $0.count }) { total &+= found }
                } else if case .success(let match) = router.resolve(path: path) {
                    total &+= match.parameters.count
                }
            }
        case "construct-literal", "construct-names", "construct-regexp", "construct-url":
            let position = ["construct-literal", "construct-names", "construct-regexp", "construct-url"].firstIndex(of: operation) ?? 0
            let pattern = PatternBenchmarks.cases[position].pattern
            for _ in 0..<count { total &+= try URLPattern(pattern).pathname.utf8.count }
        case "exec-names":
            let benchmark = PatternBenchmarks.cases[1]
            let pattern = try URLPattern(benchmark.pattern)
            for _ in 0..<count { total &+= try pattern.execOrThrow(benchmark.url)?.pathname.input.utf8.count ?? 0 }
        case "compile-100":
            let source = RouteSource(name: "generated.routes", text: GeneratedTable(count: 100).tableText)
            for _ in 0..<count { total &+= try Router(source: source).routes.count }
        case "navigation":
            total = try await NavigationBenchmarks.count(count)
        default:
            throw BenchmarkError("unknown operation \(operation); one of: \(operations.joined(separator: ", "))")
        }
        print(total)
    }
}
