import Foundation
import TestSupport
import Testing

/// The folders of each library module depend one way only: what a folder declares is used only
/// by the folders allowed to see it. Read from the sources (every file, in every subfolder: a
/// folder missing from a module's map fails), so a new arrow backwards fails here with the file
/// and the name. What is tracked: top-level types (a nested type travels with its parent;
/// `indirect enum`s too), top-level functions, and members an extension in one folder adds to a
/// type of another (used where that folder cannot be seen, with no visible declaration of the
/// same name to stand for it).
@Suite struct LayeringTests {
    /// AxiomURLPattern: shared support; IDNA and PCRE2 on it, the URL parser over IDNA (hosts are
    /// domains to ASCII); pattern syntax (the tokenizer, parser, regexp translation, and what it
    /// decides for PCRE2) over those; the URLPattern API on top.
    static let urlPattern: [String: Set<String>] = [
        "Support": [],
        "URL": ["Support", "IDNA"],
        "IDNA": ["Support"],
        "PCRE2": ["Support"],
        "Pattern": ["Support", "URL", "IDNA", "PCRE2"],
        "URLPattern": ["Support", "URL", "IDNA", "PCRE2", "Pattern"],
    ]

    /// AxiomRouting follows the data flow (text → declarations → built table → frozen lookup);
    /// `Model/` and `Diagnostics/` are shared. The module's root holds its re-exports.
    static let routing: [String: Set<String>] = [
        "Model": [],
        "Diagnostics": ["Model"],
        "Table": ["Model", "Diagnostics"],
        "Lookup": ["Model", "Diagnostics"],
        "Build": ["Model", "Diagnostics", "Table", "Lookup"],
        // A built table written down and loaded again: the frozen lookup's tables, no syntax.
        "Snapshot": ["Model", "Diagnostics", "Lookup"],
        "Generate": ["Model", "Diagnostics", "Table", "Build", "Lookup", "Snapshot"],
        ".": [],
    ]

    /// AxiomNavigation: the vocabulary (state, request, result, source, error, `UIChange`,
    /// command, plan, history record) in `State/`; the pure planner over it; the middleware
    /// protocol and the built-in middleware; the journal; the flow — the gate, the pipeline, the
    /// host protocol with the context protocols it speaks; the orchestrator on top.
    static let navigation: [String: Set<String>] = [
        "State": [],
        "Planner": ["State"],
        "Middleware": ["State"],
        "Journal": ["State"],
        "Flow": ["State", "Planner", "Middleware", "Journal"],
        "Orchestrator": ["State", "Planner", "Middleware", "Journal", "Flow"],
        ".": [],
    ]

    /// AxiomRouteCommands: what every command shares (reading tables, printing, JSON) in
    /// `Support/`; the simulator's script language and its report in `Simulate/`; the link
    /// surface's files, dialects and labels in `LinkSurface/`; the commands at the root.
    static let commands: [String: Set<String>] = [
        "Support": [],
        "Simulate": ["Support"],
        "LinkSurface": ["Support"],
        ".": ["Support", "Simulate", "LinkSurface"],
    ]

    static let modules: [(name: String, map: [String: Set<String>])] = [
        ("AxiomURLPattern", urlPattern), ("AxiomRouting", routing), ("AxiomNavigation", navigation), ("AxiomRouteCommands", commands),
    ]

    @Test(arguments: modules.map(\.name))
    func foldersDependOneWay(module: String) throws {
        let map = try #require(Self.modules.first { $0.name == module }?.map)
        let backwards = try Self.backwardArrows(in: packageRoot() + "/Sources/" + module, allowed: map)
        #expect(backwards.isEmpty, "arrows against \(module)'s layering:\n\(backwards.joined(separator: "\n"))")
    }

