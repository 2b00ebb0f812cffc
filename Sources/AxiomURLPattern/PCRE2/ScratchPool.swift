public import Synchronization

/// Match scratches kept for reuse, so a lookup does not allocate PCRE2 match data.
///
/// Four lock-free slots: taking a scratch swaps its slot to empty, giving it back swaps it
/// into an empty slot (or frees it when all are full). Each scratch is thus held by one
/// caller at a time, which is what makes ``MatchScratch``'s `@unchecked Sendable` sound.
@_spi(Lookup) public final class ScratchPool: Sendable {
    // Each slot holds a retained `MatchScratch` as its address bits, or 0 when empty.
    @usableFromInline let slot0 = Atomic<UInt>(0)
    @usableFromInline let slot1 = Atomic<UInt>(0)
    @usableFromInline let slot2 = Atomic<UInt>(0)
    @usableFromInline let slot3 = Atomic<UInt>(0)
    @usableFromInline let captures: Int
    @usableFromInline let limits: MatchLimits

    package init(captures: Int, limits: MatchLimits) {
        self.captures = captures
        self.limits = limits
    }

    deinit {
        for bits in [Self.take(slot0), Self.take(slot1), Self.take(slot2), Self.take(slot3)] {
            if let pointer = bits.flatMap({ UnsafeRawPointer(bitPattern: $0) }) { Unmanaged<MatchScratch>.fromOpaque(pointer).release() }
        }
    }

    /// Lends a scratch to `body`. Inlinable: every lookup goes through it, from the router's
    /// module, and a generic call across the boundary would not be specialised.
    @inlinable
    @_spi(Lookup) public func withScratch<Result>(_ body: (MatchScratch) -> Result) -> Result {
        // A pooled scratch is lent to `body` without reference counting: the pool's +1
        // travels with `bits` until the scratch is put back (or released when every slot
        // is full).
        if let bits = Self.take(slot0) ?? Self.take(slot1) ?? Self.take(slot2) ?? Self.take(slot3),
            let pointer = UnsafeRawPointer(bitPattern: bits)
        {
            defer { giveBack(bits) }
            return Unmanaged<MatchScratch>.fromOpaque(pointer)._withUnsafeGuaranteedRef { scratch in
                scratch.breadthFirstBudget = MatchScratch.breadthFirstRunsPerOperation
                return body(scratch)
            }
        }
        let scratch = MatchScratch(captures: captures, limits: limits)
        defer { giveBack(UInt(bitPattern: Unmanaged.passRetained(scratch).toOpaque())) }
        return body(scratch)
    }

    /// Lends a scratch without a closure (for a lookup's hot path, where a closure's captures
    /// would be retained for the call): the bits of a retained scratch, to be handed back to
    /// ``giveBack(_:)`` once, after the last use. Read it with `Unmanaged.fromOpaque`.
    @inlinable @inline(__always)
    package func lend() -> UInt {
        if let bits = Self.take(slot0) ?? Self.take(slot1) ?? Self.take(slot2) ?? Self.take(slot3),
            let pointer = UnsafeRawPointer(bitPattern: bits)
        {
            Unmanaged<MatchScratch>.fromOpaque(pointer)._withUnsafeGuaranteedRef { scratch in
                scratch.breadthFirstBudget = MatchScratch.breadthFirstRunsPerOperation
            }
            return bits
        }
        return UInt(bitPattern: Unmanaged.passRetained(MatchScratch(captures: captures, limits: limits)).toOpaque())
    }

    /// Puts a retained scratch's bits into an empty slot, or releases it.
    @usableFromInline package func giveBack(_ bits: UInt) {
        if !Self.put(bits, into: slot0), !Self.put(bits, into: slot1), !Self.put(bits, into: slot2), !Self.put(bits, into: slot3),
            let pointer = UnsafeRawPointer(bitPattern: bits)
        {
            Unmanaged<MatchScratch>.fromOpaque(pointer).release()
        }
    }

    /// The bits of the scratch in `slot` (a +1 reference now owned by the caller), or nil.
    @usableFromInline static func take(_ slot: borrowing Atomic<UInt>) -> UInt? {
        let bits = slot.exchange(0, ordering: .acquiring)
        return bits == 0 ? nil : bits
    }

    @usableFromInline static func put(_ bits: UInt, into slot: borrowing Atomic<UInt>) -> Bool {
        slot.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged
    }
}
