import Foundation
import TestSupport
import Testing

@testable import AxiomRouting

/// Line-based input reads the same whatever its line endings: a route table saved with Windows
/// line endings (CR LF) was one long line (`"\r\n"` is one `Character`, so splitting at `"\n"`
/// found no line) and declared no routes. Every reader splits through `String.sourceLines`.
@Suite struct LineEndingsTests {
    @Test func sourceLinesSplitAtLineFeedsAndDropTheCarriageReturnBefore() {
        #expect("a\r\nb\nc\r".sourceLines == ["a", "b", "c\r"])
        #expect("".sourceLines == [""])
        #expect("a\n".sourceLines == ["a", ""])
        #expect("\r\n\r\n".sourceLines == ["", "", ""])
        #expect("caf\u{E9}\r\n\u{301}x\r\r\n".sourceLines == ["caf\u{E9}", "\u{301}x\r", ""])
        // Random texts, against a model: split at each LF, one CR just before it dropped. And
        // without a CR, the lines are what splitting at "\n" gives, and the same with CR LF.
        func model(_ text: String) -> [String] {
            var lines: [String] = []
            var current = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                guard scalar == "\n" else {
                    current.append(scalar)
                    continue
                }
                if current.last == "\r" { current.removeLast() }
                lines.append(String(current))
                current = String.UnicodeScalarView()
            }
            return lines + [String(current)]
        }
        let pieces = ["a", "\u{E9}", " ", "\t", "\n", "#", "\u{301}", "\u{1F600}", "\r\n", "\r"]
        var generator = SplitMix64(state: 0xC0FFEE)
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 12)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(text.sourceLines.map(String.init) == model(text), "\(text.debugDescription)")
            guard !text.contains("\r") else { continue }
            #expect(text.sourceLines == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text.debugDescription)")
            #expect(text.replacingOccurrences(of: "\n", with: "\r\n").sourceLines == text.sourceLines, "\(text.debugDescription)")
        }
    }

    /// Every route table of the repository reads the same with CR LF endings, and with a
    /// comment outside ASCII on every line (which makes the line scanner read characters
    /// rather than bytes): the same routes, and the same diagnostics at the same places.
    @Test func everyTableReadsTheSameWithCRLFEndingsAndWithCharactersOutsideASCII() throws {
        let root = packageRoot()
        var tables: [String] = []
        for directory in ["Corpus", "Routes", "Simulations", "Fuzz/Seeds/table", "Examples", "Tests"] {
            guard let paths = FileManager.default.enumerator(atPath: root + "/" + directory) else { continue }
            for case let path as String in paths where path.hasSuffix(".routes") { tables.append(directory + "/" + path) }
        }
        #expect(tables.count >= 25)
        func summary(_ text: String, name: String) -> (routes: [Route], diagnostics: [String]) {
            let compilation = Router.compile([RouteSource(name: name, text: text)])
            return (
                compilation.router?.routes ?? [],
                compilation.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" }
            )
        }
        var routes = 0
        for name in tables {
            let text = try String(contentsOfFile: root + "/" + name, encoding: .utf8)
            let original = summary(text, name: name)
            routes += original.routes.count
            let crlf = summary(text.replacingOccurrences(of: "\n", with: "\r\n"), name: name)
            #expect(crlf.routes == original.routes, "\(name), CR LF")
            #expect(crlf.diagnostics == original.diagnostics, "\(name), CR LF")
            let commented = summary(text.sourceLines.map { $0 + "  # caf\u{E9}" }.joined(separator: "\n"), name: name)
            #expect(commented.routes == original.routes, "\(name), outside ASCII")
            #expect(commented.diagnostics == original.diagnostics, "\(name), outside ASCII")
        }
        #expect(routes > 200)
    }

    @Test func aCRLFTableQuotesItsLinesInDiagnostics() throws {
        let text = "route profile /profile/:id\r\n  param id integer\r\n"
        let compilation = Router.compile([RouteSource(name: "app.routes", text: text)])
        #expect(compilation.diagnostics.map(\.location.line) == [2])
        #expect(compilation.formattedDiagnostics.contains("    2 |   param id integer\n      |            ^~~~~~~\n"))
    }
}
