import Foundation
import TestSupport
import Testing

@testable import AxiomRouting

/// Docs/RealAppCorpus.md's table of figures is the corpus's: the marks counted in each table and
/// the assertions replayed now.
@Suite struct CorpusFiguresTests {
    /// The documented row of `app`: routes, as written, workaround, not expressible, assertions, agree.
    static func documentedRow(_ app: String) throws -> [Int] {
        let text = try String(contentsOfFile: packageRoot() + "/Docs/RealAppCorpus.md", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("| \(app) |") })
        return line.split(separator: "|").dropFirst().compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    static func row(_ app: CorpusApp, assertions: Int, agreeing: Int) -> [Int] {
        let marks = app.marks
        let counts = CorpusApp.Mark.allCases.map { marks[$0, default: 0] }
        return [counts.reduce(0, +)] + counts + [assertions, agreeing]
    }

    @Test func theDocumentedFiguresAreTheCorpusFigures() throws {
        let kickstarter = Self.row(
            try KickstarterCorpusTests.app.get(), assertions: KickstarterCorpusTests.assertions.count,
            agreeing: replay(KickstarterCorpusTests.assertions, KickstarterCorpusTests.navigation(for:)))
        #expect(try Self.documentedRow("Kickstarter") == kickstarter)
        let firefox = Self.row(
            try FirefoxCorpusTests.app.get(), assertions: FirefoxCorpusTests.assertions.count,
            agreeing: replay(FirefoxCorpusTests.assertions, FirefoxCorpusTests.route(for:)))
        #expect(try Self.documentedRow("Firefox") == firefox)
        let matcherAgreeing = WordPressCorpusTests.matcherCases.filter {
            WordPressCorpusTests.routesMatching($0.routes, $0.url) == $0.expected
        }.count
        let wordpress = Self.row(
            try WordPressCorpusTests.app.get(), assertions: WordPressCorpusTests.matcherCases.count + WordPressCorpusTests.mbarAssertions.count,
            agreeing: matcherAgreeing + replay(WordPressCorpusTests.mbarAssertions, WordPressCorpusTests.handed))
        #expect(try Self.documentedRow("WordPress") == wordpress)
        // And the total row (bold: `**102**`, `**93 (91%)**`).
        #expect(try Self.documentedTotal("all") == zip(zip(kickstarter, firefox), wordpress).map { $0.0 + $0.1 + $1 })
    }

    /// The documented total row labelled `label` (`| **all** |`), its bold figures read as numbers.
    static func documentedTotal(_ label: String) throws -> [Int] {
        let text = try String(contentsOfFile: packageRoot() + "/Docs/RealAppCorpus.md", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("| **\(label)** |") })
        return line.split(separator: "|").dropFirst().compactMap {
            Int($0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "*")).split(separator: " ").first ?? "")
        }
    }

    /// The second corpus (apps the language was not shaped on): each app at 95% or more of its
    /// assertions, as documented.
    @Test func theSecondCorpusFiguresAreTheDocumentedOnes() throws {
        let duckDuckGo = Self.row(
            try DuckDuckGoCorpusTests.app.get(), assertions: DuckDuckGoCorpusTests.assertions.count + DuckDuckGoCorpusTests.printed.count,
            agreeing: replay(DuckDuckGoCorpusTests.assertions, DuckDuckGoCorpusTests.link(for:)) + DuckDuckGoCorpusTests.replayPrinted())
        #expect(try Self.documentedRow("DuckDuckGo") == duckDuckGo)
        let signal = Self.row(try SignalCorpusTests.app.get(), assertions: SignalCorpusTests.assertionCount, agreeing: SignalCorpusTests.agreeing())
        #expect(try Self.documentedRow("Signal") == signal)
        let iceCubes = Self.row(
            try IceCubesCorpusTests.app.get(), assertions: IceCubesCorpusTests.assertions.count,
            agreeing: replay(IceCubesCorpusTests.assertions, IceCubesCorpusTests.destination(for:)))
        #expect(try Self.documentedRow("Ice Cubes") == iceCubes)
        #expect(try Self.documentedTotal("all (second)") == zip(zip(duckDuckGo, signal), iceCubes).map { $0.0 + $0.1 + $1 })
        for row in [duckDuckGo, signal, iceCubes] {
            #expect(row[5] * 100 >= row[4] * 95, "\(row): under 95% of its assertions agree")
        }
    }
}
