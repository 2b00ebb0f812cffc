// axiom-benchmarks: release-built benchmarks. Run with
//   swift run -c release axiom-benchmarks [patterns | breakdown]
let arguments = CommandLine.arguments.dropFirst()
let suite = arguments.first ?? "patterns"
switch suite {
case "patterns":
    try PatternBenchmarks.run()
case "breakdown":
    try Breakdown.run()
default:
    print("usage: axiom-benchmarks [patterns | breakdown]")
}
