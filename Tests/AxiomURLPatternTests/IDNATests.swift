import Foundation
import TestSupport
import Testing

@testable import AxiomURLPattern

/// UTS #46 ToASCII as the URL standard runs it, against the web-platform-tests' own data
/// (`Tests/Vendored/wpt-url/`: `IdnaTestV2.json`, generated there from Unicode's IdnaTestV2.txt,
/// and `toascii.json`), run as WPT's `url/IdnaTestV2.window.js` and `url/toascii.window.js` run
/// it: `new URL("https://" + input + "/x")` has that host, or throws when the output is null.
@Suite struct IDNAConformanceTests {
    struct Case: Sendable, CustomStringConvertible {
        let input: String
        let output: String?
        let comment: String?
        var description: String { "\(input.debugDescription) -> \(output?.debugDescription ?? "failure")" }
    }

    static func cases(_ file: String) throws -> [Case] {
        let data = try #require(FileManager.default.contents(atPath: packageRoot() + "/Tests/Vendored/wpt-url/" + file))
        let text = WPTConformanceTests.usvString(String(decoding: data, as: UTF8.self))
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
        return entries.compactMap { entry in
            guard let object = entry as? [String: Any], let input = object["input"] as? String else { return nil }
            return Case(input: input, output: object["output"] as? String, comment: object["comment"] as? String)
        }
    }

    /// What the harness checks for one case; nil when it passes.
    static func failure(of testCase: Case) -> String? {
        let url = "https://\(testCase.input)/x"
        let parsed = try? URLParser.parse(url, base: nil)
        switch (testCase.output, parsed) {
        case (nil, nil): return nil
        case (nil, let record?): return "parsed, host \(record.host?.serialized ?? "nil"), expected a failure"
        case (_?, nil):
            let reason = (try? URLParser.parse(url, base: nil)).map { _ in "" } ?? Self.reason(url)
            return "failed (\(reason))"
        case (let expected?, let record?):
            let host = record.host?.serialized ?? "nil"
            guard host == expected, record.href == "https://\(expected)/x" else { return "host \(host), href \(record.href)" }
            return nil
        }
    }

    static func reason(_ url: String) -> String {
        do {
            _ = try URLParser.parse(url, base: nil)
            return ""
        } catch {
            return "\(error)"
        }
    }

    static func run(_ file: String) throws -> (passed: Int, failures: [String]) {
        let cases = try cases(file)
        var failures: [String] = []
        for testCase in cases where !testCase.input.isEmpty {
            if let failure = failure(of: testCase) { failures.append("\(testCase): \(failure)") }
        }
        return (cases.count - failures.count, failures)
    }

    /// Cases whose expectation is older than the engine's Unicode data, by input, with why.
    static let newerUnicode: [String: String] = [
        "\u{3E8AC}。ܩ。쯙5":
            "U+3E8AC SMALL SEAL CHARACTER-3E8AC is assigned (Lo, valid) in Unicode 18.0, the engine's data; the file was generated before it was assigned, when it was disallowed (V7)"
    ]

    @Test func idnaTestV2() throws {
        let (passed, failures) = try Self.run("IdnaTestV2.json")
        let unexpected = failures.filter { failure in !Self.newerUnicode.keys.contains { failure.hasPrefix($0.debugDescription + " ") } }
        print("WPT IdnaTestV2: \(passed) passed, \(failures.count) differ (Unicode \(IDNA.unicodeVersion) data is newer for these)")
        #expect(unexpected.isEmpty, "\(unexpected.prefix(40).joined(separator: "\n"))")
        #expect(failures.count == 2, "the one newer-Unicode case is in the file twice")
        #expect(passed >= 2669)
    }

    @Test func toASCII() throws {
        let (passed, failures) = try Self.run("toascii.json")
        print("WPT toascii: \(passed) passed, \(failures.count) failed")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(passed == 87)
    }
}

/// The parts of ToASCII one at a time: the generated tables, punycode, NFC and the bounds.
@Suite struct IDNAPartsTests {
    @Test func theGeneratedTablesDecodeToUnicodesOwnValues() {
        let tables = IDNATables.shared
        #expect(tables.mappingStarts.count == 8481)
        #expect(tables.mapping("ß").status == .deviation)  // kept: nontransitional
        #expect(Array(tables.mapping("Ä").replacement) == ["ä"])
        #expect(Array(tables.mapping("\u{FB01}").replacement) == ["f", "i"])  // ﬁ ligature
        #expect(tables.mapping("\u{AD}").status == .ignored)  // soft hyphen
        #expect(tables.mapping("\u{FFFD}").status == .disallowed)
        #expect(tables.mapping("\u{E0001}").status == .disallowed)
        #expect(tables.bidiClass("\u{5D0}") == .r)
        #expect(tables.bidiClass("\u{627}") == .al)
        #expect(tables.bidiClass("\u{661}") == .an)
        #expect(tables.bidiClass("1") == .en)
        #expect(tables.joiningType("\u{628}") == .dual)  // ب
        #expect(tables.joiningType("\u{627}") == .right)  // ا
        #expect(tables.joiningType("\u{64B}") == .transparent)
        #expect(tables.combiningClass("\u{94D}") == 9)  // Devanagari virama
        #expect(tables.combiningClass("\u{301}") == 230)
        #expect(tables.isMark("\u{301}") && tables.isMark("\u{93E}") && !tables.isMark("a"))
    }

