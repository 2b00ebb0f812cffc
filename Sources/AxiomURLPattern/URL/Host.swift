/// A URL's host, as the URL standard models it.
public enum Host: Sendable, Hashable {
    /// A domain, ASCII-lowercased (`example.com`).
    case domain(String)
    /// An IPv4 address (`127.0.0.1`, from any of the forms the standard accepts).
    case ipv4(UInt32)
    /// An IPv6 address, as eight 16-bit pieces.
    case ipv6([UInt16])
    /// The host of a non-special URL, percent-encoded but otherwise as written.
    case opaque(String)
    /// The empty host (`file:///`, `foo://`).
    case empty

    /// The host serialised as the standard says (`[::1]` for IPv6).
    public var serialized: String {
        switch self {
        case .domain(let value), .opaque(let value): return value
        case .empty: return ""
        case .ipv4(let address):
            return (0..<4).reversed().map { String((address >> (8 * UInt32($0))) & 0xFF) }.joined(separator: ".")
        case .ipv6(let pieces):
            return "[" + Host.serializeIPv6(pieces) + "]"
        }
    }

    static func serializeIPv6(_ pieces: [UInt16]) -> String {
        // The first longest run of two or more zero pieces is compressed to "::".
        var compress: Int? = nil
        var bestLength = 1
        var index = 0
        while index < 8 {
            if pieces[index] == 0 {
                var end = index
                while end < 8, pieces[end] == 0 { end += 1 }
                if end - index > bestLength {
                    bestLength = end - index
                    compress = index
                }
                index = end
            } else {
                index += 1
            }
        }
        var output = ""
        var ignore0 = false
        for pieceIndex in 0..<8 {
            if ignore0, pieces[pieceIndex] == 0 { continue }
            ignore0 = false
            if compress == pieceIndex {
                output += pieceIndex == 0 ? "::" : ":"
                ignore0 = true
                continue
            }
            output += String(pieces[pieceIndex], radix: 16)
            if pieceIndex != 7 { output += ":" }
        }
        return output
    }
}

/// Why a host did not parse.
package enum HostParseError: Error, Sendable, Equatable {
    case invalidIPv6
    case invalidIPv4
    case forbiddenCodePoint(Unicode.Scalar)
    case invalidUTF8
    case idna(IDNAError)
    case empty
}

