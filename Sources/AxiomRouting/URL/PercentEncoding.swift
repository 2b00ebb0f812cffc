/// The URL standard's percent-encode sets (https://url.spec.whatwg.org/#percent-encoded-bytes).
enum PercentEncodeSet: Sendable {
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

    /// Whether `byte` (an ASCII code unit, or any byte of a multi-byte sequence) is encoded.
    func contains(_ byte: UInt8) -> Bool {
        if byte < 0x20 || byte > 0x7E { return true }
        switch self {
        case .c0Control:
            return false
        case .fragment:
            return byte == 0x20 || byte == 0x22 || byte == 0x3C || byte == 0x3E || byte == 0x60
        case .query:
            return byte == 0x20 || byte == 0x22 || byte == 0x23 || byte == 0x3C || byte == 0x3E
        case .specialQuery:
            return PercentEncodeSet.query.contains(byte) || byte == 0x27
        case .path:
            return PercentEncodeSet.query.contains(byte) || byte == 0x3F || byte == 0x5E || byte == 0x60
                || byte == 0x7B || byte == 0x7D
        case .userinfo:
            return PercentEncodeSet.path.contains(byte) || byte == 0x2F || byte == 0x3A || byte == 0x3B
                || byte == 0x3D || byte == 0x40 || (0x5B...0x5E).contains(byte) || byte == 0x7C
        }
    }
}

private let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

/// UTF-8 percent-encodes `scalar` with `set`, appending to `output`.
func percentEncode(_ scalar: Unicode.Scalar, _ set: PercentEncodeSet, into output: inout String) {
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

/// UTF-8 percent-encodes every scalar of `input` with `set`.
func percentEncode<S: Sequence<Unicode.Scalar>>(_ input: S, _ set: PercentEncodeSet) -> String {
    var output = ""
    for scalar in input { percentEncode(scalar, set, into: &output) }
    return output
}

/// The value of an ASCII hex digit, or nil.
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
}

/// Percent-decodes `bytes`: each `%XX` becomes its byte; a `%` not followed by two hex
/// digits stays as it is (as the URL standard says).
func percentDecode<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] where C.Index == Int {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == 0x25, index + 2 < bytes.endIndex,
            let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        {
            output.append(high << 4 | low)
            index += 3
        } else {
            output.append(byte)
            index += 1
        }
    }
    return output
}

extension Unicode.Scalar {
    var isASCIIAlpha: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(value) }
    var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }
    var isASCIIHexDigit: Bool { isASCIIDigit || (0x41...0x46).contains(value) || (0x61...0x66).contains(value) }
    var asciiLowercased: Unicode.Scalar {
        (0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : self
    }
}

extension String {
    /// The string with ASCII upper-case letters lowered and everything else kept.
    var asciiLowercased: String {
        var output = ""
        output.unicodeScalars.append(contentsOf: unicodeScalars.lazy.map(\.asciiLowercased))
        return output
    }
}
