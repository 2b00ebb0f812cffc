/// What a lookup needs to know about a route to read its values, packed in one word per
/// rank so converting a match touches neither the route's parameter list nor its pattern:
/// the segments holding the values (see `CompiledRoute.segmentMask`, 31 bits), whether the
/// route declares query parameters, whether a match of it is plain (see ``isPlain``), the
/// number of path parameters and a 4-bit code per parameter for the types read in place.
struct RouteLayout: Sendable {
    let bits: UInt64

    /// Parameter type codes.
    static let otherType: UInt64 = 0
    static let stringType: UInt64 = 1
    static let intType: UInt64 = 2
    /// A catch-all path (`*path`, a `path` value): read in place by a borrowed match.
    static let pathType: UInt64 = 3
    /// Routes with more parameters than this keep their types in the route only.
    static let packedParameters = 6
    private static let plainBit: UInt64 = 1 << 59

    /// `plain`: the route is its own pattern (not an alias or a redirect), reads no query and
    /// checks nothing of the request (host, scheme, fragment, trailing-slash rule, a `to-end`
    /// value): a match of it is its path's values and nothing else.
    init(segmentMask: UInt32, parameters: [Route.Parameter], hasQuery: Bool, plain: Bool = false) {
        var high: UInt64 = 0
        if parameters.count <= Self.packedParameters {
            high = UInt64(parameters.count) << 28
            for (index, parameter) in parameters.enumerated() {
                let code: UInt64 =
                    switch parameter.type {
                    case .string: Self.stringType
                    case .int: Self.intType
                    case .path: Self.pathType
                    default: Self.otherType
                    }
                high |= code << UInt64(4 * index)
            }
        } else {
            high = 0xF << 28
        }
        bits = high << 32 | (plain ? Self.plainBit : 0) | (hasQuery ? 1 << 31 : 0) | UInt64(segmentMask & 0x7FFF_FFFF)
    }

    /// Whether a match of the route is its path's values and nothing else (see the initialiser).
    var isPlain: Bool { bits & Self.plainBit != 0 }

    init(bits: UInt64) { self.bits = bits }

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
        // Each code is 0…3: a nibble's two low bits differ for 1 and 2 only.
        let codes = bits >> 32
        let ones: UInt64 = 0x11_1111 & (UInt64.max >> UInt64(64 - 4 * count))
        return (codes ^ codes >> 1) & ones == ones
    }

    /// Whether every parameter is packed and a string or a catch-all path (codes 1 and 3: a
    /// nibble's low bit set).
    @inline(__always)
    var allStringsOrPaths: Bool {
        guard let count = parameterCount else { return false }
        let ones: UInt64 = 0x11_1111 & (UInt64.max >> UInt64(64 - 4 * max(count, 1)))
        return count == 0 || (bits >> 32) & ones == ones
    }

    /// The type code of parameter `index` (< ``parameterCount``).
    func typeCode(_ index: Int) -> UInt64 { (bits >> UInt64(32 + 4 * index)) & 0xF }
}

extension RouteLayout {
    /// Value `index` of a match whose values are whole segments of `bytes` (a ``segmentMask``),
    /// converted now: what a borrowed view and a made match's in-place parameters both read.
    func segmentValue(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> RouteValue {
        Self.value(segment(at: index, in: bytes), code: typeCode(index))
    }

    /// The bytes of value `index` of such a match: the segment the mask selects.
    func segment(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var segments = SegmentCursor(mask: segmentMask)
        var range = 0..<0
        for _ in 0...index { range = segments.next(in: bytes) ?? 0..<0 }
        return UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The first `count` values of such a match, converted now in one walk along the path.
    func segmentValues(_ count: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [RouteValue] {
        // Not through `unsafeUninitializedCapacity` when empty: with no capacity it hands back
        // the shared empty array and writes its count there, a race between threads.
        guard count > 0 else { return [] }
        var segments = SegmentCursor(mask: segmentMask)
        return [RouteValue](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<count {
                let range = segments.next(in: bytes) ?? 0..<0
                (base + index).initialize(to: Self.value(UnsafeBufferPointer(rebasing: bytes[range]), code: typeCode(index)))
                initialized = index + 1
            }
        }
    }

    /// A value read in place, of type code `code` (checked by the lookup: see
    /// `Router.hasPlainValues`).
    @inline(__always)
    static func value(_ raw: UnsafeBufferPointer<UInt8>, code: UInt64) -> RouteValue {
        switch code {
        case intType: return .int(PathBytes.decimalInt(raw) ?? 0)
        case pathType: return .path(raw.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { PathBytes.string(UnsafeBufferPointer(rebasing: $0)) })
        default: return .string(PathBytes.string(raw))
        }
    }
}
