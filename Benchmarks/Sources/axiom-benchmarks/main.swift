import BenchmarkSupport
// axiom-benchmarks: release-built benchmarks. Run with
//   swift run -c release --package-path Benchmarks axiom-benchmarks [patterns | routers [SIZES] | jit [SIZES] | launch [RUNS] | lookup-kinds SIZE | navigation | memory SIZE [api] [detail] | breakdown | state-decode [TABS…] | costs [SECTION]]
let arguments = CommandLine.arguments.dropFirst()
let suite = arguments.first ?? "patterns"
switch suite {
case "patterns":
    try PatternBenchmarks.run()
case "routers":
    // Optional sizes: `axiom-benchmarks routers 1000 10000`.
    let sizes = arguments.dropFirst().compactMap { Int($0) }
    try RouterBenchmarks.run(sizes: sizes.isEmpty ? [10, 100, 1_000, 10_000] : sizes)
case "profile-lookups":
    // For profilers: only this Router's lookups on a 1,000-route table.
    // `profile-lookups [ROUNDS [SIZE]] [url | view]`
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    try RouterBenchmarks.profileLookups(
        size: numbers.count > 1 ? numbers[1] : 1_000, rounds: numbers.first ?? 20, urls: arguments.contains("url"),
        view: arguments.contains("view"))
case "profile-construct":
    // For profilers: `profile-construct [COUNT [CASE]]` constructs one of `patterns`' URLPatterns
    // COUNT times (CASE: its position, 0 to 3).
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    try PatternBenchmarks.profileConstruction(count: numbers.first ?? 2_000, case: numbers.count > 1 ? numbers[1] : 1)
case "profile-miss":
    // For profilers: `profile-miss [COUNT [URL]]` resolves an unmatched URL on the default table
    // COUNT times and describes each failure (its reason and suggestions), as the CLI does.
    let rest = Array(arguments.dropFirst())
    try CostBenchmarks.profileMiss(count: rest.first.flatMap { Int($0) } ?? 10_000, url: rest.count > 1 ? rest[1] : "myapp://nope")
case "lookup-kinds":
    // `lookup-kinds SIZE [literal|parameter|miss RUNS]`
    let rest = Array(arguments.dropFirst())
    try RouterBenchmarks.lookupKinds(
        size: rest.first.flatMap { Int($0) } ?? 1_000, only: rest.count > 1 ? rest[1] : nil, runs: rest.count > 2 ? Int(rest[2]) ?? 5 : 5)
case "jit":
    // `jit [SIZES]`: PCRE2's JIT beside its interpreter (iOS's engine), side by side.
    let sizes = arguments.dropFirst().compactMap { Int($0) }
    try EngineBenchmarks.run(sizes: sizes.isEmpty ? [10, 100, 1_000, 10_000] : sizes)
case "launch":
    // `launch [RUNS]`: a table ready at launch, from its text and from its snapshot, in fresh processes.
    try LaunchBenchmarks.run(runs: arguments.dropFirst().first.flatMap { Int($0) } ?? 11)
case "launch-child":
    // One fresh process of `launch`: `launch-child TABLE WAY SNAPSHOT-FILE`.
    let rest = Array(arguments.dropFirst())
    guard rest.count == 3 else { throw BenchmarkError("launch-child TABLE WAY SNAPSHOT-FILE") }
    try LaunchBenchmarks.child(table: rest[0], way: rest[1], snapshotPath: rest[2])
case "navigation":
    try await NavigationBenchmarks.run(variant: arguments.dropFirst().first ?? "")
case "memory":
    // `memory SIZE [api] [detail]`: the generated table, or the API-shaped one.
    let rest = Array(arguments.dropFirst())
    try RouterBenchmarks.printMemory(size: rest.first.flatMap { Int($0) } ?? 1_000, api: rest.contains("api"), detail: rest.contains("detail"))
case "breakdown":
    try Breakdown.run()
case "state-decode":
    // `state-decode [TABS…]`: decoding a saved state of that many tabs.
    let sizes = arguments.dropFirst().compactMap { Int($0) }
    try StateBenchmarks.run(sizes: sizes.isEmpty ? [1_000, 10_000, 40_000] : sizes)
case "count":
    // `count OPERATION N`: one operation N times, for counting its instructions (Benchmarks/thresholds).
    let rest = Array(arguments.dropFirst())
    guard rest.count == 2, let count = Int(rest[1]) else {
        throw BenchmarkError("count OPERATION N; OPERATION one of: \(Instructions.operations.joined(separator: ", "))")
    }
    try await Instructions.run(rest[0], count: count)
case "costs":
    // `costs [failure | check | includes | resolve | simulate]`
    try await CostBenchmarks.run(only: arguments.dropFirst().first)
default:
    print(
        "usage: axiom-benchmarks [patterns | routers [SIZES] | jit [SIZES] | launch [RUNS] | lookup-kinds SIZE | navigation | memory SIZE [api] [detail] | breakdown | state-decode [TABS…] | costs [SECTION]]"
    )
}
