/// An open-addressing hash table from byte strings to a pair of `Int32`s, looked up straight
/// from a path's bytes: no `String` made, no SipHash. The keys' bytes are stored end to end
/// (lowercased for case-insensitive tables) and each slot holds plain integers only, so a
/// lookup copies nothing that is reference counted. Used for the first-segment dispatch and
/// for the literal-path index.
struct ByteKeyTable: Sendable {
    private struct Slot: Sendable {
        var hash: UInt32 = 0
        /// -1 marks an empty slot.
        var keyLength: Int32 = -1
        var keyStart: Int32 = 0
        var first: Int32 = 0
        var second: Int32 = 0
    }

    private let slots: [Slot]
    private let keys: [UInt8]
    private let mask: Int
    private let caseless: Bool

    /// A table of `entries` (distinct keys).
    init(_ entries: [(key: String, value: (Int32, Int32))], caseless: Bool) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        mask = capacity - 1
        self.caseless = caseless
        var slots = [Slot](repeating: Slot(), count: capacity)
        var keys: [UInt8] = []
        for (key, value) in entries {
            let bytes = Array((caseless ? key.lowercased() : key).utf8)
            let hash = bytes.withUnsafeBufferPointer { Self.hash($0, caseless: caseless) }
            var index = Int(hash) & mask
            while slots[index].keyLength >= 0 { index = (index + 1) & mask }
            slots[index] = Slot(hash: hash, keyLength: Int32(bytes.count), keyStart: Int32(keys.count), first: value.0, second: value.1)
            keys += bytes
        }
        self.slots = slots
        // Eight bytes of padding: a key's last word always loads (see `PathBytes.equal`).
        self.keys = keys + [UInt8](repeating: 0, count: 8)
    }

    @inline(__always)
    private static func fold(_ byte: UInt8, _ caseless: Bool) -> UInt8 {
        caseless && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// FNV-1a over the bytes folded to lower case (case-insensitive tables); the
    /// word-at-a-time hash otherwise.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int? = nil, caseless: Bool) -> UInt32 {
        guard caseless else { return UInt32(truncatingIfNeeded: PathBytes.hash(bytes, readable: readable)) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(fold(byte, true))) &* 0x100_0000_01b3 }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The value stored for `bytes`, if any. `readable` (default: `bytes.count`) bytes may be
    /// read from their start: see ``PathBytes/hash(_:readable:)``.
    @inline(__always)
    func value(for bytes: UnsafeBufferPointer<UInt8>, readable: Int? = nil) -> (Int32, Int32)? {
        let caseless = caseless
        let readable = readable ?? bytes.count
        let hash = Self.hash(bytes, readable: readable, caseless: caseless)
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBytes { keys in
                var index = Int(hash) & mask
                while slots[index].keyLength >= 0 {
                    let slot = slots[index]
                    if slot.hash == hash, Int(slot.keyLength) == bytes.count, let key = keys.baseAddress?.advanced(by: Int(slot.keyStart)),
                        equal(key, bytes, readable: readable, caseless: caseless)
                    {
                        return (slot.first, slot.second)
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
    }

    @inline(__always)
    private func equal(_ key: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>, readable: Int, caseless: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return bytes.isEmpty }
        // The key is padded: as many bytes load at it as at the path.
        guard caseless else { return PathBytes.equal(key, UnsafeRawPointer(base), count: bytes.count, readable: readable) }
        for offset in 0..<bytes.count where key.load(fromByteOffset: offset, as: UInt8.self) != Self.fold(bytes[offset], true) {
            return false
        }
        return true
    }
}
