extension URLParser {
    /// Parses the common shape `scheme://host[:port][/path][?query][#fragment]` in one pass
    /// over the bytes, without the state machine's per-byte buffering. Returns nil for
    /// anything else (userinfo, IPv6 or numeric hosts, `file:`, opaque paths, dot segments,
    /// bytes that need percent-encoding, whitespace, backslashes): the full parser then
    /// decides. Where it returns a record, that record equals the full parser's — a
    /// differential test checks this over generated URLs.
    package static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>) -> URLRecord? {
        let count = bytes.count
        // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) followed by "://".
        guard count > 3, bytes[0].isASCIIAlpha else { return nil }
        var index = 1
        while index < count, bytes[index].isASCIIAlphanumeric || bytes[index] == 0x2B || bytes[index] == 0x2D || bytes[index] == 0x2E {
            index += 1
        }
        guard index + 2 < count, bytes[index] == colon, bytes[index + 1] == slash, bytes[index + 2] == slash else { return nil }
        let scheme = lowercasedASCII(bytes[0..<index])
        let special = URLRecord.isSpecialScheme(scheme)
        if scheme == "file" { return nil }
        index += 3

        // Authority: up to "/", "?" or "#". No userinfo, no IPv6, at most one ":".
        let hostStart = index
        var portColon: Int? = nil
        while index < count {
            let byte = bytes[index]
            if byte == slash || byte == question || byte == hash { break }
            guard byte > 0x20, byte < 0x7F, byte != backslash, byte != 0x40, byte != 0x5B, byte != 0x5D else { return nil }
            if byte == colon {
                guard portColon == nil else { return nil }
                portColon = index
            }
            index += 1
        }
        let hostEnd = portColon ?? index
        var url = URLRecord()
        url.scheme = scheme
        if special {
            guard hostEnd > hostStart else { return nil }
            let host = bytes[hostStart..<hostEnd]
            guard !host.contains(where: Host.isForbiddenDomainByte) else { return nil }
            // A last label that is a number (decimal, `0x…` hex, octal) ends in a hex digit or
            // an `x` (ignoring one trailing dot); any other host is not checked further.
            let lastByte = host.last == UInt8(ascii: ".") ? host.dropLast().last : host.last
            if let lastByte, lastByte.isASCIIHexDigit || lastByte | 0x20 == UInt8(ascii: "x"), Host.endsInANumber(Array(host)) {
                return nil
            }
            url.host = .domain(lowercasedASCII(host))
        } else {
            let host = bytes[hostStart..<hostEnd]
            guard !host.contains(where: Host.isForbiddenHostByte) else { return nil }
            url.host = host.isEmpty ? .empty : .opaque(String(decoding: host, as: UTF8.self))
        }
        if let portColon {
            // "scheme://:80" has no host: an error the full parser reports.
            guard hostEnd > hostStart else { return nil }
            let digits = bytes[(portColon + 1)..<index]
            if !digits.isEmpty {
                guard digits.count <= 5, digits.allSatisfy(\.isASCIIDigit) else { return nil }
                let port = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                guard port <= 65535 else { return nil }
                url.port = URLRecord.defaultPort(forSpecialScheme: scheme) == .some(port) ? nil : port
            }
        }

        // Path: segments of bytes that need no escaping and are not dot segments.
        let pathStart = index
        var segmentStart = index
        while index < count, bytes[index] != question, bytes[index] != hash {
            let byte = bytes[index]
            if byte == slash {
                if index > pathStart, isDotSegment(bytes[(segmentStart + 1)..<index]) { return nil }
                segmentStart = index
            } else if PercentEncodeSet.path.contains(byte) || byte == backslash || byte == 0x20 {
                return nil
            }
            index += 1
        }
        if index > pathStart, isDotSegment(bytes[(segmentStart + 1)..<index]) { return nil }
        if index > pathStart {
            url.path = .hierarchical(String(decoding: bytes[pathStart..<index], as: UTF8.self))
        } else {
            // "https://host" has path "/"; "app://host" has an empty path.
            url.path = .hierarchical(special ? "/" : "")
        }

        if index < count, bytes[index] == question {
            index += 1
            let queryStart = index
            let set: PercentEncodeSet = special ? .specialQuery : .query
            while index < count, bytes[index] != hash {
                guard !set.contains(bytes[index]) else { return nil }
                index += 1
            }
            url.query = String(decoding: bytes[queryStart..<index], as: UTF8.self)
        }
        if index < count, bytes[index] == hash {
            index += 1
            let fragmentStart = index
            while index < count {
                guard !PercentEncodeSet.fragment.contains(bytes[index]) else { return nil }
                index += 1
            }
            url.fragment = String(decoding: bytes[fragmentStart..<index], as: UTF8.self)
        }
        return url
    }

    /// Whether a segment is `.`, `..` or an encoded form of them (the full parser resolves those).
    private static func isDotSegment(_ segment: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = segment.first, first == 0x2E || first == 0x25 else { return false }
        let bytes = Array(segment)
        return isSingleDotSegment(bytes) || isDoubleDotSegment(bytes)
    }
}

extension URLParser {
    /// ASCII bytes as a `String`, upper-case letters lowered, written straight into the
    /// string's storage (no intermediate array).
    @inline(__always)
    static func lowercasedASCII(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var offset = 0
            for byte in bytes {
                buffer[offset] = byte.asciiLowercased
                offset += 1
            }
            return offset
        }
    }
}
