/// What a lookup needs to know about a route to read its values, packed in one word per
/// rank so converting a match touches neither the route's parameter list nor its pattern:
/// the segments holding the values (see `CompiledRoute.segmentMask`, 31 bits), whether the
/// route declares query parameters, the number of path parameters and a 4-bit code per
/// parameter for the types read in place.
struct RouteLayout: Sendable {
    let bits: UInt64

    /// Parameter type codes.
    static let otherType: UInt64 = 0
    static let stringType: UInt64 = 1
    static let intType: UInt64 = 2
    /// Routes with more parameters than this keep their types in the route only.
    static let packedParameters = 7

    init(segmentMask: UInt32, parameters: [Route.Parameter], hasQuery: Bool) {
        var high: UInt64 = 0
        if parameters.count <= Self.packedParameters {
            high = UInt64(parameters.count) << 28
            for (index, parameter) in parameters.enumerated() {
                let code: UInt64 =
                    switch parameter.type {
                    case .string: Self.stringType
                    case .int: Self.intType
                    default: Self.otherType
                    }
                high |= code << UInt64(4 * index)
            }
        } else {
            high = 0xF << 28
        }
        bits = high << 32 | (hasQuery ? 1 << 31 : 0) | UInt64(segmentMask & 0x7FFF_FFFF)
    }

    var segmentMask: UInt32 { UInt32(truncatingIfNeeded: bits) & 0x7FFF_FFFF }
    var hasQuery: Bool { bits & (1 << 31) != 0 }

    /// The number of parameters, or nil when they are not packed.
    var parameterCount: Int? {
        let count = Int(truncatingIfNeeded: bits >> 60)
        return count <= Self.packedParameters ? count : nil
    }

    /// Whether the values are read from whole segments (a segment mask), at least one, each
    /// a string or an int: what a lookup reads from the path without the general rules.
    var readsInPlace: Bool {
        guard segmentMask != 0, let count = parameterCount, count > 0 else { return false }
        // Each code is 0, 1 or 2: a nibble's two low bits OR-ed are 1 unless its code is 0.
        let codes = bits >> 32
        let ones: UInt64 = 0x111_1111 & (UInt64.max >> UInt64(64 - 4 * count))
        return (codes | codes >> 1) & ones == ones
    }

    /// The type code of parameter `index` (< ``parameterCount``).
    func typeCode(_ index: Int) -> UInt64 { (bits >> UInt64(32 + 4 * index)) & 0xF }
}
