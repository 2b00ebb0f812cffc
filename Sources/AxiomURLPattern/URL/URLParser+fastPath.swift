/// Where the parts of a URL in the common shape lie in its bytes (``URLParser/fastScan(_:)``).
package struct FastURLParts: Sendable {
    /// The scheme is bytes `0..<schemeEnd`, followed by `://`.
    package var schemeEnd = 0
    /// Whether the scheme is special (`http`, `https`, `ws`, `wss`, `ftp`).
    package var special = false
    /// Whether the scheme and host bytes are already lowercase, as the URL writes them.
    package var lowercase = true
    /// The host's bytes (the port excluded).
    package var host = 0..<0
    /// The port, or nil when absent or the scheme's default.
    package var port: Int? = nil
    /// The path's bytes: empty when the URL has none (the record's path is then `/` for a
    /// special scheme, empty for another).
    package var path = 0..<0
    /// Whether the path holds a `%` (an escape, or a `%` left as it is). Without one, and
    /// with no byte to escape and no dot segment (which the scan refuses), the path is the
    /// router's plain canonical form as it stands.
    package var pathHasPercent = false
    /// Whether the host, read as a path segment (an app scheme routes `myapp://host/…` as
    /// `/host/…`), is one a path keeps as it is with no escape: no byte the path set encodes,
    /// no `%`, and not starting with `.` (the router's canonical check refuses a segment
    /// starting with one; kept as strict here).
    package var hostIsPlainSegment = false
    /// The query's bytes without `?`, or nil when absent.
    package var query: Range<Int>? = nil
    /// The fragment's bytes without `#`, or nil when absent.
    package var fragment: Range<Int>? = nil
}

