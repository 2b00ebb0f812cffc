import Foundation
import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

/// Includes are read once per file whatever they are called, stay in the table's folder, and
/// are bounded in depth and count; unreadable files say why, with a code.
@Suite struct IncludeTests {
    /// A fresh folder under the temporary directory, removed at the end of the test.
    final class Folder {
        let path: String
        init() throws {
            path = NSTemporaryDirectory() + "axiom-includes-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        func link(_ name: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: destination)
        }
        func compile(allowingOutside: Bool = false) throws -> RouteTableCompilation {
            Router.compile(try RouteSource.load(from: path), resolver: RouteSource.fileResolver(roots: [path], allowingOutside: allowingOutside))
        }
    }

    private func codes(_ compilation: RouteTableCompilation) -> [String] { compilation.diagnostics.map(\.code.rawValue) }

    @Test func twoLinksToTheFolderItselfReadEachFileOnce() throws {
        let folder = try Folder()
        try folder.link("a", to: ".")
        try folder.link("b", to: ".")
        try folder.write("main.routes", "include a/more.routes\ninclude b/more.routes\ninclude a/b/a/b/more.routes\nroute home /\n")
        try folder.write("more.routes", "include a/main.routes\ninclude b/a/more.routes\nroute about /about\n")
        let compilation = try folder.compile()
        #expect(compilation.diagnostics.isEmpty, "\(compilation.formattedDiagnostics)")
        #expect(compilation.router?.routes.map(\.name).sorted() == ["about", "home"])
    }

    @Test func includesOutsideTheFolderAreRefusedAndNothingOfThemIsShown() throws {
        let folder = try Folder()
        try folder.write("main.routes", "include /etc/passwd\ninclude ../elsewhere.routes\nroute home /\n")
        try folder.link("escape.txt", to: "/etc/hostname")
        try folder.write("more.routes", "include escape.txt\n")
        let compilation = try folder.compile()
        // `../elsewhere.routes` does not exist: the answer is the same (no probing outside).
        #expect(codes(compilation) == ["E314", "E314", "E314"])
        #expect(!compilation.formattedDiagnostics.contains("root:"))
        #expect(compilation.diagnostics.first?.message.contains("outside the table's folder") == true)
        // Allowed explicitly, the file is read (and is no route table).
        let allowed = try folder.compile(allowingOutside: true)
        #expect(allowed.diagnostics.contains { $0.code == .unknownDirective })
    }

    @Test func aLinkInTheTablesFolderToAFileElsewhereIsNotRead() throws {
        let folder = try Folder()
        try folder.write("main.routes", "route home /\n")
        try folder.link("passwd.routes", to: "/etc/passwd")
        #expect(throws: RouteSourceError.self) { try RouteSource.load(from: folder.path) }
        do {
            _ = try RouteSource.load(from: folder.path)
        } catch {
            #expect(error.code == .includeOutsideFolder)
            #expect(error.path.hasSuffix("/passwd.routes"))
        }
    }

    @Test func unreadableIncludesSayWhy() throws {
        let folder = try Folder()
        try folder.link("loop.routes", to: "loop.routes")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub.routes", withIntermediateDirectories: true)
        try folder.write("main.routes", "include loop.routes\ninclude sub.routes\ninclude missing.routes\nroute home /\n")
        // The folder lists `loop.routes` and `sub.routes` too: loading it says which and why.
        #expect(throws: RouteSourceError.self) { try RouteSource.load(from: folder.path) }
        let compilation = Router.compile(
            [try RouteSource.load(from: folder.path + "/main.routes")].flatMap { $0 }, resolver: RouteSource.fileResolver(roots: [folder.path]))
        #expect(codes(compilation) == ["E315", "E315", "E306"])
        #expect(compilation.diagnostics[0].message.contains("symbolic link that loops"))
        #expect(compilation.diagnostics[1].message.contains("a folder, not a file"))
    }

    @Test func readingATableSaysWhyAFileCannotBeRead() throws {
        let folder = try Folder()
        try folder.link("loop.routes", to: "loop.routes")
        #expect(
            throws: RouteSourceError(path: folder.path + "/loop.routes", code: .unreadableFile, reason: "a symbolic link that loops or leads nowhere")
        ) {
            try RouteSource.load(from: folder.path + "/loop.routes")
        }
        #expect(throws: RouteSourceError(path: folder.path + "/none.routes", code: .includeNotFound, reason: "no such file or folder")) {
            try RouteSource.load(from: folder.path + "/none.routes")
        }
        try folder.write("binary.routes", "")
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: folder.path + "/binary.routes"))
        do {
            _ = try RouteSource.load(from: folder.path + "/binary.routes")
            Issue.record("a file that is not UTF-8 was read")
        } catch {
            #expect(error.code.rawValue == "E315")
            #expect(error.description.contains("not UTF-8"))
        }
    }

    @Test func includesNestAtMostSixteenDeepAndATableReadsAtMost512Files() {
        let chain = (0..<20).map { RouteSource(name: "f\($0).routes", text: "include f\($0 + 1).routes\nroute r\($0) /r\($0)\n") }
        let deep = Router.compile([chain[0]], resolver: RouteSource.resolver(among: chain))
        #expect(codes(deep) == ["E316"])
        #expect(deep.diagnostics.first?.location.file == "f15.routes")  // f0 … f15: sixteen files deep

        let many = (0..<600).map { RouteSource(name: "m\($0).routes", text: "route r\($0) /r\($0)\n") }
        let main = RouteSource(name: "main.routes", text: many.map { "include \($0.name)" }.joined(separator: "\n"))
        let wide = Router.compile([main], resolver: RouteSource.resolver(among: many))
        #expect(codes(wide) == ["E316"])
        #expect(wide.sources.count == 512)
    }

    @Test func anEmptyTableNamesItsFilesAndAByteOrderMarkIsAccepted() throws {
        let empty = Router.compile([RouteSource(name: "app.routes", text: "")])
        #expect(empty.formattedDiagnostics.hasPrefix("app.routes:1:1: error: the route table declares no routes in 'app.routes' [E312]"))
        let onlyIncludes = Router.compile(
            [RouteSource(name: "app.routes", text: "include more.routes\n")],
            resolver: RouteSource.resolver(among: [RouteSource(name: "more.routes", text: "# nothing yet\n")]))
        #expect(onlyIncludes.diagnostics.first?.message == "the route table declares no routes in 2 files (app.routes, more.routes)")
        let marked = Router.compile([RouteSource(name: "bom.routes", text: "\u{FEFF}route home /\n  analytics \"Home\"\n")])
        #expect(marked.diagnostics.isEmpty)
        #expect(marked.router?.routes.first?.metadata.analyticsName == "Home")
    }
}
