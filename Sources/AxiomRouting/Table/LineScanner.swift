/// Reads the words of one route-table line, keeping 1-based character columns.
///
/// A word is a run of characters up to white space or one of the `stops`, or a quoted
/// string (`"Profile screen"`, with `\"` and `\\` escapes). A `#` at the start of a word
/// begins a comment that runs to the end of the line.
struct LineScanner {
    let file: String
    let line: Int
    private let characters: [Character]
    private(set) var index = 0

    init(file: String, line: Int, text: Substring) {
        self.file = file
        self.line = line
        self.characters = Array(text)
    }

    /// The 1-based column of the next character.
    var column: Int { index + 1 }

    var isIndented: Bool { characters.first == " " || characters.first == "\t" }

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" || characters[index] == "\r" {
            index += 1
        }
    }

    /// Whether only spaces and a comment are left.
    mutating func atEnd() -> Bool {
        skipSpaces()
        return index >= characters.count || characters[index] == "#"
    }

    func location(column: Int, length: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column, length: length)
    }

    /// The location of the rest of the line (for "unexpected" diagnostics).
    mutating func restLocation() -> SourceLocation {
        skipSpaces()
        var end = characters.count
        while end > index, characters[end - 1] == " " || characters[end - 1] == "\t" || characters[end - 1] == "\r" { end -= 1 }
        return location(column: column, length: max(1, end - index))
    }

    /// The next character, without consuming it (after spaces).
    mutating func peek() -> Character? {
        skipSpaces()
        return index < characters.count && characters[index] != "#" ? characters[index] : nil
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
            while index < characters.count {
                let character = characters[index]
                if character == "\\", index + 1 < characters.count {
                    value.append(characters[index + 1])
                    index += 2
                    continue
                }
                index += 1
                if character == "\"" {
                    return Located(value: value, location: location(column: start + 1, length: index - start))
                }
                value.append(character)
            }
            throw .unterminatedString(location(column: start + 1, length: index - start))
        }
        while index < characters.count, characters[index] != " ", characters[index] != "\t", characters[index] != "\r",
            !stops.contains(characters[index])
        {
            index += 1
        }
        guard index > start else { return nil }
        return Located(value: String(characters[start..<index]), location: location(column: start + 1, length: index - start))
    }
}
