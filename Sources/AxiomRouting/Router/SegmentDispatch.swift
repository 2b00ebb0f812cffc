/// First path segment → chunks, looked up from the path's bytes without making a `String`
/// or hashing with SipHash: an open-addressing table keyed by FNV-1a of the bytes (folded
/// to lower case for case-insensitive tables), each slot holding its key for an exact
/// comparison.
///
/// (A second level, by the second segment, was measured and dropped: one small expression
/// per route scatters JIT code over memory and made 1,000-route lookups 20% slower.)
struct SegmentDispatch: Sendable {
    private struct Slot: Sendable {
        var key: [UInt8]
        var chunks: Range<Int>
    }

    private let slots: [Slot?]
    private let mask: Int
    private let caseless: Bool

    init(_ entries: [(key: String, chunks: Range<Int>)], caseless: Bool) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        mask = capacity - 1
        self.caseless = caseless
        var slots = [Slot?](repeating: nil, count: capacity)
        for (key, chunks) in entries {
            let bytes = Array((caseless ? key.lowercased() : key).utf8)
            var index = bytes.withUnsafeBufferPointer { Self.hash($0, caseless: caseless) } & mask
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = Slot(key: bytes, chunks: chunks)
        }
        self.slots = slots
    }

    @inline(__always)
    private static func fold(_ byte: UInt8, _ caseless: Bool) -> UInt8 {
        caseless && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, caseless: Bool) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(fold(byte, caseless))) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The chunks for `segment`, or an empty range.
    func chunks(for segment: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var index = Self.hash(segment, caseless: caseless) & mask
        while let slot = slots[index] {
            if slot.key.count == segment.count,
                slot.key.withUnsafeBufferPointer({ key in zip(key, segment).allSatisfy { $0 == Self.fold($1, caseless) } })
            {
                return slot.chunks
            }
            index = (index + 1) & mask
        }
        return 0..<0
    }
}