extension URLParser {
    /// Parses the common shape `scheme://host[:port][/path][?query][#fragment]` in one pass
    /// over the bytes, without the state machine's per-byte buffering. Returns nil for
    /// anything else (userinfo, IPv6 or numeric hosts, `file:`, opaque paths, dot segments,
    /// bytes that need percent-encoding, whitespace, backslashes): the full parser then
    /// decides. Where it returns a record, that record equals the full parser's — a
    /// differential test checks this over generated URLs.
    package static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>) -> URLRecord? {
        guard let parts = fastScan(bytes) else { return nil }
        var url = URLRecord()
        url.scheme = lowercasedASCII(bytes[0..<parts.schemeEnd])
        let host = bytes[parts.host]
        if parts.special {
            url.host = .domain(lowercasedASCII(host))
        } else {
            url.host = host.isEmpty ? .empty : .opaque(String(decoding: host, as: UTF8.self))
        }
        url.port = parts.port
        if parts.path.isEmpty {
            // "https://host" has path "/"; "app://host" has an empty path.
            url.path = .hierarchical(parts.special ? "/" : "")
        } else {
            url.path = .hierarchical(String(decoding: bytes[parts.path], as: UTF8.self))
        }
        url.query = parts.query.map { String(decoding: bytes[$0], as: UTF8.self) }
        url.fragment = parts.fragment.map { String(decoding: bytes[$0], as: UTF8.self) }
        return url
    }

    /// ``fastParse(_:)``'s scan alone: where the parts lie, for a caller that reads the bytes
    /// in place (the router routes a URL's path without building its record). Nil exactly
    /// when `fastParse` is nil.
    @inline(__always)
    package static func fastScan(_ bytes: UnsafeBufferPointer<UInt8>) -> FastURLParts? {
        FastScanMasks.classes.withUnsafeBufferPointer { classes in fastScan(bytes, classes: classes) }
    }

    /// ``fastScan(_:)`` with each byte's classes (see ``FastScanMasks/classes``) at hand.
    @inline(__always)
    private static func fastScan(_ bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>) -> FastURLParts? {
        let count = bytes.count
        var parts = FastURLParts()
        // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) followed by "://".
        guard count > 3, bytes[0].isASCIIAlpha else { return nil }
        var index = 0
        // Every class of the scheme's and host's bytes, OR-ed: what they hold, read once after.
        var seen: UInt8 = 0
        while index < count {
            let byteClasses = classes[Int(bytes[index])]
            guard byteClasses & FastScanMasks.schemeClass != 0 else { break }
            seen |= byteClasses
            index += 1
        }
        guard index + 2 < count, bytes[index] == colon, bytes[index + 1] == slash, bytes[index + 2] == slash else { return nil }
        parts.schemeEnd = index
        let scheme = specialScheme(bytes[0..<index])
        if scheme.file { return nil }
        parts.special = scheme.special
        index += 3

        // Authority: up to "/", "?" or "#". No userinfo, no IPv6, at most one ":", no byte the
        // host parser forbids (for a special scheme, a domain: no `%` either), nothing to
        // escape: one mask test a byte (see `FastScanMasks`), the rest only at a stop.
        let hostStart = index
        var portColon: Int? = nil
        let stops = parts.special ? FastScanMasks.specialAuthorityStopClass : FastScanMasks.authorityStopClass
        while index < count {
            let byte = bytes[index]
            let byteClasses = classes[Int(byte)]
            if byteClasses & stops == 0 {
                seen |= byteClasses
                index += 1
                continue
            }
            if byte == slash || byte == question || byte == hash { break }
            guard byte == colon, portColon == nil else { return nil }
            portColon = index
            index += 1
        }
        let hostEnd = portColon ?? index
        parts.host = hostStart..<hostEnd
        parts.lowercase = seen & FastScanMasks.upperClass == 0
        // (A port's digits were OR-ed in too: they change neither answer.)
        parts.hostIsPlainSegment = seen & FastScanMasks.segmentEscapeClass == 0 && (hostEnd == hostStart || bytes[hostStart] != UInt8(ascii: "."))
        let host = bytes[hostStart..<hostEnd]
        if parts.special {
            guard hostEnd > hostStart else { return nil }
            // A last label that is a number (decimal, `0x…` hex, octal) ends in a hex digit or
            // an `x` (ignoring one trailing dot); any other host is not checked further.
            let lastByte = host.last == UInt8(ascii: ".") ? host.dropLast().last : host.last
            if let lastByte, lastByte.isASCIIHexDigit || lastByte | 0x20 == UInt8(ascii: "x"), Host.endsInANumber(Array(host)) {
                return nil
            }
        }
        if let portColon {
            // "scheme://:80" has no host: an error the full parser reports.
            guard hostEnd > hostStart else { return nil }
            let digits = bytes[(portColon + 1)..<index]
            if !digits.isEmpty {
                guard digits.count <= 5, digits.allSatisfy(\.isASCIIDigit) else { return nil }
                let port = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                guard port <= 65535 else { return nil }
                parts.port = scheme.defaultPort == port ? nil : port
            }
        }

        // Path: segments of bytes that need no escaping and are not dot segments. Eight bytes
        // at a time while none ends the path, needs escaping, or is a `.` or `%` (which may
        // start a dot segment); byte by byte from such a group on.
        let pathStart = index
        let groupStops = FastScanMasks.pathRunStopClass | FastScanMasks.dotClass
        while index + 8 <= count {
            let any =
                classes[Int(bytes[index])] | classes[Int(bytes[index + 1])] | classes[Int(bytes[index + 2])] | classes[Int(bytes[index + 3])]
                | classes[Int(bytes[index + 4])] | classes[Int(bytes[index + 5])] | classes[Int(bytes[index + 6])]
                | classes[Int(bytes[index + 7])]
            if any & groupStops != 0 { break }
            index += 8
        }
        // A dot segment starts with `.` or `%`, which the groups did not pass: the only segment
        // they may have left unchecked starts where they stopped, right after a `/` they passed.
        // From there each segment is checked as its `/` is read.
        if index > pathStart, bytes[index - 1] == slash, startsDotSegment(bytes, at: index) { return nil }
        // The classes of the bytes read one by one, OR-ed: the only segment-escape byte among
        // them is a `%` (the others stop the path).
        var pathSeen: UInt8 = 0
        while index < count {
            let byte = bytes[index]
            let byteClasses = classes[Int(byte)]
            if byteClasses & FastScanMasks.pathStopClass == 0 {
                pathSeen |= byteClasses
                index &+= 1
                continue
            }
            if byte == question || byte == hash { break }
            guard byte == slash else { return nil }
            index += 1
            if startsDotSegment(bytes, at: index) { return nil }
        }
        parts.path = pathStart..<index
        parts.pathHasPercent = pathSeen & FastScanMasks.segmentEscapeClass != 0

        if index < count, bytes[index] == question {
            index += 1
            let queryStart = index
            let set: PercentEncodeSet = parts.special ? .specialQuery : .query
            while index < count, bytes[index] != hash {
                guard !set.contains(bytes[index]) else { return nil }
                index += 1
            }
            parts.query = queryStart..<index
        }
        if index < count, bytes[index] == hash {
            index += 1
            let fragmentStart = index
            while index < count {
                guard !PercentEncodeSet.fragment.contains(bytes[index]) else { return nil }
                index += 1
            }
            parts.fragment = fragmentStart..<index
        }
        return parts
    }

    /// Whether scheme bytes (any case) name a special scheme, `file`, and its default port:
    /// ``URLRecord/defaultPort(forSpecialScheme:)`` without making a string.
    @inline(__always)
    package static func specialScheme(_ scheme: Slice<UnsafeBufferPointer<UInt8>>) -> (special: Bool, file: Bool, defaultPort: Int?) {
        func equals(_ name: StaticString) -> Bool {
            guard scheme.count == name.utf8CodeUnitCount else { return false }
            var offset = 0
            for byte in scheme {
                if byte | 0x20 != name.utf8Start[offset] { return false }
                offset += 1
            }
            return true
        }
        switch scheme.count {
        case 2: if equals("ws") { return (true, false, 80) }
        case 3:
            if equals("ftp") { return (true, false, 21) }
            if equals("wss") { return (true, false, 443) }
        case 4:
            if equals("http") { return (true, false, 80) }
            if equals("file") { return (true, true, nil) }
        case 5: if equals("https") { return (true, false, 443) }
        default: break
        }
        return (false, false, nil)
    }

    /// Whether the segment starting at `start` (up to the next `/`, `?`, `#` or the end) is `.`,
    /// `..` or an encoded form of them (the full parser resolves those). Most segments are
    /// ruled out by their first byte.
    @inline(__always)
    private static func startsDotSegment(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start < bytes.count, bytes[start] == 0x2E || bytes[start] == 0x25 else { return false }
        return isDotSegment(bytes, from: start)
    }

    /// ``startsDotSegment(_:at:)`` past its first byte (a `.` or `%`), out of line.
    @inline(never)
    private static func isDotSegment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var end = start
        // A dot segment is at most six bytes (`%2e%2e`): a longer one is not.
        while end < bytes.count, end - start <= 6, bytes[end] != slash, bytes[end] != question, bytes[end] != hash { end += 1 }
        return isDotSegment(bytes[start..<end])
    }

    /// Whether a segment is `.`, `..` or one of their `%2e` spellings (any case): what the
    /// parser resolves in a path. Only a segment of at most six bytes starting with `.` or `%`
    /// is copied and looked at closely.
    package static func isDotSegment<Segment: Collection<UInt8>>(_ segment: Segment) -> Bool {
        guard segment.count <= 6, let first = segment.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "%") else { return false }
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

