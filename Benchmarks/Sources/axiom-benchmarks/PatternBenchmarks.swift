import AxiomRouting
import Foundation

/// `axiom-benchmarks patterns`: URLPattern compile and exec time for representative
/// patterns, beside an `NSRegularExpression` of the same shape over the whole URL (what a
/// hand-written deep-link handler does).
enum PatternBenchmarks {
    struct Case {
        var name: String
        var pattern: String
        var url: String
        /// The equivalent hand-written regular expression over the whole URL string.
        var regex: String
    }

    static let cases: [Case] = [
        Case(
            name: "literal path", pattern: "https://example.com/settings/privacy",
            url: "https://example.com/settings/privacy", regex: "^https://example\\.com/settings/privacy$"),
        Case(
            name: "three named params", pattern: "https://example.com/users/:user/posts/:post/comments/:comment",
            url: "https://example.com/users/42/posts/7/comments/3",
            regex: "^https://example\\.com/users/([^/]+?)/posts/([^/]+?)/comments/([^/]+?)$"),
        Case(
            name: "regexp group", pattern: "https://example.com/orders/:id(\\d+)",
            url: "https://example.com/orders/12345", regex: "^https://example\\.com/orders/(\\d+)$"),
        Case(
            name: "full URL, host + query", pattern: "https://{:tenant.}?example.com/search/:kind\\?q=:query#*",
            url: "https://acme.example.com/search/books?q=swift#top",
            regex: "^https://(?:([^.]+?)\\.)?example\\.com/search/([^/]+?)\\?q=([^#]+?)(?:#(.*))?$"),
    ]

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
    }
}
