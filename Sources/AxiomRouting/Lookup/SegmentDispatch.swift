/// First path segment → chunks, looked up from the path's bytes (see ``ByteKeyTable``).
///
/// (A second level, by the second segment, was measured and dropped: one small expression
/// per route scatters JIT code over memory and made 1,000-route lookups 20% slower.)
struct SegmentDispatch: Sendable {
    private let table: ByteKeyTable
    /// What the table was made from, in order (a snapshot writes them).
    let entries: [(key: String, chunks: Range<Int>)]

    init(_ entries: [(key: String, chunks: Range<Int>)], caseless: Bool) {
        self.entries = entries
        table = ByteKeyTable(entries.map { ($0.key, (Int32($0.chunks.lowerBound), Int32($0.chunks.upperBound))) }, caseless: caseless)
    }

    /// The chunks for `segment`, or an empty range. `readable` bytes may be read from the
    /// segment's start (at least its length: see ``PathBytes/hash(_:readable:)``).
    func chunks(for segment: UnsafeBufferPointer<UInt8>, readable: Int) -> Range<Int> {
        guard let (start, end) = table.value(for: segment, readable: readable) else { return 0..<0 }
        return Int(start)..<Int(end)
    }
}
