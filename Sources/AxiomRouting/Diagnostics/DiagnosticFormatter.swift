import AxiomURLPattern

/// Prints diagnostics the way compilers do, with the source line and a marker:
///
/// ```text
/// Routes/app.routes:12:16: error: unknown parameter type 'integer' [E202]
///    12 |   param userId integer
///       |                ^~~~~~~
///       = help: did you mean 'int'?
/// ```
public struct DiagnosticFormatter: Sendable {
    /// The text of each file by name, for quoting source lines.
    private let sources: [String: [Substring]]

    public init(sources: [String: String]) {
        self.sources = sources.mapValues(\.sourceLines)
    }

    /// All diagnostics, sorted by place, then a summary line ("2 errors, 1 warning").
    public func format(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics.sorted(by: { $0.location < $1.location }) {
            output += format(diagnostic)
        }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count - errors
        if !diagnostics.isEmpty {
            output += "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        }
        return output
    }

    /// One diagnostic with its source line, marker, notes and help.
    ///
    /// A word of the message, a note or the help longer than 160 characters (a name or pattern
    /// of thousands of characters, quoted) is shown by its start and its length, and a long
    /// source line by the part around the marker; ``Diagnostic/message`` keeps the text whole.
    public func format(_ diagnostic: Diagnostic) -> String {
        var output = QuotedExcerpt.shorteningLongWords(diagnostic.description) + "\n"
        output += excerpt(at: diagnostic.location)
        for note in diagnostic.notes {
            let message = QuotedExcerpt.shorteningLongWords(note.message)
            if let location = note.location {
                output += "\(location): note: \(message)\n"
                output += excerpt(at: location)
            } else {
                output += "      = note: \(message)\n"
            }
        }
        if let help = diagnostic.help { output += "      = help: \(QuotedExcerpt.shorteningLongWords(help))\n" }
        return output
    }

    private func excerpt(at location: SourceLocation) -> String {
        guard let lines = sources[location.file], location.line >= 1, location.line <= lines.count else { return "" }
        // A long line is shown by the part around the column (QuotedExcerpt).
        let line = lines[location.line - 1].replacingTabs
        let (text, column) = QuotedExcerpt.window(line, around: max(0, location.column - 1))
        let number = String(location.line)
        let gutter = String(repeating: " ", count: max(0, 5 - number.count)) + number
        let blank = String(repeating: " ", count: gutter.count)
        let start = column ?? 0
        // Underlined to the excerpt's end at most, when the line was cut.
        let length = text == line ? location.length : min(location.length, text.count - start)
        let marker = String(repeating: " ", count: start) + "^" + String(repeating: "~", count: max(0, length - 1))
        return "\(gutter) | \(text)\n\(blank) | \(marker)\n"
    }
}

extension Substring {
    /// Tabs shown as single spaces, so marker columns (counted in characters) line up.
    fileprivate var replacingTabs: String {
        // A tab is one byte in UTF-8 and never part of another character.
        guard utf8.contains(UInt8(ascii: "\t")) else { return String(self) }
        return String(decoding: utf8.map { $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}
