/// The parser's steps that every state shares: failing with a position, looking ahead,
/// shortening and adopting paths, parsing a host, starting a query or fragment.
extension URLParser.Parser {
    func fail(_ reason: String, at byteOffset: Int) -> URLParseError {
        // Positions are reported in Unicode scalars: count the bytes that start one.
        let offset = input.prefix(max(0, min(byteOffset, input.count))).count { $0 & 0xC0 != 0x80 }
        return URLParseError(reason, at: offset)
    }

    func next(is byte: UInt8) -> Bool { pointer + 1 < input.count && input[pointer + 1] == byte }

    func startsWithWindowsDriveLetter(_ index: Int) -> Bool {
        guard input.count - index >= 2, input[index].isASCIIAlpha, input[index + 1] == URLParser.colon || input[index + 1] == UInt8(ascii: "|")
        else { return false }
        if input.count - index == 2 { return true }
        let third = input[index + 2]
        return third == URLParser.slash || third == URLParser.backslash || third == URLParser.question || third == URLParser.hash
    }

    mutating func shortenPath() {
        if url.scheme == "file", segmentCount == 1, URLParser.isNormalizedWindowsDriveLetter(path.dropFirst()) { return }
        guard segmentCount > 0, let slash = path.lastIndex(of: URLParser.slash) else { return }
        path.removeSubrange(slash...)
        segmentCount -= 1
    }

    mutating func adoptPath(of record: URLRecord) {
        switch record.path {
        case .hierarchical(let value):
            path = Array(value.utf8)
            segmentCount = path.count { $0 == URLParser.slash }
        case .opaque(let value):
            opaquePath = Array(value.utf8)
        }
    }

    mutating func adopt(_ record: URLRecord, path: Bool) {
        url.username = record.username
        url.password = record.password
        url.host = record.host
        url.port = record.port
        guard path else { return }
        adoptPath(of: record)
        query = record.query.map { Array($0.utf8) }
    }

    func parseHost(_ bytes: ArraySlice<UInt8>) throws(URLParseError) -> Host {
        do {
            return try Host.parse(bytes, isOpaque: !special)
        } catch {
            throw fail(URLParser.describe(error, host: String(decoding: bytes, as: UTF8.self)), at: pointer - bytes.count)
        }
    }

    /// On "?" or "#", starts the query or the fragment and returns true.
    mutating func beginQueryOrFragment(_ c: UInt8?) -> Bool {
        if c == URLParser.question {
            query = []
            state = .query
            return true
        }
        if c == URLParser.hash {
            fragment = []
            state = .fragment
            return true
        }
        return false
    }

    mutating func appendEmptySegment() {
        path.append(URLParser.slash)
        segmentCount += 1
    }
}

/// What the URL parser and its callers share: host errors described, Windows drive letters
/// and dot segments recognised.
extension URLParser {
    package static func describe(_ error: HostParseError, host: String) -> String {
        switch error {
        case .empty: return "empty host"
        case .invalidIPv4: return "invalid IPv4 address \(QuotedExcerpt.quote(host))"
        case .invalidIPv6: return "invalid IPv6 address \(QuotedExcerpt.quote(host))"
        case .invalidUTF8: return "host \(QuotedExcerpt.quote(host)) is not valid UTF-8 once percent-decoded"
        case .idna(let error): return "host \(QuotedExcerpt.quote(host)) is not a valid domain name: \(error)"
        case .forbiddenCodePoint(let scalar):
            return "host \(QuotedExcerpt.quote(host)) contains the forbidden code point U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
    }

    package static func isWindowsDriveLetter(_ bytes: [UInt8]) -> Bool {
        bytes.count == 2 && bytes[0].isASCIIAlpha && (bytes[1] == colon || bytes[1] == UInt8(ascii: "|"))
    }

    package static func isNormalizedWindowsDriveLetter(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count == 2 && bytes[bytes.startIndex].isASCIIAlpha && bytes[bytes.startIndex + 1] == colon
    }

    /// `.` or `%2e` (any case).
    package static func isSingleDotSegment(_ buffer: [UInt8]) -> Bool {
        switch buffer.count {
        case 1: return buffer[0] == UInt8(ascii: ".")
        case 3: return isEncodedDot(buffer[0...2])
        default: return false
        }
    }

    /// `..`, `.%2e`, `%2e.` or `%2e%2e` (any case).
    package static func isDoubleDotSegment(_ buffer: [UInt8]) -> Bool {
        let dot = UInt8(ascii: ".")
        switch buffer.count {
        case 2: return buffer[0] == dot && buffer[1] == dot
        case 4: return (buffer[0] == dot && isEncodedDot(buffer[1...3])) || (isEncodedDot(buffer[0...2]) && buffer[3] == dot)
        case 6: return isEncodedDot(buffer[0...2]) && isEncodedDot(buffer[3...5])
        default: return false
        }
    }

    private static func isEncodedDot(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        return bytes[start] == 0x25 && bytes[start + 1] == 0x32 && bytes[start + 2] | 0x20 == UInt8(ascii: "e")
    }
}