    /// A scratch module of two folders, `Low` and `High` (which may see `Low`), with `files`.
    static func scan(_ files: [String: String], allowed: [String: Set<String>] = ["Low": [], "High": ["Low"]]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, text) in files {
            let directory = (folder + "/" + path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        return try backwardArrows(in: folder, allowed: allowed)
    }

    /// The scan sees the ways Swift spells a use: `Type.member` (a word ends at a `.`, whatever
    /// Unicode's word rules say), types declared after an attribute (`@MainActor public final
    /// class`), generic arguments and extensions.
    @Test func theScanSeesMemberUsesAndAttributedDeclarations() throws {
        let high = "@MainActor public final class Router {}\n@propertyWrapper struct Wrapped {}\n"
        #expect(try Self.scan(["High/Router.swift": high, "Low/Origin.swift": "struct Origin {}\n"]).isEmpty)
        // A use spelt `Type.member`, one line, no other mention of the type.
        #expect(
            try Self.scan(["High/Router.swift": high, "Low/Origin.swift": "struct Origin { func f() { Router.withUTF8(1) } }\n"])
                == ["Low/Origin.swift uses High/Router"])
        // A type declared after an attribute on the same line, used as a generic argument.
        #expect(
            try Self.scan(["High/Router.swift": high, "Low/Origin.swift": "struct Origin { let x: [Wrapped] = [] }\n"])
                == ["Low/Origin.swift uses High/Wrapped"])
    }

    /// Each kind of arrow the guard once missed, planted: each must fail it.
    @Test func everyKindOfPlantedArrowFailsTheGuard() throws {
        let low = "struct Origin {\n    var name = \"\"\n}\n"
        // A member added to a lower folder's type by an extension in a higher folder, used below.
        let extended = try Self.scan([
            "Low/Origin.swift": low + "func describe(_ o: Origin) -> String { o.shortName }\n",
            "High/Origin+short.swift": "extension Origin {\n    var shortName: String { name }\n}\n",
        ])
        #expect(extended == ["Low/Origin.swift uses High/extension member shortName"])
        // A top-level function of a higher folder.
        #expect(
            try Self.scan([
                "Low/Origin.swift": low + "let made = makeRouter()\n", "High/Router.swift": "struct Router {}\nfunc makeRouter() -> Router { Router() }\n",
            ]) == ["Low/Origin.swift uses High/makeRouter"])
        // An `indirect enum`.
        #expect(
            try Self.scan(["Low/Origin.swift": low + "let tree: Tree? = nil\n", "High/Tree.swift": "indirect enum Tree { case leaf, node(Tree) }\n"])
                == ["Low/Origin.swift uses High/Tree"])
        // A file in a subfolder is read (and its folder must be in the map).
        #expect(
            try Self.scan(["Low/Origin.swift": low, "High/Deep/Router.swift": "struct Router {}\n"])
                == ["High/Deep is no folder of the map: add it, with what it may see"])
        #expect(
            try Self.scan(
                ["Low/Origin.swift": low + "let r: Router? = nil\n", "High/Deep/Router.swift": "struct Router {}\n"],
                allowed: ["Low": [], "High": ["Low"], "High/Deep": ["Low"]]) == ["Low/Origin.swift uses High/Deep/Router"])
        // A new folder missing from the map is not skipped.
        #expect(
            try Self.scan(["Low/Origin.swift": low, "High/Router.swift": "struct Router {}\n", "Newer/Thing.swift": "struct Thing {}\n"])
                == ["Newer is no folder of the map: add it, with what it may see"])
        // A name in a string literal is no use; in an interpolation it is.
        let router = "struct Router { static let limit = 1 }\n"
        #expect(try Self.scan(["Low/Origin.swift": low + "let text = \"the Router\"\n", "High/Router.swift": router]).isEmpty)
        #expect(
            try Self.scan(["Low/Origin.swift": low + "let text = \"at most \\(Router.limit)\"\n", "High/Router.swift": router])
                == ["Low/Origin.swift uses High/Router"])
        // What the guard allows stays allowed: a higher folder using a lower one's extension member,
        // and a name declared in a visible folder too.
        #expect(
            try Self.scan([
                "Low/Origin.swift": low + "extension Origin {\n    var shortName: String { name }\n}\n",
                "High/Router.swift": "struct Router { func f(_ o: Origin) -> String { o.shortName } }\n",
            ]).isEmpty)
    }

    /// One concern a file: lines of Swift per file in `Sources/` (generated files, which start
    /// `// Generated by`, aside) at the 90th percentile ≤ 330 and none over 600 — the shape of
    /// the codebases the package learns from (hummingbird: 317 and 735). A file that grows past
    /// them is split along its concerns, not cut in half.
    @Test func filesStayTheSizeOfOneConcern() throws {
        let root = packageRoot() + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: root))
        var sizes: [(lines: Int, path: String)] = []
        for case let path as String in files where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            guard !text.hasPrefix("// Generated by") else { continue }
            sizes.append((text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0), path))
        }
        sizes.sort { $0.lines < $1.lines }
        #expect(sizes.count > 150)
        // The nearest-rank 90th percentile.
        let p90 = sizes[Int((Double(sizes.count) * 0.9).rounded(.up)) - 1]
        #expect(p90.lines <= 330, "90th percentile \(p90.lines) lines (\(p90.path)); longest: \(sizes.suffix(5).map { "\($0.path) \($0.lines)" })")
        let tooLong = sizes.filter { $0.lines > 600 }.map { "\($0.path): \($0.lines) lines" }
        #expect(tooLong.isEmpty, "split along concerns: \(tooLong)")
    }

    /// The thread sanitizer does not see `Synchronization.Mutex` on Linux (its futexes), so a
    /// value only ever touched inside `withLock` is reported as a race and the real races drown
    /// (`../shared/repro/tsan-mutex`). The package locks with `Locked` (a pthread mutex) instead;
    /// CI runs the suite under `--sanitize=thread`. This keeps `Mutex` from coming back.
    @Test func nothingLocksWithAMutexTheThreadSanitizerCannotSee() throws {
        var uses: [String] = []
        for folder in ["Sources", "Tests"] {
            let root = packageRoot() + "/" + folder
            guard let files = FileManager.default.enumerator(atPath: root) else { continue }
            // This file names what it looks for.
            for case let path as String in files where path.hasSuffix(".swift") && !path.hasSuffix("LayeringTests.swift") {
                let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && (line.contains("Mutex<") || line.contains("Mutex("))
                    && !line.contains("pthread_mutex")
                {
                    uses.append("\(folder)/\(path):\(number + 1)")
                }
            }
        }
        #expect(uses.isEmpty, "use Locked, which the thread sanitizer sees:\n\(uses.joined(separator: "\n"))")
    }

    /// Every use, in a folder of the module at `root`, of what a folder `allowed` does not let it
    /// see, as `Folder/File.swift uses Folder/Name`; a folder (at any depth) that holds Swift files
    /// and is not in `allowed` is reported as such.
    static func backwardArrows(in root: String, allowed: [String: Set<String>]) throws -> [String] {
        var files: [(folder: String, name: String, code: String)] = []
        var unmapped: Set<String> = []
        guard let walk = FileManager.default.enumerator(atPath: root) else { return ["\(root) cannot be read"] }
        let multilineString = try Regex(#"(?s)\"\"\".*?\"\"\""#)
        let string = try Regex(#""(?:[^"\\\n]|\\.)*""#)
        // A literal's text names nothing; its interpolations are code (`"\(Router.limit)"`).
        let interpolation = try Regex(#"\\\(((?:[^()]|\([^()]*\))*)\)"#)
        func interpolations(in literal: Substring) -> String {
            "\"" + literal.matches(of: interpolation).compactMap { $0.output[1].substring }.joined(separator: " ") + "\""
        }
        for case let path as String in walk where path.hasSuffix(".swift") {
            let folder = (path as NSString).deletingLastPathComponent
            let key = folder.isEmpty ? "." : folder
            guard allowed[key] != nil else {
                unmapped.insert(key)
                continue
            }
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            // Comments and string literals may name anything (doc links, messages).
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                .replacing(multilineString) { interpolations(in: $0.output[0].substring ?? "") }.replacing(string) { interpolations(in: $0.output[0].substring ?? "") }
            files.append((key, (path as NSString).lastPathComponent, code))
        }
        if !unmapped.isEmpty { return unmapped.sorted().map { "\($0) is no folder of the map: add it, with what it may see" } }
        let modifiers = #"(?:@\w+(?:\([^)\n]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|nonisolated|indirect|static|mutating|override|convenience)\s+)*"#
        let declaration = try Regex(#"(?m)^"# + modifiers + #"(?:struct|class|actor|enum|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)"#)
        let function = try Regex(#"(?m)^"# + modifiers + #"func\s+([a-z][A-Za-z0-9_]*)"#)
        // A member declared anywhere (any indentation), and an extension's block with its members.
        let member = try Regex(#"(?m)^\s*"# + modifiers + #"(?:func|var|let|case)\s+`?([a-z][A-Za-z0-9_]*)"#)
        let extensionBlock = try Regex(#"(?m)^"# + modifiers + #"extension\s+([A-Z][A-Za-z0-9_.]*)[^{\n]*\{\n((?:(?:[ \t]+[^\n]*|)\n)*?)\}"#)
        let extensionMember = try Regex(#"(?m)^    "# + modifiers + #"(?:func|var|let)\s+`?([a-z][A-Za-z0-9_]*)"#)
        var owner: [String: String] = [:]
        var declaredIn: [String: Set<String>] = [:]  // a member or function name: the folders declaring one
        var extensionMembers: [String: Set<String>] = [:]  // the folders whose extensions of another folder's type add it
        for file in files {
            for match in file.code.matches(of: declaration) {
                if let name = match.output[1].substring { owner[String(name)] = file.folder }
            }
            for match in file.code.matches(of: function) {
                if let name = match.output[1].substring { owner[String(name)] = file.folder }
            }
            for match in file.code.matches(of: member) {
                if let name = match.output[1].substring { declaredIn[String(name), default: []].insert(file.folder) }
            }
        }
        for file in files {
            for block in file.code.matches(of: extensionBlock) {
                guard let extended = block.output[1].substring, let body = block.output[2].substring else { continue }
                let typeName = String(extended.split(separator: ".").first ?? extended)
                guard let typeFolder = owner[typeName], typeFolder != file.folder else { continue }
                for match in String(body).matches(of: extensionMember) {
                    if let name = match.output[1].substring { extensionMembers[String(name), default: []].insert(file.folder) }
                }
            }
        }
        // Every mapped folder declares something, or the scan is broken.
        let declaring = Set(owner.values).union(extensionMembers.values.joined())
        let empty = Set(files.map(\.folder)).subtracting(declaring).subtracting(["."])
        guard empty.isEmpty else { return ["folders that declare nothing: \(empty.sorted())"] }
        // A word of ASCII identifier characters only: `Router.withUTF8` is `Router`, then `withUTF8`;
        // a word after a `.` is a member or nested type of what precedes it (`DecodingError.Context`).
        let word = try Regex(#"(?:^|[^A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*)"#)
        let memberUse = try Regex(#"\.([a-z][A-Za-z0-9_]*)\b"#)
        var backwards: [String] = []
        for file in files.sorted(by: { ($0.folder, $0.name) < ($1.folder, $1.name) }) {
            let sees = (allowed[file.folder] ?? []).union([file.folder])
            let used = Set(file.code.matches(of: word).compactMap { $0.output[1].substring.map(String.init) })
            for name in used.sorted() {
                guard let folder = owner[name], !sees.contains(folder) else { continue }
                // A function's name declared as a member in a visible folder may be that member.
                if name.first?.isLowercase == true, !(declaredIn[name] ?? []).isDisjoint(with: sees) { continue }
                backwards.append("\(file.folder == "." ? "" : file.folder + "/")\(file.name) uses \(folder)/\(name)")
            }
            let members = Set(file.code.matches(of: memberUse).compactMap { $0.output[1].substring.map(String.init) })
            for name in members.sorted() {
                guard let adders = extensionMembers[name], adders.isDisjoint(with: sees),
                    (declaredIn[name] ?? []).isDisjoint(with: sees)
                else { continue }
                for folder in adders.sorted() {
                    backwards.append("\(file.folder == "." ? "" : file.folder + "/")\(file.name) uses \(folder)/extension member \(name)")
                }
            }
        }
        return backwards
    }
}