extension Host {
    /// Forbidden host code points (https://url.spec.whatwg.org/#forbidden-host-code-point).
    package static func isForbiddenHostCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isForbiddenHostByte(UInt8(scalar.value))
    }

    package static func isForbiddenHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C:
            return true
        default:
            return false
        }
    }

    /// Forbidden domain code points: forbidden host code points, C0 controls, `%`, U+007F.
    package static func isForbiddenDomainByte(_ byte: UInt8) -> Bool {
        isForbiddenHostByte(byte) || byte <= 0x1F || byte == 0x25 || byte == 0x7F
    }

    /// The host parser (https://url.spec.whatwg.org/#host-parsing) over UTF-8 bytes.
    package static func parse(_ input: ArraySlice<UInt8>, isOpaque: Bool) throws(HostParseError) -> Host {
        if input.first == UInt8(ascii: "[") {
            guard input.last == UInt8(ascii: "]"), input.count >= 2 else { throw .invalidIPv6 }
            return .ipv6(try parseIPv6(Array(input.dropFirst().dropLast())))
        }
        if isOpaque {
            if let bad = input.first(where: isForbiddenHostByte) { throw .forbiddenCodePoint(Unicode.Scalar(bad)) }
            return input.isEmpty ? .empty : .opaque(percentEncode(bytes: input, .c0Control))
        }
        guard !input.isEmpty else { throw .empty }
        let bytes = try domainToASCII(input.contains(0x25) ? percentDecode(Array(input)) : Array(input))
        if let bad = bytes.first(where: isForbiddenDomainByte) { throw .forbiddenCodePoint(Unicode.Scalar(bad)) }
        if endsInANumber(bytes) { return .ipv4(try parseIPv4(bytes)) }
        return .domain(String(decoding: bytes, as: UTF8.self))
    }

    /// "Domain to ASCII" (https://url.spec.whatwg.org/#concept-domain-to-ascii) over a
    /// percent-decoded domain's UTF-8 bytes, with beStrict false: an ASCII domain is lowercased
    /// whatever UTS #46 would say of it (the standard does so for web compatibility, so an
    /// invalid `xn--` label is kept as written); any other is UTS #46 ToASCII's result.
    package static func domainToASCII(_ bytes: [UInt8]) throws(HostParseError) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.map(\.asciiLowercased)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        do {
            return Array(try IDNA.toASCII(decoded).utf8)
        } catch {
            throw .idna(error)
        }
    }

    private static func split(_ input: [UInt8]) -> [ArraySlice<UInt8>] {
        input.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    }

    /// https://url.spec.whatwg.org/#ends-in-a-number-checker
    package static func endsInANumber(_ input: [UInt8]) -> Bool {
        let dot = UInt8(ascii: ".")
        var end = input.endIndex
        if input.last == dot {
            // A trailing dot is ignored unless it is the only label.
            guard input.dropLast().contains(dot) || input.count > 1 else { return false }
            end -= 1
        }
        let last = input[(input[..<end].lastIndex(of: dot).map { $0 + 1 } ?? 0)..<end]
        if !last.isEmpty, last.allSatisfy(\.isASCIIDigit) { return true }
        return parseIPv4Number(last) != nil
    }

    /// Parses one IPv4 part (decimal, `0x` hex or `0` octal); nil on failure. Values are
    /// saturated so that overflow still fails the range checks.
    package static func parseIPv4Number(_ part: ArraySlice<UInt8>) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == 0x30, digits.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == 0x30 {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = hexValue(byte).map(UInt64.init), digit < radix else { return nil }
            value = min(value &* radix &+ digit, 1 << 40)
        }
        return value
    }

    /// https://url.spec.whatwg.org/#concept-ipv4-parser
    package static func parseIPv4(_ input: [UInt8]) throws(HostParseError) -> UInt32 {
        var parts = split(input)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { throw .invalidIPv4 }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseIPv4Number(part) else { throw .invalidIPv4 }
            numbers.append(number)
        }
        guard let last = numbers.last else { throw .invalidIPv4 }
        if numbers.dropLast().contains(where: { $0 > 255 }) { throw .invalidIPv4 }
        if last >= UInt64(1) << (8 * (5 - UInt64(numbers.count))) { throw .invalidIPv4 }
        var address = last
        for (index, number) in numbers.dropLast().enumerated() {
            address += number << (8 * (3 - UInt64(index)))
        }
        return UInt32(truncatingIfNeeded: address)
    }

    /// https://url.spec.whatwg.org/#concept-ipv6-parser
    package static func parseIPv6(_ input: [UInt8]) throws(HostParseError) -> [UInt16] {
        let colon = UInt8(ascii: ":")
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int? = nil
        var pointer = 0
        func at(_ index: Int) -> UInt8? { index < input.count ? input[index] : nil }
        if at(pointer) == colon {
            guard at(pointer + 1) == colon else { throw .invalidIPv6 }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let c = at(pointer) {
            guard pieceIndex != 8 else { throw .invalidIPv6 }
            if c == colon {
                guard compress == nil else { throw .invalidIPv6 }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt32 = 0
            var length = 0
            while length < 4, let h = at(pointer), let digit = hexValue(h) {
                value = value * 0x10 + UInt32(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == UInt8(ascii: ".") {
                guard length != 0 else { throw .invalidIPv6 }
                pointer -= length
                guard pieceIndex <= 6 else { throw .invalidIPv6 }
                var numbersSeen = 0
                while let c4 = at(pointer) {
                    if numbersSeen > 0 {
                        guard c4 == UInt8(ascii: "."), numbersSeen < 4 else { throw .invalidIPv6 }
                        pointer += 1
                    }
                    guard let first = at(pointer), first.isASCIIDigit else { throw .invalidIPv6 }
                    var ipv4Piece: UInt32 = 0
                    var digits = 0
                    while let d = at(pointer), d.isASCIIDigit {
                        // A leading zero ("01") is not allowed.
                        guard digits == 0 || ipv4Piece != 0 else { throw .invalidIPv6 }
                        ipv4Piece = ipv4Piece * 10 + UInt32(d - 0x30)
                        digits += 1
                        guard ipv4Piece <= 255 else { throw .invalidIPv6 }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(ipv4Piece)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { throw .invalidIPv6 }
                break
            } else if at(pointer) == colon {
                pointer += 1
                guard at(pointer) != nil else { throw .invalidIPv6 }
            } else if at(pointer) != nil {
                throw .invalidIPv6
            }
            address[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        if let compressAt = compress {
            var swaps = pieceIndex - compressAt
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compressAt + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            throw .invalidIPv6
        }
        return address
    }
}
