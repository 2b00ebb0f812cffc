import Synchronization

/// Match scratches kept for reuse, so a lookup does not allocate PCRE2 match data.
///
/// Four lock-free slots: taking a scratch swaps its slot to empty, giving it back swaps it
/// into an empty slot (or frees it when all are full). Each scratch is thus held by one
/// caller at a time, which is what makes ``MatchScratch``'s `@unchecked Sendable` sound.
final class ScratchPool: Sendable {
    // Each slot holds a retained `MatchScratch` as its address bits, or 0 when empty.
    private let slot0 = Atomic<UInt>(0)
    private let slot1 = Atomic<UInt>(0)
    private let slot2 = Atomic<UInt>(0)
    private let slot3 = Atomic<UInt>(0)
    private let captures: Int
    private let limits: MatchLimits

    init(captures: Int, limits: MatchLimits) {
        self.captures = captures
        self.limits = limits
    }

    deinit {
        _ = Self.take(slot0)
        _ = Self.take(slot1)
        _ = Self.take(slot2)
        _ = Self.take(slot3)
    }

    func withScratch<Result, Failure: Error>(_ body: (MatchScratch) throws(Failure) -> Result) throws(Failure) -> Result {
        let scratch = Self.take(slot0) ?? Self.take(slot1) ?? Self.take(slot2) ?? Self.take(slot3)
            ?? MatchScratch(captures: captures, limits: limits)
        defer {
            let bits = UInt(bitPattern: Unmanaged.passRetained(scratch).toOpaque())
            if !Self.put(bits, into: slot0), !Self.put(bits, into: slot1), !Self.put(bits, into: slot2), !Self.put(bits, into: slot3) {
                // Every slot is full: drop the reference just taken for the slot.
                Unmanaged.passUnretained(scratch).release()
            }
        }
        return try body(scratch)
    }

    private static func take(_ slot: borrowing Atomic<UInt>) -> MatchScratch? {
        let bits = slot.exchange(0, ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<MatchScratch>.fromOpaque(pointer).takeRetainedValue()
    }

    private static func put(_ bits: UInt, into slot: borrowing Atomic<UInt>) -> Bool {
        slot.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged
    }
}
