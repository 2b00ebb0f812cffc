import TestSupport
import Testing

@testable import AxiomURLPattern

@Suite struct URLParserFastPathTests {
    static let schemes = ["https", "HTTP", "app", "myapp", "ws", "file", "ftp", "a+b.c-d", "1x"]
    static let separators = ["://", ":/", ":", ":///", "://\\"]
    static let hosts = [
        "example.com", "EXAMPLE.com", "127.0.0.1", "0x7f.1", "a.b.c", "", "xn--e", "[::1]", "h_st", "ex%41mple.com",
        "1.2.3", "host.", "user@host", "u:p@host", "a b", "exa\u{E4}mple", "a\tb",
        // Hosts whose last label is, or only looks like, a number (decimal, hex, octal, a
        // trailing dot): the fast path checks those with the full rule.
        "a.0x", "a.0X1F.", "cafe", "a.08", "a.9.", "b.x", "a..", "a.0xg", "EXAMPLE.COM.", "a.1e",
        // Bytes the host parser forbids, or a domain only (`%`, controls).
        "a<b", "a>b", "a^b", "a|b", "a%zz", "a\u{7F}b", "a\u{1}b", "a]b",
    ]
    static let ports = ["", ":", ":80", ":443", ":8080", ":99999", ":08", ":x"]
    static let paths = [
        "", "/", "/a/b", "/a/./b", "/a/../b", "/%2e/x", "/a b", "/\u{E4}", "/a\\b", "/.hidden", "/x/..", "/a%2Fb", "/{x}",
        "/a/", "//", "/%2E%2e",
        // Paths past eight bytes, read a group of eight at a time: a dot segment, an escape, a
        // byte to escape or the end of the path at each place in a group, and at a group's edge.
        "/abcdefg/./x", "/abcdefgh/../y", "/abcdef/.", "/abcdefghijklmn/..", "/abcdefghijklmno/%2e/z", "/abcdefg/.%2E",
        "/report/2026/file.pdf", "/abcdefgh.i/j", "/abcdefg/h%41ij", "/abcdefghijklmnop qr", "/abcdefg\\hijk", "/abcdefgh\\",
        "/abcdefghijklm\u{E4}n", "/users/v1234/orders/v77", "/abcdefghijklmno/", "/abcdefg/hijklmn/opqrstu/", "/a/b/c/d/e/f/g/h/.",
        "/abcdefghijklmnopqrstuvw/.hidden", "/abcdefgh/ij/..", "/abcdefg{", "/abcdefghijklmno/p.q/.r/..s",
        // A dot segment that starts a group (its `/` ended the group before).
        "/abcdef/.", "/abcdef/%2e/x", "/abcdefghijklmn/%2E%2e",
    ]
    static let queries = ["", "?", "?q=1", "?a'b", "?a b", "?x=\u{E4}", "?a=1&b=2"]
    static let fragments = ["", "#", "#f", "#a b", "#`", "#x#y"]

    @Test func fastPathAgreesWithTheFullParser() {
        var generator = SplitMix64(state: 0xA710_11)
        var fastHits = 0
        for _ in 0..<60_000 {
            let url = [Self.schemes, Self.separators, Self.hosts, Self.ports, Self.paths, Self.queries, Self.fragments]
                .map { $0.randomElement(using: &generator) ?? "" }.joined()
            let fast = url.utf8.withContiguousStorageIfAvailable(URLParser.fastParse) ?? nil
            guard let fast else { continue }
            fastHits += 1
            let full = try? URLParser.parseFully(url, base: nil)
            #expect(full == fast, "\(url)")
        }
        // The fast path must actually be taken for a good share of ordinary URLs.
        #expect(fastHits > 1_000)
    }

    @Test(arguments: [
        "https://example.com/a/b?q=1#f", "myapp://profile/42", "app://host", "https://example.com", "ws://h:8080/x",
        "https://example.com:443/", "app://Host/Path?Q",
    ])
    func ordinaryURLsTakeTheFastPath(url: String) throws {
        let fast = try #require(url.utf8.withContiguousStorageIfAvailable(URLParser.fastParse) ?? nil)
        #expect(fast == (try URLParser.parseFully(url, base: nil)))
    }

    @Test(arguments: [
        "https://user@example.com/", "myapp://:80/a", "http://[::1]/", "http://127.0.0.1/", "file:///x", "mailto:a@b", "https://e.com/./a",
        "https://e.com/a b", "https://e.com\\a", "HTTPS://e.com/%2e",
    ])
    func unusualURLsFallBackToTheFullParser(url: String) {
        #expect((url.utf8.withContiguousStorageIfAvailable(URLParser.fastParse) ?? nil) == nil)
    }

    /// The scan's byte classes hold exactly the bytes they stand for, all 256 of them.
    @Test func theScansMasksAreTheSetsTheyStandFor() {
        let schemeBytes = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.".utf8))
        for byte in UInt8(0)...UInt8(0xFF) {
            let hex = "0x" + String(byte, radix: 16)
            // Controls, space, DEL and non-ASCII; the authority's ends and port; userinfo, IPv6.
            let authority = byte <= 0x20 || byte >= 0x7F || Host.isForbiddenHostByte(byte) || Array("/?#:@[]\\".utf8).contains(byte)
            // The table the scan reads, one bit a set.
            let classes = FastScanMasks.classes[Int(byte)]
            #expect((classes & FastScanMasks.schemeClass != 0) == schemeBytes.contains(byte), "\(hex)")
            #expect((classes & FastScanMasks.authorityStopClass != 0) == authority, "\(hex)")
            #expect((classes & FastScanMasks.specialAuthorityStopClass != 0) == (authority || Host.isForbiddenDomainByte(byte)), "\(hex)")
            #expect(
                (classes & FastScanMasks.pathStopClass != 0)
                    == (PercentEncodeSet.path.contains(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")), "\(hex)")
            #expect(
                (classes & FastScanMasks.pathRunStopClass != 0) == (PercentEncodeSet.path.contains(byte) || byte == UInt8(ascii: "\\")),
                "\(hex)")
            #expect((classes & FastScanMasks.dotClass != 0) == (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%")), "\(hex)")
            #expect((classes & FastScanMasks.upperClass != 0) == (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")), "\(hex)")
            #expect(
                (classes & FastScanMasks.segmentEscapeClass != 0)
                    == (PercentEncodeSet.path.contains(byte) || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%")), "\(hex)")
        }
    }
}
