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
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        var offset = start
        while offset + 8 <= bytes.count {
            let difference = word(raw, offset) ^ slashes
            // Each zero byte of `difference` (a `/`) sets its high bit; the lowest one found is exact.
            let found = (difference &- ones) & ~difference & highs
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "/") { offset += 1 }
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

    /// A fast (non-cryptographic) hash of the bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
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
            for index in 0..<remaining { tail |= UInt64(base[offset + index]) << UInt64(8 * index) }
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        return hash ^ (hash >> 17)
    }

    /// Whether `count` bytes at `a` and `b` are equal.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if word(a, offset) != word(b, offset) { return false }
            offset += 8
        }
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }
}
