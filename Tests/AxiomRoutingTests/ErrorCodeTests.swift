import Foundation
import TestSupport
import Testing

/// Errors only the library can make, read from the sources: every public error type has a
/// stable `code`; no code type has a public initializer or literal conformance (so a client
/// cannot make `"unkown-route"` a code); every code's text is in the guides.
@Suite struct ErrorCodeTests {
    /// The Swift files of `Sources/`, by path, with their text.
    static func sources() throws -> [(path: String, text: String)] {
        let root = packageRoot() + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: root))
        var found: [(String, String)] = []
        for case let path as String in files where path.hasSuffix(".swift") {
            found.append((path, try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
        }
        return found
    }

    /// The body of the type declared at `start` (the text between its braces), braces counted.
    static func body(in text: Substring) -> Substring {
        guard let open = text.firstIndex(of: "{") else { return "" }
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return text[text.index(after: open)..<index] }
            }
            index = text.index(after: index)
        }
        return text[open...]
    }

    @Test func everyPublicErrorHasAStableCode() throws {
        let declaration = try Regex(#"(?m)^(\s*)public (?:struct|enum|final class|class|indirect enum) (\w+)(?:<[^>]*>)?:[^{\n]*\bError\b[^{\n]*\{"#)
        var errors: [String] = []
        var missing: [String] = []
        for (path, text) in try Self.sources() {
            for match in text.matches(of: declaration) {
                let name = String(match.output[2].substring ?? "")
                let lineStart = text[..<match.range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                let line = text[lineStart..<match.range.upperBound]
                if line.contains("@_spi") { continue }
                errors.append(name)
                let body = Self.body(in: text[match.range.lowerBound...])
                if !(body.contains("public var code") || body.contains("public let code")) { missing.append("\(path): \(name)") }
            }
        }
        #expect(errors.count >= 18, "found \(errors)")
        #expect(missing.isEmpty, "public errors without a stable code: \(missing)")
    }

    @Test func onlyTheLibraryMakesCodes() throws {
        var open: [String] = []
        var codeTypes = 0
        for (path, text) in try Self.sources() {
            for match in text.matches(of: try Regex(#"public struct (\w+): StableCode[^{]*\{"#)) {
                codeTypes += 1
                let body = Self.body(in: text[match.range.lowerBound...])
                if body.contains("public init") { open.append("\(path): \(text[match.range]) has a public init") }
            }
            if text.contains("ExpressibleByStringLiteral"), text.contains("StableCode") { open.append("\(path): a code made from a literal") }
        }
        #expect(codeTypes >= 20)
        #expect(open.isEmpty, "\(open)")
    }

    @Test func everyCodeIsInTheGuides() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot() + "/Docs").filter { $0.hasSuffix(".md") }
            .map { try String(contentsOfFile: packageRoot() + "/Docs/" + $0, encoding: .utf8) }.joined()
        var codes = 0
        var undocumented: [String] = []
        let member = try Regex(#"public static let \w+ = (?:\w+\.)?(?:Code|DiagnosticCode)\(rawValue: "([^"]+)"\)"#)
        for (path, text) in try Self.sources() {
            for match in text.matches(of: member) {
                codes += 1
                guard let raw = match.output[1].substring else { continue }
                if !docs.contains(raw) { undocumented.append("\(path): \(raw)") }
            }
        }
        #expect(codes > 100)
        #expect(undocumented.isEmpty, "codes no guide names: \(undocumented)")
    }
}
