/// The Unicode data UTS #46 processing reads, decoded once from the generated records in
/// `IDNAData.swift` (`Scripts/idna/generate.py` writes them; see `Scripts/idna/README.md`).
package enum IDNAData {}

/// A code point's status in the IDNA Mapping Table (UTS #46 section 5).
enum IDNAStatus: UInt8 {
    case valid = 0
    case mapped, ignored, deviation, disallowed
}

/// Bidi classes RFC 5893 names; every other class is `.other`.
enum BidiClass: UInt8 {
    case other = 0
    case l, r, al, an, en, es, cs, et, on, bn, nsm
}

/// Joining types RFC 5892's ContextJ rule reads.
enum JoiningType: UInt8 {
    case none = 0
    case left, dual, right, transparent, causing
}

struct IDNATables: Sendable {
    let mappingStarts: [UInt32]
    /// status (bits 0-7), replacement offset (8-23), replacement length (24-31).
    let mappingInfo: [UInt32]
    let replacements: [Unicode.Scalar]
    let propertyStarts: [UInt32]
    let propertyValues: [UInt16]
    let decompositions: [UInt32: Range<Int>]
    let decompositionScalars: [Unicode.Scalar]
    let compositions: [UInt64: Unicode.Scalar]

    /// Decoded on first use; the records are generated, so a malformed one is a generator bug
    /// that `IDNATests` would catch, and decoding skips it rather than trapping.
    static let shared = IDNATables()

    private init() {
        var mappingStarts: [UInt32] = []
        var mappingInfo: [UInt32] = []
        Self.records(IDNAData.mappingRecords, width: 13) { field in
            mappingStarts.append(field(0, 6))
            mappingInfo.append(field(6, 1) | field(7, 4) << 8 | field(11, 2) << 24)
        }
        var replacements: [Unicode.Scalar] = []
        Self.records(IDNAData.replacementScalars, width: 6) { field in
            replacements.append(Unicode.Scalar(field(0, 6)) ?? "\u{FFFD}")
        }
        var propertyStarts: [UInt32] = []
        var propertyValues: [UInt16] = []
        Self.records(IDNAData.propertyRecords, width: 10) { field in
            propertyStarts.append(field(0, 6))
            propertyValues.append(UInt16(truncatingIfNeeded: field(6, 4)))
        }
        var decompositionScalars: [Unicode.Scalar] = []
        Self.records(IDNAData.decompositionScalars, width: 6) { field in
            decompositionScalars.append(Unicode.Scalar(field(0, 6)) ?? "\u{FFFD}")
        }
        var decompositions: [UInt32: Range<Int>] = [:]
        var compositions: [UInt64: Unicode.Scalar] = [:]
        IDNAData.decompositionRecords.withUTF8Buffer { buffer in
            for record in buffer.split(separator: UInt8(ascii: ",")) {
                let field = { (offset: Int, count: Int) in Self.hex(record, offset, count) }
                let scalar = field(0, 6)
                let offset = Int(field(6, 4))
                decompositions[scalar] = offset..<(offset + Int(field(10, 1)))
                if field(11, 1) == 1, record.count >= 24, let composite = Unicode.Scalar(scalar) {
                    compositions[UInt64(field(12, 6)) << 32 | UInt64(field(18, 6))] = composite
                }
            }
        }
        self.mappingStarts = mappingStarts
        self.mappingInfo = mappingInfo
        self.replacements = replacements
        self.propertyStarts = propertyStarts
        self.propertyValues = propertyValues
        self.decompositions = decompositions
        self.decompositionScalars = decompositionScalars
        self.compositions = compositions
    }

    private static func records(_ text: StaticString, width: Int, _ body: ((Int, Int) -> UInt32) -> Void) {
        text.withUTF8Buffer { buffer in
            var start = 0
            while start + width <= buffer.count {
                let record = buffer[start..<(start + width)]
                body { offset, count in hex(record, offset, count) }
                start += width
            }
        }
    }

    private static func hex(_ record: Slice<UnsafeBufferPointer<UInt8>>, _ offset: Int, _ count: Int) -> UInt32 {
        var value: UInt32 = 0
        var index = record.startIndex + offset
        let end = min(index + count, record.endIndex)
        while index < end {
            let byte = record[index]
            let digit: UInt8 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                default: 0
                }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The index of the last range starting at or before `value`.
    private static func rangeIndex(_ starts: [UInt32], _ value: UInt32) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle } else { high = middle }
        }
        return low
    }

    func mapping(_ scalar: Unicode.Scalar) -> (status: IDNAStatus, replacement: ArraySlice<Unicode.Scalar>) {
        let info = mappingInfo[Self.rangeIndex(mappingStarts, scalar.value)]
        let status = IDNAStatus(rawValue: UInt8(truncatingIfNeeded: info)) ?? .disallowed
        let offset = Int(info >> 8 & 0xFFFF)
        let length = Int(info >> 24)
        guard status == .mapped, offset + length <= replacements.count else { return (status, []) }
        return (status, replacements[offset..<(offset + length)])
    }

    private func properties(_ scalar: Unicode.Scalar) -> UInt16 {
        propertyValues[Self.rangeIndex(propertyStarts, scalar.value)]
    }

    func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
        scalar.value < 0x300 ? 0 : UInt8(truncatingIfNeeded: properties(scalar))
    }

    func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        BidiClass(rawValue: UInt8(truncatingIfNeeded: properties(scalar) >> 8 & 0xF)) ?? .other
    }

    func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        JoiningType(rawValue: UInt8(truncatingIfNeeded: properties(scalar) >> 12 & 0x7)) ?? .none
    }

    func isMark(_ scalar: Unicode.Scalar) -> Bool {
        properties(scalar) & 0x8000 != 0
    }
}

