extension String {
    /// The lines of a text file: split at each line feed, with a carriage return just before it
    /// dropped, so a file saved with Windows line endings (CR LF) reads as one saved with line
    /// feeds. Every reader of line-based input splits through this: route tables, the
    /// diagnostics' quoted source lines, simulation scripts and journals. (Splitting at the
    /// `Character` `"\n"` finds no line in a CR LF file: there `"\r\n"` is one character.)
    ///
    /// As `split(separator: "\n", omittingEmptySubsequences: false)`: an empty text is one
    /// empty line, and a final line feed ends with an empty line.
    package var sourceLines: [Substring] {
        var lines: [Substring] = []
        let bytes = utf8
        var lineStart = bytes.startIndex
        var position = bytes.startIndex
        while position < bytes.endIndex {
            if bytes[position] == UInt8(ascii: "\n") {
                // Both bounds sit next to ASCII bytes: scalar and character boundaries.
                var end = position
                if end > lineStart, bytes[bytes.index(before: end)] == UInt8(ascii: "\r") { end = bytes.index(before: end) }
                lines.append(self[lineStart..<end])
                lineStart = bytes.index(after: position)
            }
            position = bytes.index(after: position)
        }
        lines.append(self[lineStart...])
        return lines
    }
}