/// The byte sets ``URLParser/fastScan(_:)`` tests, as two 64-bit masks over bytes 0–63 and
/// 64–127 (a byte from 0x80 on is outside `scheme` and inside the others). Literals, so a
/// test costs no lazy initialisation; a test checks them against the sets they stand for.
package enum FastScanMasks {
    /// A scheme's bytes after its first: ASCII letters, digits, `+`, `-`, `.`.
    package static var scheme: (UInt64, UInt64) { (0x03FF_6800_0000_0000, 0x07FF_FFFE_07FF_FFFE) }
    /// Where a non-special scheme's authority stops the scan's plain run: C0 controls, space and
    /// U+007F; the ends `/`, `?`, `#`; the port's `:`; `@` (userinfo), `[`, `]` (IPv6), `\`;
    /// and the other bytes the host parser forbids (`<`, `>`, `^`, `|`).
    package static var authorityStop: (UInt64, UInt64) { (0xD400_8009_FFFF_FFFF, 0x9000_0000_7800_0001) }
    /// The same for a special scheme, whose host is a domain: `%` as well.
    package static var specialAuthorityStop: (UInt64, UInt64) { (0xD400_8029_FFFF_FFFF, 0x9000_0000_7800_0001) }
    /// Where a path stops the plain run: the path percent-encode set (which holds `?`, `#` and
    /// space), `/` and `\`.
    package static var pathStop: (UInt64, UInt64) { (0xD000_800D_FFFF_FFFF, 0xA800_0001_5000_0000) }

    /// Each byte's sets, one bit each (the class constants below): what the scan reads, one
    /// load a byte.
    package static let classes: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var classes: UInt8 = 0
        if contains(scheme, byte, aboveASCII: false) { classes |= schemeClass }
        if contains(authorityStop, byte, aboveASCII: true) { classes |= authorityStopClass }
        if contains(specialAuthorityStop, byte, aboveASCII: true) { classes |= specialAuthorityStopClass }
        if contains(pathStop, byte, aboveASCII: true) { classes |= pathStopClass }
        if contains(pathStop, byte, aboveASCII: true), byte != UInt8(ascii: "/") { classes |= pathRunStopClass }
        if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%") { classes |= dotClass }
        if byte &- UInt8(ascii: "A") < 26 { classes |= upperClass }
        if classes & pathRunStopClass != 0 || byte == UInt8(ascii: "%") { classes |= segmentEscapeClass }
        return classes
    }
    package static let schemeClass: UInt8 = 1
    package static let authorityStopClass: UInt8 = 2
    package static let specialAuthorityStopClass: UInt8 = 4
    package static let pathStopClass: UInt8 = 8
    /// ``pathStop`` without `/`: the bytes that end a path's run of segments or need escaping.
    package static let pathRunStopClass: UInt8 = 16
    /// `.` and `%`: the bytes a dot segment (`.`, `..`, `%2e` …) starts with.
    package static let dotClass: UInt8 = 32
    /// `A`–`Z`: a scheme or host not written in lower case.
    package static let upperClass: UInt8 = 64
    /// What a path segment does not keep as it is: ``pathRunStopClass`` and `%`.
    package static let segmentEscapeClass: UInt8 = 128

    /// Whether `byte` is in `set`; a byte from 0x80 on is when `aboveASCII`.
    @inline(__always)
    package static func contains(_ set: (UInt64, UInt64), _ byte: UInt8, aboveASCII: Bool) -> Bool {
        if byte >= 0x80 { return aboveASCII }
        return byte < 64 ? (set.0 >> UInt64(byte)) & 1 == 1 : (set.1 >> UInt64(byte &- 64)) & 1 == 1
    }
}
