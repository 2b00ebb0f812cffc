import AxiomURLPattern

/// One spelling per path: the canonical form the URL parser gives, escapes of unreserved
/// characters decoded and the others upper-cased, the trailing `/` dropped when the table
/// ignores it. `resolve`, `explain` and `diagnose` all match the same normalised path.
extension Router {
    /// The path as the URL parser would leave it: percent-encoded with the path set, dot
    /// segments resolved. Already-canonical paths (the common case) are returned as they are.
    static func canonicalPath(_ path: String) -> String {
        if withUTF8(of: path, isCanonical) { return path }
        return Canonicalizer.pathname(path.hasPrefix("/") ? path : "/" + path)
    }

    /// Bytes that may make a path non-canonical: those the path set encodes, a backslash, and `.`
    /// and `%` (which may start a dot segment right after a `/`); everything else is `0`.
    private static let pathFlags: [UInt8] = (0...255).map { byte -> UInt8 in
        if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%") { return 2 }
        if byte == UInt8(ascii: "\\") || byte >= 128 { return 1 }
        let (low, high) = PercentEncodeSet.path.masks
        return (byte < 64 ? (low >> UInt64(byte)) & 1 : (high >> UInt64(byte - 64)) & 1) == 1 ? 1 : 0
    }

    /// ``pathFlags`` with `%` refused anywhere: a path with no escape to normalise.
    private static let plainPathFlags: [UInt8] = pathFlags.enumerated().map { $0.offset == 0x25 ? 1 : $0.element }

    /// Whether the URL parser would leave `bytes` as they are: a leading `/`, nothing the path
    /// set encodes, no dot segment. Eight bytes at a time: their flags are OR-ed, and only a
    /// group with a flagged byte is looked at byte by byte.
    static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { isCanonical(bytes, flags: pathFlags) }

    /// ``isCanonical(_:)`` and no `%` at all: a canonical path whose escapes need no
    /// normalising because it has none (the common case, in the same one pass).
    static func isPlainCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { isCanonical(bytes, flags: plainPathFlags) }