// MARK: - NFC (UAX #15)

extension IDNATables {
    private static let hangulSBase: UInt32 = 0xAC00
    private static let hangulLBase: UInt32 = 0x1100
    private static let hangulVBase: UInt32 = 0x1161
    private static let hangulTBase: UInt32 = 0x11A7
    private static let hangulLCount: UInt32 = 19
    private static let hangulVCount: UInt32 = 21
    private static let hangulTCount: UInt32 = 28
    private static let hangulNCount = hangulVCount * hangulTCount
    private static let hangulSCount = hangulLCount * hangulNCount

    /// Normalization Form C: canonical decomposition, canonical ordering, canonical composition.
    /// Linear in the input: a run of combining marks is put in order with a stable sort.
    func nfc(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        if input.allSatisfy({ $0.value < 0x300 }) { return input }
        var decomposed: [Unicode.Scalar] = []
        decomposed.reserveCapacity(input.count)
        for scalar in input { decompose(scalar, into: &decomposed) }
        reorder(&decomposed)
        return compose(decomposed)
    }

    private func decompose(_ scalar: Unicode.Scalar, into output: inout [Unicode.Scalar]) {
        let value = scalar.value
        if value >= Self.hangulSBase, value < Self.hangulSBase + Self.hangulSCount {
            let index = value - Self.hangulSBase
            let parts = [
                Self.hangulLBase + index / Self.hangulNCount,
                Self.hangulVBase + index % Self.hangulNCount / Self.hangulTCount,
                index % Self.hangulTCount == 0 ? 0 : Self.hangulTBase + index % Self.hangulTCount,
            ]
            for part in parts where part != 0 {
                if let jamo = Unicode.Scalar(part) { output.append(jamo) }
            }
            return
        }
        guard let range = decompositions[value] else {
            output.append(scalar)
            return
        }
        output.append(contentsOf: decompositionScalars[range])
    }

    private func reorder(_ scalars: inout [Unicode.Scalar]) {
        var start = 0
        while start < scalars.count {
            guard combiningClass(scalars[start]) != 0 else {
                start += 1
                continue
            }
            var end = start + 1
            while end < scalars.count, combiningClass(scalars[end]) != 0 { end += 1 }
            if end - start > 1 {
                let run = scalars[start..<end].enumerated().map { (offset: $0.offset, scalar: $0.element) }
                let sorted = run.sorted {
                    let (left, right) = (combiningClass($0.scalar), combiningClass($1.scalar))
                    return left != right ? left < right : $0.offset < $1.offset
                }
                scalars.replaceSubrange(start..<end, with: sorted.map(\.scalar))
            }
            start = end
        }
    }

    private func composePair(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
        let (a, b) = (first.value, second.value)
        if a >= Self.hangulLBase, a < Self.hangulLBase + Self.hangulLCount, b >= Self.hangulVBase,
            b < Self.hangulVBase + Self.hangulVCount
        {
            return Unicode.Scalar(
                Self.hangulSBase + ((a - Self.hangulLBase) * Self.hangulVCount + (b - Self.hangulVBase)) * Self.hangulTCount)
        }
        if a >= Self.hangulSBase, a < Self.hangulSBase + Self.hangulSCount, (a - Self.hangulSBase) % Self.hangulTCount == 0,
            b > Self.hangulTBase, b < Self.hangulTBase + Self.hangulTCount
        {
            return Unicode.Scalar(a + (b - Self.hangulTBase))
        }
        return compositions[UInt64(a) << 32 | UInt64(b)]
    }

    private func compose(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var starter: Int? = nil
        var lastClass: Int = -1
        for scalar in scalars {
            let currentClass = Int(combiningClass(scalar))
            if let starterIndex = starter,
                lastClass < currentClass || (lastClass == 0 && result.count - 1 == starterIndex),
                let composite = composePair(result[starterIndex], scalar)
            {
                result[starterIndex] = composite
                continue
            }
            if currentClass == 0 { starter = result.count }
            lastClass = currentClass
            result.append(scalar)
        }
        return result
    }
}
