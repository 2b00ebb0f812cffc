import Foundation
import TestSupport
import Testing

/// The guides read as guides: the figures they print are the data the benchmarks write, and
/// neither `Docs/` nor `Sources/` tells the history of the work (issue numbers, sessions, rounds,
/// commit hashes) — that is git's.
@Suite struct GuidesTests {
    @Test func performanceGuidesInstructionTableIsTheStoredCounts() throws {
        let root = packageRoot()
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/Benchmarks/Thresholds/instructions.json"))
        let stored = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let operations = try #require(stored["operations"] as? [String: [String: Any]])
        let guide = try String(contentsOfFile: root + "/Docs/Performance.md", encoding: .utf8)
        // The rows `| `name` | what | count |` of the guide's instruction table.
        var rows: [String: Int] = [:]
        for line in guide.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0].hasPrefix("`"), let count = Int(cells[2]) else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = count
        }
        #expect(Set(rows.keys) == Set(operations.keys), "the guide's operations against the stored ones")
        for (name, entry) in operations {
            #expect(rows[name] == entry["instructions"] as? Int, "\(name): the guide says \(rows[name] ?? -1), the stored count \(entry["instructions"] ?? "none")")
        }
    }

    @Test func noGuideOrSourceTellsTheHistoryOfTheWork() throws {
        let root = packageRoot()
        let history = try Regex(
            #"(?i)\bissues? #?\d+|\b(this|last|previous|earlier|next|that) session\b|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|this|last|previous|earlier|next|later) round\b|\brounds? \d+\b|`[0-9a-f]{7,10}`|\bcommit [0-9a-f]{7,40}\b"#)
        var found: [String] = []
        for folder in ["Docs", "Sources"] {
            let files = try #require(FileManager.default.enumerator(atPath: root + "/" + folder))
            for case let path as String in files where path.hasSuffix(".md") || path.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + folder + "/" + path, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains(history) {
                    found.append("\(folder)/\(path):\(number + 1): \(line.prefix(120))")
                }
            }
        }
        #expect(found.isEmpty, "history belongs to git:\n\(found.joined(separator: "\n"))")
    }
}
