import Testing

@testable import AxiomURLPattern

/// `String.scalarArray` copies an ASCII string byte for byte and decodes any other: either way
/// it must be the string's code points, in order.
@Suite struct ScalarArrayTests {
    @Test(arguments: [
        "", "a", "https://{:tenant.}?example.com/search/:kind\\?q=:query#*", "\u{7F}", "\u{7F}x\u{80}", "é", "/caf\u{E9}/:id",
        "e\u{301}", "/👩‍💻/:name(\\d+)", String(repeating: "ab/", count: 400) + "\u{10FFFF}", String(repeating: "/x", count: 500),
    ])
    func theCodePointsInOrder(text: String) {
        #expect(text.scalarArray == Array(text.unicodeScalars))
    }

    @Test func aNonASCIIStringIsDecodedNotCopiedByteForByte() {
        // `ä` is two UTF-8 bytes and one code point.
        let text = "/ä/:id"
        #expect(text.scalarArray.map(\.value) == [0x2F, 0xE4, 0x2F, 0x3A, 0x69, 0x64])
    }
}
