/// The per-component canonicalisers of https://urlpattern.spec.whatwg.org/#canon, used as
/// encoding callbacks for a pattern's fixed text and to process per-component input.
package enum Canonicalizer {
    package typealias Problem = PatternSyntaxError.Problem

    package static func `protocol`(_ value: String) throws(Problem) -> String {
        guard !value.isEmpty else { return value }
        let scalars = value.scalarArray
        guard scalars[0].isASCIIAlpha,
            scalars.allSatisfy({ $0.isASCIIAlphanumeric || $0 == "+" || $0 == "-" || $0 == "." })
        else {
            throw .invalidFixedText("\(QuotedExcerpt.quote(value)) is not a valid scheme (a letter, then letters, digits, '+', '-' or '.')")
        }
        return value.asciiLowercased
    }

    package static func username(_ value: String) -> String { percentEncode(value.unicodeScalars, .userinfo) }

    package static func password(_ value: String) -> String { percentEncode(value.unicodeScalars, .userinfo) }

    /// Hostnames are written as the URL standard's "domain to ASCII" writes them: ASCII
    /// lowercased, international labels mapped by UTS #46 and written in punycode
    /// (`München` is `xn--mnchen-3ya`); they may not contain forbidden host code points.
    /// A hostname as the URL parser's host state reads it with a state override: tabs and
    /// newlines removed, the host ending at `/`, `?`, `#` or `\` (what follows is not the host:
    /// `example.com/ignored` is `example.com`), an IPv6 address in brackets parsed and written
    /// back, percent-escapes decoded; a forbidden code point (`:`, `@`, `%` that is not an escape
    /// …) is an error.
    package static func hostname(_ value: String) throws(Problem) -> String {
        // Lowercase ASCII letters, digits, `-` and `.`: already as domain to ASCII writes it.
        if isPlainHostname(value) { return value }
        return try hostnameInFull(value)
    }

    /// A hostname for a special scheme (`http`, `https`, `ws`, `wss`, `ftp`, `file`), as the
    /// URL standard's host parser writes it: ``hostname(_:)``, then — for a name that ends in a
    /// number — the IPv4 parser's reading, so `0x7f.1` is `127.0.0.1` (and matches
    /// `http://127.1/`), and `1.2.3.4.5` or `1.256.0.0.0` is an error.
    package static func specialHostname(_ value: String) throws(Problem) -> String {
        let name = try hostname(value)
        let bytes = Array(name.utf8)
        guard Host.endsInANumber(bytes) else { return name }
        do {
            return Host.ipv4(try Host.parseIPv4(bytes)).serialized
        } catch {
            throw .invalidFixedText(
                "\(QuotedExcerpt.quote(value)) ends in a number, so it is read as an IPv4 address, and it is not one (at most four numbers, decimal, 0x hex or 0 octal, each in range)"
            )
        }
    }

    /// Whether `value` is written only in lowercase ASCII letters, digits, `-` and `.`, which
    /// ``hostname(_:)`` gives back unchanged (no escape, no IDNA, nothing forbidden).
    static func isPlainHostname(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A || $0 >= 0x30 && $0 <= 0x39 || $0 == 0x2D || $0 == 0x2E }
    }

    /// ``hostname(_:)`` by the URL parser's host state, for every input.
    static func hostnameInFull(_ value: String) throws(Problem) -> String {
        guard !value.isEmpty else { return value }
        var scalars = Array(value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        if let end = scalars.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" }) {
            scalars = Array(scalars[..<end])
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        guard !text.isEmpty else { return text }
        if text.hasPrefix("[") {
            do {
                return try Host.parse(ArraySlice(Array(text.utf8)), isOpaque: false).serialized
            } catch {
                throw .invalidFixedText("\(QuotedExcerpt.quote(text)) is not an IPv6 address in brackets")
            }
        }
        if let bad = text.unicodeScalars.first(where: Host.isForbiddenHostCodePoint) {
            throw .invalidFixedText("a hostname cannot contain \(describe(bad)) (escape pattern syntax, or use a regexp group)")
        }
        var bytes = Array(text.utf8)
        if bytes.contains(UInt8(ascii: "%")) { bytes = percentDecode(bytes) }
        if let bad = bytes.first(where: Host.isForbiddenDomainByte) {
            throw .invalidFixedText(
                "a hostname cannot contain \(describe(Unicode.Scalar(bad))) (write it as a percent-escape of a valid character, or use a regexp group)"
            )
        }
        let ascii: [UInt8]
        do {
            ascii = try Host.domainToASCII(bytes)
        } catch .idna(let error) {
            throw .invalidFixedText("\(QuotedExcerpt.quote(text)) is not a valid domain name: \(error)")
        } catch {
            throw .invalidFixedText("\(QuotedExcerpt.quote(text)) decodes to bytes that are not UTF-8")
        }
        // Mapping can make a forbidden code point (U+FF0F FULLWIDTH SOLIDUS is '/').
        if let bad = ascii.first(where: Host.isForbiddenDomainByte) {
            throw .invalidFixedText(
                "\(QuotedExcerpt.quote(text)) is written \(describe(Unicode.Scalar(bad))) once mapped for IDNA, which a hostname cannot contain")
        }
        return String(decoding: ascii, as: UTF8.self)
    }

    package static func ipv6Hostname(_ value: String) throws(Problem) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            guard scalar.isASCIIHexDigit || scalar == "[" || scalar == "]" || scalar == ":" else {
                throw .invalidFixedText("an IPv6 hostname may contain only hex digits, ':', '[' and ']', not \(describe(scalar))")
            }
            result.unicodeScalars.append(scalar.asciiLowercased)
        }
        return result
    }

    /// A port as the URL parser's port state reads it with a state override: tabs and newlines
    /// removed, the leading digits (`80x`, `80?x`, `80 ` are 80), in range; a value that does
    /// not start with a digit is an error; the scheme's default port is the empty string.
    package static func port(_ value: String, protocol scheme: String? = nil) throws(Problem) -> String {
        guard !value.isEmpty else { return value }
        let scalars = value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let digits = String(String.UnicodeScalarView(scalars.prefix(while: \.isASCIIDigit))).drop { $0 == "0" }
        guard scalars.first?.isASCIIDigit == true else {
            throw .invalidFixedText("a port starts with a digit, not \(QuotedExcerpt.quote(value))")
        }
        guard digits.count <= 5, let port = Int(digits.isEmpty ? "0" : String(digits)), port <= 65535 else {
            throw .invalidFixedText("port \(QuotedExcerpt.quote(value)) is out of range (0 to 65535)")
        }
        if let scheme, URLRecord.defaultPort(forSpecialScheme: scheme) == .some(port) { return "" }
        return String(port)
    }

    /// A hierarchical path: dot segments resolved, percent-encoded with the path set.
    package static func pathname(_ value: String) -> String {
        if isPlainPathname(value) { return value }
        return pathnameInFull(value)
    }

    /// Whether `value` is printable ASCII the path percent-encode set leaves alone, with no
    /// segment that starts with `.` or `%` (a dot segment, or an escape of one): what
    /// ``pathname(_:)`` gives back unchanged.
    static func isPlainPathname(_ value: String) -> Bool {
        var segmentStart = true
        for byte in value.utf8 {
            guard byte > 0x20, byte < 0x7F, byte != 0x5C, !PercentEncodeSet.path.contains(byte) else { return false }
            if segmentStart, byte == 0x2E || byte == 0x25 { return false }
            segmentStart = byte == 0x2F
        }
        return true
    }

    /// ``pathname(_:)`` by splitting, resolving and encoding, for every input.
    static func pathnameInFull(_ value: String) -> String {
        guard !value.isEmpty else { return value }
        let leadingSlash = value.utf8.first == UInt8(ascii: "/")
        let input = Array(((leadingSlash ? "" : "/-") + value).utf8)
        var segments: [String] = []
        // Path start state has consumed the leading "/"; each further "/" ends a segment.
        // (Counted once: counting per segment made long paths of many segments quadratic.)
        let lastIndex = input.dropFirst().count { $0 == UInt8(ascii: "/") }
        for (index, segment) in input.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .enumerated()
        {
            let bytes = Array(segment)
            let isLast = index == lastIndex
            if URLParser.isDoubleDotSegment(bytes) {
                if !segments.isEmpty { segments.removeLast() }
                if isLast { segments.append("") }
            } else if URLParser.isSingleDotSegment(bytes) {
                if isLast { segments.append("") }
            } else {
                segments.append(percentEncode(bytes: bytes, .path))
            }
        }
        let result = segments.map { "/" + $0 }.joined()
        return leadingSlash ? result : String(result.unicodeScalars.dropFirst(2))
    }

    package static func opaquePathname(_ value: String) -> String { percentEncode(value.unicodeScalars, .c0Control) }

    package static func search(_ value: String) -> String { percentEncode(value.unicodeScalars, .query) }

    package static func hash(_ value: String) -> String { percentEncode(value.unicodeScalars, .fragment) }

    package static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x21 || scalar.value == 0x7F
            ? "U+" + String(scalar.value, radix: 16, uppercase: true) : "'\(scalar)'"
    }
}
