import Testing

@testable import AxiomURLPattern

@Suite struct PercentEncodingTests {
    /// The URL standard's sets, written out as the standard lists them.
    static func standard(_ set: PercentEncodeSet) -> Set<UInt8> {
        let c0: Set<UInt8> = Set(0...0x1F).union([0x7F])
        let query = c0.union(Array(" \"#<>".utf8))
        let path = query.union(Array("?^`{}".utf8))
        switch set {
        case .c0Control: return c0
        case .fragment: return c0.union(Array(" \"<>`".utf8))
        case .query: return query
        case .specialQuery: return query.union(Array("'".utf8))
        case .path: return path
        case .userinfo: return path.union(Array("/:;=@[\\]^|".utf8))
        case .pathSegment: return path.union(Array("/%\\".utf8))
        case .queryValue: return query.union(Array("&=+%'".utf8))
        }
    }

    @Test(arguments: [
        PercentEncodeSet.c0Control, .fragment, .query, .specialQuery, .path, .userinfo, .pathSegment, .queryValue,
    ])
    func hardCodedMasksMatchTheStandardsSets(set: PercentEncodeSet) {
        let expected = Self.standard(set)
        for byte in UInt8(0)...UInt8(0x7F) {
            #expect(set.contains(byte) == expected.contains(byte), "byte 0x\(String(byte, radix: 16))")
        }
        // Every non-ASCII byte is encoded by every set.
        #expect((UInt8(0x80)...UInt8(0xFF)).allSatisfy(set.contains))
    }

    @Test func encodesUTF8BytesInUpperCaseHex() {
        #expect(percentEncode("a b/é".unicodeScalars, .pathSegment) == "a%20b%2F%C3%A9")
    }

    /// The one decoder, in its two readings: the URL standard keeps a `%` that does not start an
    /// escape; the router's values (strict) are refused instead.
    @Test(
        arguments: [
            ("a%20b", "a b", "a b"),
            ("%e2%82%ac", "€", "€"),
            ("100%", "100%", nil),
            ("%2", "%2", nil),
            ("%zz%41", "%zzA", nil),
            ("%%41", "%A", nil),
            ("", "", ""),
        ] as [(String, String, String?)])
    func decodesLenientlyOrStrictly(input: String, lenient: String, strict: String?) {
        #expect(String(decoding: percentDecode(Array(input.utf8)), as: UTF8.self) == lenient)
        #expect(percentDecode(input.utf8, strict: true).map { String(decoding: $0, as: UTF8.self) } == strict)
    }
}
