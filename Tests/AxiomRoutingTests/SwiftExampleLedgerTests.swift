import Foundation
import TestSupport
import Testing

/// Every Swift example of the guides (README.md, Docs/, Examples/*/README.md) is code a test runs:
/// its text — comments and spacing aside, `…` standing for elided code — appears in one file under
/// Tests/ or Examples/, each paragraph of it (a blank line apart) in order, and each `import` line
/// anywhere (imports sit at a file's top). The examples that cannot run here as written (Apple-only
/// frameworks, manifest fragments …) are listed in `Docs/examples-not-run.txt` (by file and first
/// line, each with its reason), and the list can only shrink: an
/// example missing from tests and from the list fails, and so does a listed one that a test now
/// runs (take it off the list).
@Suite struct SwiftExampleLedgerTests {
    struct Example: CustomStringConvertible {
        let file: String
        let line: Int
        let code: String
        /// Which example of the file beginning with this line it is (1 for the first).
        var occurrence: Int
        var firstLine: String {
            code.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        /// The file and the example's first non-blank line: how the ledger names it (with `#2` …
        /// for a later example beginning with the same line).
        var key: String { "\(file): \(firstLine)" + (occurrence > 1 ? " #\(occurrence)" : "") }
        var description: String { "\(file):\(line)" }
    }

    static func examples(root: String) throws -> [Example] {
        var files = ["README.md"]
        let fileManager = FileManager.default
        for folder in ["Docs"] {
            guard let walker = fileManager.enumerator(atPath: root + "/" + folder) else { continue }
            while let path = walker.nextObject() as? String {
                if path.hasSuffix(".md") { files.append(folder + "/" + path) }
            }
        }
        for example in (try? fileManager.contentsOfDirectory(atPath: root + "/Examples")) ?? []
        where fileManager.fileExists(atPath: root + "/Examples/\(example)/README.md") {
            files.append("Examples/\(example)/README.md")
        }
        var examples: [Example] = []
        for file in files.sorted() {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index < lines.count {
                let fence = lines[index].trimmingCharacters(in: .whitespaces)
                guard fence.hasPrefix("```") else {
                    index += 1
                    continue
                }
                let start = index
                var body: [Substring] = []
                index += 1
                while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    body.append(lines[index])
                    index += 1
                }
                index += 1
                if fence == "```swift" {
                    var example = Example(file: file, line: start + 1, code: body.joined(separator: "\n"), occurrence: 1)
                    example.occurrence = examples.filter { $0.file == file && $0.firstLine == example.firstLine }.count + 1
                    examples.append(example)
                }
            }
        }
        return examples
    }

    /// Code without its comments and spacing: what two spellings of one example share.
    static func normalized(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var text = String(line)
            // A comment starts at `//` after a space or at the line's start (not `myapp://`).
            if let range = text.range(of: #"(^|\s)//(\s|$).*$"#, options: .regularExpression) { text.removeSubrange(range) }
            return text.filter { !$0.isWhitespace }
        }.joined()
    }

    /// Whether `code` appears in `text` (normalized): its paragraphs in order, `…` standing for
    /// any code between.
    static func appears(_ code: String, in text: String) -> Bool {
        // `import` lines sit at a file's top in any order: each is looked for on its own.
        let lines = code.components(separatedBy: "\n")
        let imports = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") }
        guard imports.allSatisfy({ text.contains(normalized($0)) }) else { return false }
        let rest = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") }
        var remaining = Substring(text)
        let paragraphs = rest.split { $0.allSatisfy(\.isWhitespace) }.map { $0.joined(separator: "\n") }
        for part in paragraphs.flatMap({ normalized($0).components(separatedBy: "…") }) where !part.isEmpty {
            guard let found = remaining.range(of: part) else { return false }
            remaining = remaining[found.upperBound...]
        }
        return true
    }

    static func testFiles(root: String) -> [String] {
        var texts: [String] = []
        for folder in ["Tests", "Examples"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            while let path = walker.nextObject() as? String {
                // Build folders (an example package's own .build, with its checkouts) are not tests.
                if path.split(separator: "/").last == ".build" {
                    walker.skipDescendants()
                    continue
                }
                guard path.hasSuffix(".swift"), !path.hasPrefix("Vendored"), !path.hasSuffix("SwiftExampleLedgerTests.swift"),
                    let text = try? String(contentsOfFile: root + "/\(folder)/" + path, encoding: .utf8)
                else { continue }
                texts.append(normalized(text))
            }
        }
        return texts
    }

    @Test func everySwiftExampleIsRunByATestOrListedWithItsReason() throws {
        let root = packageRoot()
        let examples = try Self.examples(root: root)
        #expect(examples.count > 40)
        let tests = Self.testFiles(root: root)
        let listed = Set(
            try String(contentsOfFile: root + "/Docs/examples-not-run.txt", encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
                // A line may end with why the example is shown but not run: `KEY — REASON`.
                .map { line in line.range(of: " — ").map { String(line[..<$0.lowerBound]) } ?? line })
        var untested: [String] = []
        for example in examples {
            let tested = tests.contains { Self.appears(example.code, in: $0) }
            if tested, listed.contains(example.key) {
                Issue.record("\(example) is run by a test now: take '\(example.key)' off Docs/examples-not-run.txt")
            }
            if !tested, !listed.contains(example.key) { untested.append(example.key) }
        }
        #expect(untested.isEmpty, "examples no test runs (write the test, as the guide shows it):\n\(untested.joined(separator: "\n"))")
        // Each listed example says why it does not run here.
        let unexplained = try String(contentsOfFile: root + "/Docs/examples-not-run.txt", encoding: .utf8)
            .split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.contains(" — ") }
        #expect(unexplained.isEmpty, "listed without a reason: \(unexplained)")
        // Nothing listed that is not an example any more.
        let keys = Set(examples.map(\.key))
        #expect(listed.subtracting(keys).isEmpty, "listed but not in the guides: \(listed.subtracting(keys).sorted())")
    }

    /// The matching a broken ledger would get wrong: comments and spacing do not count, `…` is
    /// elided code, a URL's `//` is not a comment, and other code does not match.
    @Test func theMatchingIgnoresCommentsAndSpacingOnly() {
        let test = "let url = \"myapp://posts/7\"   // the link\nlet match = try router.resolve(url).get()\n#expect(match.route.name == \"post\")"
        #expect(Self.appears("let url = \"myapp://posts/7\"\nlet match = try router.resolve(url).get()  // a match", in: Self.normalized(test)))
        #expect(Self.appears("let url = \"myapp://posts/7\"\n…\n#expect(match.route.name == \"post\")", in: Self.normalized(test)))
        #expect(!Self.appears("let url = \"myapp://posts/8\"", in: Self.normalized(test)))
        #expect(!Self.appears("#expect(match.route.name == \"post\")\n…\nlet url = \"myapp://posts/7\"", in: Self.normalized(test)))
    }
}
