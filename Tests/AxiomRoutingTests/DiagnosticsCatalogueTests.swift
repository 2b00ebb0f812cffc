import Foundation
import TestSupport
import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

/// `Docs/Diagnostics.md`: each code's ❌ table produces it; its ✅ table compiles clean.
@Suite struct DiagnosticsCatalogueTests {
    struct Entry: Sendable, CustomTestStringConvertible {
        var code: String
        var bad: String
        var fixed: String
        var testDescription: String { code }
    }

    static func entries() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: packageRoot() + "/Docs/Diagnostics.md") else { return [] }
        var entries: [Entry] = []
        var code: String? = nil
        var blocks: [String] = []
        var block: [Substring]? = nil
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") {
                entries += Self.pairs(code, blocks)
                code = line.dropFirst(4).split(separator: " ").first.map(String.init)
                blocks = []
            } else if line == "```routes" {
                block = []
            } else if line == "```", let finished = block {
                blocks.append(finished.joined(separator: "\n"))
                block = nil
            } else if block != nil {
                block?.append(line)
            }
        }
        entries += Self.pairs(code, blocks)
        return entries
    }

    /// A code's examples: ❌ then ✅, as many pairs as its entry shows (one per construct).
    static func pairs(_ code: String?, _ blocks: [String]) -> [Entry] {
        guard let code, blocks.count >= 2, blocks.count.isMultiple(of: 2) else { return [] }
        return stride(from: 0, to: blocks.count, by: 2).map { Entry(code: code, bad: blocks[$0], fixed: blocks[$0 + 1]) }
    }

    /// Codes about files rather than table text: documented with the diagnostic they print
    /// (their examples need a file system; `IncludeTests` produces each of them).
    static let fileSystemCodes: Set<String> = ["E314", "E315", "E316"]

    @Test func catalogueCoversEveryCode() throws {
        let documented = Set(Self.entries().map(\.code))
        let declared = Set(DiagnosticCode.allCases.map(\.rawValue)).subtracting(Self.fileSystemCodes)
        #expect(DiagnosticCode.allCases.count == Set(DiagnosticCode.allCases).count, "a code is listed twice")
        #expect(declared.count == 63)
        #expect(documented == declared)
        let page = String(decoding: try #require(FileManager.default.contents(atPath: packageRoot() + "/Docs/Diagnostics.md")), as: UTF8.self)
        for code in Self.fileSystemCodes.sorted() {
            #expect(page.contains("### \(code) — "), "\(code) has no entry")
            #expect(page.contains("[\(code)]\n```"), "\(code)'s entry shows no diagnostic")
        }
    }

    @Test(arguments: entries())
    func badExampleProducesItsCodeAndFixedExampleIsClean(entry: Entry) {
        let resolver: IncludeResolver = { path, _ in path == "t.routes" ? RouteSource(name: "t.routes", text: entry.bad) : nil }
        // The examples are checked against the loaders an app registers (E322 needs a set).
        let loaders: Set<String> = ["profileData", "recentPosts"]
        let bad = Router.compile([RouteSource(name: "t.routes", text: entry.bad)], resolver: resolver, loaders: loaders)
        let fixed = Router.compile([RouteSource(name: "t.routes", text: entry.fixed)], loaders: loaders)
        // As `check` reports them: with what typed routes would refuse (W413) and where the app
        // starts (E329, W415; the examples are parts of tables, so one without tabs need not
        // say where it starts: W415 counts only in its own entry).
        let fixedChecked = fixed.withTypedRouteWarnings.withStartDiagnostics.diagnostics.filter { $0.code != .emptyStart || entry.code == "W415" }
        #expect(fixedChecked.isEmpty, "\(fixed.withTypedRouteWarnings.withStartDiagnostics.formattedDiagnostics)")
        #expect(fixed.router != nil)
        guard entry.code.hasPrefix("E5") else {
            let checked = bad.withTypedRouteWarnings.withStartDiagnostics
            #expect(checked.diagnostics.contains { $0.code.rawValue == entry.code }, "\(checked.formattedDiagnostics)")
            return
        }
        // Generation codes: the table compiles; generating its Swift stops with the code.
        #expect(bad.diagnostics.isEmpty)
        switch SwiftRouteGenerator.generate(bad, options: .init()) {
        case .success: Issue.record("\(entry.code): the bad example generated code")
        case .failure(let error): #expect(error.diagnostics.contains { $0.code.rawValue == entry.code }, "\(error)")
        }
        if case .failure(let error) = SwiftRouteGenerator.generate(fixed, options: .init()) { Issue.record("\(error)") }
    }
}
