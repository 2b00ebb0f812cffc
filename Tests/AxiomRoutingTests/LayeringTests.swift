import Foundation
import TestSupport
import Testing

/// The folders of `Sources/AxiomRouting` and `Sources/AxiomNavigation` depend one way only: a
/// type declared in one folder is used only by the folders allowed to see it. Read from the
/// sources, so a new arrow backwards fails here with the file and the type. Top-level types are
/// what is tracked (a nested type travels with its parent).
@Suite struct LayeringTests {
    /// AxiomRouting follows the data flow (text → declarations → built table → frozen lookup);
    /// `Model/` and `Diagnostics/` are shared.
    static let routing: [String: Set<String>] = [
        "Model": [],
        "Diagnostics": ["Model"],
        "Table": ["Model", "Diagnostics"],
        "Lookup": ["Model", "Diagnostics"],
        "Build": ["Model", "Diagnostics", "Table", "Lookup"],
        // A built table written down and loaded again: the frozen lookup's tables, no syntax.
        "Snapshot": ["Model", "Diagnostics", "Lookup"],
        "Generate": ["Model", "Diagnostics", "Table", "Build", "Lookup", "Snapshot"],
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
    ]

    @Test func routingFoldersDependOneWay() throws {
        let backwards = try Self.backwardArrows(in: packageRoot() + "/Sources/AxiomRouting", allowed: Self.routing)
        #expect(backwards.isEmpty, "arrows against the data flow:\n\(backwards.joined(separator: "\n"))")
    }

    @Test func navigationFoldersDependOneWay() throws {
        let backwards = try Self.backwardArrows(in: packageRoot() + "/Sources/AxiomNavigation", allowed: Self.navigation)
        #expect(backwards.isEmpty, "arrows against the layering:\n\(backwards.joined(separator: "\n"))")
    }

    /// The scan sees the ways Swift spells a use: `Type.member` (a word ends at a `.`, whatever
    /// Unicode's word rules say), types declared after an attribute (`@MainActor public final
    /// class`), generic arguments and extensions.
    @Test func theScanSeesMemberUsesAndAttributedDeclarations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for sub in ["Low", "High"] { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        let allowed: [String: Set<String>] = ["Low": [], "High": ["Low"]]
        try "@MainActor public final class Router {}\n@propertyWrapper struct Wrapped {}\n"
            .write(toFile: folder + "/High/Router.swift", atomically: true, encoding: .utf8)
        try "struct Origin {}\n".write(toFile: folder + "/Low/Origin.swift", atomically: true, encoding: .utf8)
        #expect(try Self.backwardArrows(in: folder, allowed: allowed).isEmpty)
        // A use spelt `Type.member`, one line, no other mention of the type.
        try "struct Origin { func f() { Router.withUTF8(1) } }\n".write(toFile: folder + "/Low/Origin.swift", atomically: true, encoding: .utf8)
        #expect(try Self.backwardArrows(in: folder, allowed: allowed) == ["Low/Origin.swift uses High/Router"])
        // A type declared after an attribute on the same line, used as a generic argument.
        try "struct Origin { let x: [Wrapped] = [] }\n".write(toFile: folder + "/Low/Origin.swift", atomically: true, encoding: .utf8)
        #expect(try Self.backwardArrows(in: folder, allowed: allowed) == ["Low/Origin.swift uses High/Wrapped"])
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

    /// Every use of a type from a folder `allowed` does not list, as `Folder/File.swift uses
    /// Folder/Type`.
    static func backwardArrows(in root: String, allowed: [String: Set<String>]) throws -> [String] {
        var files: [(folder: String, name: String, code: String)] = []
        for folder in allowed.keys {
            for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) where name.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + folder + "/" + name, encoding: .utf8)
                // Comments may name anything (doc links across layers are fine).
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                files.append((folder, name, code))
            }
        }
        let declaration = try Regex(
            #"(?m)^(?:@\w+(?:\([^)\n]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|nonisolated)\s+)*(?:struct|class|actor|enum|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)"#
        )
        var owner: [String: String] = [:]
        for file in files {
            for match in file.code.matches(of: declaration) {
                if let name = match.output[1].substring { owner[String(name)] = file.folder }
            }
        }
        // Every folder declares something, or the scan is broken.
        guard Set(owner.values) == Set(allowed.keys) else {
            return ["folders that declare no type: \(Set(allowed.keys).subtracting(owner.values).sorted())"]
        }
        // A word of ASCII identifier characters only: `Router.withUTF8` is `Router`, then `withUTF8`;
        // a word after a `.` is a member or nested type of what precedes it (`DecodingError.Context`).
        let word = try Regex(#"(?:^|[^A-Za-z0-9_.])([A-Z][A-Za-z0-9_]*)"#)
        var backwards: [String] = []
        for file in files.sorted(by: { ($0.folder, $0.name) < ($1.folder, $1.name) }) {
            let used = Set(file.code.matches(of: word).compactMap { $0.output[1].substring.map(String.init) })
            for type in used.sorted() {
                guard let folder = owner[type], folder != file.folder else { continue }
                if !(allowed[file.folder] ?? []).contains(folder) { backwards.append("\(file.folder)/\(file.name) uses \(folder)/\(type)") }
            }
        }
        return backwards
    }
}
