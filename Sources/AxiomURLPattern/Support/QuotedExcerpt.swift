/// What an error message quotes of a long text: a pattern or a table line of 100,000
/// characters is shown by the part around the place the error points at, not whole (a message
/// the size of its input helps no one, and a terminal or a log pays for every byte).
package enum QuotedExcerpt {
    /// The most characters quoted, the two `…` included.
    package static let width = 160

    /// `text` itself when it has at most `width` characters; else at most `width` characters
    /// of it around `column` (0-based, in characters; the start when nil), a `…` on each side
    /// that was cut, and where `column` falls in what is returned.
    package static func window(_ text: String, around column: Int?, width: Int = width) -> (text: String, column: Int?) {
        let count = text.count
        guard count > width, width > 2 else { return (text, column) }
        let center = min(max(column ?? 0, 0), count)
        // Cut on both sides, `width - 2` kept; on one side only, `width - 1`.
        var start = max(0, center - (width - 2) / 2)
        var end = min(count, start + width - 2)
        if start == 0 {
            end = width - 1
        } else if end == count {
            start = count - (width - 1)
        }
        let startIndex = text.index(text.startIndex, offsetBy: start)
        let endIndex = text.index(startIndex, offsetBy: end - start)
        let cutBefore = start > 0
        let result = (cutBefore ? "…" : "") + text[startIndex..<endIndex] + (end < count ? "…" : "")
        return (result, column.map { $0 - start + (cutBefore ? 1 : 0) })
    }
}

extension QuotedExcerpt {
    /// `text` in single quotes for a message: whole when short, else the part of it around
    /// `column` (the start when nil; ``window(_:around:width:)``) and its length, so a message
    /// about a 100,000-character name, host or pattern stays a line.
    package static func quote(_ text: String, around column: Int? = nil) -> String {
        let shown = window(text, around: column).text
        return shown == text ? "'\(text)'" : "'\(shown)' (\(text.count) characters)"
    }
}

extension QuotedExcerpt {
    /// `text` with each run of characters without a space that is longer than `width` (no
    /// word of prose is: a name, a pattern or a host of thousands of characters, quoted in a
    /// message) shown by its first `width - 1` characters, `…`, the run's closing quote or
    /// bracket if it had one, and its length.
    package static func shorteningLongWords(_ text: String, width: Int = width) -> String {
        guard text.count > width else { return text }
        var result = ""
        var start = text.startIndex
        func flush(upTo end: String.Index) {
            let word = text[start..<end]
            guard word.count > width else {
                result += word
                return
            }
            result += word.prefix(width - 1) + "…"
            if let last = word.last, "')\"]".contains(last) { result.append(last) }
            result += " (\(word.count) characters)"
        }
        var index = text.startIndex
        while index < text.endIndex {
            if text[index].isWhitespace {
                flush(upTo: index)
                result.append(text[index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        flush(upTo: text.endIndex)
        return result
    }
}
