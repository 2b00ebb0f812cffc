import Foundation
import TestSupport
import Testing

@testable import AxiomRouteCommands
@testable import AxiomRouting

/// `resolve --format json` writes its entries without `JSONEncoder` (a route's description
/// once, the rest by hand): every entry must be the bytes `JSONEncoder` writes for it.
@Suite struct ResolveJSONTests {
    static let extraTable = """
        origins myapp:, https://example.com
        route tagged /t/:id
          param id uuid
          query tags [int] optional
          query note string optional
        route files /f/*
        route shown /s/:x
          alias /show/:x
        route scores /n/:score
          param score double
        redirect old /old/:x -> shown
        """

    /// Every way an entry can look: each route of the default table and of a table with lists,
    /// uuids, paths, aliases, doubles and redirects (redirects are left to JSONEncoder),
    /// misses of each kind, and text that needs escaping.
    static func inputs(_ router: Router) -> [String] {
        var inputs = [
            "myapp://discover/topics/music", "https://example.com/inbox/3F2504E0-4F89-11D3-9A0C-0305E82C3301", "myapp://help/accounts/2fa",
            "myapp://help/v1.0",
            "myapp://nosuch/path", "myapp://discovr", "https://evil.com/x", "", "not a url", "myapp://help/a\"b\\c",
            "myapp://help/\u{1}\u{1F}\u{7F}/é😀/\u{2028}", "myapp://compose?replyTo=4\"2", "myapp://compose?replyTo=42",
            "https://example.com/t/3F2504E0-4F89-11D3-9A0C-0305E82C3301?tags=1&tags=2&note=a%0Ab",
            "https://example.com/t/3F2504E0-4F89-11D3-9A0C-0305E82C3301", "https://example.com/f/a/b/c", "https://example.com/f/",
            "https://example.com/show/7", "https://example.com/s/7", "https://example.com/n/1.5", "https://example.com/old/9",
            // Doubles as JSONEncoder writes them: whole numbers without `.0`, exponents, zeros.
            "https://example.com/n/2", "https://example.com/n/-0", "https://example.com/n/0", "https://example.com/n/1e16",
            "https://example.com/n/0.1", "https://example.com/n/1e-7", "https://example.com/n/123456789012345678", "https://example.com/n/-2.50",
            "https://example.com/n/1e308", "https://example.com/n/5e-324", "https://example.com/n/0.30000000000000004", "https://example.com/n/1e400",
            "myapp://" + String(repeating: "x", count: 9000),
        ]
        for route in router.routes {
            if let url = try? router.url(for: route.name, parameters: [:]) { inputs.append(url) }
        }
        return inputs
    }

    @Test func everyEntryIsWhatJSONEncoderWrites() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let defaultRouter = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let extra = try #require(Router.compile([RouteSource(name: "extra.routes", text: Self.extraTable)]).router)
        var checked = 0
        for router in [defaultRouter, extra] {
            var writer = ResolveJSON()
            // Twice over: the second time every route's description comes from the cache.
            for input in Self.inputs(router) + Self.inputs(router) {
                let result = router.resolve(input)
                let expected = ResolveReport.Entry(input: input, result: result).json.indented(by: 4)
                #expect(writer.entry(input, result) == expected, "\(input.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    /// `indented(by:)` works on bytes; it must indent as splitting into lines does.
    @Test func indentingByBytesIsIndentingByLines() throws {
        let texts = ["", "\n", "a", "a\n", "a\n\nb", "{\n  \"x\" : [\n\n  ]\n}", "é\n😀\n\n", "\n\nx\n"]
        for text in texts {
            let byLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            #expect(text.indented(by: 4) == byLines, "\(text.debugDescription)")
        }
    }

    @Test func stringsAreEscapedAsJSONEncoderEscapesThem() throws {
        var every = ""
        for value in 0..<0x300 { if let scalar = Unicode.Scalar(value) { every.unicodeScalars.append(scalar) } }
        every += "\u{2028}\u{2029}\u{FEFF}😀/"
        let encoded = try JSONEncoder().encode([every])
        let expected = String(decoding: encoded, as: UTF8.self).dropFirst().dropLast()
        // JSONEncoder's default escapes '/', which the report does not: compare without it.
        #expect(ResolveJSON.string(every) == expected.replacingOccurrences(of: "\\/", with: "/"))
    }
}