    @inline(__always)
    private static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>, flags pathFlags: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "/"), let base = bytes.baseAddress else { return false }
        return pathFlags.withUnsafeBufferPointer { table in
            guard let flags = table.baseAddress else { return false }
            /// The bytes in `range` one by one: "." or "%" is fine unless it starts a segment.
            /// (Out of line: inlined, the groups' loop kept each byte it loaded for it, spilling
            /// eight registers a group on every path.)
            @inline(never) func check(_ range: Range<Int>) -> Bool {
                for index in range {
                    let flag = flags[Int(base[index])]
                    if flag == 1 || flag == 2 && base[index - 1] == UInt8(ascii: "/") { return false }
                }
                return true
            }
            /// The eight bytes from `index`: their flags OR-ed, and byte by byte only if one is set.
            @inline(__always) func group(_ index: Int) -> Bool {
                let any =
                    flags[Int(base[index])] | flags[Int(base[index + 1])] | flags[Int(base[index + 2])] | flags[Int(base[index + 3])]
                    | flags[Int(base[index + 4])] | flags[Int(base[index + 5])] | flags[Int(base[index + 6])] | flags[Int(base[index + 7])]
                return any == 0 || check(index..<index + 8)
            }
            guard bytes.count >= 8 else { return check(1..<bytes.count) }
            var index = 0
            while index + 8 <= bytes.count {
                if !group(index) { return false }
                index += 8
            }
            // The last bytes as one more group that overlaps the previous one.
            return index == bytes.count || group(bytes.count - 8)
        }
    }

    /// `body` over the string's UTF-8 bytes, in place when the string is contiguous.
    @inline(__always)
    static func withUTF8<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUTF8Bytes(of: string, body)
    }

    /// The one spelling a path is matched in: the root for an empty path, the trailing-slash
    /// rule, and percent-encoding normalised as RFC 3986 §6.2.2 says — an escape of an
    /// unreserved character is decoded (`%77` is `w`, `%7E` is `~`), the hex digits of every
    /// other escape are upper case (`%2f` is `%2F`). So a route is reached under one spelling
    /// only: `/settings/account/pass%77ord` is `/settings/account/password`.
    func normalized(_ path: String) -> String {
        guard needsNormalizing(path) else { return path }
        var path = path.isEmpty ? "/" : path
        if Self.withUTF8(of: path, { PathBytes.firstIndex(of: 0x25, in: $0) < $0.count }) { path = Self.normalizingEscapes(path) }
        if options.collapsesEmptySegments, path.utf8.count > 1, Self.withUTF8(of: path, Self.hasEmptySegment) {
            var collapsed: [UInt8] = []
            for byte in path.utf8 where !(byte == UInt8(ascii: "/") && collapsed.last == UInt8(ascii: "/")) { collapsed.append(byte) }
            path = String(decoding: collapsed, as: UTF8.self)
        }
        if options.ignoresTrailingSlash, path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path = String(path.dropLast()) }
        return path
    }

    /// Whether ``normalized(_:)`` may change `path`: it is empty, it ends in a `/` that the
    /// trailing-slash rule drops, or it has an escape.
    @inline(__always)
    func needsNormalizing(_ path: String) -> Bool {
        let count = path.utf8.count
        if count == 0 { return true }
        return Self.withUTF8(of: path) { bytes in
            options.ignoresTrailingSlash && count > 1 && bytes[count - 1] == UInt8(ascii: "/")
                || PathBytes.firstIndex(of: 0x25, in: bytes) < count
                || options.collapsesEmptySegments && Self.hasEmptySegment(bytes)
        }
    }

    /// Whether the path has `//` (an empty segment).
    static func hasEmptySegment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousSlash = false
        for byte in bytes {
            let slash = byte == UInt8(ascii: "/")
            if slash, previousSlash { return true }
            previousSlash = slash
        }
        return false
    }

    /// `%XX` escapes decoded when they stand for a character spelled literally
    /// (``isSpelledLiterally(_:)``: unreserved ones, sub-delimiters, `:` and `@`), upper-cased otherwise; a `%` not followed by two hex digits is left as
    /// it is (its value fails to decode later, with a reason).
    static func normalizingEscapes(_ path: String) -> String {
        // Most escapes are already canonical (upper-case hex of a reserved or non-ASCII byte):
        // then the path is returned as it is, without a copy.
        let changes = withUTF8(of: path) { bytes -> Bool in
            var index = PathBytes.firstIndex(of: 0x25, in: bytes)
            while index + 2 < bytes.count {
                if let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                    if isSpelledLiterally(high << 4 | low) || bytes[index + 1] >= 0x61 || bytes[index + 2] >= 0x61 { return true }
                    index += 3
                } else {
                    index += 1
                }
                index = PathBytes.firstIndex(of: 0x25, in: bytes, from: index)
            }
            return false
        }
        guard changes else { return path }
        var bytes = Array(path.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x25, index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                output.append(byte)
                index += 1
                continue
            }
            let decoded = high << 4 | low
            if isSpelledLiterally(decoded) {
                output.append(decoded)
            } else {
                bytes[index + 1] = upperHex(high)
                bytes[index + 2] = upperHex(low)
                output.append(contentsOf: bytes[index...(index + 2)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether an escape of `byte` is decoded in the one spelling: an unreserved character, or a
    /// character a path segment holds as it is (RFC 3986 `pchar`: the sub-delimiters
    /// `! $ & ' ( ) * + , ; =`, `:` and `@`), which the URL parser never encodes — so `%40me` is
    /// `@me`, and a route restricted by `auth` or `sources` cannot be reached under an escaped
    /// spelling by a weaker one. `/`, `?`, `#`, `%` and what the path set encodes stay
    /// escaped: decoding them would change where the path splits.
    static func isSpelledLiterally(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x24, 0x26...0x2C, 0x3A, 0x3B, 0x3D, 0x40: return true
        default: return isUnreserved(byte)
        }
    }

    /// RFC 3986 §2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: return true
        default: return false
        }
    }

    private static func upperHex(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x41 + value - 10 }
}
