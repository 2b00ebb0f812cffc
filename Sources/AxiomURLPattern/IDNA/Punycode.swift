/// Punycode (RFC 3492), the ASCII form of an international label's code points.
enum Punycode {
    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26
    private static let skew: UInt32 = 38
    private static let damp: UInt32 = 700
    private static let initialBias: UInt32 = 72
    private static let initialN: UInt32 = 0x80

    /// Decoding inserts each code point into the output, so it is quadratic in the label's
    /// length; labels longer than this are refused (DNS allows 63 bytes).
    static let maximumLength = 4096

    private static func adapt(_ delta: UInt32, _ numPoints: UInt32, _ firstTime: Bool) -> UInt32 {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / numPoints
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func digit(_ value: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(UInt8(value < 26 ? value + 97 : value + 22))
    }

    private static func threshold(_ k: UInt32, _ bias: UInt32) -> UInt32 {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// The code points a punycode string (without `xn--`) stands for; nil when it is not valid
    /// punycode, overflows, or decodes to a surrogate or to more than `maximumLength` code points.
    static func decode(_ input: [UInt8]) -> [Unicode.Scalar]? {
        guard input.count <= maximumLength else { return nil }
        var output: [Unicode.Scalar] = []
        var position = 0
        if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(Unicode.Scalar(byte))
            }
            position = delimiter + 1
        }
        var n = initialN
        var i: UInt32 = 0
        var bias = initialBias
        while position < input.count {
            let oldI = i
            var w: UInt32 = 1
            var k = base
            while true {
                guard position < input.count, let value = digitValue(input[position]) else { return nil }
                position += 1
                let (product, overflow1) = value.multipliedReportingOverflow(by: w)
                guard !overflow1 else { return nil }
                let (sum, overflow2) = i.addingReportingOverflow(product)
                guard !overflow2 else { return nil }
                i = sum
                let t = threshold(k, bias)
                if value < t { break }
                let (nextW, overflow3) = w.multipliedReportingOverflow(by: base - t)
                guard !overflow3 else { return nil }
                w = nextW
                k += base
            }
            let count = UInt32(output.count + 1)
            bias = adapt(i - oldI, count, oldI == 0)
            let (nextN, overflow) = n.addingReportingOverflow(i / count)
            guard !overflow, let scalar = Unicode.Scalar(nextN), output.count < maximumLength else { return nil }
            n = nextN
            i %= count
            output.insert(scalar, at: Int(i))
            i += 1
        }
        return output
    }

    /// The punycode string (without `xn--`) for a label's code points; nil on overflow.
    ///
    /// RFC 3492's encoder rescans the label once per distinct code point, which is quadratic;
    /// this one visits each code point once in order of value and counts the smaller code
    /// points between two of its occurrences with a Fenwick tree, so it is O(n log n) and writes
    /// the same digits.
    static func encode(_ input: [Unicode.Scalar]) -> String? {
        var output = ""
        for scalar in input where scalar.isASCII { output.unicodeScalars.append(scalar) }
        let basicCount = UInt32(output.unicodeScalars.count)
        if basicCount > 0 { output.append("-") }
        // Positions of the code points already written (all smaller than the current one).
        var tree = [UInt32](repeating: 0, count: input.count + 1)
        func insert(_ position: Int) {
            var index = position + 1
            while index < tree.count {
                tree[index] += 1
                index += index & -index
            }
        }
        func countBefore(_ position: Int) -> UInt32 {
            var sum: UInt32 = 0
            var index = position
            while index > 0 {
                sum += tree[index]
                index -= index & -index
            }
            return sum
        }
        for (position, scalar) in input.enumerated() where scalar.isASCII { insert(position) }
        let order = input.indices.filter { !input[$0].isASCII }.sorted {
            input[$0].value != input[$1].value ? input[$0].value < input[$1].value : $0 < $1
        }
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        var handled = basicCount
        var next = 0
        while next < order.count {
            let m = input[order[next]].value
            let (scaled, overflow1) = (m - n).multipliedReportingOverflow(by: handled + 1)
            let (sum, overflow2) = delta.addingReportingOverflow(scaled)
            guard !overflow1, !overflow2 else { return nil }
            delta = sum
            var previous = -1  // the last occurrence of m written, or before the start
            let first = next
            while next < order.count, input[order[next]].value == m {
                let position = order[next]
                let (counted, overflow) = delta.addingReportingOverflow(countBefore(position) - countBefore(previous + 1))
                guard !overflow else { return nil }
                var q = counted
                var k = base
                while true {
                    let t = threshold(k, bias)
                    if q < t { break }
                    output.unicodeScalars.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.unicodeScalars.append(digit(q))
                bias = adapt(counted, handled + 1, handled == basicCount)
                delta = 0
                handled += 1
                previous = position
                next += 1
            }
            // The smaller code points after m's last occurrence carry over, then m's own.
            let (tail, overflow) = delta.addingReportingOverflow(countBefore(input.count) - countBefore(previous + 1) + 1)
            guard !overflow else { return nil }
            delta = tail
            for index in first..<next { insert(order[index]) }
            n = m + 1
        }
        return output
    }
}
