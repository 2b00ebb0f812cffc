import Testing

@testable import AxiomURLPattern

/// Patterns of tens of thousands of groups and characters: the duplicate-name check stays
/// right past the point where it changes from a scan to a set, on both readers, and an error
/// quotes the part of the pattern it points at rather than the whole.
@Suite struct LongPatternTests {
    private func failure(_ pathname: String) -> URLPatternError? {
        failure(URLPatternInit(pathname: pathname))
    }

    private func failure(_ components: URLPatternInit) -> URLPatternError? {
        do {
            _ = try URLPattern(components)
            return nil
        } catch {
            return error
        }
    }

    /// `count` distinct names, `/:n0/:n1/…`, then the text after; with `nonASCII` an `é`
    /// first, so the one-pass reader leaves the pattern to the tokenizer and the parser.
    private func names(_ count: Int, nonASCII: Bool, then tail: String) -> String {
        (nonASCII ? "/é" : "") + (0..<count).map { "/:n\($0)" }.joined() + tail
    }

    // A name used again is found whether it comes before the scan limit (16 parts, with the
    // fixed text), just past it, or thousands of parts later; and whichever earlier name it
    // repeats (the first, one in the middle, the last).
    @Test(arguments: [false, true], [3, 15, 16, 17, 40, 5_000])
    func aRepeatedNameIsFoundAtAnyCount(nonASCII: Bool, count: Int) throws {
        for repeated in [0, count / 2, count - 1] {
            let base = names(count, nonASCII: nonASCII, then: "")
            let pattern = base + "/:n\(repeated)"
            let error = try #require(failure(pattern))
            #expect(error.code == .duplicateGroupName, "\(count) names, n\(repeated) again")
            #expect(error.position == base.unicodeScalars.count + 1)
        }
        // And none is reported where there is none: numbered groups and names side by side
        // (parsed only: 5,000 groups make a regexp larger than PCRE2 compiles, below).
        let parts = try PatternParser.parse(
            names(count, nonASCII: nonASCII, then: "/*/(\\d+)/:m"), options: .pathname, encode: Canonicalizer.pathname)
        let groups = parts.filter { $0.kind != .fixedText }.map(\.name)
        #expect(groups.count == count + 3)
        #expect(Set(groups).count == count + 3)
        #expect(groups.suffix(3) == ["0", "1", "m"])
    }

    // (Regexp groups that stay in their segment: a thousand `*` would backtrack past the match
    // limit on a URL they do not split evenly.)
    @Test func aThousandUnnamedGroupsConstructAndMatch() throws {
        let pattern = try URLPattern(URLPatternInit(pathname: String(repeating: "/(\\w+)", count: 1_000)))
        let url = "https://example.com" + (0..<1_000).map { "/s\($0)" }.joined()
        let result = try #require(pattern.exec(url))
        #expect(result.pathname.groups["0"] == "s0")
        #expect(result.pathname.groups["999"] == "s999")
        #expect(result.pathname.groups.count == 1_000)
    }

    @Test func anErrorInALongPatternQuotesThePartAroundIt() throws {
        let base = names(20_000, nonASCII: false, then: "")
        let pattern = base + "/:n7"
        let error = try #require(failure(pattern))
        #expect(error.pattern == pattern)
        #expect(error.description.count < 300)
        #expect(error.description.contains("(\(pattern.count) characters) at offset \(base.count + 1)"))
        #expect(error.description.contains("duplicate group name 'n7'"))
        // The caret stands under the repeated name's `:`, in a line of at most the width.
        let lines = error.annotatedPattern.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        let quoted = String(lines[0])
        #expect(quoted.count == QuotedExcerpt.width)
        #expect(quoted.hasPrefix("…") && quoted.hasSuffix("/:n7"))
        let caret = try #require(lines[1].firstIndex(of: "^"))
        let column = lines[1].distance(from: lines[1].startIndex, to: caret)
        #expect(Array(quoted)[column] == ":")
        #expect(String(Array(quoted)[(column - 1)...]) == "/:n7")
    }

    @Test func aShortPatternIsQuotedWhole() throws {
        let error = try #require(failure("/:id/:id"))
        #expect(error.description == "invalid pathname pattern '/:id/:id' at offset 5: \(error.message)")
    }

    @Test func excerptWindows() throws {
        let text = String((0..<1_000).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
        // Short enough: unchanged, the column too.
        #expect(QuotedExcerpt.window("abc", around: 2) == ("abc", 2))
        #expect(QuotedExcerpt.window(String(text.prefix(160)), around: 150) == (String(text.prefix(160)), 150))
        // At the start: cut on the right only.
        let start = QuotedExcerpt.window(text, around: 3)
        #expect(start.text == String(text.prefix(159)) + "…")
        #expect(start.column == 3)
        // In the middle: cut on both sides, the column's character where it was.
        let middle = QuotedExcerpt.window(text, around: 500)
        #expect(middle.text.count == 160)
        #expect(middle.text.hasPrefix("…") && middle.text.hasSuffix("…"))
        let column = try #require(middle.column)
        #expect(Array(middle.text)[column] == Array(text)[500])
        // At the end (and past it, a caret after the last character): cut on the left only.
        let end = QuotedExcerpt.window(text, around: 1_000)
        #expect(end.text == "…" + String(text.suffix(159)))
        #expect(end.column == 160)
        // No column: the start.
        #expect(QuotedExcerpt.window(text, around: nil) == (String(text.prefix(159)) + "…", nil))
    }
}

extension LongPatternTests {
    // A pattern PCRE2 cannot compile for its size says so, and how to fix it.
    @Test func aPatternTooLargeForPCRE2SaysHowToFixIt() throws {
        let error = try #require(failure(String(repeating: "/*", count: 20_000)))
        #expect(error.code == .invalidRegexp)
        #expect(error.component == .pathname)
        #expect(error.message.contains("40000 characters, 20000 groups"))
        #expect(error.message.contains("larger than PCRE2 compiles"))
        #expect(error.message.contains("write fewer groups"))
        #expect(error.description.count < 500)
    }
}

extension LongPatternTests {
    // What a message quotes of the input (a name, a token, a host, a regexp group) is cut too,
    // with its length: the message stays a line whatever the input's size.
    @Test func messagesQuoteLongPiecesByTheirStart() throws {
        let name = String(repeating: "a", count: 5_000)
        let duplicate = try #require(failure("/:\(name)/:\(name)"))
        #expect(duplicate.code == .duplicateGroupName)
        #expect(duplicate.message.contains("duplicate group name '\(String(repeating: "a", count: 159))…' (5000 characters)"))
        #expect(duplicate.description.count < 600)

        let regexp = "(" + String(repeating: "(?:", count: 400) + "a" + String(repeating: ")", count: 400) + ")"
        let nested = try #require(failure("/" + regexp))
        #expect(nested.code == .invalidRegexp)
        #expect(nested.message.contains("(\(regexp.count) characters)"))
        #expect(nested.description.count < 800)

        let host = try #require(failure(URLPatternInit(hostname: "xn--" + String(repeating: "é", count: 3_000))))
        #expect(host.code == .invalidComponent)
        #expect(host.message.contains("(3004 characters)"))
        #expect(host.description.count < 800)
        let port = try #require(failure(URLPatternInit(port: "1" + String(repeating: "0", count: 5_000))))
        #expect(port.code == .invalidComponent)
        #expect(port.message.contains("(5001 characters) is out of range"))
        #expect(port.description.count < 800)
        // Short pieces are quoted whole, as before.
        #expect(try #require(failure("/:id/:id")).message.hasPrefix("duplicate group name 'id' ("))
    }
}
