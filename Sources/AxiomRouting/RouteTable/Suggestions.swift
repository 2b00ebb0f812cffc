/// "Did you mean" for names: the candidates closest to `word` by edit distance, best first.
public enum Suggestions {
    /// Up to `limit` candidates within a distance that grows with the word's length.
    public static func closest(to word: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let lowered = word.lowercased()
        let threshold = max(2, lowered.count / 3)
        return candidates
            .map { ($0, distance(lowered, $0.lowercased())) }
            .filter { candidate, distance in
                // Close by edits, or one is the start of the other ("int" / "integer").
                let name = candidate.lowercased()
                return distance <= threshold || !lowered.isEmpty && name.count >= 3 && (name.hasPrefix(lowered) || lowered.hasPrefix(name))
            }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(limit)
            .map(\.0)
    }

    /// "did you mean 'a'?", "did you mean 'a' or 'b'?", or nil.
    public static func help(for word: String, in candidates: some Sequence<String>) -> String? {
        let matches = closest(to: word, in: candidates)
        guard !matches.isEmpty else { return nil }
        let quoted = matches.map { "'\($0)'" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
        return "did you mean \(list)?"
    }

    /// Levenshtein distance over characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
