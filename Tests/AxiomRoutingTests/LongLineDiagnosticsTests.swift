import AxiomURLPattern
import Testing

@testable import AxiomRouting

/// A table line of thousands of characters with an error near its end: the diagnostic shows
/// the part of the line around the error, with the marker under it, not the whole line (nor a
/// marker thousands of columns to the right).
@Suite struct LongLineDiagnosticsTests {
    @Test func aLongLineIsShownAroundItsError() throws {
        let names = (0..<2_000).map { "/:n\($0)" }.joined()
        let line = "route long \(names)/:n7"
        let compilation = Router.compile([RouteSource(name: "t.routes", text: "origins myapp:\n\(line)\n")])
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.code == .invalidPattern)
        #expect(diagnostic.location.line == 2)
        let columnOfName = line.count - "/:n7".count + 1 + 1
        #expect(diagnostic.location.column == columnOfName)

        let output = compilation.formattedDiagnostics.split(separator: "\n", omittingEmptySubsequences: false)
        // The header, then the excerpt (gutter "    2 | ") and the marker.
        let excerpt = try #require(output.first { $0.hasPrefix("    2 | ") })
        let marker = try #require(output.first { $0.hasPrefix("      | ") && $0.contains("^") })
        let shown = Array(excerpt.dropFirst(8))
        #expect(shown.count <= QuotedExcerpt.width)
        #expect(shown.first == "…")
        #expect(String(shown.suffix(4)) == "/:n7")
        let caret = try #require(marker.dropFirst(8).firstIndex(of: "^"))
        let column = marker.dropFirst(8).distance(from: marker.dropFirst(8).startIndex, to: caret)
        #expect(shown[column] == ":")
        #expect(output.allSatisfy { $0.count < 400 })
    }

    @Test func aShortLineIsShownWhole() throws {
        let compilation = Router.compile([RouteSource(name: "t.routes", text: "origins myapp:\nroute dup /:id/:id\n")])
        let output = compilation.formattedDiagnostics
        // The second `:id` is the line's 16th character: 15 spaces before the marker.
        #expect(output.contains("    2 | route dup /:id/:id\n      | " + String(repeating: " ", count: 15) + "^"))
    }
}

extension LongLineDiagnosticsTests {
    // Names of 20,000 characters in the messages and the help: each shown by its start and its
    // length; the diagnostics keep them whole.
    @Test func longNamesInMessagesAreShownByTheirStart() throws {
        let name = String(repeating: "r", count: 20_000)
        let parameter = String(repeating: "p", count: 20_000)
        let text = "origins myapp:\nroute \(name) /a\nroute \(name) /b\nroute x /c\n  param \(parameter) int\n"
        let compilation = Router.compile([RouteSource(name: "t.routes", text: text)])
        #expect(compilation.diagnostics.map(\.code) == [.duplicateRouteName, .unknownParameter])
        #expect(compilation.diagnostics[0].message.contains(name))
        let output = compilation.formattedDiagnostics
        #expect(output.count < 3_000)
        #expect(output.contains("duplicate route name '\(String(repeating: "r", count: 158))…' (20002 characters)"))
        #expect(output.contains("(20003 characters)"))  // the help: ':pppp…' in quotes
        #expect(output.contains("give each route its own name"))
    }

    @Test func onlyWordsLongerThanTheWidthAreShortened() {
        let short = "a message with 'names' and (brackets), kept as it is"
        #expect(QuotedExcerpt.shorteningLongWords(short) == short)
        let long = String(repeating: "x", count: 161)
        let text = "before '\(long)' after\n" + String(repeating: "y", count: 160) + " end"
        #expect(
            QuotedExcerpt.shorteningLongWords(text)
                == "before '\(String(repeating: "x", count: 158))…' (163 characters) after\n\(String(repeating: "y", count: 160)) end")
    }
}
