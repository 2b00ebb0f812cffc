import Foundation
import TestSupport
import Testing

/// The folders of `Sources/AxiomRouting` follow the data flow (text → declarations → built
/// table → frozen lookup) and depend one way only: a type declared in one folder is used only
/// by the folders allowed to see it. Read from the sources, so a new arrow backwards fails here
/// with the file and the type. Top-level types are what is tracked (a nested type travels
/// with its parent).
@Suite struct LayeringTests {
    /// Which folders each folder may use (besides itself). `Model/` and `Diagnostics/` are shared.
    static let allowed: [String: Set<String>] = [
        "Model": [],
        "Diagnostics": ["Model"],
        "Table": ["Model", "Diagnostics"],
        "Lookup": ["Model", "Diagnostics"],
        "Build": ["Model", "Diagnostics", "Table", "Lookup"],
        "Generate": ["Model", "Diagnostics", "Table", "Build", "Lookup"],
    ]

    @Test func routingFoldersDependOneWay() throws {
        let root = packageRoot() + "/Sources/AxiomRouting"
        var files: [(folder: String, name: String, code: String)] = []
        for folder in Self.allowed.keys {
            for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) where name.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + folder + "/" + name, encoding: .utf8)
                // Comments may name anything (doc links across layers are fine).
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                files.append((folder, name, code))
            }
        }
        let declaration = try Regex(
            #"(?m)^(?:(?:public|package|private|fileprivate|final)\s+)*(?:struct|class|enum|protocol|typealias)\s+([A-Z]\w*)"#)
        var owner: [String: String] = [:]
        for file in files {
            for match in file.code.matches(of: declaration) {
                if let name = match.output[1].substring { owner[String(name)] = file.folder }
            }
        }
        // Every folder declares something, or the scan is broken.
        #expect(Set(owner.values) == Set(Self.allowed.keys))

        let word = try Regex(#"\b[A-Z]\w*\b"#)
        var backwards: [String] = []
        for file in files {
            let used = Set(file.code.matches(of: word).map { String(file.code[$0.range]) })
            for type in used.sorted() {
                guard let folder = owner[type], folder != file.folder else { continue }
                if !(Self.allowed[file.folder] ?? []).contains(folder) { backwards.append("\(file.folder)/\(file.name) uses \(folder)/\(type)") }
            }
        }
        #expect(backwards.isEmpty, "arrows against the data flow:\n\(backwards.joined(separator: "\n"))")
    }
}