    @Test func punycodeEncodesAndDecodesRFC3492sSamples() throws {
        // RFC 3492 section 7.1 (A) Arabic, (L) Japanese with ASCII, and two simple labels.
        let samples: [(String, String)] = [
            (
                "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
                "egbpdaj6bu4bxfgehfvwxn"
            ),
            ("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3B-ww4c5e180e575a65lsy2b"),
            ("münchen", "mnchen-3ya"),
            ("🚲", "h78h"),
        ]
        for (unicode, ascii) in samples {
            #expect(Punycode.encode(Array(unicode.unicodeScalars)) == ascii)
            #expect(Punycode.decode(Array(ascii.utf8)) == Array(unicode.unicodeScalars))
        }
        #expect(Punycode.decode(Array("ls8h=".utf8)) == nil)  // not a digit
        #expect(Punycode.decode(Array("99999999999".utf8)) == nil)  // overflows
        #expect(Punycode.decode(Array("a-ü".utf8)) == nil)  // non-ASCII after the delimiter
        #expect(Punycode.decode(Array("zzzzzzzzzzzzzzzzzz-".utf8)) == Array("zzzzzzzzzzzzzzzzzz".unicodeScalars))
    }

    /// The encoder is not RFC 3492's rescanning loop (it counts with a Fenwick tree), so its
    /// output is held to the decoder, which is the RFC's, on random labels: repeats, ASCII mixed
    /// in, code points from every plane.
    @Test func punycodeRoundTripsRandomLabels() throws {
        var generator = SystemRandomNumberGenerator()
        let pools: [ClosedRange<UInt32>] = [0x61...0x7A, 0xE0...0xFF, 0x4E00...0x4E20, 0x1F300...0x1F310, 0x10000...0x10FFFF]
        for _ in 0..<2000 {
            let count = Int.random(in: 1...40, using: &generator)
            let scalars: [Unicode.Scalar] = (0..<count).compactMap { _ in
                let pool = pools.randomElement(using: &generator) ?? pools[0]
                return Unicode.Scalar(UInt32.random(in: pool, using: &generator))
            }
            let encoded = try #require(Punycode.encode(scalars))
            #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII && $0 != "." })
            #expect(Punycode.decode(Array(encoded.utf8)) == scalars, "\(scalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func nfcAgreesWithTheStandardLibraryOnStableCharacters() {
        // Latin, combining marks of several classes, Greek, Hangul jamo and syllables, Devanagari:
        // all assigned long before any Unicode version a platform ships, so the standard library's
        // normaliser is an independent oracle for them.
        let alphabet: [Unicode.Scalar] = [
            "a", "A", "e", "o", "u", "\u{C5}", "\u{E9}", "\u{301}", "\u{300}", "\u{302}", "\u{308}", "\u{323}", "\u{327}",
            "\u{31B}", "\u{345}", "\u{3B1}", "\u{3C9}", "\u{1F00}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
            "\u{915}", "\u{93C}", "\u{94D}", "\u{212B}", "\u{2126}", "\u{F900}", "\u{1E0A}", "\u{1E9B}", "\u{FB2C}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let scalars = (0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }
            let text = String(String.UnicodeScalarView(scalars))
            let expected = Array(String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars)
            #expect(IDNATables.shared.nfc(scalars) == expected, "\(scalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func toASCIIMapsNormalisesAndEncodes() throws {
        #expect(try IDNA.toASCII("Bücher.example") == "xn--bcher-kva.example")
        #expect(try IDNA.toASCII("fass.de") == "fass.de")
        #expect(try IDNA.toASCII("faß.de") == "xn--fa-hia.de")  // nontransitional: ß is kept
        #expect(try IDNA.toASCII("a\u{AD}b.example") == "ab.example")  // ignored
        #expect(try IDNA.toASCII("ＡＢＣ。ｃｏｍ") == "abc.com")  // width and the ideographic full stop
        #expect(try IDNA.toASCII("\u{915}\u{94D}\u{200D}") == "xn--11b6iy14e")  // ZWJ after a virama (Python's idna agrees)
        #expect(try IDNA.toASCII("\u{628}\u{200C}\u{628}") == "xn--ngba799q")  // ZWNJ between dual joiners
        #expect(try IDNA.toASCII("\u{5D0}\u{5D1}.example") == "xn--4dbc.example")
        #expect(throws: IDNAError.self) { try IDNA.toASCII("\u{5D0}\u{5D1}.1example") }  // LTR label breaks rule 1
        #expect(throws: IDNAError.self) { try IDNA.toASCII("\u{AD}") }  // empty once mapped
    }

    @Test func hostileDomainsCostLinearTime() throws {
        // 200,000 combining marks in one run: ordered with a sort, not pairwise swaps; the label
        // is then longer than punycode is asked to write, an error that says so.
        let marks = "a" + String(repeating: "\u{323}\u{301}", count: 100_000) + ".example"
        #expect {
            try IDNA.toASCII(marks)
        } throws: { error in
            "\(error)".contains("longer than the 4096")
        }
        // A punycode label longer than the bound is refused before decoding.
        let long = "xn--" + String(repeating: "a", count: 5000) + "-" + String(repeating: "9", count: 3) + ".\u{E9}"
        #expect(throws: IDNAError.self) { try IDNA.toASCII(long) }
        // Many labels, each small: fine, and every one converted.
        let many = Array(repeating: "\u{E9}", count: 20_000).joined(separator: ".")
        let converted = try IDNA.toASCII(many)
        #expect(converted.split(separator: ".").count == 20_000)
        #expect(converted.hasPrefix("xn--9ca.xn--9ca."))
    }
}
