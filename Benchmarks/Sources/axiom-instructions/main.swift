import BenchmarkSupport
import Foundation

// axiom-instructions: `count OPERATION N` runs one benchmarked operation N times and nothing
// else, for counting its instructions under callgrind (`Benchmarks/thresholds`). A program of
// its own, built without the peer router and the command-line module, so CI builds only what
// the counts need; `axiom-benchmarks count` runs the same operations.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    guard arguments.count == 3, arguments[0] == "count", let count = Int(arguments[2]), count >= 0 else {
        throw BenchmarkError("usage: axiom-instructions count OPERATION N; OPERATION one of: \(Instructions.operations.joined(separator: ", "))")
    }
    try await Instructions.run(arguments[1], count: count)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
