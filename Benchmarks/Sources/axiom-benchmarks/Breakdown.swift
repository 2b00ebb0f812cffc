import AxiomRouting

/// `axiom-benchmarks breakdown`: how one `exec` splits into URL parsing and matching.
enum Breakdown {
    static func run() throws {
        let url = "https://example.com/users/42/posts/7/comments/3"
        let pattern = try URLPattern("https://example.com/users/:user/posts/:post/comments/:comment")
        let parse = try Measure.nanosecondsPerCall(iterations: 50_000) { try URLRecord(url).pathname.utf8.count }
        let exec = try Measure.nanosecondsPerCall(iterations: 50_000) { try pattern.execOrThrow(url)?.pathname.input.utf8.count ?? 0 }
        print("URL: \(url)")
        print("URLRecord parse       \(pad(parse.formatted(0), 6, right: true)) ns")
        print("exec (parse + match)  \(pad(exec.formatted(0), 6, right: true)) ns")
    }
}
