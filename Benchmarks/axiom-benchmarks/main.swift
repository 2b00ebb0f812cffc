import AxiomRouting
// axiom-benchmarks: release-built benchmarks. Run with
//   swift run -c release axiom-benchmarks [patterns]
let arguments = CommandLine.arguments.dropFirst()
let suite = arguments.first ?? "patterns"
switch suite {
case "patterns":
    try PatternBenchmarks.run()
case "urlparse":
    var total = 0
    for _ in 0..<20_000 { total &+= (try? URLRecord("https://example.com/users/42/posts/7/comments/3"))?.pathname.utf8.count ?? 0 }
    print(total)
case "breakdown":
    try Breakdown.run()
default:
    print("usage: axiom-benchmarks [patterns]")
}
