/// Routes whose whole pattern is literal text (`/settings/privacy`), found by a hash of the
/// path: such a path needs no regular expression at all, and the table's expressions leave
/// these routes out.
///
/// Why this keeps rank order: a literal route matches one path only, and any other route
/// that matches the same path ranks after it — compared segment by segment, wherever the
/// other route has a parameter, optional or wildcard the literal route has a literal (which
/// ranks first), and a route with the same literals and more segments ranks after the
/// shorter one. Two different literal routes never match the same path. This holds for
/// case-sensitive tables only (in a case-insensitive table `/USERS/:id` ranks before
/// `/users/likes` and matches `/users/likes`), so those get no index.
///
/// Each slot holds a 32-bit hash of the path, the route's rank and where its path's bytes
/// are in `keys`: a lookup touches the slots and the key only, never the route.
struct LiteralIndex: Sendable {
    private struct Slot: Sendable {
        var hash: UInt32 = 0
        /// Rank + 1; 0 marks an empty slot.
        var rankPlusOne: UInt32 = 0
        var keyStart: UInt32 = 0
        var keyLength: UInt32 = 0
    }

    private let slots: [Slot]
    private let keys: [UInt8]
    private let mask: Int
    /// The longest literal path, and the numbers of segments literal paths have (bit *n*
    /// for *n* segments, bit 63 for 63 or more): a path longer than any, or with a number of
    /// segments none has, is not hashed at all.
    private let longest: Int
    private let segmentCounts: UInt64

    /// The routes to index, in rank order: those whose tokens are all literal and whose
    /// pattern is exactly that text, the first of each path only (of two identical paths,
    /// an exact tie, the expressions take the first and keep the second as a fallback).
    static func literalPaths(_ compiled: [CompiledRoute]) -> [(rank: Int, text: String)] {
        var seen: Set<String> = []
        return compiled.indices.compactMap { rank in
            let tokens = compiled[rank].tokens
            let literals = tokens.compactMap { $0.kind == .literal ? $0.literal : nil }
            // A pattern that escapes a character (`/a\*b`) differs from its text: such
            // rare routes stay with the expressions.
            let text = literals.joined()
            guard !tokens.isEmpty, literals.count == tokens.count, text == compiled[rank].route.pattern, seen.insert(text).inserted
            else { return nil }
            return (rank, text)
        }
    }

    /// An index of `literal` (from ``literalPaths(_:)``).
    init(_ literal: [(rank: Int, text: String)]) {
        var capacity = literal.isEmpty ? 0 : 8
        while capacity < literal.count * 2 { capacity *= 2 }
        var slots = [Slot](repeating: Slot(), count: capacity)
        var keys: [UInt8] = []
        for (rank, text) in literal {
            let bytes = Array(text.utf8)
            let hash = UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer(PathBytes.hash))
            var index = Int(hash) & (capacity - 1)
            while slots[index].rankPlusOne != 0 { index = (index + 1) & (capacity - 1) }
            slots[index] = Slot(hash: hash, rankPlusOne: UInt32(rank + 1), keyStart: UInt32(keys.count), keyLength: UInt32(bytes.count))
            keys += bytes
        }
        self.slots = slots
        self.keys = keys
        self.mask = max(capacity - 1, 0)
        self.longest = literal.map(\.text.utf8.count).max() ?? 0
        self.segmentCounts = literal.reduce(0) { mask, entry in
            mask | 1 << UInt64(min(63, Router.withUTF8(of: entry.text, PathBytes.slashCount)))
        }
    }

    /// The rank of the literal route whose path is `path`, if any.
    @inline(__always)
    func rank(of path: UnsafeBufferPointer<UInt8>) -> Int? {
        guard path.count <= longest, segmentCounts & 1 << UInt64(min(63, PathBytes.slashCount(path))) != 0,
            let base = path.baseAddress
        else { return nil }
        let hash = UInt32(truncatingIfNeeded: PathBytes.hash(path))
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBytes { keys in
                var index = Int(hash) & mask
                while slots[index].rankPlusOne != 0 {
                    let slot = slots[index]
                    if slot.hash == hash, Int(slot.keyLength) == path.count, let start = keys.baseAddress?.advanced(by: Int(slot.keyStart)),
                        PathBytes.equal(start, UnsafeRawPointer(base), count: path.count)
                    {
                        return Int(slot.rankPlusOne) - 1
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
    }
}
