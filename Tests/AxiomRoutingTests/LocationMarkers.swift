@testable import AxiomRouting
@testable import AxiomURLPattern

/// Route-table text with position markers (`1️⃣`, `2️⃣`, …): the text without them, and the
/// line and column where each stood — so tests name places instead of counting columns.
struct MarkedText {
    let text: String
    private(set) var markers: [String: (line: Int, column: Int)] = [:]

    static let names = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    init(_ marked: String) {
        var clean = ""
        var line = 1
        var column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for name in Self.names where rest.hasPrefix(name) {
                markers[name] = (line, column)
                rest = rest.dropFirst(name.count)
                continue outer
            }
            clean.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            rest = rest.dropFirst()
        }
        text = clean
    }

    /// The location of marker `name` in `file`.
    func location(_ name: String, file: String = "t.routes") -> SourceLocation? {
        markers[name].map { SourceLocation(file: file, line: $0.line, column: $0.column) }
    }
}

/// Compiles one table text named `t.routes`.
func compile(_ text: String, file: String = "t.routes") -> RouteTableCompilation {
    Router.compile([RouteSource(name: file, text: text)])
}

/// The diagnostic with `code` at the marker, if any (compares file, line and column).
func diagnostic(_ code: DiagnosticCode, at marker: String, in marked: MarkedText) -> Diagnostic? {
    let compilation = compile(marked.text)
    guard let place = marked.location(marker) else { return nil }
    return compilation.diagnostics.first {
        $0.code == code && $0.location.line == place.line && $0.location.column == place.column && $0.location.file == place.file
    }
}
