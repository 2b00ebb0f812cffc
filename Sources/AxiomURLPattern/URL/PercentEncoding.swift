/// The URL standard's percent-encode sets (https://url.spec.whatwg.org/#percent-encoded-bytes).
package enum PercentEncodeSet: Sendable {
    /// C0 controls and every code point above U+007E.
    case c0Control
    /// C0 control set plus space, `"`, `<`, `>`, `` ` ``.
    case fragment
    /// C0 control set plus space, `"`, `#`, `<`, `>`.
    case query
    /// Query set plus `'` (queries of special schemes).
    case specialQuery
    /// Query set plus `?`, `^`, `` ` ``, `{`, `}`.
    case path
    /// Path set plus `/`, `:`, `;`, `=`, `@`, `[` to `^`, `|`.
    case userinfo
    /// Path set plus `/`, `%` and `\`: a value printed into one path segment.
    case pathSegment
    /// Query set plus `&`, `=`, `+`, `%`: a value printed into a query.
    case queryValue

    /// Whether `byte` (an ASCII code unit, or any byte of a multi-byte sequence) is encoded.
    @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let (low, high) = masks
        return byte < 64 ? (low >> UInt64(byte)) & 1 == 1 : (high >> UInt64(byte - 64)) & 1 == 1
    }

    /// The set as two 64-bit masks over bytes 0–63 and 64–127: C0 controls and U+007F,
    /// plus each set's own characters (as listed above). Literals, so a lookup costs no
    /// lazy initialisation; a test checks them against the sets' definitions.
    @inline(__always)
    package var masks: (UInt64, UInt64) {
        switch self {
        case .c0Control: return (0x0000_0000_FFFF_FFFF, 0x8000_0000_0000_0000)
        case .fragment: return (0x5000_0005_FFFF_FFFF, 0x8000_0001_0000_0000)
        case .query: return (0x5000_000D_FFFF_FFFF, 0x8000_0000_0000_0000)
        case .specialQuery: return (0x5000_008D_FFFF_FFFF, 0x8000_0000_0000_0000)
        case .path: return (0xD000_000D_FFFF_FFFF, 0xA800_0001_4000_0000)
        case .userinfo: return (0xFC00_800D_FFFF_FFFF, 0xB800_0001_7800_0001)
        case .pathSegment: return (0xD000_802D_FFFF_FFFF, 0xA800_0001_5000_0000)
        case .queryValue: return (0x7000_08ED_FFFF_FFFF, 0x8000_0000_0000_0000)
        }
    }
}

private let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

/// UTF-8 percent-encodes `scalar` with `set`, appending to `output`.
package func percentEncode(_ scalar: Unicode.Scalar, _ set: PercentEncodeSet, into output: inout String) {
    if scalar.isASCII, !set.contains(UInt8(scalar.value)) {
        output.unicodeScalars.append(scalar)
        return
    }
    for byte in scalar.utf8 {
        if byte < 0x80, !set.contains(byte) {
            output.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            output.unicodeScalars.append("%")
            output.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
            output.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0xF)]))
        }
    }
}

/// Percent-encodes one UTF-8 byte with `set`, appending to `output`.
@inline(__always)
package func percentEncode(byte: UInt8, _ set: PercentEncodeSet, into output: inout [UInt8]) {
    if set.contains(byte) {
        output.append(0x25)
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
    } else {
        output.append(byte)
    }
}

/// Percent-encodes UTF-8 `bytes` with `set` into a string.
package func percentEncode<C: Collection<UInt8>>(bytes: C, _ set: PercentEncodeSet) -> String {
    // Most URL components need no escaping: make the string straight from the bytes.
    guard bytes.contains(where: set.contains) else { return String(decoding: bytes, as: UTF8.self) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    for byte in bytes { percentEncode(byte: byte, set, into: &output) }
    return String(decoding: output, as: UTF8.self)
}

/// UTF-8 percent-encodes every scalar of `input` with `set`.
package func percentEncode<S: Sequence<Unicode.Scalar>>(_ input: S, _ set: PercentEncodeSet) -> String {
    var output = ""
    for scalar in input { percentEncode(scalar, set, into: &output) }
    return output
}

/// The value of an ASCII hex digit, or nil.
package func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
}

/// Percent-decodes `bytes`: each `%XX` becomes its byte; a `%` not followed by two hex
/// digits stays as it is (as the URL standard says).
package func percentDecode(_ bytes: some Collection<UInt8>) -> [UInt8] {
    percentDecode(bytes, strict: false) ?? Array(bytes)
}

/// The package's one percent decoder: each `%XX` becomes its byte. A `%` not followed by two
/// hex digits stays as it is (the URL standard's reading), or, when `strict` (the router's
/// values), makes the decoding fail: nil.
package func percentDecode(_ bytes: some Collection<UInt8>, strict: Bool) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index != bytes.endIndex {
        let byte = bytes[index]
        if byte == 0x25 {
            let first = bytes.index(after: index)
            if first != bytes.endIndex, let high = hexValue(bytes[first]) {
                let second = bytes.index(after: first)
                if second != bytes.endIndex, let low = hexValue(bytes[second]) {
                    output.append(high << 4 | low)
                    index = bytes.index(after: second)
                    continue
                }
            }
            if strict { return nil }
        }
        output.append(byte)
        index = bytes.index(after: index)
    }
    return output
}

extension UInt8 {
    package var isASCIIAlpha: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    package var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    package var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }
    package var isASCIIHexDigit: Bool { hexValue(self) != nil }
    package var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self + 0x20 : self }
}

extension Unicode.Scalar {
    package var isASCIIAlpha: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
    package var isASCIIDigit: Bool { (0x30...0x39).contains(value) }
    package var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }
    package var isASCIIHexDigit: Bool { isASCIIDigit || (0x41...0x46).contains(value) || (0x61...0x66).contains(value) }
    package var asciiLowercased: Unicode.Scalar {
        (0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : self
    }
}

extension String {
    /// The string with ASCII upper-case letters lowered and everything else kept.
    package var asciiLowercased: String {
        guard utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return self }
        return String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
