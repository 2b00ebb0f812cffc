/// Reads the words of one route-table line, keeping 1-based character columns.
///
/// A word is a run of characters up to white space or one of the `stops`, or a quoted
/// string (`"Profile screen"`, with `\"` and `\\` escapes). A `#` at the start of a word
/// begins a comment that runs to the end of the line.
struct LineScanner {
    let file: String
    let line: Int
    /// The line's characters, when one of its bytes is outside ASCII; empty otherwise.
    private let characters: [Character]
    /// The line's bytes, when all are ASCII; empty otherwise. Each is then one character (a
    /// line holds no CR LF pair, the one two-byte ASCII character: `String.sourceLines`
    /// drops the CR), so columns and words are read from bytes without building characters.
    private let bytes: [UInt8]
    /// How many characters the line has.
    private let count: Int
    private(set) var index = 0

    init(file: String, line: Int, text: Substring) {
        self.file = file
        self.line = line
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            self.bytes = Array(text.utf8)
            self.characters = []
            self.count = bytes.count
        } else {
            self.bytes = []
            self.characters = Array(text)
            self.count = characters.count
        }
    }

    /// The character at `position` (< `count`).
    @inline(__always)
    private func character(at position: Int) -> Character {
        characters.isEmpty ? Character(Unicode.Scalar(bytes[position])) : characters[position]
    }

    /// Whether the character at `position` (< `count`) is the ASCII character `byte`.
    @inline(__always)
    private func isASCII(_ byte: UInt8, at position: Int) -> Bool {
        characters.isEmpty ? bytes[position] == byte : characters[position] == Character(Unicode.Scalar(byte))
    }

    /// Whether the character at `position` (< `count`) is a space, a tab or a carriage return.
    private func isBlank(at position: Int) -> Bool {
        guard characters.isEmpty else {
            let character = characters[position]
            return character == " " || character == "\t" || character == "\r"
        }
        let byte = bytes[position]
        return byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The 1-based column of the next character.
    var column: Int { index + 1 }

    var isIndented: Bool { count > 0 && (isASCII(UInt8(ascii: " "), at: 0) || isASCII(UInt8(ascii: "\t"), at: 0)) }

    mutating func skipSpaces() {
        while index < count, isBlank(at: index) { index += 1 }
    }

    /// Whether only spaces and a comment are left.
    mutating func atEnd() -> Bool {
        skipSpaces()
        return index >= count || isASCII(UInt8(ascii: "#"), at: index)
    }

    func location(column: Int, length: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column, length: length)
    }

    /// The location of the rest of the line (for "unexpected" diagnostics).
    mutating func restLocation() -> SourceLocation {
        skipSpaces()
        var end = count
        while end > index, isBlank(at: end - 1) { end -= 1 }
        return location(column: column, length: max(1, end - index))
    }

    /// The next character, without consuming it (after spaces).
    mutating func peek() -> Character? {
        skipSpaces()
        return index < count && !isASCII(UInt8(ascii: "#"), at: index) ? character(at: index) : nil
    }

    /// Consumes `character` when it is next.
    mutating func consume(_ character: Character) -> Bool {
        guard peek() == character else { return false }
        index += 1
        return true
    }

    enum WordError: Error { case unterminatedString(SourceLocation) }

    /// The next word (or quoted string, unquoted), or nil at the end of the line.
    mutating func word(stops: Set<Character> = []) throws(WordError) -> Located<String>? {
        guard let first = peek() else { return nil }
        let start = index
        if first == "\"" {
            index += 1
            var value = ""
            while index < count {
                let isEscape = isASCII(UInt8(ascii: "\\"), at: index)
                if isEscape, index + 1 < count {
                    value.append(character(at: index + 1))
                    index += 2
                    continue
                }
                let isQuote = isASCII(UInt8(ascii: "\""), at: index)
                if !isQuote { value.append(character(at: index)) }
                index += 1
                if isQuote {
                    return Located(value: value, location: location(column: start + 1, length: index - start))
                }
            }
            throw .unterminatedString(location(column: start + 1, length: index - start))
        }
        if characters.isEmpty {
            // ASCII: the stops as a mask, and the word made from its bytes in one piece.
            var mask: (UInt64, UInt64) = (0, 0)
            for stop in stops {
                guard let byte = stop.asciiValue else { continue }
                if byte < 64 { mask.0 |= 1 << UInt64(byte) } else { mask.1 |= 1 << UInt64(byte - 64) }
            }
            while index < count, !isBlank(at: index) {
                let byte = bytes[index]
                if byte < 64 ? mask.0 & (1 << UInt64(byte)) != 0 : mask.1 & (1 << UInt64(byte - 64)) != 0 { break }
                index += 1
            }
            guard index > start else { return nil }
            let value = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<index]), as: UTF8.self) }
            return Located(value: value, location: location(column: start + 1, length: index - start))
        }
        while index < count, !isBlank(at: index), !stops.contains(characters[index]) {
            index += 1
        }
        guard index > start else { return nil }
        return Located(value: String(characters[start..<index]), location: location(column: start + 1, length: index - start))
    }
}
