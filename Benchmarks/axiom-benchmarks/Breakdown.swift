@testable import AxiomRouting

/// `axiom-benchmarks breakdown`: where one `exec` spends its time (for profiling work).
enum Breakdown {
    static func run() throws {
        let url = "https://example.com/users/42/posts/7/comments/3"
        let pattern = try URLPattern("https://example.com/users/:user/posts/:post/comments/:comment")
        let parse = try Measure.nanosecondsPerCall(iterations: 50_000) { try URLRecord(url).pathname.utf8.count }
        let scratch = Measure.nanosecondsPerCall(iterations: 50_000) {
            ObjectIdentifier(MatchScratch(captures: 3, limits: MatchLimits())).hashValue & 1
        }
        let exec = try Measure.nanosecondsPerCall(iterations: 50_000) { try pattern.exec(url)?.pathname.input.utf8.count ?? 0 }
        print("URLRecord parse   \(parse.formatted(0)) ns")
        print("MatchScratch      \(scratch.formatted(0)) ns")
        print("exec (all)        \(exec.formatted(0)) ns")
    }
}
