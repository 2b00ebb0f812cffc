/// Word-at-a-time helpers over a path's bytes for the lookup's hot loops: finding `/`,
/// hashing, comparing. Eight bytes per step instead of one.
enum PathBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
    private static let slashes: UInt64 = 0x2F2F_2F2F_2F2F_2F2F

    /// Eight bytes at `offset` as a little-endian word (byte *i* in bits 8*i*…).
    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The index of the first `/` at or after `start`, or `bytes.count` when there is none.
    @inline(__always)
    static func nextSlash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        firstIndex(of: UInt8(ascii: "/"), in: bytes, from: start)
    }

    /// The index of the first `byte` at or after `start`, or `bytes.count` when there is none.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        let splat = ones &* UInt64(byte)
        var offset = start
        while offset + 8 <= bytes.count {
            let difference = word(raw, offset) ^ splat
            // Each zero byte of `difference` (a match) sets its high bit; the lowest one found is exact.
            let found = (difference &- ones) & ~difference & highs
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < bytes.count, bytes[offset] != byte { offset += 1 }
        return offset
    }

    /// The number of `/` in the bytes.
    @inline(__always)
    static func slashCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let difference = word(raw, offset) ^ slashes
            // Exactly the zero bytes (the slashes) get their high bit set.
            count += (~(((difference & lows) &+ lows) | difference | lows)).nonzeroBitCount
            offset += 8
        }
        while offset < bytes.count {
            if base[offset] == UInt8(ascii: "/") { count += 1 }
            offset += 1
        }
        return count
    }

    /// The first `count` (0…7) bytes at `base` as the low bytes of a word, the others zero:
    /// one load when eight bytes may be read there (`readable`), else byte by byte.
    @inline(__always)
    static func partialWord(_ base: UnsafeRawPointer, count: Int, readable: Int) -> UInt64 {
        guard count > 0 else { return 0 }
        if readable >= 8 { return word(base, 0) & (UInt64.max >> UInt64(64 - 8 * count)) }
        var tail: UInt64 = 0
        for index in 0..<count { tail |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << UInt64(8 * index) }
        return tail
    }

    /// A fast (non-cryptographic) hash of the bytes. `readable` (at least `bytes.count`) is
    /// how many bytes from the start may be read: past the end of a short segment, the rest
    /// of its path, so its bytes load as one word. The hash depends on the bytes only.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int? = nil) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ word(raw, offset)) &* 0xBF58_476D_1CE4_E5B9
            offset += 8
        }
        var tail: UInt64 = 0
        let remaining = bytes.count - offset
        if remaining > 0, bytes.count >= 8 {
            // The last eight bytes, shifted so only those not yet hashed remain.
            tail = word(raw, bytes.count - 8) >> UInt64(8 * (8 - remaining))
        } else {
            tail = partialWord(raw + offset, count: remaining, readable: (readable ?? bytes.count) - offset)
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        return hash ^ (hash >> 17)
    }

    /// Whether `count` bytes at `a` and `b` are equal; `readable` bytes may be read at both
    /// (see ``hash(_:readable:)``).
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int, readable: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if word(a, offset) != word(b, offset) { return false }
            offset += 8
        }
        guard offset < count else { return true }
        if count >= 8 { return word(a, count - 8) == word(b, count - 8) }
        return partialWord(a, count: count, readable: readable) == partialWord(b, count: count, readable: readable)
    }

    /// Path bytes (ASCII: canonical paths are) as a `String`. Up to fifteen bytes (a small
    /// string, no allocation) copied in place, where the standard library checks only that
    /// they are ASCII and `String(decoding:as:)` validates them as UTF-8 first; longer ones
    /// through `String(decoding:as:)`, which allocates and copies in fewer steps (~60
    /// instructions fewer for a URL's routed path).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return 0 }
            target.update(from: source, count: bytes.count)
            return bytes.count
        }
    }

    /// An optionally signed run of ASCII digits as an `Int`, without making a `String`; nil
    /// for anything else (or on overflow), which then takes the general path.
    static func decimalInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first else { return nil }
        var index = 0
        let negative = first == UInt8(ascii: "-")
        if negative || first == UInt8(ascii: "+") { index = 1 }
        guard index < bytes.count, bytes.count - index <= 18 else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return negative ? -value : value
    }
}

/// Walks a path's segments to those a mask selects (bit *i*: segment *i*, counted from the
/// first `/`), giving each one's byte range.
struct SegmentCursor {
    var mask: UInt32
    /// Where the next segment starts (just after its `/`), and its number.
    private var start = 1
    private var number: UInt32 = 0

    init(mask: UInt32) { self.mask = mask }

    /// The range of the next selected segment, or nil when there is none.
    mutating func next(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        while start <= bytes.count {
            let selected = number < 32 && mask & (1 << number) != 0
            let end = PathBytes.nextSlash(in: bytes, from: start)
            let range = start..<end
            start = end + 1
            number += 1
            if selected { return range }
        }
        return nil
    }
}
