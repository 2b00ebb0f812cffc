/// Swift source literals for generated code.
package enum SwiftLiteral {
    /// A one-line string literal: `"…"` with `\`, `"` and every character that is not printable
    /// ASCII or a letter escaped, so any text survives.
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar.properties.isNoncharacterCodePoint {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A file's text: a raw multi-line literal (`#"""` … `"""#`, with more `#` than any run in
    /// the text) when the text reads as it is, else ``string(_:)``. A multi-line literal
    /// would turn `\r\n` into `\n` and cannot hold other control characters.
    package static func multiline(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0 == "\n" || $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value))
        }
        guard plain else { return string(text) }
        var longest = 0
        var run = 0
        for character in text.unicodeScalars {
            run = character == "#" ? run + 1 : 0
            longest = max(longest, run)
        }
        let hashes = String(repeating: "#", count: longest + 1)
        // The content starts on the line after the opening delimiter and ends before the
        // closing one; a final line break of the text is kept by an empty line.
        return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
    }

    /// File names relative to their common folder (`/app/Routes/a.routes`, `/app/Routes/x/b.routes`
    /// → `a.routes`, `x/b.routes`): includes resolve the same among them, and generated code
    /// names no machine's folders.
    package static func relativeNames(_ names: [String]) -> [(name: String, relative: String)] {
        let folders = names.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
        var common = folders.first.map(Array.init) ?? []
        for folder in folders.dropFirst() {
            var length = 0
            while length < common.count, length < folder.count, common[length] == folder[folder.startIndex + length] { length += 1 }
            common = Array(common.prefix(length))
        }
        let prefix = common.isEmpty ? 0 : common.map(\.count).reduce(common.count, +)
        return names.map { ($0, String($0.dropFirst(prefix))) }
    }
}
