/// "Did you mean" for names: the candidates closest to `word` by edit distance, best first.
package enum Suggestions {
    /// Up to `limit` candidates within a distance that grows with the word's length.
    package static func closest(to word: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let lowered = word.lowercased()
        let threshold = max(2, lowered.count / 3)
        return
            candidates
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
    package static func help(for word: String, in candidates: some Sequence<String>) -> String? {
        let matches = closest(to: word, in: candidates)
        guard !matches.isEmpty else { return nil }
        let quoted = matches.map { "'\($0)'" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
        return "did you mean \(list)?"
    }

    /// Levenshtein distance over characters.
    package static func distance(_ a: String, _ b: String) -> Int {
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

    /// The Levenshtein distance of two byte strings when it is at most `limit`, else nil —
    /// in time linear in their length whatever the input (a "did you mean" on a failure must
    /// not cost more than the lookup it explains):
    /// - the common prefix and suffix are skipped (a long value shared by both costs one pass);
    /// - strings whose lengths differ by more than `limit` are not near;
    /// - what remains is compared over at most `window` bytes each, in a band of `2 × limit + 1`
    ///   diagonals, giving up as soon as a whole row is over the limit.
    ///
    /// Past the window the answer is the distance of the windows (a lower bound of the whole
    /// one): good enough to rank suggestions, bounded for any input.
    package static func distance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int, window: Int = 256) -> Int? {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in distance(a, b, atMost: limit, window: window) } }
    }

    /// ``distance(_:_:atMost:window:)`` over bytes in place (a string's UTF-8, without a copy).
    static func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, atMost limit: Int, window: Int = 256) -> Int? {
        // The shared ends, compared through buffer pointers (no bounds checks on long inputs).
        let (start, endA, endB) = { () -> (Int, Int, Int) in
            guard let baseA = a.baseAddress, let baseB = b.baseAddress else { return (0, a.count, b.count) }
            let (rawA, rawB) = (UnsafeRawPointer(baseA), UnsafeRawPointer(baseB))
            var start = 0
            // Eight bytes at a time while they agree, then byte by byte.
            while start + 8 <= min(a.count, b.count),
                rawA.loadUnaligned(fromByteOffset: start, as: UInt64.self) == rawB.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            {
                start += 8
            }
            while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
            var endA = a.count
            var endB = b.count
            while endA - 8 >= start, endB - 8 >= start,
                rawA.loadUnaligned(fromByteOffset: endA - 8, as: UInt64.self) == rawB.loadUnaligned(fromByteOffset: endB - 8, as: UInt64.self)
            {
                endA -= 8
                endB -= 8
            }
            while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
                endA -= 1
                endB -= 1
            }
            return (start, endA, endB)
        }()
        let left = a[start..<min(endA, start + window)]
        let right = b[start..<min(endB, start + window)]
        guard abs((endA - start) - (endB - start)) <= limit else { return nil }
        if left.isEmpty || right.isEmpty { return max(left.count, right.count) <= limit ? max(left.count, right.count) : nil }
        // The two rows live on the stack (a row is at most `window` + 1 entries): a miss
        // compares its path with many routes, and two heap arrays each were most of the cost.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (right.count + 1)) { rows in
            rows.initialize(repeating: limit + 1)
            let half = right.count + 1
            return distance(
                left, right, atMost: limit, previous: UnsafeMutableBufferPointer(rebasing: rows[..<half]),
                current: UnsafeMutableBufferPointer(rebasing: rows[half...]))
        }
    }

    /// The banded dynamic programme of ``distance(_:_:atMost:window:)`` on two rows of
    /// `right.count + 1` entries, every one `limit + 1` on entry.
    private static func distance(
        _ left: Slice<UnsafeBufferPointer<UInt8>>, _ right: Slice<UnsafeBufferPointer<UInt8>>, atMost limit: Int,
        previous: UnsafeMutableBufferPointer<Int>, current: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        var previous = previous
        var current = current
        let outside = limit + 1
        for j in 0...min(right.count, limit) { previous[j] = j }
        for i in 1...left.count {
            let low = max(1, i - limit)
            let high = min(right.count, i + limit)
            guard low <= high else { return nil }
            current[low - 1] = low == 1 && i <= limit ? i : outside
            var best = current[low - 1]
            for j in low...high {
                let substitution = previous[j - 1] + (left[left.startIndex + i - 1] == right[right.startIndex + j - 1] ? 0 : 1)
                let value = min(substitution, previous[j] + 1, current[j - 1] + 1, outside)
                current[j] = value
                best = min(best, value)
            }
            if high < right.count { current[high + 1] = outside }
            guard best <= limit else { return nil }
            swap(&previous, &current)
        }
        let result = previous[right.count]
        return result <= limit ? result : nil
    }
}
