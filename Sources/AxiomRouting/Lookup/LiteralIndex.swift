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
/// The paths are kept in a ``ByteKeyTable`` with the routes' ranks: a lookup touches the
/// table only, never the route.
struct LiteralIndex: Sendable {
    private let table: ByteKeyTable
    /// The longest literal path, and the numbers of segments literal paths have (bit *n*
    /// for *n* segments, bit 63 for 63 or more): a path longer than any, or with a number of
    /// segments none has, is not hashed at all.
    private let longest: Int
    private let segmentCounts: UInt64

    /// The routes indexed, in the order given (a snapshot writes them).
    let ranks: [Int32]

    /// An index of `literal`: paths and their routes' ranks (made by the builder).
    init(_ literal: [(rank: Int, text: String)]) {
        ranks = literal.map { Int32($0.rank) }
        table = ByteKeyTable(literal.map { ($0.text, (Int32($0.rank), 0)) }, caseless: false)
        self.longest = literal.map(\.text.utf8.count).max() ?? 0
        self.segmentCounts = literal.reduce(0) { mask, entry in
            mask | 1 << UInt64(min(63, Router.withUTF8(of: entry.text, PathBytes.slashCount)))
        }
    }

    /// The rank of the literal route whose path is `path`, if any.
    @inline(__always)
    func rank(of path: UnsafeBufferPointer<UInt8>) -> Int? {
        guard path.count <= longest, segmentCounts & 1 << UInt64(min(63, PathBytes.slashCount(path))) != 0,
            let (rank, _) = table.value(for: path)
        else { return nil }
        return Int(rank)
    }
}
